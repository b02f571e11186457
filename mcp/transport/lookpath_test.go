package transport

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestPathBetween(t *testing.T) {
	cases := []struct{ out, want string }{
		{"B/usr/bin:/binE", "/usr/bin:/bin"},
		{"Welcome to zsh!\nB/opt/homebrew/bin:/usr/binE\nbye", "/opt/homebrew/bin:/usr/bin"},
		{"no markers here", ""},
		{"B/only/begin", ""},
	}
	for _, c := range cases {
		if got := pathBetween(c.out, "B", "E"); got != c.want {
			t.Errorf("pathBetween(%q) = %q, want %q", c.out, got, c.want)
		}
	}
}

// A program missing from the app's PATH but on the login shell's is found
// there, and the server is given that PATH (so npx can find node).
func TestLookPathFallsBackToLoginShell(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no login shell on Windows")
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "only-in-shell-path")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	asked := 0
	r := &PathResolver{loginShellPath: func() string { asked++; return dir + ":/usr/bin" }}
	env := []string{"PATH=/nonexistent"}
	got, used, err := r.lookPath("only-in-shell-path", "", env)
	if err != nil || got != exe || used != dir+":/usr/bin" {
		t.Fatalf("lookPath = %q, %q, %v", got, used, err)
	}
	if _, used, err := r.lookPath("no-such-program-anywhere", "", env); err == nil || !strings.Contains(used, "login shell") {
		t.Errorf("missing program: %q, %v", used, err)
	}
	if asked != 1 {
		t.Errorf("the login shell was asked %d times, want once", asked)
	}
}
