package widgets

import "fyne.io/fyne/v2"

// CollapsedResult is the result region's height before anything has run.
const CollapsedResult = 44

// Detail places the detail column: the form region (tool header and fields,
// one scroll) on top, the run bar, and the result below it.
//
// Before a run the form gets what it needs (all but one line for the
// result at most) and Run sits right under it.
// After a run the result takes what the form does not need, but the form
// keeps at least FormFloor (its header and first three fields), as far as
// 60 % of the column goes.
type Detail struct {
	// Expanded reports whether the result region holds something to read.
	Expanded func() bool
	// FormFloor is the least height of the form region.
	FormFloor func() float32
	// FormWant is the height the form region would like (all of it).
	FormWant func() float32
	// Urgent, if set, reports that the result region holds something that
	// waits for the person (a server's question): it then gets 80 %, which
	// at 1024×640 is room for a sampling request's reply and Send.
	Urgent func() bool
}

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
		form = min(want, avail*0.2)
		return form, avail - form
	}
	// The floor gives way only to keep 40 % for the result: in a low window
	// both cannot have all they ask for, and the form scrolls.
	form = max(floor, min(want, avail*0.45))
	form = min(form, avail*0.6)
	return form, avail - form
}

// Layout places objects [form, run bar, result].
func (d *Detail) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	bar := objs[1].MinSize().Height
	form, result := d.Heights(size.Height, bar)
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
