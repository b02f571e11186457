package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
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
//
// A focused button draws a ring in the text colour around itself, whatever
// its importance: Fyne shows focus only by blending its focus colour (the
// primary blue, faded) over the button's, which on a primary button is
// blue on blue and on the others a shade a person does not notice.
type Button struct {
	widget.Button
	spaceArmed bool // Space was typed here: its rune (or key-up) presses
	focused    bool // the ring shows
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

// FocusLost disarms the button (a Space typed here presses nothing
// elsewhere) and hides the ring.
func (b *Button) FocusLost() {
	b.spaceArmed = false
	b.focused = false
	b.Button.FocusLost()
}

// CreateRenderer is Fyne's button renderer with the focus ring on top.
func (b *Button) CreateRenderer() fyne.WidgetRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	r := &ringRenderer{WidgetRenderer: b.Button.CreateRenderer(), ring: ring, b: b}
	r.applyRing()
	return r
}

// ringRenderer draws a Button: Fyne's renderer and the focus ring.
type ringRenderer struct {
	fyne.WidgetRenderer
	ring *canvas.Rectangle
	b    *Button
	objs []fyne.CanvasObject
}

func (r *ringRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	r.ring.Move(fyne.NewPos(0, 0))
	r.ring.Resize(size)
}

// Objects are Fyne's (which change when the icon does) and the ring.
func (r *ringRenderer) Objects() []fyne.CanvasObject {
	r.objs = append(append(r.objs[:0], r.WidgetRenderer.Objects()...), r.ring)
	return r.objs
}

func (r *ringRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.applyRing()
}

func (r *ringRenderer) applyRing() {
	th := r.b.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.ring.StrokeColor = th.Color(theme.ColorNameForeground, v)
	r.ring.StrokeWidth = 2
	r.ring.CornerRadius = th.Size(theme.SizeNameInputRadius)
	r.ring.Hidden = !r.b.focused || r.b.Disabled()
	r.ring.Refresh()
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
