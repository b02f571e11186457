package tabs

import (
	"encoding/json"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// This file is the middle column's frame around the tools: the server
// header (what the server declared, its log level, roots, ping; header.go)
// and the tabs Tools | Resources | Prompts | History, then the tabs the
// shell adds (Checks), Skills (only for a server that offers skills) and
// Tasks. A feature the server did not declare shows as absent, with a
// button to try it anyway (listtab.go).

// FrameDeps is what the middle column's frame needs from the window.
type FrameDeps struct {
	Win  fyne.Window
	Work widgets.Worker
	// OpenRoots opens the roots dialog (the header's Roots…).
	OpenRoots func()
	// Store is the history kept (nil: none is).
	Store     func() *history.History
	ShowError func(what string, err error)
	// Read and Prompted are told of every read and prompts/get the person
	// asked for, on the job's goroutine (Record calls in the Checks tab
	// writes them down).
	Read     func(r *mcp.ReadResult)
	Prompted func(r *mcp.PromptResult)
	// Listed says a server's lists came from the server (not from the
	// cache), for the quality report.
	Listed func(server string)
	// SelectTool selects the named tool of the selected server, as a click
	// would; it reports whether the server offers it.
	SelectTool func(name string) bool
	// LoadArguments puts a tool call's arguments from the history into the
	// tool's form and says so; it reports whether they loaded.
	LoadArguments func(e history.Entry) bool
	// Run runs the selected tool with its form's arguments.
	Run func()
	// Answer shows the request panel where a task's question waits.
	Answer func()
}

// A Frame is the middle column: the server header above the tabs of what
// the selected server offers. It is used from the UI goroutine only.
type Frame struct {
	deps   FrameDeps
	header *serverHeader
	// Header is the server header's widget.
	Header fyne.CanvasObject
	Tabs   *container.AppTabs

	ToolsItem, ResourcesItem, PromptsItem, HistoryItem *container.TabItem

	Resources *ResourcesTab
	Prompts   *PromptsTab
	History   *HistoryTab
	Skills    *SkillsPane // AddSkillsAndTasks
	Tasks     *TasksPane
	Root      fyne.CanvasObject
	// filters are the tabs' filter boxes, which Ctrl+F focuses.
	filters map[*container.TabItem]fyne.Focusable
	// added are the tabs the shell added (AddTab), which Skills goes in front of.
	added []*container.TabItem
}

// NewFrame wraps the tools area (list, form, result) in the tabs; the
// tools' filter is the one Ctrl+F focuses on the Tools tab.
func NewFrame(deps FrameDeps, tools fyne.CanvasObject, toolsFilter fyne.Focusable) *Frame {
	f := &Frame{deps: deps}
	f.header = newServerHeader(deps.Work, deps.OpenRoots)
	f.Header = f.header.root
	f.Resources = NewResourcesTab(ResourcesDeps{
		Win: deps.Win, Work: deps.Work, HistoryChanged: f.HistoryChanged,
		Visible: func() bool { return f.Tabs != nil && f.Tabs.Selected() == f.ResourcesItem },
		Got:     deps.Read,
		Listed:  deps.Listed,
	})
	f.Prompts = NewPromptsTab(PromptsDeps{
		Win: deps.Win, Work: deps.Work, HistoryChanged: f.HistoryChanged,
		Visible: func() bool { return f.Tabs != nil && f.Tabs.Selected() == f.PromptsItem },
		Got:     deps.Prompted,
		Listed:  deps.Listed,
	})
	f.History = NewHistoryTab(HistoryDeps{
		Win: deps.Win, Store: deps.Store, Work: deps.Work,
		Visible:   func() bool { return f.Tabs != nil && f.Tabs.Selected() == f.HistoryItem },
		ShowError: deps.ShowError, Replay: f.replay, Run: deps.Run,
	})
	f.ToolsItem = container.NewTabItemWithIcon(lang.L("Tools"), theme.SettingsIcon(), tools)
	f.ResourcesItem = container.NewTabItemWithIcon(lang.L("Resources"), theme.FileIcon(), f.Resources.Root)
	f.PromptsItem = container.NewTabItemWithIcon(lang.L("Prompts"), theme.MailComposeIcon(), f.Prompts.Root)
	f.HistoryItem = container.NewTabItemWithIcon(lang.L("History"), theme.HistoryIcon(), f.History.Root)
	f.Tabs = container.NewAppTabs(f.ToolsItem, f.ResourcesItem, f.PromptsItem, f.HistoryItem)
	f.Tabs.OnSelected = func(t *container.TabItem) { f.tabShown(t) }
	f.setFilter(f.ToolsItem, toolsFilter)
	f.setFilter(f.ResourcesItem, f.Resources.Filter)
	f.setFilter(f.PromptsItem, f.Prompts.Filter)
	f.setFilter(f.HistoryItem, f.History.Filter)
	f.Root = widgets.NewBorder(f.Header, nil, nil, nil, f.Tabs)
	return f
}

// AddTab adds a tab of the shell's after the others, with the filter
// Ctrl+F focuses while it is on show.
func (f *Frame) AddTab(tab *container.TabItem, filter fyne.Focusable) {
	f.Tabs.Append(tab)
	f.setFilter(tab, filter)
	f.added = append(f.added, tab)
}

// AddSkillsAndTasks makes the Skills pane, whose tab comes and goes with
// the selected server (in front of the tabs added before), and adds the
// Tasks tab after the others.
func (f *Frame) AddSkillsAndTasks() {
	var before *container.TabItem
	if len(f.added) > 0 {
		before = f.added[0]
	}
	f.Skills = NewSkillsPane(SkillsDeps{Win: f.deps.Win, Tabs: f.Tabs, Before: before, GoWork: f.deps.Work.GoWork})
	f.setFilter(f.Skills.Tab, f.Skills.Filter)
	f.Tasks = NewTasksPane(TasksDeps{Win: f.deps.Win, GoWork: f.deps.Work.GoWork, Answer: f.deps.Answer})
	tasks := container.NewTabItemWithIcon(lang.L("Tasks"), theme.MediaPlayIcon(), f.Tasks.Root)
	f.Tabs.Append(tasks)
	f.setFilter(tasks, f.Tasks.Filter)
	prev := f.Tabs.OnSelected
	f.Tabs.OnSelected = func(t *container.TabItem) {
		if prev != nil {
			prev(t)
		}
		if t == f.Skills.Tab {
			f.Skills.Shown()
		}
		f.Tasks.Shown(t == tasks)
	}
}

// Show follows the selected server (nil for none): a new connection means
// new lists, so each tab starts over when the session or its connection changed.
func (f *Frame) Show(s *mcp.Session) {
	f.header.show(s)
	f.Resources.SetSession(s, f.Tabs.Selected() == f.ResourcesItem)
	f.Prompts.SetSession(s, f.Tabs.Selected() == f.PromptsItem)
	name := ""
	if s != nil {
		name = s.Name()
	}
	f.History.SetServer(name, f.Tabs.Selected() == f.HistoryItem)
	if f.Skills != nil {
		f.Skills.Show(s)
	}
	if f.Tasks != nil {
		if s == nil {
			f.Tasks.SetSession(nil) // not a typed nil in the interface
		} else {
			f.Tasks.SetSession(s)
		}
	}
}

// tabShown loads what a tab shows the first time it is looked at. (The
// quality badge lists prompts and resources once per connection, and again
// after the server says they changed, to count what `mcpbrowser lint`
// counts: lintreport.go; a tab shown later finds a list still fresh in the
// cache.)
func (f *Frame) tabShown(t *container.TabItem) {
	switch t {
	case f.ResourcesItem:
		f.Resources.Shown()
	case f.PromptsItem:
		f.Prompts.Shown()
	case f.HistoryItem:
		f.History.Shown()
	}
}

// Event takes the manager's feature and task events (on the UI goroutine).
func (f *Frame) Event(e mcp.Event) {
	switch e.Kind {
	case mcp.EventListChanged:
		switch e.List {
		case "resources":
			f.Resources.ListChanged(e.Server)
		case "prompts":
			f.Prompts.ListChanged(e.Server)
		}
	case mcp.EventResourceUpdated:
		f.Resources.ResourceUpdated(e.Server, e.URI)
	case mcp.EventTask:
		if f.Tasks != nil {
			f.Tasks.TaskChanged(e.Server)
		}
	}
}

// SelectTab brings a tab to the front.
func (f *Frame) SelectTab(t *container.TabItem) {
	if f.Tabs.Selected() != t {
		f.Tabs.Select(t)
	}
}

// OpenResource shows uri in the Resources tab (a link in a result).
func (f *Frame) OpenResource(uri string) {
	f.SelectTab(f.ResourcesItem)
	f.Resources.SelectURI(uri)
}

// setFilter makes e the filter Ctrl+F focuses while tab is on show.
func (f *Frame) setFilter(tab *container.TabItem, e fyne.Focusable) {
	if f.filters == nil {
		f.filters = map[*container.TabItem]fyne.Focusable{}
	}
	f.filters[tab] = e
}

// Filter is the filter of the tab on show, or nil when it has none.
func (f *Frame) Filter() fyne.Focusable {
	return f.filters[f.Tabs.Selected()]
}

// HistoryChanged tells the History tab that server's history grew.
func (f *Frame) HistoryChanged(server string) {
	f.History.Changed(server)
}

// Replay puts a call back in its tab as History's "Load arguments" does
// (the Live window's "Open in Tools with these arguments").
func (f *Frame) Replay(e history.Entry) (loaded bool, note string) { return f.replay(e) }

// replay puts a history entry back where it came from (the History tab's
// Load arguments, Read again and Run again).
func (f *Frame) replay(e history.Entry) (loaded bool, note string) {
	switch e.Kind {
	case history.Tool:
		f.SelectTab(f.ToolsItem)
		if !f.deps.SelectTool(e.Name) {
			f.SelectTab(f.HistoryItem)
			return false, "The server does not offer the tool " + e.Name + " now."
		}
		if len(e.Arguments) == 0 {
			e.Arguments = json.RawMessage(`{}`)
		}
		return f.deps.LoadArguments(e), ""
	case history.Prompt:
		args, err := e.PromptArguments()
		if err != nil {
			return false, view.Capitalise(err.Error())
		}
		f.SelectTab(f.PromptsItem)
		p := f.Prompts
		p.WhenLoaded(func() {
			if !p.SelectName(e.Name) {
				p.Note.SetText(i18n.L("The server does not offer the prompt {{.Name}} now.", map[string]any{"Name": e.Name}))
				return
			}
			unknown := p.Form.Load(args)
			msg := "Arguments loaded from " + view.HistoryTime(e.Time, time.Now()) + "; Get sends it again."
			if len(unknown) > 0 {
				msg += " The prompt no longer takes: " + strings.Join(unknown, ", ") + "."
			}
			p.Note.SetText(msg)
		})
	case history.Resource:
		f.SelectTab(f.ResourcesItem)
		f.Resources.SelectURI(e.Name)
	}
	return false, ""
}
