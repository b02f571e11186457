package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

// TestRecordReplaysArgumentOrder: a --record file sends the arguments'
// keys in the order recorded, not sorted: the server here answers the
// arguments as it received them, so a replay in another order fails its
// snapshot.
func TestRecordReplaysArgumentOrder(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses the Unix test server")
	}
	misbehave := testservers.Build(t)
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools.json")
	os.WriteFile(tools, []byte(`[{"name":"echo_args","inputSchema":{"type":"object","properties":{"zeta":{"type":"integer"},"alpha":{"type":"object"},"mid":{"type":"string"}}}}]`), 0o600)
	cfg := writeConfig(t, `{"mcpServers": {"raw": {"command": "`+misbehave+`", "args": ["-mode", "raw", "-tools", "`+tools+`"]}}}`)
	rec := filepath.Join(dir, "rec.yaml")
	code, out, errOut := runCLI(t, "call", "raw", "echo_args", "--args", `{"zeta":1,"alpha":{"y":1,"b":2},"mid":"m"}`, "--record", rec, "--config", cfg)
	if code != ExitOK || !strings.Contains(out, `{\"zeta\":1,\"alpha\":{\"y\":1,\"b\":2},\"mid\":\"m\"}`) {
		t.Fatalf("call: exit %d\n%s\n%s", code, out, errOut)
	}
	b, _ := os.ReadFile(rec)
	if z, a := strings.Index(string(b), "zeta:"), strings.Index(string(b), "alpha:"); z < 0 || a < z {
		t.Errorf("the check file does not keep the order:\n%s", b)
	}
	if code, out, errOut := runCLI(t, "check", rec, "--config", cfg); code != ExitOK {
		t.Errorf("replay: exit %d\n%s\n%s", code, out, errOut)
	}
}
