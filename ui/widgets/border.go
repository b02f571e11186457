package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
)

// NewBorder is container.NewBorder with its objects in reading order: top,
// left, the middle, right, bottom. Fyne's own puts the middle first, and
// Tab follows the order of a container's objects, so in a column of a
// filter above a list Tab went to the list before the filter.
func NewBorder(top, bottom, left, right fyne.CanvasObject, middle ...fyne.CanvasObject) *fyne.Container {
	var objects []fyne.CanvasObject
	add := func(o fyne.CanvasObject) {
		if o != nil {
			objects = append(objects, o)
		}
	}
	add(top)
	add(left)
	for _, o := range middle {
		add(o)
	}
	add(right)
	add(bottom)
	return container.New(layout.NewBorderLayout(top, bottom, left, right), objects...)
}
