package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
)

// TestSidePanelTabOrder walks the focus with Tab through the window with
// each of the side panel's tabs on show: within the panel, Tab follows the
// reading order, its tool rows (Pause, Clear, Save, Search, Wrap…) before
// its list, and under it a selected line's strip or a selected message's
// bar (Copy, Save) before the message's lines, top to bottom.
func TestSidePanelTabOrder(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	s.run(`{"a": 1, "b": 2}`)
	c := s.w.win.Canvas()
	for i, name := range []string{"stderr", "messages"} {
		onUI(func() {
			s.w.side.Tabs.SelectIndex(i)
			if name == "messages" { // its detail under the list, with Copy and Save
				s.w.side.Wire.Pull()
				s.w.side.Wire.List.Select(0)
			} else {
				s.w.side.Log.Pull()
				s.w.side.Log.List.Select(0) // the strip under the list, with Copy
			}
			c.Refresh(c.Content())
			side := readingOrder(s.w.side.Widget())
			if len(side) < 8 {
				t.Errorf("the %s panel: only %d controls", name, len(side))
			}
			inside := func(fs []fyne.Focusable) []fyne.Focusable {
				return slices.DeleteFunc(fs, func(f fyne.Focusable) bool { return !slices.Contains(side, f) })
			}
			got := inside(tabOrder(c))
			compareTabOrder(t, "the "+name+" panel", side, got)
			var names []string
			for _, f := range got {
				names = append(names, nameOf(f))
			}
			t.Logf("the %s panel: %v", name, names)
		})
	}
}
