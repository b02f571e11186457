package ui

import (
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// goToServer asks for part of a server's name and selects the first server
// whose name contains it (View → Go to server…, Ctrl+K): a way to switch
// servers from the keyboard, also when the servers column is collapsed.
func (w *MainWindow) goToServer() {
	entry := widgets.NewEntry() // Esc closes the pop-up (keys.go)
	entry.SetPlaceHolder(lang.L("Server name, then Enter"))
	var pop *widget.PopUp
	entry.OnSubmitted = func(text string) {
		pop.Hide()
		if name := view.MatchServer(w.serverNames(), text); name != "" {
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
