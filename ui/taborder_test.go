package ui

import (
	"fmt"
	"mcpbrowser/ui/filedialog"
	"mcpbrowser/ui/widgets"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// readingOrder is every focusable object on show in o in the order a person
// reads them: siblings top to bottom, then left to right, each one's own
// insides before the next sibling.
func readingOrder(o fyne.CanvasObject) []fyne.Focusable {
	var out []fyne.Focusable
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		if f, ok := o.(fyne.Focusable); ok {
			if d, ok := o.(fyne.Disableable); !ok || !d.Disabled() {
				out = append(out, f)
			}
		}
		var kids []fyne.CanvasObject
		switch x := o.(type) {
		case *fyne.Container:
			kids = slices.Clone(x.Objects)
		case fyne.Widget:
			kids = slices.Clone(test.WidgetRenderer(x).Objects())
		}
		slices.SortStableFunc(kids, func(a, b fyne.CanvasObject) int {
			pa, pb := a.Position(), b.Position()
			if pa.Y+a.Size().Height <= pb.Y { // a ends above b
				return -1
			}
			if pb.Y+b.Size().Height <= pa.Y {
				return 1
			}
			switch {
			case pa.X < pb.X:
				return -1
			case pa.X > pb.X:
				return 1
			}
			return 0
		})
		for _, k := range kids {
			walk(k)
		}
	}
	walk(o)
	return out
}

// tabOrder is the order Tab visits the focusable objects of c's top layer.
func tabOrder(c fyne.Canvas) []fyne.Focusable {
	c.Unfocus()
	var out []fyne.Focusable
	for range 1000 {
		c.FocusNext()
		f := c.Focused()
		if f == nil || slices.Contains(out, f) {
			break
		}
		out = append(out, f)
	}
	c.Unfocus()
	return out
}

// compareTabOrder reports where Tab's order departs from the reading order.
func compareTabOrder(t *testing.T, where string, want, got []fyne.Focusable) {
	t.Helper()
	missing := false
	for _, f := range want {
		if !slices.Contains(got, f) {
			t.Errorf("%s: Tab never reaches %s", where, nameOf(f))
			missing = true
		}
	}
	if missing {
		return
	}
	if !slices.Equal(want, got) {
		var w, g []string
		for _, f := range want {
			w = append(w, nameOf(f))
		}
		for _, f := range got {
			g = append(g, nameOf(f))
		}
		t.Errorf("%s: Tab goes\n  %s\nwhile the reading order is\n  %s", where, strings.Join(g, " → "), strings.Join(w, " → "))
	}
}

func nameOf(f fyne.Focusable) string {
	switch x := f.(type) {
	case *widget.Button:
		if x.Text == "" {
			return "button(icon)"
		}
		return "button " + x.Text
	case *widget.Entry:
		return fmt.Sprintf("entry %q", x.PlaceHolder)
	case *widgets.Entry:
		return fmt.Sprintf("entry %q", x.PlaceHolder)
	case *widget.Select:
		return "select " + x.PlaceHolder
	case *widgets.Select:
		return "select " + x.PlaceHolder
	case *widget.Check:
		return "check " + x.Text
	case *widgets.Button:
		if x.Text == "" {
			return "button(icon)"
		}
		return "button " + x.Text
	case *widgets.Check:
		return "check " + x.Text
	case *widget.List:
		return "list"
	case *filedialog.ChooserList:
		return "file list"
	}
	return fmt.Sprintf("%T", f)
}

// TestTabReachesEverythingInReadingOrder walks the focus with Tab through
// the window on each tab and through each dialog: every interactive widget
// is reached, in reading order.
func TestTabReachesEverythingInReadingOrder(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	s.run(`{"a": 1, "b": 2}`)
	s.openHistory(1)
	c := s.w.win.Canvas()
	var tabs []string
	onUI(func() {
		for _, it := range s.w.features.Tabs.Items {
			tabs = append(tabs, it.Text)
		}
	})
	for i, name := range tabs {
		onUI(func() {
			f := s.w.features
			f.Tabs.SelectIndex(i)
			c.Refresh(c.Content())
			// The side panel (its own Tab order is the logs' widget's
			// business) is left out of both.
			side := readingOrder(s.w.side.Widget())
			outside := func(fs []fyne.Focusable) []fyne.Focusable {
				return slices.DeleteFunc(fs, func(f fyne.Focusable) bool { return slices.Contains(side, f) })
			}
			compareTabOrder(t, "the "+name+" tab", outside(readingOrder(c.Content())), outside(tabOrder(c)))
		})
	}
	for _, d := range windowDialogs() {
		onUI(func() {
			closeAll(c)
			d.open(s)
			top := c.Overlays().Top()
			compareTabOrder(t, "the "+d.name+" dialog", readingOrder(top), tabOrder(c))
			closeAll(c)
		})
	}
}
