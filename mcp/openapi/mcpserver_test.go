package openapi

import (
	"context"
	"encoding/json"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestAsMCPServer serves the tools from an SDK server, as the core does,
// and speaks MCP to them over the in-memory transport: the SDK accepts the
// tools (input schemas of type object) and a client sees the results.
func TestAsMCPServer(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	ctx := t.Context()

	name, version, _ := s.Info()
	srv := sdk.NewServer(&sdk.Implementation{Name: name, Version: version}, nil)
	for _, tool := range s.Tools() {
		srv.AddTool(tool, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return s.Call(ctx, req.Params.Name, req.Params.Arguments)
		})
	}
	clientTransport, serverTransport := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, serverTransport, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, clientTransport, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	if got := cs.InitializeResult().ServerInfo; got.Name != "Petstore" || got.Version != "1.2.0" {
		t.Errorf("serverInfo = %+v", got)
	}
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Tools) != len(s.Tools()) {
		t.Errorf("tools/list has %d tools, want %d", len(list.Tools), len(s.Tools()))
	}

	tests := []struct {
		name      string
		tool      string
		args      map[string]any
		wantError bool
		wantJSON  string
	}{
		{"success", "getPet", map[string]any{"petId": "1"}, false, `{"id":1,"name":"Rex"}`},
		{"HTTP error", "getPet", map[string]any{"petId": "missing"}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tt.tool, Arguments: tt.args})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError != tt.wantError {
				t.Errorf("isError = %v", res.IsError)
			}
			if tt.wantJSON != "" {
				got, _ := json.Marshal(res.StructuredContent)
				if string(got) != tt.wantJSON {
					t.Errorf("structuredContent = %s, want %s", got, tt.wantJSON)
				}
			}
		})
	}
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "getPet", Arguments: map[string]any{}}); err == nil {
		t.Error("a call without the path parameter succeeded")
	}
}
