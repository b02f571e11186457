package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// A formEntry is the Entry every text input of the form uses. It passes
// Ctrl+Enter (Cmd+Enter on macOS) to onSubmit: a focused entry receives
// shortcuts instead of the canvas, so without this the window's Run shortcut
// would never fire while the person is typing.
type formEntry struct {
	widget.Entry
	onSubmit    func()
	onFocusLost func()
}

func newFormEntry(multiLine bool, onSubmit func()) *formEntry {
	e := &formEntry{onSubmit: onSubmit}
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
func (e *formEntry) TypedShortcut(s fyne.Shortcut) {
	if isSubmitShortcut(s) {
		if e.onSubmit != nil {
			e.onSubmit()
		}
		return
	}
	e.Entry.TypedShortcut(s)
}

// FocusLost also tells onFocusLost, for inputs that commit on leaving.
func (e *formEntry) FocusLost() {
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
