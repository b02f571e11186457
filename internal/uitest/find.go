// Package uitest holds what the window's tests in several packages below
// ui/ share: finding widgets in a tree as a person would see them. It is
// imported by tests only.
package uitest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/ui/widgets"
)

// FindButton is the visible button labelled label inside o, or nil.
func FindButton(o fyne.CanvasObject, label string) *widget.Button {
	if o == nil || !o.Visible() {
		return nil
	}
	switch v := o.(type) {
	case *widgets.Button:
		return FindButton(&v.Button, label)
	case *widget.Button:
		if v.Text == label {
			return v
		}
		return nil
	case *fyne.Container:
		for _, c := range v.Objects {
			if b := FindButton(c, label); b != nil {
				return b
			}
		}
		return nil
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			if b := FindButton(c, label); b != nil {
				return b
			}
		}
	}
	return nil
}

// FindAll returns the objects of type T inside o, in display order,
// looking through containers (every wrapper the form uses is one).
func FindAll[T any](o fyne.CanvasObject) []T {
	var out []T
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if t, ok := o.(T); ok {
			out = append(out, t)
		}
		if c, ok := o.(*fyne.Container); ok {
			for _, child := range c.Objects {
				walk(child)
			}
		}
	}
	walk(o)
	return out
}
