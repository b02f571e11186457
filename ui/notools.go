package ui

import (
	"context"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A noToolsNotice stands in the tool column's place when a connected server
// lists no tools: an empty form with a Run button would invite a call to
// nothing. It says why (the list failed, or the server has none) and, when
// the list failed, offers to ask again.
type noToolsNotice struct {
	root  *fyne.Container
	text  *widget.Label
	retry *widgets.Button
}

// listAgainTimeout bounds "Try listing again", as a list request.
const listAgainTimeout = 30 * time.Second

func newNoToolsNotice(retry func()) *noToolsNotice {
	n := &noToolsNotice{text: widget.NewLabel("")}
	n.text.Wrapping = fyne.TextWrapWord
	n.retry = widgets.NewButton(lang.L("Try listing again"), theme.ViewRefreshIcon(), retry)
	n.root = container.NewPadded(container.NewVBox(n.text, container.NewHBox(n.retry)))
	n.root.Hide()
	return n
}

// show puts the notice over the tool column (detail) when s is connected
// and has no tools, and gives the column back otherwise. keep is true while
// something in the column must stay in view (a server's question).
func (n *noToolsNotice) show(s *mcp.Session, detail fyne.CanvasObject, keep bool) {
	if s == nil || keep || s.Status().State != mcp.StateReady || len(s.Tools()) > 0 {
		n.root.Hide()
		detail.Show()
		return
	}
	err := s.ToolsError()
	n.text.SetText(view.NoToolsNotice(err, s.Capabilities().Tools))
	if err != nil {
		n.retry.Show()
	} else {
		n.retry.Hide()
	}
	detail.Hide()
	n.root.Show()
}

// listToolsAgain asks the selected server for its tools again (the notice's
// button); the tool list event redraws the column, and a new failure is said
// in the notice.
func (w *MainWindow) listToolsAgain() {
	s := w.manager.Session(w.selected)
	if s == nil {
		return
	}
	w.noTools.retry.Disable()
	w.goWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, listAgainTimeout)
		defer cancel()
		_ = s.RefreshTools(ctx) // a failure is kept as s.ToolsError
		fyne.Do(func() {
			w.noTools.retry.Enable()
			if w.manager.Session(w.selected) == s {
				w.showSelection()
			}
		})
	})
}
