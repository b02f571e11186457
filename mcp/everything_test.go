package mcp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// everythingServer returns the path of the pinned @modelcontextprotocol/server-everything
// entry point, installed by scripts/test.sh, or skips when it is not installed
// (the CI script always installs it; MCPBROWSER_REQUIRE_PEERS=1 turns the skip into a failure).
func everythingServer(t testing.TB) string {
	t.Helper()
	p, err := filepath.Abs("../testdata/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
	if err != nil {
		t.Fatal(err)
	}
	_, statErr := os.Stat(p)
	_, nodeErr := exec.LookPath("node")
	if statErr != nil || nodeErr != nil {
		if os.Getenv("MCPBROWSER_REQUIRE_PEERS") != "" {
			t.Fatalf("server-everything is not installed (%v, %v); run scripts/test.sh", statErr, nodeErr)
		}
		t.Skip("server-everything not installed; scripts/test.sh installs it")
	}
	return p
}

func TestEverythingStdio(t *testing.T) {
	entry := everythingServer(t)
	cfg := &Config{Servers: []*ServerConfig{{Name: "everything", Type: TypeStdio, Command: "node", Args: []string{entry, "stdio"}}}}
	m := NewManager(cfg, ManagerOptions{})
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := m.ConnectAll(ctx); err != nil {
		t.Fatal(err)
	}
	s := m.Session("everything")
	if st := s.Status(); st.State != StateReady {
		t.Fatalf("state %v: %s", st.State, st.Reason)
	}
	if s.InitializeResult().ProtocolVersion != DefaultProtocolVersion {
		t.Errorf("protocol %q", s.InitializeResult().ProtocolVersion)
	}
	names := map[string]*sdk.Tool{}
	for _, tool := range s.Tools() {
		names[tool.Name] = tool
	}
	for _, want := range []string{"echo", "get-sum"} {
		if names[want] == nil {
			t.Fatalf("tool %q missing; have %v", want, names)
		}
	}
	r := s.CallTool(ctx, "echo", json.RawMessage(`{"message":"hi"}`), CallOptions{})
	if !r.OK() {
		t.Fatalf("echo: %s", r.Message)
	}
	b, _ := json.Marshal(r.Result.Content)
	t.Logf("echo: %s", b)
}
