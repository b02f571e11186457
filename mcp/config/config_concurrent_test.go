package config

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// TestConfigConcurrentWriters runs 20 writers at once — half goroutines, half
// processes, as the window and `mcpbrowser import` are — each loading the
// file, adding one server and saving. Every entry must survive.
func TestConfigConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "servers.json")
	writeFixture(t, path, `{"mcpServers": {"first": {"command": "x"}}, "other": 1}`)
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		name := fmt.Sprintf("w%02d", i)
		wg.Go(func() {
			if i%2 == 0 {
				errs <- addServerAndSave(path, name)
				return
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestConfigHelperAddServer$")
			cmd.Env = append(os.Environ(), "MCPBROWSER_ADD_SERVER="+path, "MCPBROWSER_ADD_NAME="+name)
			if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "saved "+name) {
				errs <- fmt.Errorf("writer %s: %v\n%s", name, err, out)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for i := range n {
		if cfg.Server(fmt.Sprintf("w%02d", i)) == nil {
			missing = append(missing, fmt.Sprintf("w%02d", i))
		}
	}
	if cfg.Server("first") == nil {
		missing = append(missing, "first")
	}
	if len(missing) > 0 {
		t.Errorf("%d of %d entries lost: %v", len(missing), n+1, missing)
	}
	if string(cfg.extra["other"]) != "1" {
		t.Errorf("unknown top-level field lost: %q", cfg.extra["other"])
	}
}

func addServerAndSave(path, name string) error {
	cfg, err := Load(path)
	if err != nil {
		return err
	}
	cfg.Put(&ServerConfig{Name: name, Type: TypeStdio, Command: "cmd-" + name})
	return cfg.Save()
}

// TestConfigHelperAddServer runs in the child processes of TestConfigConcurrentWriters.
func TestConfigHelperAddServer(t *testing.T) {
	path, name := os.Getenv("MCPBROWSER_ADD_SERVER"), os.Getenv("MCPBROWSER_ADD_NAME")
	if path == "" {
		t.Skip("helper process only")
	}
	if err := addServerAndSave(path, name); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("saved " + name + "\n")
}

// TestConfigSaveMergesChangedEntries: a save writes only what this copy
// changed; what another writer changed meanwhile stays.
func TestConfigSaveMergesChangedEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "servers.json")
	writeFixture(t, path, `{"mcpServers": {"a": {"command": "a1"}, "b": {"command": "b1"}, "c": {"command": "c1"}}}`)
	mine, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	// Someone else edits a, removes c and adds d.
	other, _ := Load(path)
	other.Server("a").Command = "a2"
	other.Remove("c")
	other.Put(&ServerConfig{Name: "d", Type: TypeStdio, Command: "d1"})
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	// This copy edits b only.
	mine.Server("b").Command = "b2"
	if err := mine.Save(); err != nil {
		t.Fatal(err)
	}
	got, _ := Load(path)
	want := map[string]string{"a": "a2", "b": "b2", "d": "d1"}
	if len(got.Servers) != len(want) {
		t.Errorf("file holds %d servers, want %d", len(got.Servers), len(want))
	}
	for name, cmd := range want {
		if s := got.Server(name); s == nil || s.Command != cmd {
			t.Errorf("server %s: %+v, want command %s", name, s, cmd)
		}
	}
	// The saving copy now sees the merged file too.
	if s := mine.Server("d"); s == nil || mine.Server("c") != nil || mine.Server("a").Command != "a2" {
		t.Errorf("the saved copy was not brought up to date: %v", serverNamesOf(mine))
	}
}

// TestConfigSaveConflict: an entry changed both here and in the file is not
// overwritten silently; the save says which and keeps the file as it is.
func TestConfigSaveConflict(t *testing.T) {
	path := filepath.Join(t.TempDir(), "servers.json")
	writeFixture(t, path, `{"mcpServers": {"a": {"command": "a1"}}}`)
	mine, _ := Load(path)
	other, _ := Load(path)
	other.Server("a").Command = "theirs"
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	mine.Server("a").Command = "mine"
	err := mine.Save()
	var ce *ConflictError
	if !errors.As(err, &ce) || len(ce.Names) != 1 || ce.Names[0] != "a" {
		t.Fatalf("save = %v, want a conflict on a", err)
	}
	if !strings.Contains(err.Error(), "changed in the file") {
		t.Errorf("message %q", err)
	}
	if got, _ := Load(path); got.Server("a").Command != "theirs" {
		t.Errorf("the outside change was overwritten")
	}
	// Keeping mine is an explicit choice.
	mine.KeepMine("a")
	if err := mine.Save(); err != nil {
		t.Fatal(err)
	}
	if got, _ := Load(path); got.Server("a").Command != "mine" {
		t.Errorf("keep mine did not save mine")
	}
}

func serverNamesOf(c *Config) []string {
	var out []string
	for _, s := range c.Servers {
		out = append(out, s.Name)
	}
	return out
}

func TestConfigAcceptsBOM(t *testing.T) {
	cfg, err := Parse("f.json", []byte("\ufeff{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}"))
	if err != nil || cfg.Server("a") == nil {
		t.Fatalf("BOM rejected: %v", err)
	}
}

// TestConfigSaveRemovesStaleTemps: temp files an interrupted save left
// (empty or partial) are removed by the next save.
func TestConfigSaveRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "servers.json")
	writeFixture(t, path, `{"mcpServers": {}}`)
	writeFixture(t, filepath.Join(dir, ".servers.json.123.tmp"), "")
	writeFixture(t, filepath.Join(dir, ".servers.json.456.tmp"), `{"mcp`)
	writeFixture(t, filepath.Join(dir, "other.txt"), "keep")
	cfg, _ := Load(path)
	cfg.Put(&ServerConfig{Name: "a", Type: TypeStdio, Command: "x"})
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".lock") {
			got = append(got, e.Name())
		}
	}
	if strings.Join(got, " ") != "other.txt servers.json" {
		t.Errorf("folder holds %v", got)
	}
	_ = runtime.GOOS
}
