package tabs

import (
	"context"
	"mcpbrowser/ui/result"
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

// TasksDeps are the window's parts the Tasks tab uses.
type TasksDeps struct {
	Win fyne.Window
	// GoWork runs f off the UI goroutine with the window's context.
	GoWork func(f func(ctx context.Context))
	// answer shows the request panel where a task's question waits.
	Answer func()
	// now is the clock (tests set it).
	now func() time.Time
}

// tasksPolled is how often the tab asks again about unfinished tasks that
// no call follows (a task of tasks/list, one a call gave up on).
const tasksPolled = 3 * time.Second

// TasksPane is the Tasks tab: the selected server's tasks, newest first,
// with status kept live from the session's task events; selecting one
// shows its state and, when done, its result; Cancel asks the server to
// stop it. Used from the UI goroutine only.
type TasksPane struct {
	deps    TasksDeps
	src     taskSource
	Entries []mcp.TaskEntry
	rows    widgets.Filtered // the entries the filter lets through (filter.go)
	current string           // the selected task's id
	visible bool             // the tab is on show

	Root      fyne.CanvasObject
	title     *widget.Label
	formNote  *widget.Label
	refresh   *widgets.Button
	Filter    *widget.Entry
	List      *widget.List
	empty     fyne.CanvasObject
	listSlot  *fyne.Container
	detail    *fyne.Container
	Status    *widget.Label
	message   *widget.Label
	times     *widget.Label
	CancelBtn *widgets.Button
	AnswerBtn *widgets.Button
	result    *result.ResultView
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

func NewTasksPane(d TasksDeps) *TasksPane {
	if d.now == nil {
		d.now = time.Now
	}
	p := &TasksPane{deps: d, lastPoll: map[string]time.Time{}}
	p.title = widgets.BoldLabel("")
	p.formNote = widgets.LowLabel("")
	p.formNote.Wrapping = fyne.TextWrapWord
	p.formNote.Alignment = fyne.TextAlignLeading
	p.refresh = widgets.NewButton(lang.L("Refresh"), theme.ViewRefreshIcon(), p.refreshNow)
	p.Filter = widgets.NewFilterEntry(lang.L("Filter tasks (Ctrl+F)"), func(q view.Filter) {
		p.rows.Apply(q)
		p.showRows()
	})
	p.List = newRowList(&p.rows, func() []mcp.TaskEntry { return p.Entries },
		func(e mcp.TaskEntry) (string, string, string) { return view.TaskRow(e, p.deps.now()) },
		func(e mcp.TaskEntry) {
			p.current = e.TaskID
			p.showDetail()
		}, nil)
	p.empty = widgets.CentredNote(lang.L("No tasks yet. A tool that runs as a task (a server decides, or the tool requires it) shows here with its status while it runs, and its result when done."))
	p.listSlot = container.NewStack(p.List, p.empty)
	p.Status = widgets.BoldLabel("")
	p.Status.Wrapping = fyne.TextWrapWord
	p.message = widget.NewLabel("")
	p.message.Wrapping = fyne.TextWrapWord
	p.times = widgets.LowLabel("")
	p.times.Wrapping = fyne.TextWrapWord
	p.times.Alignment = fyne.TextAlignLeading
	p.CancelBtn = widgets.NewButton(lang.L("Cancel task"), theme.CancelIcon(), p.cancelCurrent)
	p.CancelBtn.Importance = widget.DangerImportance
	p.AnswerBtn = widgets.NewButton(lang.L("Answer"), theme.MailComposeIcon(), func() {
		if p.deps.Answer != nil {
			p.deps.Answer()
		}
	})
	p.AnswerBtn.Importance = widget.HighImportance
	p.result = result.NewResultView(d.Win)
	buttons := container.NewHBox(p.AnswerBtn, p.CancelBtn)
	head := container.NewVBox(p.Status, p.message, p.times, buttons)
	p.detail = container.NewBorder(head, nil, nil, nil, p.result.Widget())
	top := container.NewVBox(container.NewBorder(nil, nil, nil, p.refresh, p.title), p.formNote, p.Filter, widget.NewSeparator())
	split := container.NewVSplit(p.listSlot, p.detail)
	split.Offset = 0.4
	p.Root = container.NewBorder(top, nil, nil, nil, split)
	p.SetSession(nil)
	return p
}

// setSession follows the selected server's session (nil for none).
func (p *TasksPane) SetSession(s taskSource) {
	if s != p.src {
		p.current, p.shownResult = "", ""
		p.List.UnselectAll()
		p.Filter.SetText("") // a new server's list starts unfiltered
	}
	p.src = s
	p.mu.Lock()
	p.pollSrc = s
	p.mu.Unlock()
	p.reload()
}

// shown is called when the tab comes on show (true) or goes (false).
func (p *TasksPane) Shown(on bool) {
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
func (p *TasksPane) TaskChanged(server string) {
	if p.src != nil && p.src.Name() == server {
		p.reload()
	}
}

// reload reads the session's list again and redraws.
func (p *TasksPane) reload() {
	p.Entries = nil
	if p.src == nil {
		p.title.SetText(lang.L("Tasks"))
		p.formNote.SetText("")
		p.refresh.Disable()
	} else {
		p.Entries = p.src.Tasks()
		p.title.SetText(lang.L("Tasks of {{.Server}}", map[string]any{"Server": p.src.Name()}))
		p.formNote.SetText(view.TaskFormNote(p.src.TaskForm()))
		p.refresh.Enable()
	}
	p.rows.SetItems(len(p.Entries), func(i int) []string {
		e := p.Entries[i]
		return []string{e.Tool, e.TaskID, e.Status, e.StatusMessage}
	})
	p.showRows()
	p.showDetail()
}

// showRows shows the rows the filter lets through, the selected one
// highlighted.
func (p *TasksPane) showRows() {
	if len(p.Entries) == 0 {
		p.empty.Show()
		p.List.Hide()
	} else {
		p.empty.Hide()
		p.List.Show()
	}
	p.List.Refresh()
	widgets.SelectRow(p.List, p.rows.Row(p.indexOf(p.current))) // keeps the row highlighted; showDetail redraws
}

func (p *TasksPane) indexOf(id string) int {
	for i, e := range p.Entries {
		if id != "" && e.TaskID == id {
			return i
		}
	}
	return -1
}

// selected is the selected task, if any.
func (p *TasksPane) selected() (mcp.TaskEntry, bool) {
	if i := p.indexOf(p.current); i >= 0 {
		return p.Entries[i], true
	}
	return mcp.TaskEntry{}, false
}

// showDetail shows the selected task's state, and its result when done.
func (p *TasksPane) showDetail() {
	e, ok := p.selected()
	if !ok {
		p.Status.SetText(lang.L("Select a task to see its status and result."))
		p.message.SetText("")
		p.times.SetText("")
		p.CancelBtn.Hide()
		p.AnswerBtn.Hide()
		p.result.Clear()
		p.result.Widget().Hide()
		p.shownResult = ""
		return
	}
	p.Status.SetText(view.TaskHeadline(e))
	p.message.SetText(i18n.Explain(e.StatusWords())) // the core's own message translated; a server's stays
	p.times.SetText(view.TaskTimes(e))
	if e.Done() {
		p.CancelBtn.Hide()
	} else {
		p.CancelBtn.Show()
	}
	if e.Status == "input_required" {
		p.AnswerBtn.Show()
	} else {
		p.AnswerBtn.Hide()
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
func (p *TasksPane) showResult(e mcp.TaskEntry) {
	src := p.src
	if e.Result != nil || e.Status == "cancelled" || e.Status == "failed" && e.Error != nil {
		// Nothing to fetch.
		p.result.Show(src.TaskOutcome(context.Background(), e), src.Tool(e.Tool))
		return
	}
	p.result.ShowRunning(e.Tool)
	p.deps.GoWork(func(ctx context.Context) {
		r := src.TaskOutcome(ctx, e)
		fyne.Do(func() {
			if p.src == src && p.current == e.TaskID {
				p.result.Show(r, src.Tool(e.Tool))
			}
		})
	})
}

// cancelCurrent asks the server to cancel the selected task.
func (p *TasksPane) cancelCurrent() {
	e, ok := p.selected()
	if !ok || p.src == nil {
		return
	}
	src := p.src
	p.CancelBtn.Disable()
	p.deps.GoWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		_, err := src.CancelTask(ctx, e.TaskID)
		fyne.Do(func() {
			p.CancelBtn.Enable()
			if err != nil && p.src == src {
				p.message.SetText(lang.L("Cancelling failed: {{.Error}}", map[string]any{"Error": i18n.Explain(mcp.AsRequestError("tasks/cancel", err))}))
			}
		})
	})
}

// refreshNow asks the server about its tasks: tasks/list where the server
// has it (the 2025-11-25 form), tasks/get for each unfinished task.
func (p *TasksPane) refreshNow() {
	if p.src == nil {
		return
	}
	src := p.src
	p.refresh.Disable()
	p.deps.GoWork(func(ctx context.Context) {
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
				p.formNote.SetText(lang.L("Listing the server's tasks failed: {{.Error}}", map[string]any{"Error": i18n.Explain(mcp.AsRequestError("tasks/list", err))}))
			}
		})
	})
}

// startPolling asks, while the tab is on show, about unfinished tasks that
// have not changed for tasksPolled: a task no call follows would otherwise
// never change here.
func (p *TasksPane) startPolling() {
	p.mu.Lock()
	if p.polling {
		p.mu.Unlock()
		return
	}
	p.polling = true
	p.mu.Unlock()
	p.deps.GoWork(func(ctx context.Context) {
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
func (p *TasksPane) pollOnce(ctx context.Context, src taskSource) {
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
