package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpbrowser/internal/demo"
	"mcpbrowser/mcp/checks"
)

// Calls made with --record become a check file that passes against the same
// server and, replayed against another (a sandbox with other files), shows
// the differences call by call.
func TestRecordAndReplay(t *testing.T) {
	root, err := demo.NewSandbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	other, err := demo.NewSandbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "extra.txt"), []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := writeConfig(t, `{"mcpServers": {"demo": {"command": "`+demoBinary+`", "args": ["--root", "`+root+`"]}}}`)
	rec := filepath.Join(t.TempDir(), "session.yaml")
	calls := [][]string{
		{"call", "demo", "add", "a=2", "b=3"},
		{"call", "demo", "list_files"},
		{"call", "demo", "fail", "kind=protocol_error"},
		{"prompt", "demo", "summarize_file", "path=welcome.txt"},
	}
	for _, c := range calls {
		runCLI(t, append(c, "--config", cfg, "--record", rec)...)
	}
	runCLI(t, "call", "echo", "message=adhoc", "--record", rec, "--", demoBinary, "--root", root)
	f, err := checks.Load(rec)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range f.Checks {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ", "); got != "add, list_files, fail, prompt summarize_file, echo" {
		t.Fatalf("recorded %s", got)
	}
	if f.Checks[2].Expect.Outcome != checks.OutcomeRPCError || *f.Checks[2].Expect.Code != -32602 {
		t.Errorf("the protocol error was recorded as %+v", f.Checks[2].Expect)
	}
	if s := f.Servers[f.ServerOf(&f.Checks[4])]; !s.Inline() {
		t.Errorf("the ad-hoc server should be written inline: %+v", f.Servers)
	}

	if code, out, errOut := runCLI(t, "check", rec, "--config", cfg); code != ExitOK {
		t.Fatalf("replay against the same server: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ := runCLI(t, "check", rec, "--config", cfg, "--server", "demo="+demoBinary+" --root "+other)
	if code != ExitToolError {
		t.Fatalf("replay against another sandbox: exit %d\n%s", code, out)
	}
	for _, want := range []string{"ok   add", "FAIL list_files", "snapshot structuredContent", "extra.txt", "ok   fail", "4 passed, 1 failed"} {
		if !strings.Contains(out, want) {
			t.Errorf("replay report lacks %q:\n%s", want, out)
		}
	}
}
