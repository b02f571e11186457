package config

import (
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

// commandOf is s's command line without a program lookup: finding the
// program is transport's PathResolver; these tests are about the store.
func commandOf(s *ServerConfig) CommandSummary { return Summarize(s, "", "") }

// needsApproval and approve apply the store's rule to s's summary.
func needsApproval(st *ApprovalStore, s *ServerConfig) (bool, CommandSummary, error) {
	c := commandOf(s)
	n, err := st.NeedsApproval(s, c)
	return n, c, err
}

func approve(st *ApprovalStore, s *ServerConfig) error {
	return st.ApproveCommand(s.Name, commandOf(s))
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
		n, _, err := needsApproval(st, s)
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
	_, summary, _ := needsApproval(store, s)
	if summary.Command != "npx" || !slices.Equal(summary.Args, s.Args) {
		t.Errorf("summary %+v", summary)
	}

	if err := approve(store, s); err != nil {
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
	if err := store.RevokeCommand(commandOf(s)); err != nil {
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
	if n, _, err := needsApproval(store, s); !n || err != nil {
		t.Errorf("corrupt file: needs %v err %v", n, err)
	}
	if err := approve(store, s); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := needsApproval(store, s); n {
		t.Error("approval after a corrupt file not remembered")
	}
	if runtime.GOOS != "windows" {
		// A file made readable by others is private again after the next approval.
		os.Chmod(store.Path(), 0o644)
		if err := approve(store, importedStdioEntry("b", "y")); err != nil {
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
			if err := approve(store, s); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for _, s := range entries {
		if n, _, _ := needsApproval(store, s); n {
			t.Errorf("%s: approval lost", s.Name)
		}
	}
}
