package widgets

import (
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/ui/view"
)

// NewFilterEntry is a list's filter box: each keystroke calls onChanged
// with the filter (view.Filter, the one matching rule), and the ✕ at its
// right empties it. Ctrl+F (Cmd+F on macOS) puts the keyboard in the filter
// of the tab on show (tabs.Frame.Filter).
func NewFilterEntry(placeholder string, onChanged func(view.Filter)) *widget.Entry {
	e := widget.NewEntry()
	e.SetPlaceHolder(placeholder)
	e.ActionItem = NewButton("", theme.ContentClearIcon(), func() { e.SetText("") })
	e.OnChanged = func(s string) { onChanged(view.NewFilter(s)) }
	return e
}

// A Filtered list is which rows of a list its filter lets through. The
// pane keeps its items; filtered maps between items and the list's rows.
type Filtered struct {
	hay    []string // each item's lower-cased text (view.Haystack)
	shown  []int    // the items on show, in order
	filter view.Filter
}

// SetItems takes n new items, text(i) being what the filter searches in item i.
func (f *Filtered) SetItems(n int, text func(i int) []string) {
	f.hay = f.hay[:0]
	for i := range n {
		f.hay = append(f.hay, view.Haystack(text(i)...))
	}
	f.Apply(f.filter)
}

// Apply shows the items q lets through.
func (f *Filtered) Apply(q view.Filter) {
	f.filter = q
	f.shown = q.Indexes(len(f.hay), func(i int) string { return f.hay[i] }, f.shown[:0])
}

// Rows is how many rows the list shows.
func (f *Filtered) Rows() int { return len(f.shown) }

// Item is the item on list row r, or -1.
func (f *Filtered) Item(r int) int {
	if r < 0 || r >= len(f.shown) {
		return -1
	}
	return f.shown[r]
}

// Row is the list row of item i, or -1 when the filter hides it.
func (f *Filtered) Row(i int) int {
	for r, j := range f.shown {
		if j == i {
			return r
		}
	}
	return -1
}

// Count says how many items show: "12 prompts", or "3 matches of 12 prompts".
func (f *Filtered) Count(one, many string) string {
	return view.CountOf(len(f.shown), len(f.hay), one, many)
}

// Add takes one more item at the end (a list that grows as results come).
func (f *Filtered) Add(text ...string) {
	f.hay = append(f.hay, view.Haystack(text...))
	if i := len(f.hay) - 1; f.filter.MatchLower(f.hay[i]) {
		f.shown = append(f.shown, i)
	}
}
