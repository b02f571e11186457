package cli

import (
	"runtime"
	"strings"
	"testing"
)

// listFailsServer answers initialize and refuses tools/list (and any other
// request) with a JSON-RPC error: a server that connects but cannot list.
const listFailsServer = `while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  [ -n "$id" ] || continue
  case "$line" in
    *'"method":"initialize"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"t","version":"1"}}}\n' "$id" ;;
    *'"method":"tools/list"'*) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"database is down"}}\n' "$id" ;;
    *) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$id" ;;
  esac
done`

// TestToolsWhenTheListFails: a tools/list that fails after a good connect
// is reported as a failure (exit code, ok false, the server's reason), not
// as a server with no tools.
func TestToolsWhenTheListFails(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses a POSIX shell server")
	}
	code, out, errOut := runCLI(t, "tools", "--", "sh", "-c", listFailsServer)
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
