package view

import (
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/apps"
)

// MaxSubtitleRunes is more than a row can show at any sensible column width.
// The label still ends it with an ellipsis to fit; clipping first matters
// because the label shapes the whole text on every redraw, and a long
// description made each keystroke in the filter miss a frame.
const MaxSubtitleRunes = 90

// ToolSubtitle is the row's second line: the title when it says more than
// the name, else the description's first line.
func ToolSubtitle(t *sdk.Tool) string {
	if title := ToolTitle(t); title != t.Name {
		return ClipRunes(title, MaxSubtitleRunes)
	}
	d := strings.TrimSpace(t.Description)
	if i := strings.IndexByte(d, '\n'); i >= 0 {
		d = d[:i]
	}
	return ClipRunes(d, MaxSubtitleRunes)
}

// PromptSubtitle is a prompt's second line: its title or description and its arguments.
func PromptSubtitle(p *sdk.Prompt) string {
	sub := p.Title
	if sub == "" {
		sub = FirstLine(p.Description)
	}
	if n := len(p.Arguments); n > 0 {
		if sub != "" {
			sub += " · "
		}
		sub += i18n.N("{{.Count}} arguments", n)
	}
	return ClipRunes(sub, MaxSubtitleRunes)
}

// FirstLine is the first line of s, trimmed.
func FirstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// ResourceName is a resource's or template's name as a person reads it.
func ResourceName(name, title string) string {
	if title != "" && title != name {
		return title
	}
	return name
}

// ResourceSubtitle is a resource's second line: its URI (after "MCP App
// page" for an app's page), type and size.
func ResourceSubtitle(r *sdk.Resource) string {
	parts := []string{r.URI}
	if apps.IsAppResource(r.URI, r.MIMEType) {
		// First, or the row's truncation hides it behind the long URI.
		parts = []string{"MCP App page", r.URI}
	}
	if r.MIMEType != "" {
		parts = append(parts, r.MIMEType)
	}
	if r.Size > 0 {
		parts = append(parts, Size(int(r.Size)))
	}
	return ClipRunes(strings.Join(parts, " · "), MaxSubtitleRunes)
}
