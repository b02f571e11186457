package transport

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"mcpbrowser/mcp/config"
)

// markerProgram writes a program into dir that, when run, writes who into
// the file named by $MARK and exits.
func markerProgram(t *testing.T, dir, name, who string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\nprintf '"+who+"' > \"$MARK\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// started starts s with r and returns what the program that ran wrote.
func started(t *testing.T, r *PathResolver, s *config.ServerConfig) string {
	t.Helper()
	p, err := StartStdio(s, r, NewServerLog(nil), NewWireLog(nil))
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	select {
	case <-p.Exited():
	case <-time.After(10 * time.Second):
		p.Stop()
		t.Fatal("the program did not exit")
	}
	b, _ := os.ReadFile(s.Env["MARK"])
	return string(b)
}

// The approval card (and the hash the approval is stored under) must name
// the program that starting the entry runs.
func TestApprovalAndStartNameTheSameProgram(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell-script programs")
	}
	for _, decoy := range []bool{false, true} {
		t.Run(fmt.Sprintf("relative command with cwd, decoy in the app's folder %v", decoy), func(t *testing.T) {
			cwd, appDir := t.TempDir(), t.TempDir()
			want := markerProgram(t, cwd, "x", "entry-cwd")
			if decoy {
				markerProgram(t, appDir, "x", "app-folder")
			}
			t.Chdir(appDir)
			r := &PathResolver{loginShellPath: func() string { return "" }}
			s := &config.ServerConfig{Name: "rel", Type: config.TypeStdio, Command: "./x", Cwd: cwd,
				Env: map[string]string{"MARK": filepath.Join(t.TempDir(), "mark")}}
			card := approvalSummary(r, s)
			if card.Executable != want {
				t.Errorf("the approval card names %q, want %q", card.Executable, want)
			}
			if got := started(t, r, s); got != "entry-cwd" {
				t.Errorf("starting ran the program in %q, want the one in the entry's cwd", got)
			}
		})
	}
	t.Run("command only on the login shell's PATH", func(t *testing.T) {
		shellDir := t.TempDir()
		want := markerProgram(t, shellDir, "mcpbrowser-test-only-in-shell", "login-shell")
		r := &PathResolver{loginShellPath: func() string { return shellDir }}
		s := &config.ServerConfig{Name: "sh", Type: config.TypeStdio, Command: "mcpbrowser-test-only-in-shell",
			Env: map[string]string{"MARK": filepath.Join(t.TempDir(), "mark")}}
		card := approvalSummary(r, s)
		if card.Executable != want {
			t.Errorf("the approval card names %q, want %q", card.Executable, want)
		}
		if got := started(t, r, s); got != "login-shell" {
			t.Errorf("starting ran %q", got)
		}
		if card.Hash() != approvalSummary(r, s.Clone()).Hash() {
			t.Error("the hash changed between two looks at the same entry")
		}
	})
}

// approvalSummary is what the approval card shows for s.
func approvalSummary(r *PathResolver, s *config.ServerConfig) config.CommandSummary {
	return r.Command(s)
}
