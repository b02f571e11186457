package transport

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"mcpbrowser/mcp/config"
)

// These tests were config's approval tests: the command summary an approval
// is shown and stored under is what this package's PathResolver finds.

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

// fakeExecutable writes an executable file named name into dir.
func fakeExecutable(t *testing.T, dir, name string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	p := filepath.Join(dir, name)
	writeFile(t, p, "#!/bin/sh\nexit 0\n")
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestApprovalCommandLine(t *testing.T) {
	r := &PathResolver{} // no login shell: only the PATH given
	bin := t.TempDir()
	exe := fakeExecutable(t, bin, "fake-server")
	other := t.TempDir()
	const secret = "secret-token-123456789"
	s := &config.ServerConfig{Name: "f", Type: config.TypeStdio, Command: "fake-server", Args: []string{"--flag", "two words"},
		Cwd: other, Env: map[string]string{"PATH": bin, "API_TOKEN": secret, "A": "1"}}

	c := r.Command(s)
	if c.Executable != exe || !c.Found() || c.PathSearched != bin {
		t.Errorf("resolved %q in %q, want %q", c.Executable, c.PathSearched, exe)
	}
	var names []string
	for _, e := range c.Env {
		names = append(names, e.Name)
		if e.Name == "API_TOKEN" && (!e.Secret || e.Value != "****6789") {
			t.Errorf("API_TOKEN shown as %+v", e)
		}
		if e.Name == "A" && (e.Secret || e.Value != "1") {
			t.Errorf("A shown as %+v", e)
		}
	}
	if !slices.Equal(names, []string{"A", "API_TOKEN", "PATH"}) {
		t.Errorf("env names %v", names)
	}
	line := c.String()
	if strings.Contains(line, secret) || !strings.Contains(line, exe) || !strings.Contains(line, "'two words'") ||
		!strings.Contains(line, "cd "+other) {
		t.Errorf("command line %q", line)
	}

	// Without its own PATH the entry is looked up in the PATH given.
	plain := s.Clone()
	delete(plain.Env, "PATH")
	if got := r.command(plain, []string{"PATH=" + other + string(os.PathListSeparator) + bin}); got.Executable != exe {
		t.Errorf("resolving with a given PATH found %q", got.Executable)
	}
	if got := r.command(plain, []string{"PATH=" + other}); got.Found() || got.Hash() == "" || !strings.Contains(got.String(), "fake-server") {
		t.Errorf("not found: %+v", got)
	}
	// A path relative to the working folder.
	rel := &config.ServerConfig{Name: "r", Type: config.TypeStdio, Command: "./fake-server", Cwd: bin}
	if got := r.Command(rel); got.Executable != exe {
		t.Errorf("relative command resolved to %q", got.Executable)
	}
	if runtime.GOOS != "windows" {
		notExec := filepath.Join(other, "plain-file")
		writeFile(t, notExec, "data")
		if got := r.command(&config.ServerConfig{Command: "plain-file"}, []string{"PATH=" + other}); got.Found() {
			t.Errorf("a file that is not executable was found: %q", got.Executable)
		}
	}
}

func TestApprovalHash(t *testing.T) {
	r := &PathResolver{}
	bin := t.TempDir()
	fakeExecutable(t, bin, "srv")
	fakeExecutable(t, bin, "srv2")
	base := &config.ServerConfig{Name: "a", Type: config.TypeStdio, Command: "srv", Args: []string{"x"}, Cwd: "/w",
		Env: map[string]string{"PATH": bin, "K1": "v1", "K2": "v2", "K3": "v3"}}
	h := r.Command(base).Hash()
	if len(h) != 64 {
		t.Fatalf("hash %q", h)
	}
	for i := 0; i < 20; i++ { // map order must not matter
		if r.Command(base.Clone()).Hash() != h {
			t.Fatal("the hash of the same entry changed")
		}
	}
	same := []func(s *config.ServerConfig){
		func(s *config.ServerConfig) { s.Name = "renamed" },
		func(s *config.ServerConfig) { s.URL = "https://ignored" },
		func(s *config.ServerConfig) { s.Disabled = true },
		func(s *config.ServerConfig) { s.Extra = map[string]json.RawMessage{"autoApprove": []byte(`[]`)} },
	}
	changed := []func(s *config.ServerConfig){
		func(s *config.ServerConfig) { s.Command = "srv2" },
		func(s *config.ServerConfig) { s.Args = []string{"y"} },
		func(s *config.ServerConfig) { s.Args = []string{"x", ""} },
		func(s *config.ServerConfig) { s.Args = nil },
		func(s *config.ServerConfig) { s.Cwd = "/other" },
		func(s *config.ServerConfig) { s.Env["K1"] = "changed" },
		func(s *config.ServerConfig) { s.Env["NEW"] = "" },
		func(s *config.ServerConfig) { delete(s.Env, "K3") },
		func(s *config.ServerConfig) { s.Env["K1="] = s.Env["K1"]; delete(s.Env, "K1") },
	}
	for i, f := range same {
		c := base.Clone()
		f(c)
		if r.Command(c).Hash() != h {
			t.Errorf("same[%d] changed the hash", i)
		}
	}
	for i, f := range changed {
		c := base.Clone()
		f(c)
		if r.Command(c).Hash() == h {
			t.Errorf("changed[%d] kept the hash", i)
		}
	}
}
