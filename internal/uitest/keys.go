package uitest

import (
	"testing"

	"fyne.io/fyne/v2"

	"mcpbrowser/ui/widgets"
)

// PressLikeDriver types key on c as the desktop driver does: TypedKey to
// the focused widget, then the key's rune (0: none) to the widget focused
// after that, then the release to the widget focused then.
func PressLikeDriver(c fyne.Canvas, key fyne.KeyName, r rune) {
	ev := &fyne.KeyEvent{Name: key}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	}
	if f := c.Focused(); f != nil && r != 0 {
		f.TypedRune(r)
	}
	if f, ok := c.Focused().(interface{ KeyUp(*fyne.KeyEvent) }); ok {
		f.KeyUp(ev)
	}
}

// TabLikeDriver is Tab (Shift+Tab with back) as the desktop driver handles
// it: typed into a field that accepts tabs, else the focus moves.
func TabLikeDriver(c fyne.Canvas, back bool) {
	if tb, ok := c.Focused().(fyne.Tabbable); ok && tb.AcceptsTab() {
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
		return
	}
	if back {
		c.FocusPrevious()
	} else {
		c.FocusNext()
	}
}

// AppButton is the app's button labelled text in o; the test fails without one.
func AppButton(t testing.TB, o fyne.CanvasObject, text string) *widgets.Button {
	t.Helper()
	for _, b := range FindAll[*widgets.Button](o) {
		if b.Text == text {
			return b
		}
	}
	t.Fatalf("no %q button", text)
	return nil
}
