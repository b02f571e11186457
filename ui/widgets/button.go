package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// A Button is widget.Button as the app's buttons behave: Space or Enter
// press it (Fyne's knows only Space; desktop buttons take both), and Esc
// goes to its canvas's typed-key handler, which closes the dialog on top or
// cancels the running call — Tab reaches buttons, and Esc must still work
// there. Package ui calls it escButton.
type Button struct {
	widget.Button
}

// NewButton is widget.NewButtonWithIcon (icon may be nil) as a Button.
func NewButton(label string, icon fyne.Resource, tapped func()) *Button {
	b := &Button{}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedKey hands Esc to the canvas, presses the button on Enter as on Space,
// and gives every other key to the Button.
func (b *Button) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyEscape:
		EscapeFrom(b, k)
	case fyne.KeyReturn, fyne.KeyEnter:
		b.Button.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace, Physical: k.Physical})
	default:
		b.Button.TypedKey(k)
	}
}

// EscapeFrom gives Esc typed in o to the typed-key handler of o's canvas.
func EscapeFrom(o fyne.CanvasObject, k *fyne.KeyEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(o); c != nil && c.OnTypedKey() != nil {
		c.OnTypedKey()(k)
	}
}
