package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mcpbrowser/internal/i18n"
	"mcpbrowser/ui/form"
	"mcpbrowser/ui/importing"
	"mcpbrowser/ui/logs"
	"mcpbrowser/ui/quality"
	"mcpbrowser/ui/requests"
	"mcpbrowser/ui/result"
	"mcpbrowser/ui/servers"
	"mcpbrowser/ui/tabs"
	"mcpbrowser/ui/toolform"
	"sync"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
	"mcpbrowser/mcp/oauth"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// WindowTitle is the main window's title.
const WindowTitle = "MCP Browser"

// A MainWindow is the app's one window: servers on the left; the selected
// server's tools, the selected tool's form, Run and the result in the middle;
// the server's stderr and wire log on the right.
//
// Fields without a note are used on the UI goroutine only. Work that waits on
// a server runs on goroutines made by GoWork and reports back with fyne.Do.
type MainWindow struct {
	app     fyne.App
	win     fyne.Window
	cfgPath string
	prefs   windowPrefs

	// ctx ends when the window closes; every background job and call uses it.
	ctx    context.Context
	cancel context.CancelFunc
	jobs   sync.WaitGroup

	// manager is replaced when a broken servers file is reloaded.
	manager *mcp.Manager
	// stopWatch ends the watch of the servers file for the current manager.
	stopWatch context.CancelFunc
	// client is how the app introduces itself to servers (its version), kept
	// for the next manager and the About dialog.
	client mcp.ClientInfo
	// approvals is the store the manager checks imported commands against
	// (nil: nothing needs approval).
	approvals   *config.ApprovalStore
	unsubscribe func()
	// configErr is why the servers file could not be read; while it is set
	// nothing may be saved (that would overwrite the person's file).
	configErr error

	selected    string       // selected server's name
	sideSession *mcp.Session // the session the side panel shows
	currentTool *sdk.Tool    // selected tool of the selected server

	banner       *fyne.Container
	bannerText   *widget.Label
	servers      *servers.Screen // the list, status, editor, sign-in and roots (ui/servers)
	toolform     *toolform.Pane  // the Tools screen; tools, header, form, runner and noTools are its parts
	tools        *toolform.ToolList
	header       *toolform.Header
	form         *form.FormView
	runner       *toolform.RunBar
	result       *result.ResultView
	apps         *result.AppPane // the selected tool's MCP App (ui/result)
	side         *logs.SidePanel
	middle       *fyne.Container // holds either the tools area or status
	toolsArea    fyne.CanvasObject
	emptyNotice  *fyne.Container
	detail       *fyne.Container
	noTools      *toolform.NoToolsNotice // over detail when the server lists no tools
	resultSlot   *fyne.Container         // the result, or the server requests in its place
	callServer   string                  // the server of the running call
	callTag      *mcp.CallTag            // the running call's, for its server's questions
	withdrawn    int                     // its questions withdrawn when it was cancelled
	detailLayout *widgets.Detail
	columns      *widgets.Columns
	outer        *fyne.Container
	switcher     *widget.Select // the servers column's stand-in in narrow windows
	switcherRow  *fyne.Container
	switching    bool              // the switcher is being set by the window, not the person
	lastTool     map[string]string // server → the tool last selected there

	// For tests and for the person: what the window last did.
	lastResult *mcp.CallResult
	lastNotice string
	lastDiff   *result.DiffView

	// features are the tabs beyond tools and the server header (ui/tabs, frame.go).
	features *tabs.Frame
	// requests shows what servers ask of the person (ui/requests).
	requests *requests.RequestPanel
	// history keeps every call, read and prompt get (nil: nothing is kept).
	history *history.History
	// checks is the Checks tab (ui/quality).
	checks *quality.Checks

	// importing brings servers in from other apps and exports them (ui/importing).
	importing *importing.Screen
	origin    *widgets.OriginView
	// quality lints tools for the list's badges and the report (ui/quality).
	quality *quality.Lint
	// live is the Live window, when open (livewiring.go).
	live liveWindow

	closeOnce sync.Once

	// refreshMu guards the servers whose events wait for a redraw.
	refreshMu      sync.Mutex
	refreshPending map[string]bool
	refreshAll     bool
}

// NewMainWindow builds the window for m's servers. It shows nothing and
// connects nothing: Show does both. cfgPath names the servers file in messages.
func NewMainWindow(a fyne.App, m *mcp.Manager, cfgPath string) *MainWindow {
	ctx, cancel := context.WithCancel(context.Background())
	w := &MainWindow{
		app: a, win: a.NewWindow(WindowTitle), cfgPath: cfgPath,
		prefs: windowPrefs{a.Preferences()}, ctx: ctx, cancel: cancel,
		manager: m, lastTool: map[string]string{},
		refreshPending: map[string]bool{},
	}
	w.build()
	w.servers.Roots.ApplyAll(m)
	w.subscribe()
	w.reloadServers()
	if last := w.prefs.lastServer(); m.Session(last) != nil {
		w.selectServer(last)
	} else if ss := m.Sessions(); len(ss) > 0 {
		w.selectServer(ss[0].Name())
	} else {
		w.showSelection() // the empty list's page, with its ways to add servers
	}
	return w
}

// Window is the Fyne window.
func (w *MainWindow) Window() fyne.Window { return w.win }

// Manager is the manager whose servers the window shows.
func (w *MainWindow) Manager() *mcp.Manager { return w.manager }

func (w *MainWindow) build() {
	w.importing = newImporting(w) // importwiring.go
	w.servers = newServers(w)     // serverswiring.go
	w.result = result.NewResultView(w.win)
	w.toolform = toolform.New(toolform.Deps{App: w.app, Win: w.win, Ctx: w.ctx, GoWork: w.GoWork, Result: w.result,
		Selected: func() (string, *sdk.Tool) { return w.selected, w.currentTool },
		Session: func(name string) *mcp.Session {
			if w.manager == nil {
				return nil
			}
			return w.manager.Session(name)
		},
		OnSelect: w.selectTool, Cancel: w.cancelCall, Relisted: w.showSelection, Relayout: w.relayoutDetail,
		Started:  func(server string, tag *mcp.CallTag) { w.callServer, w.callTag, w.withdrawn = server, tag, 0 },
		Recorded: func(r *mcp.CallResult) { w.checks.RecordCall(r) },
		Finished: func(r *mcp.CallResult) {
			w.features.HistoryChanged(r.Server)
			w.lastResult = r
			w.quality.Observe(r)
		},
		Shown: func(s *mcp.Session, t *sdk.Tool, r *mcp.CallResult) {
			w.result.AddSentence(requests.WithdrawnSentence(w.withdrawn)) // requests_cancel.go
			w.apps.ShowResult(s, t, r)
		},
		RunMany: func(s *mcp.Session, t *sdk.Tool, args json.RawMessage) {
			quality.OpenLoadPanel(w.app, w.ctx, s, t, args)
		},
	})
	w.tools, w.header, w.form, w.runner, w.noTools = w.toolform.List, w.toolform.Header, w.toolform.Form, w.toolform.Runner, w.toolform.NoTools
	w.quality = quality.NewLint(quality.LintDeps{App: w.app, GoWork: w.GoWork, ShowError: w.showError,
		Selected: func() string { return w.selected }, Session: func(name string) *mcp.Session { return w.manager.Session(name) },
		ShowBadges: func(b map[string]widgets.Badge) { w.tools.SetQuality(b) },
		OpenTool: func(server, tool string) {
			if w.selected == server {
				w.SelectTool(tool)
				w.win.RequestFocus()
			}
		}})
	w.apps = result.NewAppPane(w.ctx, w.app, oauth.OpenBrowser, func(r *mcp.CallResult) {
		fyne.Do(func() { w.features.HistoryChanged(r.Server) }) // the core kept the app's call in History
	})
	w.side = logs.NewSidePanel(w.win)

	// The layout is docs/window.md: columns placed from the width alone, the
	// tool header scrolling with the form, the result growing after a run.
	runMany := widgets.NewButton(lang.L("Run N times…"), theme.MediaFastForwardIcon(), w.toolform.RunMany) // ui/quality
	w.requests = requests.NewRequestPanel(requests.RequestDeps{
		Win: w.win, OpenURL: w.app.OpenURL,
		Selected: func() string { return w.selected }, SelectServer: w.selectServer,
		ShowTools: func() { w.features.SelectTab(w.features.ToolsItem) },
		Place:     w.placeRequests, Show: w.showRequests, Waiting: w.requestsWaiting,
		Session:  func(name string) *mcp.Session { return w.manager.Session(name) },
		Answered: func(what string) { w.lastNotice = "Answered: " + what },
	})
	w.resultSlot = container.NewStack(w.result.Widget())
	expanded := func() bool { return w.result.HasContent() || w.requests.Shown() }
	w.detailLayout = &widgets.Detail{Expanded: expanded, FormFloor: w.form.FloorHeight, FormWant: w.form.WantHeight, Urgent: w.requests.Shown}
	// Run starts where the form's text does (the form is padded, its labels
	// pad their text), not at the column's edge.
	runRow := container.New(layout.NewCustomPaddedLayout(0, 0, theme.Padding()+theme.InnerPadding(), theme.Padding()),
		container.NewBorder(nil, nil, nil, container.NewVBox(runMany), w.runner.Root))
	w.detail = container.New(w.detailLayout, w.form.Widget(), container.NewVBox(widget.NewSeparator(), w.apps.Root, runRow, w.requests.Banner), w.resultSlot)
	w.result.OnChange = w.relayoutDetail
	w.result.OpenLink = func(uri string) { w.features.OpenResource(uri) }
	toolsSplit := container.New(widgets.ListDetail{}, container.NewBorder(nil, w.quality.Button, nil, nil, w.tools.Root),
		container.NewStack(w.detail, w.noTools.Root))
	w.features = newFrame(w, toolsSplit)
	w.checks = quality.NewChecks(quality.ChecksDeps{Win: w.win, Prefs: w.app.Preferences(), GoWork: w.GoWork,
		Session: func(name string) *mcp.Session { return w.manager.Session(name) },
		Compare: func() { w.lastDiff = compareServers(w.win, w.GoWork, func() *mcp.Manager { return w.manager }) }})
	w.result.OnSaveCheck = w.checks.SaveResult
	w.features.AddTab(w.checks.Tab, w.checks.Filter)
	w.features.AddSkillsAndTasks()
	w.toolsArea = w.features.Root
	w.emptyNotice = container.NewCenter(widget.NewLabel(lang.L("Select a server on the left.")))
	w.middle = container.NewStack(w.toolsArea, w.servers.Status.Root, w.emptyNotice)
	w.origin = widgets.NewOriginView()
	w.switcher = widget.NewSelect(nil, func(name string) {
		if !w.switching && name != w.selected {
			w.selectServer(name)
		}
	})
	w.switcher.PlaceHolder = lang.L("Choose a server")
	w.switcherRow = container.NewBorder(nil, nil, widget.NewLabel(lang.L("Server")), w.servers.List.NarrowAdd, w.switcher)
	w.switcherRow.Hide()
	w.columns = &widgets.Columns{SideHidden: w.app.Preferences().Bool(prefSideHidden), OnNarrow: w.setNarrow}
	mid := container.NewBorder(container.NewVBox(w.switcherRow, w.origin.Root), nil, nil, nil, w.middle)
	outer := container.New(w.columns, w.servers.List.Root, mid, w.side.Widget())
	w.outer = outer

	w.bannerText = widget.NewLabel("")
	w.bannerText.Wrapping = fyne.TextWrapWord
	reload := widgets.NewButton(lang.L("Reload"), theme.ViewRefreshIcon(), w.reloadConfig)
	// Ordinary text on a red tint with an error icon: red text on red reads badly.
	bg := canvas.NewRectangle(widgets.Translucent(theme.Color(theme.ColorNameError), 0x38))
	icon := widget.NewIcon(theme.NewErrorThemedResource(theme.ErrorIcon()))
	w.banner = container.NewStack(bg, container.NewPadded(container.NewBorder(nil, nil, container.NewCenter(icon), reload, w.bannerText)))
	w.banner.Hide()

	w.win.SetContent(container.NewBorder(w.banner, nil, nil, nil, outer))
	w.win.SetMainMenu(w.mainMenu())
	w.win.Resize(w.prefs.windowSize())
	w.win.SetMaster()
	w.win.SetCloseIntercept(func() {
		w.savePrefs()
		w.win.Close()
	})

	c := w.win.Canvas()
	c.AddShortcut(shortcutRun, func(fyne.Shortcut) { w.toolform.Run() })
	c.AddShortcut(shortcutRunKP, func(fyne.Shortcut) { w.toolform.Run() })
	c.AddShortcut(shortcutFilter, func(fyne.Shortcut) { w.focusFilter() })
	c.AddShortcut(shortcutQuit, func(fyne.Shortcut) { w.quit() })
	c.AddShortcut(shortcutSide, func(fyne.Shortcut) { w.toggleSide() })
	c.AddShortcut(shortcutAdd, func(fyne.Shortcut) { w.servers.Add() })
	c.AddShortcut(shortcutServer, func(fyne.Shortcut) { w.servers.GoTo() })
	c.AddShortcut(shortcutLive, func(fyne.Shortcut) { w.showLive() })
	c.SetOnTypedKey(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyEscape && !widgets.DismissOverlay(c) {
			w.cancelCall()
		}
	})
}

// Show shows the window and connects every enabled server in the background.
func (w *MainWindow) Show() {
	w.win.Show()
	w.Start()
}

// Start connects every enabled server concurrently, in the background.
func (w *MainWindow) Start() {
	m := w.manager
	w.watchServersFile(m)
	w.GoWork(func(ctx context.Context) { m.ConnectAll(ctx) })
}

// Close stops every background job and every server's process tree, and
// returns when they are gone. It is safe to call more than once.
func (w *MainWindow) Close() {
	w.closeOnce.Do(func() {
		w.cancel()
		if w.unsubscribe != nil {
			w.unsubscribe()
		}
		if src := w.requests.Src; src != nil {
			// The window is going: the answers below must not redraw it
			// (after the app's loop has ended, fyne.Do runs right here,
			// off the UI goroutine).
			src.SetNotify(nil)
		}
		w.requests.Dismiss(w.manager, "", "the app is closing")
		w.apps.CloseApp()
		w.manager.Close()
		w.jobs.Wait()
	})
}

// GoWork runs f on its own goroutine with the window's context; Close waits for it.
func (w *MainWindow) GoWork(f func(ctx context.Context)) {
	w.jobs.Add(1)
	go func() {
		defer w.jobs.Done()
		f(w.ctx)
	}()
}

// editable reports whether the servers file may be changed.
func (w *MainWindow) editable() bool { return w.configErr == nil }

// SetConfigError shows why the servers file could not be read and turns
// editing off until the file is fixed and reloaded, so that it is never
// overwritten. nil clears the banner.
func (w *MainWindow) SetConfigError(err error) {
	w.configErr = err
	if err == nil {
		w.banner.Hide()
	} else {
		w.bannerText.SetText(view.ServersFileError(w.cfgPath, err))
		w.banner.Show()
	}
	w.servers.List.UpdateButtons(w.selected)
	w.showSelection()
}

// reloadConfig reads the servers file again; when it is readable now, the
// window switches to a new manager for it and connects its servers.
func (w *MainWindow) reloadConfig() {
	cfg, err := config.Load(w.cfgPath)
	if errors.Is(err, fs.ErrNotExist) && w.configErr != nil {
		err = fmt.Errorf("the file is gone: %w", err)
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			w.showError(lang.L("Reloading the servers file"), err)
			return
		}
		w.SetConfigError(err)
		return
	}
	old, oldUnsub := w.manager, w.unsubscribe
	w.manager = mcp.NewManager(cfg, mcp.ManagerOptions{Approvals: w.approvals, Handlers: w.requests.Handlers(), Client: w.client, History: w.history})
	w.servers.Roots.ApplyAll(w.manager)
	w.subscribe()
	if oldUnsub != nil {
		oldUnsub()
	}
	w.GoWork(func(context.Context) { old.Close() })
	w.SetConfigError(nil)
	w.reloadServers()
	if ss := w.manager.Sessions(); len(ss) > 0 && w.manager.Session(w.selected) == nil {
		w.selectServer(ss[0].Name())
	} else {
		w.selectServer(w.selected)
	}
	w.Start()
}

// subscribe routes the manager's events: log and wire lines straight to the
// side panel (it batches them per frame), everything else to a redraw of the
// servers they concern.
func (w *MainWindow) subscribe() {
	m := w.manager
	side := w.side
	w.unsubscribe = m.Subscribe(func(e mcp.Event) {
		switch e.Kind {
		case mcp.EventLog, mcp.EventWire:
			side.Notify(e)
		case mcp.EventState, mcp.EventTools:
			w.apps.ServerState(e.Server, m.Session(e.Server))
			w.scheduleRefresh(m, e.Server, false)
		case mcp.EventServers:
			// A new or edited entry gets its roots before PutServer connects it.
			w.servers.Roots.ApplyTo(m.Session(e.Server))
			w.scheduleRefresh(m, e.Server, true)
		case mcp.EventTask, mcp.EventListChanged, mcp.EventResourceUpdated:
			fyne.Do(func() {
				if m == w.manager {
					w.features.Event(e)
					if e.Kind == mcp.EventListChanged {
						w.quality.ListsChanged(e.Server)
					}
				}
			})
		}
	})
}

// scheduleRefresh coalesces events that arrive faster than frames into one
// fyne.Do that redraws each affected server once.
func (w *MainWindow) scheduleRefresh(m *mcp.Manager, server string, all bool) {
	w.refreshMu.Lock()
	first := len(w.refreshPending) == 0 && !w.refreshAll
	w.refreshPending[server] = true
	w.refreshAll = w.refreshAll || all
	w.refreshMu.Unlock()
	if !first {
		return
	}
	fyne.Do(func() {
		w.refreshMu.Lock()
		pending, all := w.refreshPending, w.refreshAll
		w.refreshPending, w.refreshAll = map[string]bool{}, false
		w.refreshMu.Unlock()
		if m != w.manager {
			return // events of a manager replaced by a reload
		}
		if all {
			w.reloadServers()
			w.selectServer(w.selected)
			return
		}
		for name := range pending {
			if s := m.Session(name); s != nil {
				w.servers.List.RefreshOne(s)
			}
		}
		if pending[w.selected] {
			w.showSelection()
		}
	})
}

// reloadServers rebuilds the server list from the manager.
func (w *MainWindow) reloadServers() {
	w.servers.List.Reload(w.manager.Sessions(), w.selected)
	w.syncSwitcher()
}

// selectServer makes name the selected server and shows its tools and logs.
func (w *MainWindow) selectServer(name string) {
	s := w.manager.Session(name)
	if s == nil {
		name = ""
	}
	changed := name != w.selected
	if changed {
		w.toolform.SaveDraft()
	}
	w.selected = name
	if name != "" {
		w.prefs.setLastServer(name)
	}
	w.servers.List.SelectName(name)
	w.servers.List.UpdateButtons(name)
	w.syncSwitcher()
	if s != w.sideSession {
		// Only on a real change: SetSession starts the panel over.
		w.sideSession = s
		w.side.SetSession(s)
	}
	if changed {
		w.currentTool = nil
		w.showToolHeader("", nil)
		w.form.SetSchema(nil)
		if !w.runner.Running() {
			w.result.Clear()
		}
	}
	w.showSelection()
}

// showSelection redraws the middle for the selected server's current state.
func (w *MainWindow) showSelection() {
	s := w.manager.Session(w.selected)
	w.features.Show(s)
	w.origin.Show(sessionConfig(s))
	if s == nil {
		w.currentTool = nil
		w.tools.SetTools("", nil)
		w.showMiddle(w.emptyNotice)
		w.setEmptyNotice()
		return
	}
	t := w.tools.SetTools(w.selected, s.Tools())
	w.noTools.Show(s, w.detail, w.requests.Shown())
	w.quality.Update(s)
	if t == nil && w.currentTool == nil && w.tools.Shown() > 0 && s.Status().State == mcp.StateReady {
		// Nothing chosen yet: the tool last used on this server, else the
		// first tool's form rather than an empty page.
		if last := w.lastTool[w.selected]; last == "" || !w.tools.SelectName(last) {
			w.tools.SelectRow(0)
		}
		t = w.currentTool
	}
	if w.currentTool != nil && t == nil {
		// The tool is gone from the server's new list.
		w.currentTool = nil
		w.showToolHeader("", nil)
		w.form.SetSchema(nil)
	} else if t != nil {
		w.currentTool = t
		w.showToolHeader(w.selected, t)
	}
	if w.servers.Status.Show(s, w.editable()) {
		w.showMiddle(w.servers.Status.Root)
	} else {
		w.showMiddle(w.toolsArea)
	}
}

func (w *MainWindow) setEmptyNotice() {
	msg := "Select a server on the left."
	if w.switcherRow.Visible() {
		msg = "Choose a server above."
	}
	switch {
	case w.configErr != nil:
		msg = "The servers file could not be read; see the message at the top."
	case len(w.manager.Sessions()) == 0:
		msg = "No servers yet. Bring in the ones your other apps use,\nstart from a preset, or paste a config from a README."
	}
	w.emptyNotice.Objects = []fyne.CanvasObject{widget.NewLabel(msg)}
	if w.configErr == nil && len(w.manager.Sessions()) == 0 {
		w.emptyNotice.Objects = []fyne.CanvasObject{container.NewVBox(widget.NewLabelWithStyle(msg, fyne.TextAlignCenter, fyne.TextStyle{}), w.importing.EmptyStateActions())}
	}
	w.emptyNotice.Refresh()
}

func (w *MainWindow) showMiddle(o fyne.CanvasObject) {
	for _, c := range w.middle.Objects {
		if c == o {
			c.Show()
		} else {
			c.Hide()
		}
	}
}

// selectTool shows the tool's header and builds its form.
func (w *MainWindow) selectTool(t *sdk.Tool) {
	s := w.manager.Session(w.selected)
	if s == nil || t == nil {
		return
	}
	w.toolform.SaveDraft()
	w.currentTool = t
	w.lastTool[w.selected] = t.Name
	w.showToolHeader(w.selected, t)
	w.form.SetSchema(s.InputSchema(t.Name))
	if !w.runner.Running() {
		w.result.Clear()
		w.runner.Reset()
	}
	w.toolform.RestoreDraft(t)
}

// SelectTool selects the named tool of the selected server, as a click would.
func (w *MainWindow) SelectTool(name string) bool {
	if w.tools.SelectName(name) {
		return true
	}
	w.tools.Filter.SetText("")
	return w.tools.SelectName(name)
}

// SelectServer selects the named server, as a click would.
func (w *MainWindow) SelectServer(name string) { w.selectServer(name) }

func (w *MainWindow) cancelCall() {
	if w.runner.Running() && !w.runner.CancelBtn.Disabled() {
		// With the call go its questions to the person (requests_cancel.go).
		w.withdrawn += w.requests.CallCancelled(w.callTag, w.runner.CancelCall)
		return
	}
	w.runner.CancelCall()
}

// showError reports a failed action in a dialog, in the words of err.
func (w *MainWindow) showError(what string, err error) {
	w.lastNotice = what + ": " + err.Error()
	msg := widget.NewLabel(view.Capitalise(i18n.Explain(err)))
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustom(i18n.L("{{.What}} failed", map[string]any{"What": what}), lang.L("OK"), container.NewVBox(msg, layout.NewSpacer()), w.win)
	d.Resize(fyne.NewSize(480, 200))
	d.Show()
}

// savePrefs remembers the window size and split positions, as the window
// closes or the app quits (one change of the preferences, even when nothing
// changed: see setPrefs).
func (w *MainWindow) savePrefs() {
	hidden := w.columns.SideHidden
	w.prefs.setWindow(w.win.Canvas().Size(), &hidden, true)
}

// prefSideHidden remembers that the person hid the side panel.
const prefSideHidden = "window.sideHidden"

// setNarrow swaps the servers column for the switcher above the tabs.
func (w *MainWindow) setNarrow(narrow bool) {
	if narrow {
		w.switcherRow.Show()
	} else {
		w.switcherRow.Hide()
	}
}

// relayoutDetail lays the detail column out again: the result or the
// description changed the room each part wants.
func (w *MainWindow) relayoutDetail() {
	if w.detail != nil {
		w.detail.Refresh()
	}
}

// syncSwitcher gives the switcher the servers and the selection.
func (w *MainWindow) syncSwitcher() {
	var names []string
	for _, s := range w.manager.Sessions() {
		names = append(names, s.Name())
	}
	w.switching = true
	w.switcher.SetOptions(names)
	if w.selected == "" {
		w.switcher.ClearSelected()
	} else {
		w.switcher.SetSelected(w.selected)
	}
	w.switching = false
}

// placeRequests puts the requests' area in the result's slot.
func (w *MainWindow) placeRequests(area fyne.CanvasObject) {
	w.resultSlot.Add(area)
}

// showRequests shows the waiting requests (on) or the result in the slot below Run.
func (w *MainWindow) showRequests(on bool) {
	if on {
		w.result.Widget().Hide()
	} else {
		w.result.Widget().Show()
	}
	w.relayoutDetail()
}

// requestsWaiting tells the running call whether its server waits for the
// person: the call then says so and its clock stops.
func (w *MainWindow) requestsWaiting(pending []*mcp.PendingRequest) {
	waiting := false
	for _, r := range pending {
		if w.runner.Running() && r.Server == w.callServer {
			waiting = true
		}
	}
	w.runner.SetWaiting(waiting)
}

// showToolHeader shows the tool's header and its app strip (ui/result).
func (w *MainWindow) showToolHeader(server string, t *sdk.Tool) {
	w.header.Show(server, t)
	w.apps.ShowTool(w.manager.Session(server), t)
}
