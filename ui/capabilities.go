package ui

import (
	"context"
	"mcpbrowser/ui/tabs"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// This file is the middle column's frame around the tools: the server
// header (what the server declared, its log level, roots, ping) and the tabs
// Tools | Resources | Prompts | History. A feature the server did not
// declare shows as absent, with a button to try it anyway.

// shortRequest bounds requests made from the header (ping, log level): they
// are quick, and a server that never answers must not leave a spinner forever.
const shortRequest = 30 * time.Second

// featurePanes are the tabs of the middle column and the header above them.
// They are used from the UI goroutine only.
type featurePanes struct {
	header *serverHeader
	tabs   *container.AppTabs

	toolsTab, resourcesTab, promptsTab, historyTab *container.TabItem

	resources *tabs.ResourcesTab
	prompts   *tabs.PromptsTab
	history   *tabs.HistoryTab
	root      fyne.CanvasObject
	// filters are the tabs' filter boxes, which Ctrl+F focuses (filter.go).
	filters map[*container.TabItem]fyne.Focusable
}

// newFeaturePanes wraps the tools area (list, form, result) in the tabs.
func newFeaturePanes(w *MainWindow, tools fyne.CanvasObject) *featurePanes {
	f := &featurePanes{}
	f.header = newServerHeader(w, w.servers.ShowRoots)
	f.resources = tabs.NewResourcesTab(tabs.ResourcesDeps{
		Win: w.win, Work: w, HistoryChanged: w.historyChanged,
		Visible: func() bool { return f.tabs != nil && f.tabs.Selected() == f.resourcesTab },
		Got:     func(r *mcp.ReadResult) { w.checks.RecordRead(r) },
		Listed:  w.quality.ListsChanged,
	})
	f.prompts = tabs.NewPromptsTab(tabs.PromptsDeps{
		Win: w.win, Work: w, HistoryChanged: w.historyChanged,
		Visible: func() bool { return f.tabs != nil && f.tabs.Selected() == f.promptsTab },
		Got:     func(r *mcp.PromptResult) { w.checks.RecordPrompt(r) },
		Listed:  w.quality.ListsChanged,
	})
	f.history = tabs.NewHistoryTab(tabs.HistoryDeps{
		Win: w.win, Store: func() *history.History { return w.history }, Work: w,
		Visible:   func() bool { return f.tabs != nil && f.tabs.Selected() == f.historyTab },
		ShowError: w.showError, Replay: w.replayHistory, Run: w.toolform.Run,
	})
	f.toolsTab = container.NewTabItemWithIcon(lang.L("Tools"), theme.SettingsIcon(), tools)
	f.resourcesTab = container.NewTabItemWithIcon(lang.L("Resources"), theme.FileIcon(), f.resources.Root)
	f.promptsTab = container.NewTabItemWithIcon(lang.L("Prompts"), theme.MailComposeIcon(), f.prompts.Root)
	f.historyTab = container.NewTabItemWithIcon(lang.L("History"), theme.HistoryIcon(), f.history.Root)
	f.tabs = container.NewAppTabs(f.toolsTab, f.resourcesTab, f.promptsTab, f.historyTab)
	f.tabs.OnSelected = func(t *container.TabItem) { f.tabShown(t) }
	f.setFilter(f.resourcesTab, f.resources.Filter)
	f.setFilter(f.promptsTab, f.prompts.Filter)
	f.setFilter(f.historyTab, f.history.Filter)
	f.root = widgets.NewBorder(f.header.root, nil, nil, nil, f.tabs)
	return f
}

// show follows the selected server (nil for none): a new connection means
// new lists, so each tab starts over when the session or its connection changed.
func (f *featurePanes) show(s *mcp.Session) {
	f.header.show(s)
	f.resources.SetSession(s, f.tabs.Selected() == f.resourcesTab)
	f.prompts.SetSession(s, f.tabs.Selected() == f.promptsTab)
	name := ""
	if s != nil {
		name = s.Name()
	}
	f.history.SetServer(name, f.tabs.Selected() == f.historyTab)
}

// tabShown loads what a tab shows the first time it is looked at. (The
// quality badge lists prompts and resources once per connection, and again
// after the server says they changed, to count what `mcpbrowser lint`
// counts: ui/quality/lint.go; a tab shown later finds a list still fresh in the
// cache.)
func (f *featurePanes) tabShown(t *container.TabItem) {
	switch t {
	case f.resourcesTab:
		f.resources.Shown()
	case f.promptsTab:
		f.prompts.Shown()
	case f.historyTab:
		f.history.Shown()
	}
}

// event takes the manager's feature events (on the UI goroutine).
func (f *featurePanes) event(e mcp.Event) {
	switch e.Kind {
	case mcp.EventListChanged:
		switch e.List {
		case "resources":
			f.resources.ListChanged(e.Server)
		case "prompts":
			f.prompts.ListChanged(e.Server)
		}
	case mcp.EventResourceUpdated:
		f.resources.ResourceUpdated(e.Server, e.URI)
	}
}

// selectTab brings a tab to the front.
func (f *featurePanes) selectTab(t *container.TabItem) {
	if f.tabs.Selected() != t {
		f.tabs.Select(t)
	}
}

// A serverHeader sits above the tabs: what the server declared, the level
// of log messages it should send, its roots, and a ping.
type serverHeader struct {
	work    widgets.Worker
	session *mcp.Session
	conn    *sdk.InitializeResult

	caps     *widget.Label
	level    *widget.Select
	rootsBtn *widgets.Button
	pingBtn  *widgets.Button
	termsBtn *widgets.Button // the capabilities line in plain words or in the protocol's terms
	exact    bool            // the line is in the protocol's terms
	note     *widget.Label   // the last ping's time or what went wrong
	capsBox  *fyne.Container // caps and note, three lines tall (headerlines.go)
	root     fyne.CanvasObject

	// quiet is set while the header changes the level select itself.
	quiet bool
	seq   int // numbers header requests so a late answer for another server is dropped
}

// newServerHeader is the header; openRoots opens the roots dialog.
func newServerHeader(work widgets.Worker, openRoots func()) *serverHeader {
	h := &serverHeader{work: work}
	h.caps = widget.NewLabel("")
	h.caps.SizeName = theme.SizeNameCaptionText
	h.caps.Wrapping = fyne.TextWrapWord
	h.level = widget.NewSelect(mcp.LogLevels(), func(level string) {
		if !h.quiet {
			h.setLevel(level)
		}
	})
	h.level.PlaceHolder = lang.L("Log level")
	h.rootsBtn = widgets.NewButton(lang.L("Roots…"), theme.FolderIcon(), openRoots)
	h.pingBtn = widgets.NewButton(lang.L("Ping"), theme.MediaReplayIcon(), h.ping)
	// The info button turns the line into the protocol's exact terms and back.
	h.termsBtn = widgets.NewButton("", theme.InfoIcon(), func() {
		h.exact = !h.exact
		h.show(h.session)
	})
	h.note = widget.NewLabel("")
	h.note.SizeName = theme.SizeNameCaptionText
	h.note.Truncation = fyne.TextTruncateEllipsis
	h.note.Hide()
	h.capsBox = newFixedLines(h.caps, capsLines, h.note)
	actions := container.NewHBox(h.level, h.rootsBtn, h.pingBtn, h.termsBtn)
	h.root = container.NewVBox(
		container.NewBorder(nil, nil, nil, actions, h.capsBox), // headerlines.go
		widget.NewSeparator())
	return h
}

// show describes s; a new session or connection forgets the level and the ping.
func (h *serverHeader) show(s *mcp.Session) {
	conn := tabs.ConnectionOf(s)
	if s != h.session || conn != h.conn {
		h.session, h.conn = s, conn
		h.seq++
		h.quiet = true
		h.level.ClearSelected()
		h.quiet = false
		h.say("")
	}
	if s == nil {
		h.caps.SetText("")
		return
	}
	c := s.Capabilities()
	if h.exact {
		widgets.SetLabel(h.caps, view.CapabilitiesDetail(c, s.Era()))
	} else {
		widgets.SetLabel(h.caps, view.CapabilitiesLine(c, s.Era()))
	}
	if c.Logging && s.Status().State == mcp.StateReady {
		h.level.Enable()
	} else {
		h.level.Disable()
	}
	widgets.SetEnabled(h.pingBtn, s.Status().State == mcp.StateReady)
}

func (h *serverHeader) say(msg string) {
	h.note.SetText(msg)
	if msg == "" {
		h.note.Hide()
	} else {
		h.note.Show()
	}
	h.capsBox.Refresh() // the note takes the last line, or gives it back
}

// setLevel sends logging/setLevel; the messages that follow arrive in the stderr tab.
func (h *serverHeader) setLevel(level string) {
	s := h.session
	if s == nil || level == "" {
		return
	}
	h.seq++
	n := h.seq
	h.say(i18n.L("Asking the server to send log messages at {{.Level}} and above …", map[string]any{"Level": level}))
	h.work.GoWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, shortRequest)
		defer cancel()
		err := s.SetLogLevel(ctx, level)
		fyne.Do(func() {
			if n != h.seq {
				return
			}
			if err != nil {
				h.say(i18n.L("Setting the log level failed: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
				return
			}
			h.say(i18n.L("The server sends log messages at {{.Level}} and above (see the stderr tab).", map[string]any{"Level": level}))
		})
	})
}

// ping measures one round trip to the server.
func (h *serverHeader) ping() {
	s := h.session
	if s == nil {
		return
	}
	h.seq++
	n := h.seq
	h.pingBtn.Disable()
	h.say(lang.L("Ping …"))
	h.work.GoWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, shortRequest)
		defer cancel()
		d, err := s.Ping(ctx)
		err = mcp.AsRequestError("ping", err)
		fyne.Do(func() {
			h.pingBtn.Enable()
			if n != h.seq {
				return
			}
			if err != nil {
				h.say(i18n.L("Ping failed: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
				return
			}
			h.say(i18n.L("Ping: the server answered in {{.Duration}} (at {{.Time}}).", map[string]any{"Duration": view.Duration(d), "Time": time.Now().Format("15:04:05")}))
		})
	})
}
