package tabs

import (
	"mcpbrowser/ui/view"
)

// This file is the Resources tab's filter: one box above both lists that
// keeps the resources and templates whose URI, name or title has every word
// typed (view.Filter).

// indexForFilter takes new lists into the filter and says how many show.
func (t *ResourcesTab) indexForFilter() {
	t.ResRows.SetItems(len(t.Resources), func(i int) []string {
		r := t.Resources[i]
		return []string{r.URI, r.Name, r.Title}
	})
	t.TmplRows.SetItems(len(t.Templates), func(i int) []string {
		tm := t.Templates[i]
		return []string{tm.URITemplate, tm.Name, tm.Title}
	})
	t.showCounts()
}

func (t *ResourcesTab) showCounts() {
	t.resCount.SetText(t.ResRows.Count("resource", "resources"))
	t.tmplCount.SetText(t.TmplRows.Count("template", "templates"))
}

// refilter shows the rows q lets through, the selection kept.
func (t *ResourcesTab) refilter(q view.Filter) {
	t.ResRows.Apply(q)
	t.TmplRows.Apply(q)
	if t.Resources != nil || t.Templates != nil {
		t.showCounts()
	}
	t.ResList.Refresh()
	t.TmplList.Refresh()
	t.unselectAll()
	t.syncSelection()
}

// clearFilter empties the filter (a new server, or a resource asked for
// that the filter hides).
func (t *ResourcesTab) clearFilter() {
	t.Filter.SetText("")
}
