package mcp

import (
	"mcpbrowser/mcp/transport"

	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
)

// TestMultiRoundTrip calls a tool that answers with resultType
// "input_required": the question goes to the same elicitation handler as a
// server's elicitation/create, the call is sent again with the answer, and
// both rounds are in the wire log.
func TestMultiRoundTrip(t *testing.T) {
	exe := testservers.Build(t)
	cases := []struct {
		name     string
		elicit   bool
		wantOK   bool
		wantText string
	}{
		{name: "answered", elicit: true, wantOK: true, wantText: `answer: {"action":"accept","content":{"ok":true}} state: round-1`},
		{name: "nobody to answer", elicit: false, wantOK: false, wantText: "the server asked for input the app was not set up to give"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var asked []string
			h := Handlers{}
			if tc.elicit {
				h.Elicit = func(_ context.Context, _ string, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
					asked = append(asked, req.Params.Message)
					return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}, nil
				}
			}
			s, ctx := connectMRTR(t, exe, h)
			if v := s.Era().Version; v != Version20260728 {
				t.Fatalf("era %s: multi-round-trip requests need 2026-07-28", v)
			}
			r := s.CallTool(ctx, "confirm", []byte(`{}`), CallOptions{})
			if r.OK() != tc.wantOK {
				t.Fatalf("ok = %v (%s %s)", r.OK(), r.Layer, r.Message)
			}
			text := r.Message
			if r.Result != nil {
				for _, c := range r.Result.Content {
					if tc, ok := c.(*sdk.TextContent); ok {
						text += tc.Text
					}
				}
			}
			t.Logf("%s: %s", r.Layer, text)
			if !strings.Contains(text, tc.wantText) {
				t.Errorf("result %q lacks %q", text, tc.wantText)
			}
			if !tc.elicit {
				return
			}
			if len(asked) != 1 || asked[0] != "Go ahead?" {
				t.Errorf("asked %q", asked)
			}
			calls := 0
			entries, _ := s.Wire.Since(0)
			for _, e := range entries {
				if e.Dir == transport.Sent && e.Method == "tools/call" {
					calls++
				}
			}
			if calls != 2 {
				t.Errorf("%d tools/call rounds in the wire log, want 2", calls)
			}
		})
	}
}
