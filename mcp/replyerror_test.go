package mcp

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

func TestInvalidReply(t *testing.T) {
	var list []int
	typeErr := json.Unmarshal([]byte(`{"contents":"x"}`), &struct{ Contents *[]int }{&list})
	madeData := json.RawMessage(`{"madeBy":"mcpbrowser","invalidReply":true}`)
	tests := []struct {
		name string
		err  error
		want string // "" for not an invalid reply
	}{
		{"the SDK could not decode the result", fmt.Errorf("calling %q: %w", "resources/read", typeErr),
			"the server's reply to resources/read was not valid: Contents must be a list"},
		{"the app answered in the server's place", &jsonrpc.Error{Code: -32098, Message: "it is nested too deep", Data: madeData},
			"the server's reply to resources/read was not valid: it is nested too deep"},
		{"the server's own error, worded like a decode failure", &jsonrpc.Error{Code: -32603, Message: "json: cannot unmarshal number"}, ""},
		{"the app's code without its mark", &jsonrpc.Error{Code: -32098, Message: "nested"}, ""},
		{"a connection failure", errors.New("broken pipe"), ""},
	}
	for _, tt := range tests {
		got, ok := invalidReply("resources/read", tt.err)
		if ok != (tt.want != "") || got.String() != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.name, got, ok, tt.want)
		}
	}
}
