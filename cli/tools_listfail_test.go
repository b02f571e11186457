package cli

import (
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

// TestToolsWhenTheListFails: a tools/list that fails after a good connect
// is reported as a failure (exit code, ok false, the server's reason), not
// as a server with no tools.
func TestToolsWhenTheListFails(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses a POSIX shell server")
	}
	code, out, errOut := runCLI(t, "tools", "--", "sh", "-c", testservers.ListFailsScript)
	if code == ExitOK {
		t.Fatalf("exit code %d (OK) for a failed tools/list; stdout:\n%s", code, out)
	}
	for _, want := range []string{`"ok": false`, `database is down`} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"tools": []`) {
		t.Errorf("stdout still claims an empty tool list:\n%s", out)
	}
	if !strings.Contains(errOut, "database is down") {
		t.Errorf("stderr does not give the server's reason:\n%s", errOut)
	}
}

// TestLintWhenTheListFails: lint does not report "no findings" on a server
// whose tools could not be listed; it says why and fails, in both outputs.
func TestLintWhenTheListFails(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses a POSIX shell server")
	}
	for _, args := range [][]string{{"lint"}, {"lint", "--json"}} {
		code, out, errOut := runCLI(t, append(args, "--", "sh", "-c", testservers.ListFailsScript)...)
		if code == ExitOK {
			t.Errorf("%v: exit code OK for a server whose tools could not be listed; stdout:\n%s", args, out)
		}
		if !strings.Contains(errOut, "database is down") {
			t.Errorf("%v: stderr does not give the server's reason:\n%s", args, errOut)
		}
	}
}
