package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// goToServer asks for part of a server's name and selects the first server
// whose name contains it (View → Go to server…, Ctrl+K): a way to switch
// servers from the keyboard, also when the servers column is collapsed.
func (w *MainWindow) goToServer() {
	entry := newEscEntry()
	entry.SetPlaceHolder(lang.L("Server name, then Enter"))
	var pop *widget.PopUp
	entry.onEsc = func() { pop.Hide() }
	entry.OnSubmitted = func(text string) {
		pop.Hide()
		if name := matchServer(w.serverNames(), text); name != "" {
			w.selectServer(name)
		}
	}
	box := container.NewVBox(widget.NewLabel(lang.L("Go to server")), entry)
	pop = widget.NewModalPopUp(container.NewPadded(box), w.win.Canvas())
	pop.Resize(fyne.NewSize(360, box.MinSize().Height+16))
	pop.Show()
	w.win.Canvas().Focus(entry)
}

// serverNames lists the servers in the window's order.
func (w *MainWindow) serverNames() []string {
	var names []string
	for _, s := range w.manager.Sessions() {
		names = append(names, s.Name())
	}
	return names
}

// matchServer is the first name equal to query (any case), else the first
// that contains it, else "".
func matchServer(names []string, query string) string {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return ""
	}
	for _, n := range names {
		if strings.ToLower(n) == q {
			return n
		}
	}
	for _, n := range names {
		if strings.Contains(strings.ToLower(n), q) {
			return n
		}
	}
	return ""
}

// An escEntry is an Entry that reports Esc, which the canvas never sees
// while an entry has the keyboard.
type escEntry struct {
	widget.Entry
	onEsc func()
}

func newEscEntry() *escEntry {
	e := &escEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey closes on Esc and types everything else.
func (e *escEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.onEsc != nil {
		e.onEsc()
		return
	}
	e.Entry.TypedKey(k)
}
