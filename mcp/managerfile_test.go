package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/store"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func newFileManager(t *testing.T, content string) (*Manager, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "servers.json")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	m := NewManager(cfg, ManagerOptions{Tokens: nil})
	t.Cleanup(m.Close)
	return m, path
}

func editFile(t *testing.T, path string, edit func(*config.Config)) {
	t.Helper()
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	edit(cfg)
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
}

// TestManagerSaveKeepsOutsideChanges: the window's save (Duplicate here) no
// longer deletes what the CLI added or reverts a hand edit made meanwhile.
func TestManagerSaveKeepsOutsideChanges(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	m, path := newFileManager(t, `{"mcpServers": {"a": {"command": "/no/such/a1"}, "b": {"command": "/no/such/b1"}}}`)
	editFile(t, path, func(c *config.Config) {
		c.Server("b").Command = "/no/such/b2"
		c.Put(&config.ServerConfig{Name: "imported", Type: config.TypeStdio, Command: "/no/such/i"})
	})
	dup := m.Session("a").Config().Clone()
	dup.Name = "a-2"
	if err := m.PutServer(context.Background(), "", dup, false); err != nil {
		t.Fatal(err)
	}
	got, _ := config.Load(path)
	for name, cmd := range map[string]string{"a": "/no/such/a1", "a-2": "/no/such/a1", "b": "/no/such/b2", "imported": "/no/such/i"} {
		if s := got.Server(name); s == nil || s.Command != cmd {
			t.Errorf("file: server %s = %+v, want command %s", name, s, cmd)
		}
	}
	if s := m.Session("imported"); s == nil {
		t.Errorf("the manager has no session for the entry added outside")
	}
	if s := m.Session("b"); s == nil || s.Config().Command != "/no/such/b2" {
		t.Errorf("the manager kept the old b")
	}
}

// TestManagerPutConflict: an entry edited here (in an editor) and in the
// file meanwhile is not overwritten without the person's choice.
func TestManagerPutConflict(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	m, path := newFileManager(t, `{"mcpServers": {"a": {"command": "/no/such/a1"}}}`)
	edited := m.Session("a").Config().Clone() // the editor opens
	editFile(t, path, func(c *config.Config) { c.Server("a").Command = "/no/such/theirs" })
	if _, err := m.ReloadFile(); err != nil { // the watcher takes the outside change
		t.Fatal(err)
	}
	edited.Command = "/no/such/mine"
	err := m.PutServer(context.Background(), "a", edited, false)
	var ce *config.ConflictError
	if !errors.As(err, &ce) {
		t.Fatalf("PutServer = %v, want a conflict", err)
	}
	if got, _ := config.Load(path); got.Server("a").Command != "/no/such/theirs" {
		t.Errorf("the outside change was overwritten")
	}
	if m.Session("a").Config().Command != "/no/such/theirs" {
		t.Errorf("the manager holds %q after a refused save", m.Session("a").Config().Command)
	}
	m.KeepMine("a")
	if err := m.PutServer(context.Background(), "a", edited, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := config.Load(path); got.Server("a").Command != "/no/such/mine" {
		t.Errorf("keeping mine did not save it")
	}
}

// TestManagerRestartUsesFile: Restart runs the entry as the file holds it now.
func TestManagerRestartUsesFile(t *testing.T) {
	m, path := newFileManager(t, `{"mcpServers": {"a": {"command": "/no/such/v1"}}}`)
	editFile(t, path, func(c *config.Config) { c.Server("a").Command = "/no/such/v2" })
	m.Session("a").Restart(context.Background())
	if got := m.Session("a").Config().Command; got != "/no/such/v2" {
		t.Errorf("restart ran %q", got)
	}
}

// TestManagerWatchFile: an outside change reaches the manager by itself.
func TestManagerWatchFile(t *testing.T) {
	m, path := newFileManager(t, `{"mcpServers": {"a": {"command": "/no/such/a"}}}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reloaded := make(chan []string, 10)
	if err := m.WatchFile(ctx, func(changed []string, err error) { reloaded <- changed }); err != nil {
		t.Fatal(err)
	}
	editFile(t, path, func(c *config.Config) {
		c.Put(&config.ServerConfig{Name: "b", Type: config.TypeStdio, Command: "/no/such/b"})
	})
	select {
	case changed := <-reloaded:
		if len(changed) != 1 || changed[0] != "b" {
			t.Errorf("changed %v", changed)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no reload after the file changed")
	}
	if m.Session("b") == nil {
		t.Error("no session for b")
	}
}

// TestManagerOwnSaveIsNoOutsideChange: reading back what the manager just
// wrote changes nothing, unknown fields with nested values included.
func TestManagerOwnSaveIsNoOutsideChange(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	m, _ := newFileManager(t, `{"mcpServers": {}}`)
	sc := &config.ServerConfig{Name: "x", Type: config.TypeStdio, Command: "/no/such/x", Extra: map[string]json.RawMessage{"meta": json.RawMessage(`{"from":{"file":"a.json"}}`)}}
	if err := m.PutServer(context.Background(), "", sc, false); err != nil {
		t.Fatal(err)
	}
	if changed, err := m.ReloadFile(); err != nil || len(changed) > 0 {
		t.Errorf("reload after own save: changed %v, %v", changed, err)
	}
}

// TestWatchPathThroughSymlink: a servers file that is a symbolic link is
// saved through the link (its target changes, in another folder); the
// watcher still sees the save.
func TestWatchPathThroughSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "servers.json")
	link := filepath.Join(dir, "config", "servers.json")
	os.MkdirAll(filepath.Dir(target), 0o700)
	os.MkdirAll(filepath.Dir(link), 0o700)
	os.WriteFile(target, []byte(`{"mcpServers": {}}`), 0o600)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	changed := make(chan struct{}, 1)
	if err := WatchPath(ctx, link, func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	}); err != nil {
		t.Fatal(err)
	}
	if err := store.WriteFile(link, []byte(`{"mcpServers": {"a": {"command": "x"}}}`), store.Keep(0o600)); err != nil {
		t.Fatal(err)
	}
	<-changed // the test's own deadline ends a watcher that never fires
}
