package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// outerEntry extends Entry as the form's fields do.
type outerEntry struct{ Entry }

func newOuterEntry() *outerEntry {
	e := &outerEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// TestFocusedWidgetIsScrolledIntoView puts each kind of the kit's
// focusable widgets below a tall gap in a scroll inside another scroll, and
// gives it the keyboard, by the app's Focus and by Tab: it is then in view
// in both scrolls.
func TestFocusedWidgetIsScrolledIntoView(t *testing.T) {
	test.NewTempApp(t)
	for _, tt := range []struct {
		name string
		make func() fyne.Focusable
	}{
		{"entry", func() fyne.Focusable { return NewEntry() }},
		{"an entry extended by another widget", func() fyne.Focusable { return newOuterEntry() }},
		{"check", func() fyne.Focusable { return NewCheck("agree", nil) }},
		{"select", func() fyne.Focusable { return NewSelect([]string{"a", "b"}, nil) }},
		{"button", func() fyne.Focusable { return NewButton("Go", nil, func() {}) }},
	} {
		for _, byTab := range []bool{false, true} {
			w := test.NewWindow(nil)
			first := NewEntry()
			gap := canvas.NewRectangle(nil)
			gap.SetMinSize(fyne.NewSize(10, 900))
			f := tt.make()
			inner := container.NewVScroll(container.NewVBox(gap, f.(fyne.CanvasObject)))
			inner.SetMinSize(fyne.NewSize(200, 300))
			outer := container.NewVScroll(container.NewVBox(first, gap2(), inner))
			w.SetContent(outer)
			w.Resize(fyne.NewSize(300, 250))
			c := w.Canvas()
			if byTab {
				c.Focus(first)
				c.FocusNext()
			} else {
				c.Focus(f)
			}
			if c.Focused() != f {
				t.Fatalf("%s: the keyboard is on %T", tt.name, c.Focused())
			}
			d := fyne.CurrentApp().Driver()
			o := f.(fyne.CanvasObject)
			for _, s := range []*container.Scroll{inner, outer} {
				y, sy := d.AbsolutePositionForObject(o).Y, d.AbsolutePositionForObject(s).Y
				if y < sy-0.5 || y+o.Size().Height > sy+s.Size().Height+0.5 {
					t.Errorf("%s (by Tab: %v): the focused widget at y %v..%v is outside a scroll's view %v..%v",
						tt.name, byTab, y, y+o.Size().Height, sy, sy+s.Size().Height)
				}
			}
			w.Close()
		}
	}
}

func gap2() fyne.CanvasObject {
	r := canvas.NewRectangle(nil)
	r.SetMinSize(fyne.NewSize(10, 400))
	return r
}

// TestRevealLeavesAScrollItIsNotIn: an entry under a scroll whose content
// reaches past it on screen (a request's messages above its reply box) is
// not in that scroll: focusing it leaves the scroll where it was, with its
// top on show.
func TestRevealLeavesAScrollItIsNotIn(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	defer w.Close()
	tall := canvas.NewRectangle(nil)
	tall.SetMinSize(fyne.NewSize(10, 600))
	rows := container.NewVScroll(container.NewVBox(NewEntry(), tall))
	reply := NewMultiLineEntry()
	w.SetContent(container.NewBorder(nil, reply, nil, nil, rows))
	w.Resize(fyne.NewSize(300, 300))
	w.Canvas().Focus(reply)
	if rows.Offset.Y != 0 {
		t.Errorf("focusing the reply below the scroll scrolled it to %v", rows.Offset.Y)
	}
}
