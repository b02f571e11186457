package toolform

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

// A NoToolsNotice stands in the tool column's place when a connected server
// lists no tools: an empty form with a Run button would invite a call to
// nothing. It says why (the list failed, or the server has none) and, when
// the list failed, offers to ask again.
type NoToolsNotice struct {
	Root  *fyne.Container
	Text  *widget.Label
	Retry *widgets.Button
}

// listAgainTimeout bounds "Try listing again", as a list request.
const listAgainTimeout = 30 * time.Second

func newNoToolsNotice(retry func()) *NoToolsNotice {
	n := &NoToolsNotice{Text: widget.NewLabel("")}
	n.Text.Wrapping = fyne.TextWrapWord
	n.Retry = widgets.NewButton(lang.L("Try listing again"), theme.ViewRefreshIcon(), retry)
	n.Root = container.NewPadded(container.NewVBox(n.Text, container.NewHBox(n.Retry)))
	n.Root.Hide()
	return n
}

// Show puts the notice over the tool column (detail) when s is connected
// and has no tools, and gives the column back otherwise. keep is true while
// something in the column must stay in view (a server's question).
func (n *NoToolsNotice) Show(s *mcp.Session, detail fyne.CanvasObject, keep bool) {
	if s == nil || keep || s.Status().State != mcp.StateReady || len(s.Tools()) > 0 {
		n.Root.Hide()
		detail.Show()
		return
	}
	err := s.ToolsError()
	n.Text.SetText(view.NoToolsNotice(err, s.Capabilities().Tools))
	if err != nil {
		n.Retry.Show()
	} else {
		n.Retry.Hide()
	}
	detail.Hide()
	n.Root.Show()
}

// ListAgain asks the selected server for its tools again (the notice's
// button); the tool list event redraws the column, and a new failure is said
// in the notice.
func (p *Pane) ListAgain() {
	server, _ := p.deps.Selected()
	s := p.deps.Session(server)
	if s == nil {
		return
	}
	p.NoTools.Retry.Disable()
	p.deps.GoWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, listAgainTimeout)
		defer cancel()
		_ = s.RefreshTools(ctx) // a failure is kept as s.ToolsError
		fyne.Do(func() {
			p.NoTools.Retry.Enable()
			if server, _ := p.deps.Selected(); p.deps.Session(server) == s {
				p.deps.Relisted()
			}
		})
	})
}
