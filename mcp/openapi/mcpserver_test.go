package openapi

import (
	"encoding/json"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPServer speaks MCP to the tools over the SDK's in-memory transport,
// as a client of any other server would.
func TestMCPServer(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	ctx := t.Context()

	clientTransport, serverTransport := sdk.NewInMemoryTransports()
	ss, err := s.MCPServer().Connect(ctx, serverTransport, nil)
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
