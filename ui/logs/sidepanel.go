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

	// after schedules f once d has passed: time.AfterFunc, or a test's
	// hand-run queue.
	after func(d time.Duration, f func())

	// pull serialises refreshes: fyne.Do runs f on the UI goroutine in the
	// app, but a driver may run it on the caller's goroutine (Fyne's test
	// driver does, on the timer's), so two could otherwise overlap.
	pull sync.Mutex

	mu        sync.Mutex
	settled   *sync.Cond // broadcast when a refresh ends
	scheduled bool       // a refresh is on its way
	running   int        // refreshes under way
	refreshes int        // refreshes done, for tests that wait for one
}

// NewSidePanel makes the panel; win parents its dialogs.
func NewSidePanel(win fyne.Window) *SidePanel {
	p := &SidePanel{win: win, Log: NewLogView(win), Wire: newWireView(win), after: afterFunc}
	p.settled = sync.NewCond(&p.mu)
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
	p.pull.Lock()
	defer p.pull.Unlock()
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
	p.after(panelFrame, func() { fyne.Do(p.Refresh) })
}

func afterFunc(d time.Duration, f func()) { time.AfterFunc(d, f) }

// Refresh pulls new entries into both tabs. It belongs on the UI goroutine;
// refreshes run one at a time whichever goroutine calls them.
func (p *SidePanel) Refresh() {
	p.mu.Lock()
	// Cleared before the pull: a Notify from now on schedules another
	// refresh, and one before it is read by this one.
	p.scheduled = false
	p.running++
	p.mu.Unlock()
	p.pull.Lock()
	p.Log.Pull()
	p.Wire.Pull()
	p.pull.Unlock()
	p.mu.Lock()
	p.running--
	p.refreshes++
	p.settled.Broadcast()
	p.mu.Unlock()
}
