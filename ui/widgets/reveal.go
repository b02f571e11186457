package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// The focused widget is always in view: every widget of the kit that takes
// the keyboard (Entry, Button, Check, Select) scrolls itself into view when
// it gets it, whether by Tab, by a click or by the app's own Focus, so a
// Space or a typed letter never lands somewhere the person cannot see.

// Reveal scrolls every scroll on o's canvas that holds o, the innermost
// first, the least that brings o into view (as much of it as fits, from
// its top).
func Reveal(o fyne.CanvasObject) {
	d := fyne.CurrentApp().Driver()
	c := d.CanvasForObject(o)
	if c == nil || c.Content() == nil {
		return
	}
	var scrolls []*container.Scroll
	for _, root := range append([]fyne.CanvasObject{c.Content()}, c.Overlays().List()...) {
		scrolls = append(scrolls, scrollsHolding(d, root, o)...)
	}
	for i := len(scrolls) - 1; i >= 0; i-- {
		scrollToShow(d, scrolls[i], o)
	}
}

// scrollsHolding lists the visible scrolls inside root that hold o, the
// outermost first: a scroll holds o when o is drawn inside its content, or
// when a scroll inside it holds o (which may be scrolled out of the outer
// content's place). It looks through containers, scrolls, tabs and splits.
func scrollsHolding(d fyne.Driver, root, o fyne.CanvasObject) []*container.Scroll {
	if root == nil || root == o || !root.Visible() {
		return nil
	}
	var kids []fyne.CanvasObject
	switch v := root.(type) {
	case *fyne.Container:
		kids = v.Objects
	case *container.Scroll:
		inner := scrollsHolding(d, v.Content, o)
		if len(inner) > 0 || v.Content != nil && within(d, o, v.Content) {
			return append([]*container.Scroll{v}, inner...)
		}
		return nil
	case *container.AppTabs:
		if t := v.Selected(); t != nil {
			kids = []fyne.CanvasObject{t.Content}
		}
	case *container.Split:
		kids = []fyne.CanvasObject{v.Leading, v.Trailing}
	}
	// A child that holds o in the tree is where o is; only when o sits
	// inside a widget's own drawing (no container path reaches it) does
	// its place on screen decide, which a scroll's overflowing content can
	// fake for a widget drawn below the scroll.
	for _, k := range kids {
		if reaches(k, o) {
			return scrollsHolding(d, k, o)
		}
	}
	for _, k := range kids {
		if found := scrollsHolding(d, k, o); len(found) > 0 {
			return found
		}
	}
	return nil
}

// reaches reports whether o is root or inside it through containers,
// scrolls, tabs and splits (not through a widget's own drawing).
func reaches(root, o fyne.CanvasObject) bool {
	if root == o {
		return true
	}
	switch v := root.(type) {
	case *fyne.Container:
		for _, k := range v.Objects {
			if reaches(k, o) {
				return true
			}
		}
	case *container.Scroll:
		return v.Content != nil && reaches(v.Content, o)
	case *container.AppTabs:
		if t := v.Selected(); t != nil {
			return reaches(t.Content, o)
		}
	case *container.Split:
		return reaches(v.Leading, o) || reaches(v.Trailing, o)
	}
	return false
}

// Within reports whether o is drawn inside area.
func Within(o, area fyne.CanvasObject) bool { return within(fyne.CurrentApp().Driver(), o, area) }

func within(d fyne.Driver, o, area fyne.CanvasObject) bool {
	p, a := d.AbsolutePositionForObject(o), d.AbsolutePositionForObject(area)
	s, as := o.Size(), area.Size()
	return p.X >= a.X-0.5 && p.Y >= a.Y-0.5 && p.X+s.Width <= a.X+as.Width+0.5 && p.Y+s.Height <= a.Y+as.Height+0.5
}

// scrollToShow scrolls s (vertically) the least that shows o.
func scrollToShow(d fyne.Driver, s *container.Scroll, o fyne.CanvasObject) {
	if s.Direction == container.ScrollHorizontalOnly || s.Direction == container.ScrollNone {
		return
	}
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(s.Content).Y
	bottom := top + o.Size().Height
	view, off := s.Size().Height, s.Offset.Y
	switch {
	case top < off || bottom-top > view:
		off = top - theme.Padding()
	case bottom > off+view:
		off = bottom - view + theme.Padding()
	default:
		return
	}
	s.ScrollToOffset(fyne.NewPos(s.Offset.X, max(off, 0)))
}

// FocusGained scrolls the entry into view (the rule above).
func (e *Entry) FocusGained() {
	e.Entry.FocusGained()
	if e.outer != nil {
		Reveal(e.outer)
	}
}

// FocusGained scrolls the check box into view.
func (c *Check) FocusGained() {
	c.Check.FocusGained()
	Reveal(c)
}

// FocusGained scrolls the drop-down into view.
func (s *Select) FocusGained() {
	s.Select.FocusGained()
	Reveal(s)
}

// FocusGained shows the button's focus ring (button.go) and scrolls the
// button into view.
func (b *Button) FocusGained() {
	b.focused = true
	b.Button.FocusGained()
	Reveal(b)
}
