package ui

import (
	"context"
	"mcpbrowser/ui/result"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// Roots are kept per server in the preferences and given to the session
// before it connects; a session already holding them is left alone.
func TestRootStoreKeepsRootsPerServer(t *testing.T) {
	a := test.NewTempApp(t)
	store := newRootStore(a.Preferences())
	dirA, dirB := t.TempDir(), t.TempDir()
	store.set("one", []string{dirA, dirB})
	store.set("two", nil)

	again := newRootStore(a.Preferences()) // the next run of the app
	if got := again.get("one"); !slices.Equal(got, []string{dirA, dirB}) {
		t.Errorf("one's roots read back as %v", got)
	}
	if got := again.get("two"); got != nil {
		t.Errorf("two has roots %v", got)
	}

	cfg := &config.Config{Servers: []*config.ServerConfig{{Name: "one", Type: config.TypeStdio, Command: "true"}, {Name: "two", Type: config.TypeStdio, Command: "true"}}}
	m := mcp.NewManager(cfg, mcp.ManagerOptions{})
	again.applyAll(m)
	if got := m.Session("one").Roots(); !slices.Equal(got, []string{dirA, dirB}) {
		t.Errorf("session one got roots %v", got)
	}
	if got := m.Session("two").Roots(); len(got) != 0 {
		t.Errorf("session two got roots %v", got)
	}
}

// Roots the app kept in its preferences move to the file store the command
// line reads, on first read; a change goes to the file only.
func TestRootStoreMovesPreferencesToTheFile(t *testing.T) {
	a := test.NewTempApp(t)
	dirA, dirB := t.TempDir(), t.TempDir()
	old := newRootStore(a.Preferences()) // an older version of the app
	old.set("one", []string{dirA})
	old.set("two", []string{dirB})

	file := config.NewRootStore(t.TempDir())
	store := newRootStore(a.Preferences())
	store.keepIn(file)
	if got := store.get("one"); !slices.Equal(got, []string{dirA}) {
		t.Errorf("one's roots after the move: %v", got)
	}
	if got, _ := file.Get("one"); !slices.Equal(got, []string{dirA}) {
		t.Errorf("the file holds %v for one", got)
	}
	if got := a.Preferences().StringList(prefRootsPrefix + "one"); len(got) != 0 {
		t.Errorf("the preferences still hold %v for one", got)
	}
	store.set("two", nil)
	again := newRootStore(a.Preferences())
	again.keepIn(file)
	if got := again.get("two"); got != nil {
		t.Errorf("two's removed roots came back: %v", got)
	}
	if got := again.get("one"); !slices.Equal(got, []string{dirA}) {
		t.Errorf("one's roots on the next run: %v", got)
	}
}

// rootURI is how a folder appears in roots/list.
func rootURI(dir string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
}

// rootsTheServerSees asks server-everything which roots it has.
func rootsTheServerSees(t *testing.T, s *shell) string {
	t.Helper()
	sess := s.w.manager.Session("everything")
	r := sess.CallTool(context.Background(), "get-roots-list", []byte(`{}`), mcp.CallOptions{})
	if !r.OK() {
		return "error: " + r.Message
	}
	return result.ResultText(r)
}

func TestRootsDialogAddsRemovesAndRestartsWhenNeeded(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	s.pickTool("everything", "echo")
	if s.w.manager.Session("everything").Tool("get-roots-list") != nil {
		t.Fatal("roots were offered to the server with none chosen")
	}
	dirA, dirB := t.TempDir(), t.TempDir()

	onUI(func() { test.Tap(uitest.AppButton(t, s.w.features.Header, "Roots…")) })
	e := s.w.rootsEditor
	onUI(func() {
		e.add(dirA) // what the folder chooser hands back
		if !e.restart.Visible() || !strings.Contains(e.note.Text, "started without roots") {
			t.Errorf("the first root needs a restart; the dialog says %q", e.note.Text)
		}
		test.Tap(e.restart)
	})
	s.waitFor("the server to restart with roots", func() bool {
		sess := s.w.manager.Session("everything")
		return sess.Status().State == mcp.StateReady && sess.Tool("get-roots-list") != nil
	})
	if got := rootsTheServerSees(t, s); !strings.Contains(got, rootURI(dirA)) {
		t.Fatalf("after the restart the server sees:\n%s", got)
	}

	// A second root reaches the running server without a restart.
	onUI(func() {
		e.add(dirB)
		if e.restart.Visible() {
			t.Error("adding to a server that knows of roots asks for a restart")
		}
	})
	s.waitFor("the server to see both roots", func() bool {
		got := rootsTheServerSees(t, s)
		return strings.Contains(got, rootURI(dirA)) && strings.Contains(got, rootURI(dirB))
	})
	onUI(func() {
		e.list.Select(0)
		test.Tap(e.removeBtn)
	})
	s.waitFor("the server to see only the second root", func() bool {
		got := rootsTheServerSees(t, s)
		return !strings.Contains(got, rootURI(dirA)) && strings.Contains(got, rootURI(dirB))
	})
	if got := s.w.roots.get("everything"); !slices.Equal(got, []string{dirB}) {
		t.Errorf("the preferences keep %v", got)
	}
}
