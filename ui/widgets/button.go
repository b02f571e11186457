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
//
// An activation key that presses a button never reaches another widget.
// The driver delivers Space as TypedKey(Space) and then TypedRune(' '), each
// to the widget focused at that moment: pressing on the key would hand the
// rune to whatever the press focused ("+ Add item" then the new item's entry
// starts with a space). So Space only arms the button, and the press comes
// with its rune, which the button keeps (or, if no rune comes, when the key
// is released). Enter has no rune and presses at once.
type Button struct {
	widget.Button
	spaceArmed bool // Space was typed here: its rune (or key-up) presses
}

// NewButton is widget.NewButtonWithIcon (icon may be nil) as a Button.
func NewButton(label string, icon fyne.Resource, tapped func()) *Button {
	b := &Button{}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedKey hands Esc to the canvas, presses the button on Enter, arms it on
// Space (the rule above), and gives every other key to the Button.
func (b *Button) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyEscape:
		EscapeFrom(b, k)
	case fyne.KeySpace:
		b.spaceArmed = true
	case fyne.KeyReturn, fyne.KeyEnter:
		b.press()
	default:
		b.Button.TypedKey(k)
	}
}

// TypedRune presses an armed button on Space's rune, which it keeps.
func (b *Button) TypedRune(r rune) {
	if r == ' ' && b.spaceArmed {
		b.spaceArmed = false
		b.press()
	}
}

// KeyDown does nothing: the press waits for the rune or the release.
func (b *Button) KeyDown(*fyne.KeyEvent) {}

// KeyUp presses a button still armed when Space is released (a Space that
// brought no rune).
func (b *Button) KeyUp(k *fyne.KeyEvent) {
	if k.Name == fyne.KeySpace && b.spaceArmed {
		b.spaceArmed = false
		b.press()
	}
}

// FocusLost disarms the button: a Space typed here presses nothing elsewhere.
func (b *Button) FocusLost() {
	b.spaceArmed = false
	b.Button.FocusLost()
}

// press presses the button as Fyne's own does on Space (not when disabled).
func (b *Button) press() {
	b.Button.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
}

// EscapeFrom gives Esc typed in o to the typed-key handler of o's canvas.
func EscapeFrom(o fyne.CanvasObject, k *fyne.KeyEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(o); c != nil && c.OnTypedKey() != nil {
		c.OnTypedKey()(k)
	}
}
