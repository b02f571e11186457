package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

func TestLint(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses Unix test servers")
	}
	misbehave := testservers.Build(t)
	// The demo server is written to pass every rule.
	code, out, errOut := runCLI(t, "lint", "--strict", "--", demoBinary)
	if code != 0 || !strings.Contains(out, "0 errors, 0 warnings") || !strings.Contains(out, "Cost: about") {
		t.Fatalf("demo: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "lint", "--probe", "--strict", "--", demoBinary)
	if code != 0 || !strings.Contains(out, "Called once to check their output: ") || !strings.Contains(out, "list_files") {
		t.Fatalf("demo --probe: exit %d\n%s\n%s", code, out, errOut)
	}
	// The misbehave server has bare tools: findings, JSON with the rules' whys.
	code, out, errOut = runCLI(t, "lint", "--json", "--", misbehave, "-mode", "echo")
	if code != 0 {
		t.Fatalf("misbehave --json: exit %d\n%s", code, errOut)
	}
	var rep struct {
		Findings []struct{ Rule, Severity, Target string }
		Rules    []struct{ ID, Why string }
		Counts   struct{ Error, Warning, Info int }
		Cost     struct {
			Total int `json:"totalTokens"`
			Top   []struct{ Tool string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rep.Findings) == 0 || len(rep.Rules) == 0 || rep.Cost.Total == 0 || len(rep.Cost.Top) == 0 {
		t.Fatalf("report: %+v", rep)
	}
	code, _, errOut = runCLI(t, "lint", "--strict", "--", misbehave, "-mode", "echo")
	if want := 0; rep.Counts.Error+rep.Counts.Warning > 0 {
		want = 1
		if code != want || !strings.Contains(errOut, "--strict") {
			t.Fatalf("--strict with warnings: exit %d, want %d; %s", code, want, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "lint", "--bogus", "--", demoBinary); code != ExitUsage || !strings.Contains(errOut, "bogus") {
		t.Fatalf("unknown flag: exit %d, %s", code, errOut)
	}
	if code, out, _ := runCLI(t, "lint", "--help"); code != 0 {
		t.Fatalf("--help: exit %d %s", code, out)
	}
}

func TestLoad(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses Unix test servers")
	}
	for _, driver := range []string{"stdio", "session"} {
		code, out, errOut := runCLI(t, "load", "add", "a=2", "b=3", "--concurrency", "3", "--requests", "30", "--sessions", "2", "--driver", driver, "--json", "--", demoBinary)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", driver, code, errOut)
		}
		var r struct {
			Sessions int
			Summary  struct {
				Calls          int
				CallsPerSecond float64
				Errors         map[string]int
				P50Ms, MaxMs   float64
				PeakRSSBytes   int64
			}
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		s := r.Summary
		if s.Calls != 30 || len(s.Errors) != 0 || s.CallsPerSecond <= 0 || s.P50Ms <= 0 || s.MaxMs < s.P50Ms || r.Sessions != 2 {
			t.Fatalf("%s: %s", driver, out)
		}
		if runtime.GOOS == "linux" && s.PeakRSSBytes == 0 {
			t.Errorf("%s: no peak RSS", driver)
		}
	}
	// Errors by layer: the tool's own and JSON-RPC's.
	for kind, want := range map[string]string{"tool_error": "4 tool", "protocol_error": "4 jsonrpc"} {
		code, out, errOut := runCLI(t, "load", "fail", "kind="+kind, "--concurrency", "2", "--requests", "4", "--", demoBinary)
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("fail %s: exit %d\n%s\n%s", kind, code, out, errOut)
		}
	}
	for _, bad := range [][]string{
		{"load", "add", "--concurrency", "2", "--", demoBinary},
		{"load", "add", "--requests", "2", "--duration", "1s", "--", demoBinary},
		{"load", "add", "--requests", "2", "--sessions", "3", "--", demoBinary},
		{"load", "no_such_tool", "--requests", "2", "--", demoBinary},
	} {
		if code, _, errOut := runCLI(t, bad...); code != ExitUsage {
			t.Errorf("%v: exit %d, want %d; %s", bad, code, ExitUsage, errOut)
		}
	}
}

// TestLintReferenceServers lints the three npm reference servers, which are
// well kept: a rule that starts warning about them is likely noise. Their
// notes (arguments without descriptions) are right and stay notes.
func TestLintReferenceServers(t *testing.T) {
	everything := testservers.Everything(t) // skips when the npm peers are not installed
	modules := filepath.Dir(filepath.Dir(filepath.Dir(everything)))
	for _, srv := range []struct {
		name string
		args []string
	}{
		{"server-everything", nil},
		{"server-filesystem", []string{t.TempDir()}},
		{"server-memory", nil},
	} {
		t.Run(srv.name, func(t *testing.T) {
			script := filepath.Join(modules, srv.name, "dist", "index.js")
			if _, err := os.Stat(script); err != nil {
				t.Skipf("%s is not installed: %v", srv.name, err)
			}
			t.Setenv("MEMORY_FILE_PATH", filepath.Join(t.TempDir(), "memory.json"))
			args := append([]string{"lint", "--strict", "--json", "--", "node", script}, srv.args...)
			code, out, errOut := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("exit %d (a warning or error on a reference server: noise?)\n%s\n%s", code, out, errOut)
			}
		})
	}
}
