package view

import (
	"regexp"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
)

// ToolTitle is the name a person reads: title, then annotations.title, then
// name (the spec's display-name precedence).
func ToolTitle(t *sdk.Tool) string {
	switch {
	case t.Title != "":
		return t.Title
	case t.Annotations != nil && t.Annotations.Title != "":
		return t.Annotations.Title
	}
	return t.Name
}

// agentNameUnsafe matches what Claude Code replaces in server and tool names
// when it builds the mcp__server__tool names used in permission rules.
var agentNameUnsafe = regexp.MustCompile(`[^a-zA-Z0-9_-]`)

// AgentToolName is the tool's name as agents see it: mcp__<server>__<tool>.
func AgentToolName(server, tool string) string {
	return "mcp__" + agentNameUnsafe.ReplaceAllString(server, "_") + "__" + agentNameUnsafe.ReplaceAllString(tool, "_")
}

// IsDestructive reports whether the tool says it may destroy things. Only an
// explicit destructiveHint: true counts (the spec's default of true for a tool
// with no annotations would make every call ask), and a read-only tool
// destroys nothing whatever its other hints say.
func IsDestructive(t *sdk.Tool) bool {
	a := t.Annotations
	return a != nil && !a.ReadOnlyHint && a.DestructiveHint != nil && *a.DestructiveHint
}

// NoToolsNotice is what the tool column says when a connected server lists
// no tools: why the list failed (listErr, the core's message), or that the
// server has none, and where else to look.
func NoToolsNotice(listErr error, declaresTools bool) string {
	switch {
	case listErr != nil:
		return i18n.L("Listing this server's tools failed: {{.Reason}}", map[string]any{"Reason": i18n.Explain(listErr)})
	case declaresTools:
		return i18n.L("This server's tool list is empty. Its resources and prompts, if it has any, are in their tabs.")
	}
	return i18n.L("This server offers no tools (it does not declare the tools capability). Its resources and prompts, if it has any, are in their tabs.")
}
