package mcp

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// TestClientInfoInInitialize: the name and version a front end passes in
// ManagerOptions.Client are what initialize says, with defaults for what it
// leaves out; nothing global is involved.
func TestClientInfoInInitialize(t *testing.T) {
	exe := testservers.Build(t)
	cases := []struct {
		name   string
		client ClientInfo
		want   map[string]string
	}{
		{"the build's version", ClientInfo{Version: "1.2.3 (abc1234)"}, map[string]string{"name": ClientName, "title": "MCP Browser", "version": "1.2.3 (abc1234)"}},
		{"nothing given", ClientInfo{}, map[string]string{"name": ClientName, "title": "MCP Browser", "version": "dev"}},
		{"another front end", ClientInfo{Name: "mcpbrowser-check", Title: "MCP Browser checks", Version: "9"}, map[string]string{"name": "mcpbrowser-check", "title": "MCP Browser checks", "version": "9"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// Pinned to an era that has initialize: this test reads its clientInfo.
			cfg := &config.ServerConfig{Name: "echo", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "echo"}, ProtocolVersion: "2025-11-25"}
			cfg.Validate()
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Client: tc.client})
			defer m.Close()
			var mu sync.Mutex
			var got map[string]string
			m.Subscribe(func(e Event) {
				if e.Kind != EventWire || e.Wire.Dir != transport.Sent {
					return
				}
				var msg struct {
					Method string `json:"method"`
					Params struct {
						ClientInfo map[string]string `json:"clientInfo"`
					} `json:"params"`
				}
				if json.Unmarshal(e.Wire.JSON, &msg) == nil && msg.Method == "initialize" {
					mu.Lock()
					got = msg.Params.ClientInfo
					mu.Unlock()
				}
			})
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := m.Session("echo").Connect(ctx); err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("clientInfo %v, want %s %q", got, k, v)
				}
			}
		})
	}
}
