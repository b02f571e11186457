package widgets

import "fyne.io/fyne/v2/widget"

// NewStoppedInfiniteBar is an infinite progress bar that starts hidden and
// stopped, and stays so until Show and Start. Fyne's sets itself running
// when its renderer is made, which happens to hidden widgets too, and a
// running bar redraws the whole window every frame while the app is idle.
// Making the renderer here, then stopping, settles it. Hide it again with
// Stop before Hide: Hide alone clears the flag but not the animation.
func NewStoppedInfiniteBar() *widget.ProgressBarInfinite {
	b := widget.NewProgressBarInfinite()
	b.MinSize() // makes the renderer
	b.Stop()
	b.Hide()
	return b
}
