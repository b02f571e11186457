package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/adrg/xdg"
)

// TestFailedSaveExitCode: a file the command must write that cannot be
// written ends with ExitFile (5), not ExitConnection (4, "could not
// connect"). A regular file where a folder should be stops even root.
func TestFailedSaveExitCode(t *testing.T) {
	isolateXDG(t)
	dir := t.TempDir()
	blocker := filepath.Join(dir, "not-a-folder")
	if err := os.WriteFile(blocker, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := writeConfig(t, `{"mcpServers": {"demo": {"command": "`+demoBinary+`"}}}`)
	checkFile := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(checkFile, []byte("checks:\n  - name: add\n    server: demo\n    tool: add\n    arguments: {a: 1, b: 2}\n    expect: {outcome: success}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		setup func()
		args  []string
	}{
		{"check --junit", nil, []string{"check", checkFile, "--junit", filepath.Join(blocker, "report.xml"), "--config", cfg}},
		{"approve", func() {
			t.Setenv("XDG_STATE_HOME", filepath.Join(blocker, "state"))
			xdg.Reload()
		}, []string{"approve", "demo", "--config", cfg}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.setup != nil {
				c.setup()
			}
			if code, out, errOut := runCLI(t, c.args...); code != ExitFile {
				t.Errorf("exit %d, want %d\n%s\n%s", code, ExitFile, out, errOut)
			}
		})
	}
}
