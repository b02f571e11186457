package servers

import (
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// GoTo asks for part of a server's name and selects the first server whose
// name contains it (View → Go to server…, Ctrl+K): a way to switch servers
// from the keyboard, also when the servers column is collapsed.
func (s *Screen) GoTo() {
	win := s.deps.Win
	entry := widgets.NewEntry() // Esc closes the pop-up (keys.go)
	entry.SetPlaceHolder(lang.L("Server name, then Enter"))
	var pop *widget.PopUp
	entry.OnSubmitted = func(text string) {
		pop.Hide()
		if name := view.MatchServer(s.names(), text); name != "" {
			s.deps.SelectServer(name)
		}
	}
	box := container.NewVBox(widget.NewLabel(lang.L("Go to server")), entry)
	pop = widget.NewModalPopUp(container.NewPadded(box), win.Canvas())
	pop.Resize(fyne.NewSize(360, box.MinSize().Height+16))
	pop.Show()
	win.Canvas().Focus(entry)
}

// names lists the servers in the window's order.
func (s *Screen) names() []string {
	var names []string
	for _, sess := range s.deps.Manager().Sessions() {
		names = append(names, sess.Name())
	}
	return names
}
