package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/ui/view"
)

// newFilterEntry is a list's filter box: each keystroke calls onChanged
// with the filter (view.Filter, the one matching rule), and the ✕ at its
// right empties it. Ctrl+F (Cmd+F on macOS) puts the keyboard in the filter
// of the tab on show (featurePanes.filterOf).
func newFilterEntry(placeholder string, onChanged func(view.Filter)) *widget.Entry {
	e := widget.NewEntry()
	e.SetPlaceHolder(placeholder)
	e.ActionItem = newButtonWithIcon("", theme.ContentClearIcon(), func() { e.SetText("") })
	e.OnChanged = func(s string) { onChanged(view.NewFilter(s)) }
	return e
}

// setFilter makes e the filter Ctrl+F focuses while tab is on show.
func (f *featurePanes) setFilter(tab *container.TabItem, e fyne.Focusable) {
	if f.filters == nil {
		f.filters = map[*container.TabItem]fyne.Focusable{}
	}
	f.filters[tab] = e
}

// filterOf is the filter of the tab on show, or nil when it has none.
func (f *featurePanes) filterOf() fyne.Focusable {
	return f.filters[f.tabs.Selected()]
}

// countOf says how many of total rows a filter lets through: "12 prompts",
// or "3 of 12 prompts" while the filter hides some.
// many names the rows in English ("tools"), which picks the two keys
// "{{.Count}} tools" and "{{.Shown}} of {{.Count}} tools match"; one is
// the English singular, which the translation files carry as the key's
// "one" form.
func countOf(shown, total int, one, many string) string {
	_ = one
	if shown == total {
		return i18n.N("{{.Count}} "+many, total)
	}
	return i18n.N("{{.Shown}} of {{.Count}} "+many+" match", total, map[string]any{"Shown": shown})
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
