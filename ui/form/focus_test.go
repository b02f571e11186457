package form

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// inView reports whether o is inside the form's scroll's view.
func inView(v *FormView, o fyne.CanvasObject) bool {
	d := fyne.CurrentApp().Driver()
	y, sy := d.AbsolutePositionForObject(o).Y, d.AbsolutePositionForObject(v.Scroll).Y
	return y >= sy-0.5 && y+o.Size().Height <= sy+v.Scroll.Size().Height+0.5
}

// TestAddItemKeepsTheNewFieldInView adds items to server-memory's
// create_entities in a low form: after each Add item the keyboard is in
// the new item's first field, and the form has scrolled to it (it used to
// go to the top, away from the new field).
func TestAddItemKeepsTheNewFieldInView(t *testing.T) {
	v, win := newTestFormView(t, string(corpusByName(t, "gosdk-memory-create_entities").Schema))
	win.Resize(fyne.NewSize(900, 360))
	list := viewOf(t, v, "entities")
	for i := range 4 {
		test.Tap(lastButton(t, list.input, "Add item"))
		f, ok := win.Canvas().Focused().(*FormEntry)
		if !ok {
			t.Fatalf("after Add item %d the keyboard is on %T, not in a field", i+1, win.Canvas().Focused())
		}
		if !inView(v, f) {
			t.Errorf("after Add item %d the new field is out of the form's view", i+1)
		}
	}
}

// TestFocusFirstLandsOnARadioGroup: a tool whose first field is a choice
// of a few (a radio group) gets the keyboard there, in view, not in a
// later field out of view (Space then ticked a box no one saw).
func TestFocusFirstLandsOnARadioGroup(t *testing.T) {
	v, win := newTestFormView(t, `{"type":"object","properties":{
		"mode":{"type":"string","enum":["fast","slow"]},
		"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"},"d":{"type":"string"},
		"e":{"type":"string"},"f":{"type":"string"},"g":{"type":"string"},
		"last":{"type":"boolean"}},"required":["mode"]}`)
	win.Resize(fyne.NewSize(900, 300))
	if !v.FocusFirst() {
		t.Fatal("FocusFirst found nothing to focus")
	}
	f, ok := win.Canvas().Focused().(fyne.CanvasObject)
	if !ok {
		t.Fatal("nothing has the keyboard")
	}
	mode := viewOf(t, v, "mode")
	d := fyne.CurrentApp().Driver()
	y, my := d.AbsolutePositionForObject(f).Y, d.AbsolutePositionForObject(mode.input).Y
	if y < my-0.5 || y > my+mode.input.Size().Height {
		t.Errorf("the keyboard is on %T at y %v, not in the first field (y %v..%v)", f, y, my, my+mode.input.Size().Height)
	}
	if !inView(v, f) {
		t.Error("the focused field is out of the form's view")
	}
}
