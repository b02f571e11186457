package mcp

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// A remote session that drops (here: the server restarts and forgets its
// sessions) is reconnected once, automatically, before a call fails.
func TestRemoteSessionReconnectsOnce(t *testing.T) {
	newHandler := func() http.Handler {
		srv := sdk.NewServer(&sdk.Implementation{Name: "remote", Version: "1"}, nil)
		sdk.AddTool(srv, &sdk.Tool{Name: "ping_tool", Description: "answers pong"},
			func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
				return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "pong"}}}, nil, nil
			})
		return sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	}
	var current atomic.Value
	current.Store(newHandler())
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		current.Load().(http.Handler).ServeHTTP(w, r)
	}))
	defer ts.Close()

	cfg := &config.ServerConfig{Name: "remote", Type: config.TypeHTTP, URL: ts.URL}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Tokens: nil})
	defer m.Close()
	s := m.Session("remote")
	if err := s.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r := s.CallTool(context.Background(), "ping_tool", json.RawMessage(`{}`), CallOptions{}); !r.OK() {
		t.Fatalf("first call: %s", r.Message)
	}
	current.Store(newHandler()) // the server restarted: our session id is unknown now
	r := s.CallTool(context.Background(), "ping_tool", json.RawMessage(`{}`), CallOptions{})
	if !r.OK() {
		t.Fatalf("call after the server restarted: layer %q: %s", r.Layer, r.Message)
	}
	reconnected := false
	for _, e := range s.Log.Tail(50, transport.LogInfo) {
		reconnected = reconnected || e.Text == "the connection dropped; reconnecting once before giving up"
	}
	if !reconnected {
		t.Error("no reconnect was logged")
	}
}
