package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportMasksSecrets: export masks secret values unless
// --include-secrets, and says so.
func TestExportMasksSecrets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "servers.json")
	const secret = "ghp_abcdefghijklmnopqrstuvwxyz0123"
	doc := `{"mcpServers": {"gh": {"command": "x", "env": {"GITHUB_TOKEN": "` + secret + `"}}}}`
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "export", "--format", "json", "--config", path)
	if code != 0 || strings.Contains(out, secret) || !strings.Contains(errOut, "--include-secrets") {
		t.Errorf("export: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "export", "--format", "json", "--include-secrets", "--config", path)
	if code != 0 || !strings.Contains(out, secret) {
		t.Errorf("export --include-secrets: exit %d\n%s", code, out)
	}
}
