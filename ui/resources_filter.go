package ui

import (
	"mcpbrowser/ui/view"
)

// This file is the Resources tab's filter: one box above both lists that
// keeps the resources and templates whose URI, name or title has every word
// typed (view.Filter).

// indexForFilter takes new lists into the filter and says how many show.
func (t *resourcesTab) indexForFilter() {
	t.resRows.SetItems(len(t.resources), func(i int) []string {
		r := t.resources[i]
		return []string{r.URI, r.Name, r.Title}
	})
	t.tmplRows.SetItems(len(t.templates), func(i int) []string {
		tm := t.templates[i]
		return []string{tm.URITemplate, tm.Name, tm.Title}
	})
	t.showCounts()
}

func (t *resourcesTab) showCounts() {
	t.resCount.SetText(t.resRows.Count("resource", "resources"))
	t.tmplCount.SetText(t.tmplRows.Count("template", "templates"))
}

// refilter shows the rows q lets through, the selection kept.
func (t *resourcesTab) refilter(q view.Filter) {
	t.resRows.Apply(q)
	t.tmplRows.Apply(q)
	if t.resources != nil || t.templates != nil {
		t.showCounts()
	}
	t.resList.Refresh()
	t.tmplList.Refresh()
	t.unselectAll()
	t.syncSelection()
}

// clearFilter empties the filter (a new server, or a resource asked for
// that the filter hides).
func (t *resourcesTab) clearFilter() {
	t.filter.SetText("")
}
