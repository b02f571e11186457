package mcp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
)

// deepTool is a tool whose inputSchema nests depth levels.
func deepTool(name string, depth int) string {
	return `{"name":"` + name + `","inputSchema":{"type":"object","properties":{"x":` +
		strings.Repeat(`{"type":"object","properties":{"x":`, depth) + "{}" + strings.Repeat("}}", depth) + `}}}`
}

// TestDeepSchemaMarksOnlyItsTool: a tool whose schema nests deeper than a
// JSON reader takes (10,001 levels), or deeper than the app reads (4,000),
// is marked unusable on its own; the other tools are listed, and what is
// kept and printed of the deep one is bounded (not its 4,000 levels).
func TestDeepSchemaMarksOnlyItsTool(t *testing.T) {
	exe := testservers.Build(t)
	for _, c := range []struct {
		depth int
		http  bool
	}{{4_000, false}, {10_001, false}, {4_000, true}, {10_001, true}} {
		depth, http := c.depth, c.http
		t.Run(fmt.Sprint(depth, map[bool]string{true: " over HTTP", false: " over stdio"}[http]), func(t *testing.T) {
			tools := filepath.Join(t.TempDir(), "tools.json")
			body := "[" + deepTool("deep", depth) + `,{"name":"fine","inputSchema":{"type":"object","properties":{"a":{"type":"string"}}}}]`
			if err := os.WriteFile(tools, []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
			cfg := &config.ServerConfig{Name: "deep", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", testservers.ModeRaw, "-tools", tools}}
			if http {
				srv := testservers.RawHTTPTools(body, nil)
				defer srv.Close()
				cfg = &config.ServerConfig{Name: "deep", Type: config.TypeHTTP, URL: srv.URL}
			}
			cfg.Validate()
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
			defer m.Close()
			s := m.Session("deep")
			if err := s.Connect(context.Background()); err != nil {
				t.Fatal(err)
			}
			if err := s.ToolsError(); err != nil {
				t.Fatalf("tools/list failed as a whole: %v", err)
			}
			if s.Tool("fine") == nil || s.Tool("deep") == nil {
				t.Fatalf("tools: %v", s.Tools())
			}
			if raw := s.RawTool("deep"); len(raw) > 10_000 || !strings.Contains(string(raw), "cannot be used") {
				t.Errorf("the deep tool is kept as %d bytes: %.200s", len(raw), raw)
			}
			if raw := s.RawTool("fine"); !strings.Contains(string(raw), `"a":{"type":"string"}`) {
				t.Errorf("the fine tool changed: %s", raw)
			}
		})
	}
}
