package ui

import (
	"context"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A tool whose execution.taskSupport is "required" runs as a task (the
// 2025-11-25 form); on a server with the 2026-07-28 tasks extension any
// call may become one, and the session follows it (the calling rule,
// mcp.CallWayFor). Either way the running-call view shows each status
// change as progress, Cancel stops the task (tasks/cancel), what the task
// asks of the person comes to the same request panel a call's requests do
// (requests.go), and the result is shown like any call's. The Tasks tab
// lists the server's tasks (tasksPane).

// taskSource is what the Tasks tab needs of a session.
type taskSource interface {
	Name() string
	Tasks() []mcp.TaskEntry
	TaskForm() mcp.TaskForm
	Tool(name string) *sdk.Tool
	GetTask(ctx context.Context, id string) (mcp.Task, error)
	CancelTask(ctx context.Context, id string) (mcp.Task, error)
	ListTasks(ctx context.Context) ([]mcp.Task, error)
	TaskOutcome(ctx context.Context, e mcp.TaskEntry) *mcp.CallResult
}

// tasksDeps are the window's parts the Tasks tab uses.
type tasksDeps struct {
	win fyne.Window
	// goWork runs f off the UI goroutine with the window's context.
	goWork func(f func(ctx context.Context))
	// answer shows the request panel where a task's question waits.
	answer func()
	// now is the clock (tests set it).
	now func() time.Time
}

// tasksPolled is how often the tab asks again about unfinished tasks that
// no call follows (a task of tasks/list, one a call gave up on).
const tasksPolled = 3 * time.Second

// tasksPane is the Tasks tab: the selected server's tasks, newest first,
// with status kept live from the session's task events; selecting one
// shows its state and, when done, its result; Cancel asks the server to
// stop it. Used from the UI goroutine only.
type tasksPane struct {
	deps    tasksDeps
	src     taskSource
	entries []mcp.TaskEntry
	rows    widgets.Filtered // the entries the filter lets through (filter.go)
	current string           // the selected task's id
	visible bool             // the tab is on show

	root      fyne.CanvasObject
	title     *widget.Label
	formNote  *widget.Label
	refresh   *widgets.Button
	filter    *widget.Entry
	list      *widget.List
	empty     fyne.CanvasObject
	listSlot  *fyne.Container
	detail    *fyne.Container
	status    *widget.Label
	message   *widget.Label
	times     *widget.Label
	cancelBtn *widgets.Button
	answerBtn *widgets.Button
	result    *ResultView
	// shownResult is the task whose result the view holds.
	shownResult string

	// mu guards what the polling goroutine reads: a copy of src and
	// visible, and its own state.
	mu       sync.Mutex
	pollSrc  taskSource
	pollOn   bool
	polling  bool
	lastPoll map[string]time.Time
}

func newTasksPane(d tasksDeps) *tasksPane {
	if d.now == nil {
		d.now = time.Now
	}
	p := &tasksPane{deps: d, lastPoll: map[string]time.Time{}}
	p.title = widgets.BoldLabel("")
	p.formNote = widgets.LowLabel("")
	p.formNote.Wrapping = fyne.TextWrapWord
	p.formNote.Alignment = fyne.TextAlignLeading
	p.refresh = widgets.NewButton(lang.L("Refresh"), theme.ViewRefreshIcon(), p.refreshNow)
	p.filter = widgets.NewFilterEntry(lang.L("Filter tasks (Ctrl+F)"), func(q view.Filter) {
		p.rows.Apply(q)
		p.showRows()
	})
	p.list = widget.NewList(
		p.rows.Rows,
		widgets.NewTwoLineRow,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if i := p.rows.Item(id); i >= 0 && i < len(p.entries) {
				name, sub, note := view.TaskRow(p.entries[i], p.deps.now())
				widgets.SetTwoLineRow(o, name, sub, note)
			}
		})
	p.list.OnSelected = func(id widget.ListItemID) {
		if i := p.rows.Item(id); i >= 0 && i < len(p.entries) {
			p.current = p.entries[i].TaskID
			p.showDetail()
		}
	}
	p.empty = widgets.CentredNote(lang.L("No tasks yet. A tool that runs as a task (a server decides, or the tool requires it) shows here with its status while it runs, and its result when done."))
	p.listSlot = container.NewStack(p.list, p.empty)
	p.status = widgets.BoldLabel("")
	p.status.Wrapping = fyne.TextWrapWord
	p.message = widget.NewLabel("")
	p.message.Wrapping = fyne.TextWrapWord
	p.times = widgets.LowLabel("")
	p.times.Wrapping = fyne.TextWrapWord
	p.times.Alignment = fyne.TextAlignLeading
	p.cancelBtn = widgets.NewButton(lang.L("Cancel task"), theme.CancelIcon(), p.cancelCurrent)
	p.cancelBtn.Importance = widget.DangerImportance
	p.answerBtn = widgets.NewButton(lang.L("Answer"), theme.MailComposeIcon(), func() {
		if p.deps.answer != nil {
			p.deps.answer()
		}
	})
	p.answerBtn.Importance = widget.HighImportance
	p.result = NewResultView(d.win)
	buttons := container.NewHBox(p.answerBtn, p.cancelBtn)
	head := container.NewVBox(p.status, p.message, p.times, buttons)
	p.detail = container.NewBorder(head, nil, nil, nil, p.result.Widget())
	top := container.NewVBox(container.NewBorder(nil, nil, nil, p.refresh, p.title), p.formNote, p.filter, widget.NewSeparator())
	split := container.NewVSplit(p.listSlot, p.detail)
	split.Offset = 0.4
	p.root = container.NewBorder(top, nil, nil, nil, split)
	p.setSession(nil)
	return p
}

// setSession follows the selected server's session (nil for none).
func (p *tasksPane) setSession(s taskSource) {
	if s != p.src {
		p.current, p.shownResult = "", ""
		p.list.UnselectAll()
		p.filter.SetText("") // a new server's list starts unfiltered
	}
	p.src = s
	p.mu.Lock()
	p.pollSrc = s
	p.mu.Unlock()
	p.reload()
}

// shown is called when the tab comes on show (true) or goes (false).
func (p *tasksPane) shown(on bool) {
	p.visible = on
	p.mu.Lock()
	p.pollOn = on
	p.mu.Unlock()
	if on {
		p.reload()
		p.startPolling()
		if p.src != nil && p.src.TaskForm() == mcp.TaskFormExperimental {
			p.refreshNow() // the server's own tasks too (tasks/list)
		}
	}
}

// taskChanged is the session's EventTask for server.
func (p *tasksPane) taskChanged(server string) {
	if p.src != nil && p.src.Name() == server {
		p.reload()
	}
}

// reload reads the session's list again and redraws.
func (p *tasksPane) reload() {
	p.entries = nil
	if p.src == nil {
		p.title.SetText(lang.L("Tasks"))
		p.formNote.SetText("")
		p.refresh.Disable()
	} else {
		p.entries = p.src.Tasks()
		p.title.SetText(lang.L("Tasks of {{.Server}}", map[string]any{"Server": p.src.Name()}))
		p.formNote.SetText(view.TaskFormNote(p.src.TaskForm()))
		p.refresh.Enable()
	}
	p.rows.SetItems(len(p.entries), func(i int) []string {
		e := p.entries[i]
		return []string{e.Tool, e.TaskID, e.Status, e.StatusMessage}
	})
	p.showRows()
	p.showDetail()
}

// showRows shows the rows the filter lets through, the selected one
// highlighted.
func (p *tasksPane) showRows() {
	if len(p.entries) == 0 {
		p.empty.Show()
		p.list.Hide()
	} else {
		p.empty.Hide()
		p.list.Show()
	}
	p.list.Refresh()
	if r := p.rows.Row(p.indexOf(p.current)); r >= 0 {
		p.list.Select(r) // keeps the row highlighted; showDetail redraws
	} else {
		p.list.UnselectAll()
	}
}

func (p *tasksPane) indexOf(id string) int {
	for i, e := range p.entries {
		if id != "" && e.TaskID == id {
			return i
		}
	}
	return -1
}

// selected is the selected task, if any.
func (p *tasksPane) selected() (mcp.TaskEntry, bool) {
	if i := p.indexOf(p.current); i >= 0 {
		return p.entries[i], true
	}
	return mcp.TaskEntry{}, false
}

// showDetail shows the selected task's state, and its result when done.
func (p *tasksPane) showDetail() {
	e, ok := p.selected()
	if !ok {
		p.status.SetText(lang.L("Select a task to see its status and result."))
		p.message.SetText("")
		p.times.SetText("")
		p.cancelBtn.Hide()
		p.answerBtn.Hide()
		p.result.Clear()
		p.result.Widget().Hide()
		p.shownResult = ""
		return
	}
	p.status.SetText(view.TaskHeadline(e))
	p.message.SetText(i18n.Explain(e.StatusMessage)) // the core's own message translated; a server's stays
	p.times.SetText(view.TaskTimes(e))
	if e.Done() {
		p.cancelBtn.Hide()
	} else {
		p.cancelBtn.Show()
	}
	if e.Status == "input_required" {
		p.answerBtn.Show()
	} else {
		p.answerBtn.Hide()
	}
	switch {
	case !e.Done():
		p.result.Clear()
		p.result.Widget().Hide() // its "run a tool" note is not for here
		p.shownResult = ""
	case p.shownResult != e.TaskID+"/"+e.Status:
		p.result.Widget().Show()
		p.shownResult = e.TaskID + "/" + e.Status
		p.showResult(e)
	}
}

// showResult fetches (when the list lacks it) and shows a finished task's result.
func (p *tasksPane) showResult(e mcp.TaskEntry) {
	src := p.src
	if e.Result != nil || e.Status == "cancelled" || e.Status == "failed" && e.Error != nil {
		// Nothing to fetch.
		p.result.Show(src.TaskOutcome(context.Background(), e), src.Tool(e.Tool))
		return
	}
	p.result.ShowRunning(e.Tool)
	p.deps.goWork(func(ctx context.Context) {
		r := src.TaskOutcome(ctx, e)
		fyne.Do(func() {
			if p.src == src && p.current == e.TaskID {
				p.result.Show(r, src.Tool(e.Tool))
			}
		})
	})
}

// cancelCurrent asks the server to cancel the selected task.
func (p *tasksPane) cancelCurrent() {
	e, ok := p.selected()
	if !ok || p.src == nil {
		return
	}
	src := p.src
	p.cancelBtn.Disable()
	p.deps.goWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		_, err := src.CancelTask(ctx, e.TaskID)
		fyne.Do(func() {
			p.cancelBtn.Enable()
			if err != nil && p.src == src {
				p.message.SetText(lang.L("Cancelling failed: {{.Error}}", map[string]any{"Error": i18n.Explain(mcp.AsRequestError("tasks/cancel", err).Error())}))
			}
		})
	})
}

// refreshNow asks the server about its tasks: tasks/list where the server
// has it (the 2025-11-25 form), tasks/get for each unfinished task.
func (p *tasksPane) refreshNow() {
	if p.src == nil {
		return
	}
	src := p.src
	p.refresh.Disable()
	p.deps.goWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		var err error
		if src.TaskForm() == mcp.TaskFormExperimental {
			_, err = src.ListTasks(ctx)
		}
		for _, e := range src.Tasks() {
			if !e.Done() {
				src.GetTask(ctx, e.TaskID)
			}
		}
		fyne.Do(func() {
			p.refresh.Enable()
			if err != nil && p.src == src {
				p.formNote.SetText(lang.L("Listing the server's tasks failed: {{.Error}}", map[string]any{"Error": i18n.Explain(mcp.AsRequestError("tasks/list", err).Error())}))
			}
		})
	})
}

// startPolling asks, while the tab is on show, about unfinished tasks that
// have not changed for tasksPolled: a task no call follows would otherwise
// never change here.
func (p *tasksPane) startPolling() {
	p.mu.Lock()
	if p.polling {
		p.mu.Unlock()
		return
	}
	p.polling = true
	p.mu.Unlock()
	p.deps.goWork(func(ctx context.Context) {
		defer func() {
			p.mu.Lock()
			p.polling = false
			p.mu.Unlock()
		}()
		tick := time.NewTicker(tasksPolled)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			p.mu.Lock()
			src, on := p.pollSrc, p.pollOn
			p.mu.Unlock()
			if !on {
				return
			}
			if src != nil {
				p.pollOnce(ctx, src)
			}
		}
	})
}

// pollOnce sends tasks/get for each unfinished task not asked about lately.
func (p *tasksPane) pollOnce(ctx context.Context, src taskSource) {
	now := time.Now()
	for _, e := range src.Tasks() {
		p.mu.Lock()
		due := !e.Done() && now.Sub(p.lastPoll[e.TaskID]) >= tasksPolled && now.Sub(e.Updated) >= tasksPolled
		if due {
			p.lastPoll[e.TaskID] = now
		}
		p.mu.Unlock()
		if due {
			cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			src.GetTask(cctx, e.TaskID)
			cancel()
		}
	}
}

// addTasksTab adds the Tasks tab after the others.
func (w *MainWindow) addTasksTab() {
	w.tasks = newTasksPane(tasksDeps{win: w.win, goWork: w.goWork, answer: w.requests.open})
	tab := container.NewTabItemWithIcon(lang.L("Tasks"), theme.MediaPlayIcon(), w.tasks.root)
	w.features.tabs.Append(tab)
	w.features.setFilter(tab, w.tasks.filter)
	prev := w.features.tabs.OnSelected
	w.features.tabs.OnSelected = func(t *container.TabItem) {
		if prev != nil {
			prev(t)
		}
		w.tasks.shown(t == tab)
	}
}

// showTasks follows the selected server in the Tasks tab.
func (w *MainWindow) showTasks(s *mcp.Session) {
	if w.tasks == nil {
		return
	}
	if s == nil {
		w.tasks.setSession(nil) // not a typed nil in the interface
		return
	}
	w.tasks.setSession(s)
}

// tasksEvent is a session's EventTask (on the manager's goroutine).
func (w *MainWindow) tasksEvent(m *mcp.Manager, server string) {
	fyne.Do(func() {
		if m == w.manager && w.tasks != nil {
			w.tasks.taskChanged(server)
		}
	})
}
