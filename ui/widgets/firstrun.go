package widgets

import (
	"errors"
	"io/fs"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A FirstRunHint sits under the server list until the servers file exists:
// a person who just installed the app is shown where their servers are.
type FirstRunHint struct {
	path string
	Text *widget.Label
	Find *Button
	Root *fyne.Container
}

// NewFirstRunHint is the card for the servers file at path; its button
// calls find.
func NewFirstRunHint(path string, find func()) *FirstRunHint {
	text := widget.NewLabel(lang.L("Have servers in Claude, Cursor, VS Code or another app?"))
	text.Wrapping = fyne.TextWrapWord
	btn := NewButton(lang.L("Find them…"), theme.SearchIcon(), find)
	btn.Importance = widget.HighImportance
	h := &FirstRunHint{path: path, Text: text, Find: btn, Root: container.NewVBox(widget.NewSeparator(), text, btn)}
	h.Root.Hide()
	return h
}

// Update shows the card while the file can be written: in full while there
// is no servers file yet (the window runs the built-in demo), then as just
// its button — more servers may be found later, and a card that vanishes
// once there are two servers leaves people looking for it.
func (h *FirstRunHint) Update(editable bool) {
	if !editable || h.path == "" {
		h.Root.Hide()
		return
	}
	_, err := os.Stat(h.path)
	if errors.Is(err, fs.ErrNotExist) {
		h.Text.Show()
		h.Find.Importance = widget.HighImportance
	} else {
		h.Text.Hide()
		h.Find.Importance = widget.MediumImportance
	}
	h.Find.Refresh()
	h.Root.Show()
}
