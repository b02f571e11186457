package view

import (
	"time"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
)

// HistorySubtitle is an entry's second line: kind, time (now is the time
// it is now), duration, outcome.
func HistorySubtitle(e *history.Entry, now time.Time) string {
	outcome := i18n.L("ok")
	if !e.OK() {
		outcome = i18n.L("{{.Layer}} error", map[string]any{"Layer": LayerWord(mcp.ErrorLayer(e.ErrorLayer))})
	}
	kind := i18n.L(string(e.Kind)) // "tool", "resource", "prompt"
	if e.Via != "" {
		kind = i18n.L("{{.Kind}} (by the {{.Via}})", map[string]any{"Kind": kind, "Via": i18n.L(e.Via)}) // a call an MCP App made
	}
	return kind + " · " + HistoryTime(e.Time, now) + " · " + Duration(time.Duration(e.DurationMS*float64(time.Millisecond))) + " · " + outcome
}

// HistoryTime is the time of day for entries of now's day, else the date too.
func HistoryTime(t, now time.Time) string {
	if t.Year() == now.Year() && t.YearDay() == now.YearDay() {
		return t.Format("15:04:05")
	}
	return t.Format("2006-01-02 15:04")
}

// HistoryFlag marks failed entries at the row's right.
func HistoryFlag(e *history.Entry) string {
	if e.OK() {
		return ""
	}
	return LayerWord(mcp.ErrorLayer(e.ErrorLayer))
}

// HistoryText is what the filter searches in an entry: the tool, prompt or
// resource, the kind, the outcome, the arguments, the message and the start
// of the result.
func HistoryText(e *history.Entry) []string {
	result := string(e.Result)
	if len(result) > maxFilteredResult {
		result = result[:maxFilteredResult]
	}
	return []string{e.Name, string(e.Kind), e.ErrorLayer, e.Via, string(e.Arguments), e.Message, result}
}

// maxFilteredResult bounds how much of each result the filter searches, so
// a history of big results costs little memory.
const maxFilteredResult = 4096
