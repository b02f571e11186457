package view

import (
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestFormat(t *testing.T) {
	tests := []struct{ got, want string }{
		{Size(999), "999 B"},
		{Size(4000), "4.0 KB"},
		{Size(2_500_000), "2.5 MB"},
		{Thousands(154321), "154,321"},
		{Thousands(-1000), "-1,000"},
		{Thousands(12), "12"},
		{ClipRunes("héllo", 2), "hé"},
		{ClipRunes("ab", 5), "ab"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: got %q, want %q", i, tt.got, tt.want)
		}
	}
}

func TestToolWording(t *testing.T) {
	yes := true
	tests := []struct {
		tool              *sdk.Tool
		title             string
		destructive       bool
		server, agentName string
	}{
		{&sdk.Tool{Name: "add"}, "add", false, "demo", "mcp__demo__add"},
		{&sdk.Tool{Name: "a/b", Title: "A and B"}, "A and B", false, "my server.v2", "mcp__my_server_v2__a_b"},
		{&sdk.Tool{Name: "w", Annotations: &sdk.ToolAnnotations{Title: "Weather", DestructiveHint: &yes}}, "Weather", true, "x", "mcp__x__w"},
		{&sdk.Tool{Name: "r", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &yes}}, "r", false, "x", "mcp__x__r"},
	}
	for _, tt := range tests {
		if got := ToolTitle(tt.tool); got != tt.title {
			t.Errorf("ToolTitle(%s) = %q, want %q", tt.tool.Name, got, tt.title)
		}
		if got := IsDestructive(tt.tool); got != tt.destructive {
			t.Errorf("IsDestructive(%s) = %v", tt.tool.Name, got)
		}
		if got := AgentToolName(tt.server, tt.tool.Name); got != tt.agentName {
			t.Errorf("AgentToolName(%q, %q) = %q, want %q", tt.server, tt.tool.Name, got, tt.agentName)
		}
	}
}
