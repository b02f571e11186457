package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// CollapsedResult is the result region's height before anything has run.
const CollapsedResult = 44

// Detail places the detail column: the form region (tool header and fields,
// one scroll) on top, the run bar, and the result below it.
//
// Before a run the form gets what it needs (all but one line for the
// result at most) and Run sits right under it.
// After a run the result gets most of the column: the form keeps a fifth
// (it scrolls), or FormFloor (what it needs to stay usable, such as a few
// lines of JSON) as far as FloorShare goes.
// While a server's question waits (Urgent) the form folds away: hidden,
// so the keyboard cannot go into it, until the question is answered.
type Detail struct {
	// Expanded reports whether the result region holds something to read.
	Expanded func() bool
	// FormFloor is the least height the form region needs after a run.
	FormFloor func() float32
	// FormWant is the height the form region would like (all of it).
	FormWant func() float32
	// Urgent, if set, reports that the result region holds something that
	// waits for the person (a server's question): it then gets the whole
	// column below the run bar.
	Urgent func() bool
}

// The form region's share of the column (less the run bar) after a run:
// FormShare at least, its floor as far as FloorShare. At 1024×640 a
// fifth leaves the result room for its header and a dozen lines.
const (
	FormShare  = 0.2
	FloorShare = 0.4
)

// Heights returns the form and result heights for a column of height h
// with a run bar of height bar.
func (d *Detail) Heights(h, bar float32) (form, result float32) {
	avail := max(h-bar, 0)
	floor, want := float32(0), avail
	if d.FormFloor != nil {
		floor = d.FormFloor()
	}
	if d.FormWant != nil {
		want = d.FormWant()
	}
	if d.Expanded == nil || !d.Expanded() {
		// Run sits right under a short form; a long one gets all but a line.
		form = min(max(want, floor), avail-min(CollapsedResult, avail))
		return form, avail - form
	}
	if d.Urgent != nil && d.Urgent() {
		return 0, avail
	}
	form = min(want, max(avail*FormShare, min(floor, avail*FloorShare)))
	return form, avail - form
}

// Layout places objects [form, run bar, result].
func (d *Detail) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	bar := objs[1].MinSize().Height
	form, result := d.Heights(size.Height, bar)
	if form > 0 {
		objs[0].Show()
	} else {
		objs[0].Hide() // folded away: nothing in it can take the keyboard
	}
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, form))
	objs[1].Move(fyne.NewPos(0, form))
	objs[1].Resize(fyne.NewSize(size.Width, bar))
	objs[2].Move(fyne.NewPos(0, form+bar))
	objs[2].Resize(fyne.NewSize(size.Width, result))
}

// MinSize asks for the run bar and a little room around it.
func (d *Detail) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(200, objs[1].MinSize().Height+2*CollapsedResult)
}

// TopGivesWay places [top, body] in a column: the body gets its minimum
// first, the top (a scroll, usually a header) what it wants of the rest,
// and the body everything else. In a low window the header scrolls and the
// field under it keeps its lines.
type TopGivesWay struct{}

// Layout places objects [top, body].
func (TopGivesWay) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	want := objs[0].MinSize().Height
	if s, ok := objs[0].(*container.Scroll); ok && s.Content != nil {
		want = s.Content.MinSize().Height
	}
	top := max(min(want, size.Height-objs[1].MinSize().Height), 0)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, top))
	objs[1].Move(fyne.NewPos(0, top))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-top))
}

// MinSize is the body's.
func (TopGivesWay) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return objs[1].MinSize()
}
