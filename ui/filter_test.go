package ui

import (
	"mcpbrowser/ui/quality"
	"mcpbrowser/ui/tabs"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/say"
)

// TestCtrlFFocusesTheFilterOfTheTabOnShow presses Ctrl+F on every tab: the
// keyboard lands in that tab's own filter box, each a different one.
func TestCtrlFFocusesTheFilterOfTheTabOnShow(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.waitReady("demo")
	onUI(func() { s.w.SelectServer("demo") })
	seen := map[fyne.Focusable]string{}
	var tabs []*container.TabItem
	onUI(func() { tabs = s.w.features.Tabs.Items })
	if len(tabs) < 5 {
		t.Fatalf("%d tabs, want Tools, Resources, Prompts, History and Checks", len(tabs))
	}
	for _, tab := range tabs {
		onUI(func() {
			s.w.features.Tabs.Select(tab)
			c := s.w.win.Canvas()
			c.Unfocus()
			c.(fyne.Shortcutable).TypedShortcut(shortcutFilter)
			got := c.Focused()
			e, ok := got.(*widget.Entry)
			if !ok {
				t.Errorf("%s: Ctrl+F focused %T, want the tab's filter", tab.Text, got)
				return
			}
			if !inTree(tab.Content, e) {
				t.Errorf("%s: Ctrl+F focused an entry outside the tab (placeholder %q)", tab.Text, e.PlaceHolder)
			}
			if other, dup := seen[got]; dup {
				t.Errorf("%s and %s share one filter", other, tab.Text)
			}
			seen[got] = tab.Text
		})
	}
}

// inTree reports whether o is part of root's tree (containers and the
// widgets whose renderers hold other objects).
func inTree(root, o fyne.CanvasObject) bool {
	if root == o {
		return true
	}
	switch x := root.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			if inTree(c, o) {
				return true
			}
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			if inTree(c, o) {
				return true
			}
		}
	}
	return false
}

// TestTabFiltersNarrowTheirListsAsYouType types into each tab's filter and
// checks which rows stay, and that emptying it brings every row back.
func TestTabFiltersNarrowTheirListsAsYouType(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	r := s.openResources("demo")
	p := s.openPrompts("demo")
	onUI(func() {
		p.SetPrompts([]*sdk.Prompt{
			{Name: "summarize_file", Description: "Sums up a file"},
			{Name: "greet", Title: "Say hello"},
			{Name: "review_code", Description: "Reviews a diff of a file"},
		}, nil)
	})
	var ch *quality.Checks
	onUI(func() {
		ch = s.w.checks
		for _, c := range []checks.Result{
			{Check: &checks.Check{Name: "adds two numbers", Tool: "add"}, Server: "demo", Status: checks.StatusPassed},
			{Check: &checks.Check{Name: "echoes", Tool: "echo"}, Server: "demo", Status: checks.StatusFailed, Message: say.Text("text differs")},
			{Check: &checks.Check{Name: "reads readme", Read: "demo://readme"}, Server: "other", Status: checks.StatusPassed},
		} {
			ch.AddResult(c)
		}
	})

	tests := []struct {
		name   string
		filter func() *widget.Entry
		query  string
		shown  func() []string
	}{
		{"resources by name", func() *widget.Entry { return r.Filter }, "readme", func() []string { return resourceRows(r) }},
		{"resources by URI", func() *widget.Entry { return r.Filter }, "demo://files/", func() []string { return resourceRows(r) }},
		{"prompts by title", func() *widget.Entry { return p.Filter }, "hello", func() []string { return promptRows(p) }},
		{"prompts by description words", func() *widget.Entry { return p.Filter }, "FILE diff", func() []string { return promptRows(p) }},
		{"prompts none", func() *widget.Entry { return p.Filter }, "nothing-like-this", func() []string { return promptRows(p) }},
		{"checks by tool", func() *widget.Entry { return ch.Filter }, "echo", func() []string { return checkRows(ch) }},
		{"checks by server", func() *widget.Entry { return ch.Filter }, "other", func() []string { return checkRows(ch) }},
		{"checks by status", func() *widget.Entry { return ch.Filter }, "passed", func() []string { return checkRows(ch) }},
	}
	want := map[string][]string{
		"resources by name":            {"readme"},
		"resources by URI":             {"sandbox-file"},
		"prompts by title":             {"greet"},
		"prompts by description words": {"review_code"},
		"prompts none":                 nil,
		"checks by tool":               {"echoes"},
		"checks by server":             {"reads readme"},
		"checks by status":             {"adds two numbers", "reads readme"},
	}
	for _, tt := range tests {
		var all, got, again []string
		onUI(func() {
			all = tt.shown()
			test.Type(tt.filter(), tt.query)
			got = tt.shown()
			tt.filter().SetText("")
			again = tt.shown()
		})
		if !equalStrings(got, want[tt.name]) {
			t.Errorf("%s: %q shows %q, want %q", tt.name, tt.query, got, want[tt.name])
		}
		if !equalStrings(again, all) {
			t.Errorf("%s: emptying the filter shows %q, want every row %q", tt.name, again, all)
		}
	}

	// The History tab: two calls, and the filter finds one by its arguments.
	s.selectTab(func(f *tabs.Frame) any { return f.ToolsItem })
	s.pickTool("demo", "add")
	s.run(`{"a": 20, "b": 22}`)
	s.pickTool("demo", "echo")
	s.run(`{"message": "hello there"}`)
	h := s.openHistory(2)
	var byArgs, byTool []string
	onUI(func() {
		test.Type(h.Filter, "hello")
		byArgs = historyRows(h)
		h.Filter.SetText("add")
		byTool = historyRows(h)
	})
	if !equalStrings(byArgs, []string{"echo"}) || !equalStrings(byTool, []string{"add"}) {
		t.Errorf("history filter: %q by arguments (want echo), %q by tool (want add)", byArgs, byTool)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The rows each list shows, by name, read through the list's own callbacks.
func shownRows(l *widget.List, name func(i int) string) []string {
	var out []string
	for i := range l.Length() {
		out = append(out, name(i))
	}
	return out
}

func resourceRows(r *tabs.ResourcesTab) []string {
	out := shownRows(r.ResList, func(i int) string { return r.Resources[r.ResRows.Item(i)].Name })
	return append(out, shownRows(r.TmplList, func(i int) string { return r.Templates[r.TmplRows.Item(i)].Name })...)
}

func promptRows(p *tabs.PromptsTab) []string {
	return shownRows(p.List, func(i int) string { return p.Prompts[p.Rows.Item(i)].Name })
}

func checkRows(c *quality.Checks) []string {
	return shownRows(c.ResultsList, func(i int) string { return c.Results[c.Rows.Item(i)].Check.Name })
}

func historyRows(h *tabs.HistoryTab) []string {
	return shownRows(h.List, func(i int) string { return h.Entries[h.Rows.Item(i)].Name })
}
