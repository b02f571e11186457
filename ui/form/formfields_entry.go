package form

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"mcpbrowser/ui/widgets"
)

// A FormEntry is the Entry every text input of the form uses: the app's
// widgets.Entry (Esc goes to the canvas; Tab and Shift+Tab leave a
// multi-line field, as in every other field of the app) that also passes
// Ctrl+Enter (Cmd+Enter on macOS) to onSubmit: a focused entry receives
// shortcuts instead of the canvas, so without this the window's Run shortcut
// would never fire while the person is typing.
type FormEntry struct {
	widgets.Entry
	onSubmit    func()
	onFocusLost func()
	// onFocus is told when the entry gets the keyboard (the form scrolls it into view).
	onFocus func(fyne.CanvasObject)
}

func newFormEntry(multiLine bool, onSubmit func()) *FormEntry {
	e := &FormEntry{onSubmit: onSubmit}
	e.MultiLine = multiLine
	e.Wrapping = fyne.TextWrapOff
	if multiLine {
		e.Wrapping = fyne.TextWrapWord
	}
	e.ExtendBaseWidget(e)
	return e
}

// TypedShortcut runs onSubmit for Ctrl+Enter and hands every other
// shortcut to the Entry.
func (e *FormEntry) TypedShortcut(s fyne.Shortcut) {
	if isSubmitShortcut(s) {
		if e.onSubmit != nil {
			e.onSubmit()
		}
		return
	}
	e.Entry.TypedShortcut(s)
}

// TypedKey hands Esc to the canvas (keys.go: it cancels the call that
// Ctrl+Enter started from this field) and types everything else.
func (e *FormEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		widgets.EscapeFrom(e, k)
		return
	}
	e.Entry.TypedKey(k)
}

// FocusGained also tells onFocus.
func (e *FormEntry) FocusGained() {
	e.Entry.FocusGained()
	if e.onFocus != nil {
		e.onFocus(e)
	}
}

// FocusLost also tells onFocusLost, for inputs that commit on leaving.
func (e *FormEntry) FocusLost() {
	e.Entry.FocusLost()
	if e.onFocusLost != nil {
		e.onFocusLost()
	}
}

// isSubmitShortcut reports whether s is Ctrl+Enter or Cmd+Enter (either
// Return or the keypad's Enter).
func isSubmitShortcut(s fyne.Shortcut) bool {
	c, ok := s.(*desktop.CustomShortcut)
	if !ok {
		return false
	}
	if c.KeyName != fyne.KeyReturn && c.KeyName != fyne.KeyEnter {
		return false
	}
	return c.Modifier == fyne.KeyModifierControl || c.Modifier == fyne.KeyModifierSuper
}
