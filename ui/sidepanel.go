package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
)

// A SidePanel shows the selected server's log ("stderr") and wire log
// ("messages") in two tabs, live.
type SidePanel struct {
	win  fyne.Window
	tabs *container.AppTabs
}

// NewSidePanel makes the panel; win parents its dialogs.
func NewSidePanel(win fyne.Window) *SidePanel {
	p := &SidePanel{win: win}
	p.tabs = container.NewAppTabs(
		container.NewTabItem("stderr", widget.NewLabel("")),
		container.NewTabItem("messages", widget.NewLabel("")),
	)
	return p
}

// SetSession shows s's Log and Wire; nil clears the panel.
func (p *SidePanel) SetSession(s *mcp.Session) {
	if s == nil {
		p.SetLogs(nil, nil)
		return
	}
	p.SetLogs(s.Log, s.Wire)
}

// SetLogs shows the given logs (either may be nil).
func (p *SidePanel) SetLogs(log *mcp.ServerLog, wire *mcp.WireLog) {}

// Notify tells the panel something happened; safe from any goroutine, cheap,
// and batched to at most one refresh per frame.
func (p *SidePanel) Notify(e mcp.Event) {}

// Widget is the panel's canvas object.
func (p *SidePanel) Widget() fyne.CanvasObject { return p.tabs }
