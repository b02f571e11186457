package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// fitDialog is a dialog size of at most w×h that fits inside the window
// with a margin, so a dialog never hangs over a 1024×640 window's edges.
func fitDialog(win fyne.Window, w, h float32) fyne.Size {
	c := win.Canvas().Size()
	if c.Width > 0 {
		w = min(w, c.Width-40)
	}
	if c.Height > 0 {
		h = min(h, c.Height-40)
	}
	return fyne.NewSize(w, h)
}

// dismissWords are the labels of buttons that close a dialog without
// doing anything, in the order Esc looks for them.
var dismissWords = []string{"Cancel", "Close", "Don't run", "Keep", "No", "Not now", "OK"}

// dismissOverlay closes the dialog or pop-up on top, as its own cancel
// button would (so its callback runs). It reports whether there was one.
func dismissOverlay(c fyne.Canvas) bool {
	top := c.Overlays().Top()
	if top == nil {
		return false
	}
	if pu, ok := top.(*widget.PopUp); ok {
		for _, word := range dismissWords {
			if b := findButtonIn(pu.Content, word); b != nil && b.OnTapped != nil {
				b.OnTapped()
				return true
			}
		}
	}
	top.Hide()
	c.Overlays().Remove(top)
	return true
}

// findButtonIn is the visible button labelled text inside o (containers only).
func findButtonIn(o fyne.CanvasObject, text string) *widget.Button {
	if o == nil || !o.Visible() {
		return nil
	}
	switch x := o.(type) {
	case *widget.Button:
		if x.Text == text && !x.Disabled() {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := findButtonIn(c, text); b != nil {
				return b
			}
		}
	}
	return nil
}
