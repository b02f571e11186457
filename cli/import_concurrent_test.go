package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"mcpbrowser/mcp/config"
)

// TestImportConcurrent: 20 `mcpbrowser import FILE --all` at once, each
// adding one server, keep every one of them.
func TestImportConcurrent(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "servers.json")
	if err := os.WriteFile(cfgPath, []byte(`{"mcpServers": {"first": {"command": "x"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	const n = 20
	var wg sync.WaitGroup
	for i := range n {
		src := filepath.Join(dir, fmt.Sprintf("src%d.json", i))
		doc := fmt.Sprintf(`{"mcpServers": {"s%02d": {"command": "cmd%d"}}}`, i, i)
		if err := os.WriteFile(src, []byte(doc), 0o600); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			if code, _, errOut := runCLI(t, "import", src, "--all", "--config", cfgPath); code != 0 {
				t.Errorf("import %d: exit %d: %s", i, code, errOut)
			}
		})
	}
	wg.Wait()
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Servers) != n+1 {
		var names []string
		for _, s := range cfg.Servers {
			names = append(names, s.Name)
		}
		t.Errorf("%d servers kept of %d: %v", len(cfg.Servers), n+1, names)
	}
}
