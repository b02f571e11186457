package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestApprovalMaskSecret(t *testing.T) {
	cases := []struct{ name, value, want string }{
		{"GITHUB_PERSONAL_ACCESS_TOKEN", "ghp_abcdefghijklmnop1234", "****1234"},
		{"API_KEY", "short", "****"},
		{"api_key", "abcdefghijklmnopq", "****nopq"},
		{"DB_PASSWORD", "hunter2", "****"},
		{"PASSPHRASE", "x", "****"},
		{"X-Auth-Header", "v", "****"},
		{"GOOGLE_APPLICATION_CREDENTIALS", "/home/a/creds.json", "****json"},
		{"CLIENT_SECRET", "s", "****"},
		{"Authorization", "Bearer abcdefghijklmnopqrstu", "Bearer ****rstu"},
		{"Authorization", "Bearer ${input:gh-token}", "Bearer ${input:gh-token}"},
		{"Authorization", "Basic dXNlcjpwYXNz", "Basic ****"},
		{"API_TOKEN", "${env:API_TOKEN}", "${env:API_TOKEN}"},
		{"API_TOKEN", "${API_TOKEN}", "${API_TOKEN}"},
		{"API_TOKEN", "pre-${API_TOKEN}-fix", "****-fix"},
		{"API_TOKEN", "", ""},
		{"DEBUG", "1", "1"},
		{"PATH", "/usr/bin:/bin", "/usr/bin:/bin"},
		{"HOME", "/home/alice", "/home/alice"},
	}
	for _, c := range cases {
		if got := MaskSecret(c.name, c.value); got != c.want {
			t.Errorf("MaskSecret(%q, %q) = %q, want %q", c.name, c.value, got, c.want)
		}
	}
}

// fakeExecutable writes an executable file named name into dir.
func fakeExecutable(t *testing.T, dir, name string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	p := filepath.Join(dir, name)
	writeFixture(t, p, "#!/bin/sh\nexit 0\n")
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestApprovalCommandLine(t *testing.T) {
	bin := t.TempDir()
	exe := fakeExecutable(t, bin, "fake-server")
	other := t.TempDir()
	const secret = "secret-token-123456789"
	s := &ServerConfig{Name: "f", Type: TypeStdio, Command: "fake-server", Args: []string{"--flag", "two words"},
		Cwd: other, Env: map[string]string{"PATH": bin, "API_TOKEN": secret, "A": "1"}}

	c := CommandLine(s)
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
	if got := ResolveCommand(plain, other+string(os.PathListSeparator)+bin); got.Executable != exe {
		t.Errorf("ResolveCommand found %q", got.Executable)
	}
	if got := ResolveCommand(plain, other); got.Found() || got.Hash() == "" || !strings.Contains(got.String(), "fake-server") {
		t.Errorf("not found: %+v", got)
	}
	// A path relative to the working folder.
	rel := &ServerConfig{Name: "r", Type: TypeStdio, Command: "./fake-server", Cwd: bin}
	if got := CommandLine(rel); got.Executable != exe {
		t.Errorf("relative command resolved to %q", got.Executable)
	}
	if runtime.GOOS != "windows" {
		notExec := filepath.Join(other, "plain-file")
		writeFixture(t, notExec, "data")
		if got := ResolveCommand(&ServerConfig{Command: "plain-file"}, other); got.Found() {
			t.Errorf("a file that is not executable was found: %q", got.Executable)
		}
	}
}

func TestApprovalHash(t *testing.T) {
	bin := t.TempDir()
	fakeExecutable(t, bin, "srv")
	fakeExecutable(t, bin, "srv2")
	base := &ServerConfig{Name: "a", Type: TypeStdio, Command: "srv", Args: []string{"x"}, Cwd: "/w",
		Env: map[string]string{"PATH": bin, "K1": "v1", "K2": "v2", "K3": "v3"}}
	h := CommandLine(base).Hash()
	if len(h) != 64 {
		t.Fatalf("hash %q", h)
	}
	for i := 0; i < 20; i++ { // map order must not matter
		if CommandLine(base.Clone()).Hash() != h {
			t.Fatal("the hash of the same entry changed")
		}
	}
	same := []func(s *ServerConfig){
		func(s *ServerConfig) { s.Name = "renamed" },
		func(s *ServerConfig) { s.URL = "https://ignored" },
		func(s *ServerConfig) { s.Disabled = true },
		func(s *ServerConfig) { s.Extra = map[string]json.RawMessage{"autoApprove": []byte(`[]`)} },
	}
	changed := []func(s *ServerConfig){
		func(s *ServerConfig) { s.Command = "srv2" },
		func(s *ServerConfig) { s.Args = []string{"y"} },
		func(s *ServerConfig) { s.Args = []string{"x", ""} },
		func(s *ServerConfig) { s.Args = nil },
		func(s *ServerConfig) { s.Cwd = "/other" },
		func(s *ServerConfig) { s.Env["K1"] = "changed" },
		func(s *ServerConfig) { s.Env["NEW"] = "" },
		func(s *ServerConfig) { delete(s.Env, "K3") },
		func(s *ServerConfig) { s.Env["K1="] = s.Env["K1"]; delete(s.Env, "K1") },
	}
	for i, f := range same {
		c := base.Clone()
		f(c)
		if CommandLine(c).Hash() != h {
			t.Errorf("same[%d] changed the hash", i)
		}
	}
	for i, f := range changed {
		c := base.Clone()
		f(c)
		if CommandLine(c).Hash() == h {
			t.Errorf("changed[%d] kept the hash", i)
		}
	}
}

func importedStdioEntry(name string, args ...string) *ServerConfig {
	s := &ServerConfig{Name: name, Type: TypeStdio, Command: "npx", Args: args, Env: map[string]string{"API_KEY": "k-1234567890abcdef"}}
	s.Validate()
	MarkImported(s, ImportSource{Format: FormatClaudeDesktop, Path: "/home/a/claude_desktop_config.json"})
	return s
}

func TestApprovalRequiredAndRemembered(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "mcpbrowser")
	store := NewApprovalStore(dir)
	s := importedStdioEntry("fs", "-y", "@modelcontextprotocol/server-filesystem", "/tmp")

	needs := func(st *ApprovalStore, s *ServerConfig) bool {
		t.Helper()
		n, _, err := st.NeedsApproval(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if !needs(store, s) {
		t.Fatal("an imported command needs no approval")
	}
	if needs(store, &ServerConfig{Name: "mine", Type: TypeStdio, Command: "npx"}) {
		t.Error("an entry typed by hand needs approval")
	}
	remote := &ServerConfig{Name: "r", Type: TypeHTTP, URL: "https://x/mcp"}
	MarkImported(remote, ImportSource{Format: FormatCursor})
	if needs(store, remote) {
		t.Error("a remote entry needs approval")
	}
	_, summary, _ := store.NeedsApproval(s)
	if summary.Command != "npx" || !slices.Equal(summary.Args, s.Args) {
		t.Errorf("summary %+v", summary)
	}

	if err := store.Approve(s); err != nil {
		t.Fatal(err)
	}
	if needs(store, s) {
		t.Error("approval not remembered")
	}
	// Remembered across restarts: a new store reads the file.
	if needs(NewApprovalStore(dir), s.Clone()) {
		t.Error("approval not remembered by a new store")
	}
	fi, err := os.Stat(store.Path())
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("approvals file mode %v", fi.Mode().Perm())
	}
	assertDirHoldsOnly(t, dir, "approvals.json")
	data, _ := os.ReadFile(store.Path())
	if strings.Contains(string(data), "k-1234567890abcdef") || !strings.Contains(string(data), `"fs"`) ||
		!strings.Contains(string(data), "server-filesystem") {
		t.Errorf("approvals file:\n%s", data)
	}

	// A changed command asks again; changing it back does not.
	changed := s.Clone()
	changed.Args = append(changed.Args, "/home")
	if !needs(store, changed) {
		t.Error("a changed command was not asked again")
	}
	newKey := s.Clone()
	newKey.Env["API_KEY"] = "k-other"
	if !needs(store, newKey) {
		t.Error("a changed env value was not asked again")
	}
	if needs(store, s.Clone()) {
		t.Error("the approved command is asked again")
	}
	if err := store.RevokeCommand(CommandLine(s)); err != nil {
		t.Fatal(err)
	}
	if !needs(store, s) {
		t.Error("revoked approval still counts")
	}
	if err := store.ApproveCommand("x", CommandSummary{}); err == nil {
		t.Error("an empty summary was approved")
	}
}

func TestApprovalStoreRobust(t *testing.T) {
	dir := t.TempDir()
	store := NewApprovalStore(dir)
	s := importedStdioEntry("a", "x")
	writeFixture(t, store.Path(), "{ this is not json")
	if n, _, err := store.NeedsApproval(s); !n || err != nil {
		t.Errorf("corrupt file: needs %v err %v", n, err)
	}
	if err := store.Approve(s); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := store.NeedsApproval(s); n {
		t.Error("approval after a corrupt file not remembered")
	}
	if runtime.GOOS != "windows" {
		// A file made readable by others is private again after the next approval.
		os.Chmod(store.Path(), 0o644)
		if err := store.Approve(importedStdioEntry("b", "y")); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(store.Path()); fi.Mode().Perm() != 0o600 {
			t.Errorf("mode %v", fi.Mode().Perm())
		}
	}
}

func TestApprovalConcurrent(t *testing.T) {
	store := NewApprovalStore(t.TempDir())
	var wg sync.WaitGroup
	entries := make([]*ServerConfig, 16)
	for i := range entries {
		entries[i] = importedStdioEntry(fmt.Sprint("s", i), fmt.Sprint("arg", i))
	}
	for _, s := range entries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := store.Approve(s); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for _, s := range entries {
		if n, _, _ := store.NeedsApproval(s); n {
			t.Errorf("%s: approval lost", s.Name)
		}
	}
}
