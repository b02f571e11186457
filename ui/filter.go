package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

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
