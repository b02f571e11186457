package ui

import (
	"context"
	"encoding/json"
	"slices"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
	"mcpbrowser/mcp/tap"
	"mcpbrowser/ui/live"
)

// liveWindow is the Live window (ui/live): the sessions hosts ran through
// `mcpbrowser tap`. It is a window of its own, not a tab of the middle
// column: a session belongs to no selected server (the host started it,
// maybe with a server the app does not know), it must stay visible while
// the person calls the same tool in the main window to compare, and it
// opens the same way with no server at all. View → Live sessions and
// File → Open recording… open it.
type liveWindow struct {
	screen *live.Screen
	win    fyne.Window
	root   string // tap.Dir(); a test's folder
}

// showLive brings up the Live window, building it the first time.
func (w *MainWindow) showLive() *live.Screen {
	if w.live.win != nil {
		w.live.win.Show()
		w.live.win.RequestFocus()
		return w.live.screen
	}
	root := w.live.root
	if root == "" {
		root = tap.Dir()
	}
	win := w.app.NewWindow(lang.L("Live sessions"))
	ctx, cancel := context.WithCancel(w.ctx)
	s := live.New(live.Deps{Win: win, Root: root, OpenInTools: w.openRecordedCall, SaveCheck: w.saveRecordedCheck})
	win.SetContent(s.Widget())
	win.Resize(fyne.NewSize(1100, 700))
	win.SetOnClosed(func() {
		cancel()
		s.Close()
		w.live.screen, w.live.win = nil, nil
	})
	w.live.screen, w.live.win = s, win
	s.Start(ctx)
	win.Show()
	return s
}

// openRecording is File → Open recording….
func (w *MainWindow) openRecording() { w.showLive().ChooseRecording() }

// knownServer is the app's server that runs what a tapped session ran:
// the same command line, or the same address; "" when there is none.
func knownServer(m *mcp.Manager, s tap.Summary) string {
	if m == nil {
		return ""
	}
	for _, sess := range m.Sessions() {
		cfg := sess.Config()
		switch {
		case cfg == nil:
		case s.URL != "" && cfg.URL == s.URL:
			return sess.Name()
		case len(s.Command) > 0 && cfg.Command == s.Command[0] && slices.Equal(cfg.Args, s.Command[1:]):
			return sess.Name()
		}
	}
	return ""
}

// tappedServer is the entry "Open in Tools" offers to add for a session
// whose server the app does not know.
func (w *MainWindow) tappedServer(s tap.Summary) *config.ServerConfig {
	spec := live.SpecOf(s)
	sc := spec.Config(w.servers.UniqueName(s.ServerName()))
	return sc
}

// openRecordedCall is "Open in Tools with these arguments": the server
// selected (added first, if the person agrees, when the app does not know
// it), and the tool's form filled as History's "Load arguments" fills it.
func (w *MainWindow) openRecordedCall(s tap.Summary, tool string, args json.RawMessage) {
	e := history.Entry{Kind: history.Tool, Name: tool, Arguments: args, Time: time.Now()}
	if name := knownServer(w.manager, s); name != "" {
		w.replayOn(name, e)
		return
	}
	sc := w.tappedServer(s)
	parent := w.win
	if w.live.win != nil {
		parent = w.live.win
	}
	dialog.ShowConfirm(lang.L("Add this server?"),
		i18n.L("Your servers do not include the one this session ran. Add it as “{{.Name}}” to call {{.Tool}} yourself?", map[string]any{"Name": sc.Name, "Tool": tool}),
		func(ok bool) {
			if ok {
				w.servers.PutServer("", sc)
				w.replayOn(sc.Name, e)
			}
		}, parent)
}

// replayOn selects the server, brings the main window up and loads the
// call into the tool's form once the server lists its tools.
func (w *MainWindow) replayOn(name string, e history.Entry) {
	m := w.manager
	replay := func() {
		w.selectServer(name)
		w.win.RequestFocus()
		if _, note := w.features.Replay(e); note != "" {
			w.runner.Say(note)
		}
	}
	s := m.Session(name)
	if s != nil && s.Status().State == mcp.StateReady && len(s.Tools()) > 0 {
		replay()
		return
	}
	w.selectServer(name)
	var fired atomic.Bool
	var stop func()
	stop = m.Subscribe(func(ev mcp.Event) {
		if ev.Server != name || ev.Kind != mcp.EventTools || fired.Swap(true) {
			return
		}
		fyne.Do(func() { // after stop was set: this runs on the UI goroutine too
			stop()
			replay()
		})
	})
	if s != nil && s.Status().State != mcp.StateStarting {
		w.GoWork(func(ctx context.Context) { s.Connect(ctx) })
	}
}

// saveRecordedCheck is the Live window's "Save as check": the Checks
// tab's dialog, against the app's server when it knows it, else with the
// session's server written into the check file.
func (w *MainWindow) saveRecordedCheck(s tap.Summary, r *mcp.CallResult) {
	if name := knownServer(w.manager, s); name != "" {
		r.Server = name
		w.checks.SaveAsCheckFor(r, nil, nil)
		return
	}
	spec := live.SpecOf(s)
	w.checks.SaveAsCheckFor(r, nil, &spec)
}
