package logs

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
	Tabs *container.AppTabs
	Log  *logView
	Wire *wireView

	mu        sync.Mutex
	scheduled bool // a refresh is on its way
	refreshes int  // refreshes done, for tests that wait for one
}

// NewSidePanel makes the panel; win parents its dialogs.
func NewSidePanel(win fyne.Window) *SidePanel {
	p := &SidePanel{win: win, Log: NewLogView(win), Wire: newWireView(win)}
	p.Tabs = container.NewAppTabs(
		container.NewTabItem(lang.L("stderr"), p.Log.Widget()),
		container.NewTabItem(lang.L("messages"), p.Wire.Widget()),
	)
	// A tab that comes on show follows its newest line again, after it has
	// been laid out at its size.
	p.Tabs.OnSelected = func(*container.TabItem) {
		fyne.Do(func() {
			p.Log.Refollow()
			p.Wire.Refollow()
		})
	}
	return p
}

// search is the search box of the tab on show.
func (p *SidePanel) Search() fyne.Focusable {
	if p.Tabs.SelectedIndex() == 1 {
		return p.Wire.Search
	}
	return p.Log.Search
}

// Widget is the panel's canvas object.
func (p *SidePanel) Widget() fyne.CanvasObject { return p.Tabs }

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
	p.Log.SetLog(log, name)
	p.Wire.setWire(wire, name)
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
	time.AfterFunc(panelFrame, func() { fyne.Do(p.Refresh) })
}

// refresh pulls new entries into both tabs; it runs on the UI goroutine.
func (p *SidePanel) Refresh() {
	p.mu.Lock()
	p.scheduled = false
	p.mu.Unlock()
	p.Log.Pull()
	p.Wire.Pull()
	p.mu.Lock()
	p.refreshes++
	p.mu.Unlock()
}
