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

	"mcpbrowser/mcp"
)

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

	onUI(func() { test.Tap(s.w.features.header.rootsBtn) })
	e := s.w.servers.RootsEditor
	onUI(func() {
		e.Add(dirA) // what the folder chooser hands back
		if !e.Restart.Visible() || !strings.Contains(e.Note.Text, "started without roots") {
			t.Errorf("the first root needs a restart; the dialog says %q", e.Note.Text)
		}
		test.Tap(e.Restart)
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
		e.Add(dirB)
		if e.Restart.Visible() {
			t.Error("adding to a server that knows of roots asks for a restart")
		}
	})
	s.waitFor("the server to see both roots", func() bool {
		got := rootsTheServerSees(t, s)
		return strings.Contains(got, rootURI(dirA)) && strings.Contains(got, rootURI(dirB))
	})
	onUI(func() {
		e.List.Select(0)
		test.Tap(e.RemoveBtn)
	})
	s.waitFor("the server to see only the second root", func() bool {
		got := rootsTheServerSees(t, s)
		return !strings.Contains(got, rootURI(dirA)) && strings.Contains(got, rootURI(dirB))
	})
	if got := s.w.servers.Roots.Get("everything"); !slices.Equal(got, []string{dirB}) {
		t.Errorf("the preferences keep %v", got)
	}
}
