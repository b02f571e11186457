package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// A front end's whole use of the core: a servers file, a manager over it,
// and a call on one server. (Compiled, not run: it needs the program.)
func Example() {
	cfg := &config.Config{}
	cfg.Put(&config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: "mcpbrowser", Args: []string{"demo-server"}})
	m := mcp.NewManager(cfg, mcp.ManagerOptions{})
	defer m.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.ConnectAll(ctx); err != nil {
		fmt.Println("no server answered:", err)
		return
	}
	r := m.Session("demo").CallTool(ctx, "add", json.RawMessage(`{"a":2,"b":3}`), mcp.CallOptions{})
	fmt.Println(r.OK(), r.Message)
}
