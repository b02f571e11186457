package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServersMasksURL: `servers` shows a URL's password and secret query
// parameters masked.
func TestServersMasksURL(t *testing.T) {
	path := filepath.Join(t.TempDir(), "servers.json")
	doc := `{"mcpServers": {"r": {"url": "https://bob:pa55word99@h.example/mcp?api_key=SECRETQUERY42&team=a"}}}`
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "servers", "--config", path)
	if code != 0 || strings.Contains(out, "pa55word99") || strings.Contains(out, "SECRETQUERY42") || !strings.Contains(out, "team=a") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}
