package ui

import (
	"sync"
	"time"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
)

// panelFrame is how often, at most, the side panel redraws for new log lines or
// messages: a server that floods stderr costs one refresh per frame, not
// one per line.
const panelFrame = 16 * time.Millisecond

// A SidePanel shows the selected server's log ("stderr") and wire log
// ("messages") in two tabs, live.
type SidePanel struct {
	win  fyne.Window
	tabs *container.AppTabs
	log  *logView
	wire *wireView

	mu        sync.Mutex
	scheduled bool // a refresh is on its way
	refreshes int  // refreshes done, for tests that wait for one
}

// NewSidePanel makes the panel; win parents its dialogs.
func NewSidePanel(win fyne.Window) *SidePanel {
	p := &SidePanel{win: win, log: newLogView(win), wire: newWireView(win)}
	p.tabs = container.NewAppTabs(
		container.NewTabItem(lang.L("stderr"), p.log.Widget()),
		container.NewTabItem(lang.L("messages"), p.wire.Widget()),
	)
	// A tab that comes on show follows its newest line again, after it has
	// been laid out at its size.
	p.tabs.OnSelected = func(*container.TabItem) {
		fyne.Do(func() {
			p.log.Refollow()
			p.wire.Refollow()
		})
	}
	return p
}

// search is the search box of the tab on show.
func (p *SidePanel) search() fyne.Focusable {
	if p.tabs.SelectedIndex() == 1 {
		return p.wire.Search
	}
	return p.log.Search
}

// Widget is the panel's canvas object.
func (p *SidePanel) Widget() fyne.CanvasObject { return p.tabs }

// SetSession shows s's Log and Wire; nil clears the panel.
func (p *SidePanel) SetSession(s *mcp.Session) {
	if s == nil {
		p.setLogs(nil, nil, "")
		return
	}
	p.setLogs(s.Log, s.Wire, s.Name())
}

// SetLogs shows the given logs (either may be nil), as SetSession does for a
// session's own.
func (p *SidePanel) SetLogs(log *transport.ServerLog, wire *transport.WireLog) {
	p.setLogs(log, wire, "")
}

// setLogs is SetLogs with the server's name, which names saved files.
func (p *SidePanel) setLogs(log *transport.ServerLog, wire *transport.WireLog, name string) {
	p.log.setLog(log, name)
	p.wire.setWire(wire, name)
}

// Notify tells the panel that its logs may have grown. It is safe from any
// goroutine and cheap: it only schedules one refresh for the next frame,
// which then reads every new entry at once.
func (p *SidePanel) Notify(e mcp.Event) {
	if e.Kind != mcp.EventLog && e.Kind != mcp.EventWire {
		return
	}
	p.mu.Lock()
	if p.scheduled {
		p.mu.Unlock()
		return
	}
	p.scheduled = true
	p.mu.Unlock()
	time.AfterFunc(panelFrame, func() { fyne.Do(p.refresh) })
}

// refresh pulls new entries into both tabs; it runs on the UI goroutine.
func (p *SidePanel) refresh() {
	p.mu.Lock()
	p.scheduled = false
	p.mu.Unlock()
	p.log.Pull()
	p.wire.Pull()
	p.mu.Lock()
	p.refreshes++
	p.mu.Unlock()
}
