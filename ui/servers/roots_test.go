package servers

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// Roots are kept per server in the preferences and given to the session
// before it connects; a session already holding them is left alone.
func TestRootStoreKeepsRootsPerServer(t *testing.T) {
	a := test.NewTempApp(t)
	store := NewRootStore(a.Preferences())
	dirA, dirB := t.TempDir(), t.TempDir()
	store.Set("one", []string{dirA, dirB})
	store.Set("two", nil)

	again := NewRootStore(a.Preferences()) // the next run of the app
	if got := again.Get("one"); !slices.Equal(got, []string{dirA, dirB}) {
		t.Errorf("one's roots read back as %v", got)
	}
	if got := again.Get("two"); got != nil {
		t.Errorf("two has roots %v", got)
	}

	cfg := &config.Config{Servers: []*config.ServerConfig{{Name: "one", Type: config.TypeStdio, Command: "true"}, {Name: "two", Type: config.TypeStdio, Command: "true"}}}
	m := mcp.NewManager(cfg, mcp.ManagerOptions{})
	again.ApplyAll(m)
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
	old := NewRootStore(a.Preferences()) // an older version of the app
	old.Set("one", []string{dirA})
	old.Set("two", []string{dirB})

	file := config.NewRootStore(t.TempDir())
	store := NewRootStore(a.Preferences())
	store.KeepIn(file)
	if got := store.Get("one"); !slices.Equal(got, []string{dirA}) {
		t.Errorf("one's roots after the move: %v", got)
	}
	if got, _ := file.Get("one"); !slices.Equal(got, []string{dirA}) {
		t.Errorf("the file holds %v for one", got)
	}
	if got := a.Preferences().StringList(prefRootsPrefix + "one"); len(got) != 0 {
		t.Errorf("the preferences still hold %v for one", got)
	}
	store.Set("two", nil)
	again := NewRootStore(a.Preferences())
	again.KeepIn(file)
	if got := again.Get("two"); got != nil {
		t.Errorf("two's removed roots came back: %v", got)
	}
	if got := again.Get("one"); !slices.Equal(got, []string{dirA}) {
		t.Errorf("one's roots on the next run: %v", got)
	}
}
