package ui

import (
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// newFilterEntry is a list's filter box: each keystroke calls onChanged
// with the filter (view.Filter, the one matching rule), and the ✕ at its
// right empties it. Ctrl+F (Cmd+F on macOS) puts the keyboard in the filter
// of the tab on show (featurePanes.filterOf).
func newFilterEntry(placeholder string, onChanged func(view.Filter)) *widget.Entry {
	e := widget.NewEntry()
	e.SetPlaceHolder(placeholder)
	e.ActionItem = widgets.NewButton("", theme.ContentClearIcon(), func() { e.SetText("") })
	e.OnChanged = func(s string) { onChanged(view.NewFilter(s)) }
	return e
}

// A filtered list is which rows of a list its filter lets through. The
// pane keeps its items; filtered maps between items and the list's rows.
type filtered struct {
	hay    []string // each item's lower-cased text (view.Haystack)
	shown  []int    // the items on show, in order
	filter view.Filter
}

// setItems takes n new items, text(i) being what the filter searches in item i.
func (f *filtered) setItems(n int, text func(i int) []string) {
	f.hay = f.hay[:0]
	for i := range n {
		f.hay = append(f.hay, view.Haystack(text(i)...))
	}
	f.apply(f.filter)
}

// apply shows the items q lets through.
func (f *filtered) apply(q view.Filter) {
	f.filter = q
	f.shown = q.Indexes(len(f.hay), func(i int) string { return f.hay[i] }, f.shown[:0])
}

// rows is how many rows the list shows.
func (f *filtered) rows() int { return len(f.shown) }

// item is the item on list row r, or -1.
func (f *filtered) item(r int) int {
	if r < 0 || r >= len(f.shown) {
		return -1
	}
	return f.shown[r]
}

// row is the list row of item i, or -1 when the filter hides it.
func (f *filtered) row(i int) int {
	for r, j := range f.shown {
		if j == i {
			return r
		}
	}
	return -1
}

// count says how many items show: "12 prompts", or "3 matches of 12 prompts".
func (f *filtered) count(one, many string) string {
	return countOf(len(f.shown), len(f.hay), one, many)
}

// add takes one more item at the end (a list that grows as results come).
func (f *filtered) add(text ...string) {
	f.hay = append(f.hay, view.Haystack(text...))
	if i := len(f.hay) - 1; f.filter.MatchLower(f.hay[i]) {
		f.shown = append(f.shown, i)
	}
}
