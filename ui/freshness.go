package ui

import (
	"mcpbrowser/ui/widgets"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
)

// showFreshness puts a list's ttlMs on the list's header: "fresh for 30 s
// (until 12:03:34)", or "not asked again: …" when the list came from the
// session's cache. A list without ttlMs (servers before 2026-07-28) shows
// nothing. The note names a clock time rather than counting down, so it
// stays true without a timer redrawing the window.
func showFreshness(l *widget.Label, f mcp.ListFreshness) {
	if f.TTL <= 0 {
		l.SetText("")
		l.Hide()
		return
	}
	key := view.FreshnessKey(f.Cached, f.Scope == "private")
	l.SetText(lang.L(key, map[string]any{"Duration": view.TTL(f.TTL), "Until": f.FreshUntil().Format("15:04:05")}))
	l.Show()
}

// freshnessNote is the small label showFreshness fills.
func freshnessNote() *widget.Label {
	l := widgets.SmallLabel()
	l.Wrapping = fyne.TextWrapWord
	l.Hide()
	return l
}
