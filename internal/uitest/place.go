package uitest

import "fyne.io/fyne/v2"

// A Rect is where an object is on its window: its top left corner and size.
type Rect struct{ X, Y, W, H float32 }

// Place is where o is on its window (the app's driver places it).
func Place(o fyne.CanvasObject) Rect {
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	s := o.Size()
	return Rect{p.X, p.Y, s.Width, s.Height}
}

// Inside reports whether r lies within o (half a pixel of rounding allowed).
func (r Rect) Inside(o Rect) bool {
	return r.X >= o.X-0.5 && r.Y >= o.Y-0.5 && r.X+r.W <= o.X+o.W+0.5 && r.Y+r.H <= o.Y+o.H+0.5
}
