package ui

import (
	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/widgets"
)

// logLineText is the text a stderr-panel row shows: the app's own lines
// (started, connected, call markers, stop, sign-in steps) in the person's
// language; what the server printed, exactly as it came.
func logLineText(e *transport.LogEntry) string {
	switch e.Kind {
	case transport.LogInfo, transport.LogCallStart, transport.LogCallEnd:
		return i18n.LogLine(e.Said())
	}
	return e.Text
}

// logEntryLine is the whole line (time, tag, text) for the row's tip, with
// the app's own text in the person's language.
func logEntryLine(e *transport.LogEntry) string {
	shown := *e
	shown.Text = logLineText(e)
	return widgets.StripANSI(shown.String())
}
