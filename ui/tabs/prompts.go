package tabs

import (
	"context"
	"mcpbrowser/ui/result"
	"slices"
	"strings"
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

// This file is the Prompts tab (list, argument form, get, the messages by
// role) and the small form of string arguments it shares with resource
// templates, which offers the server's completions as the person types.

// completionDelay is how long typing must pause before the server is asked
// for suggestions: one request per pause, not one per keystroke.
const completionDelay = 200 * time.Millisecond

// maxSuggestionChips is how many suggestions are shown as buttons under a
// field; the field's drop-down lists all of them.
const maxSuggestionChips = 6

// PromptsDeps is what the Prompts tab needs from the window.
type PromptsDeps struct {
	Win  fyne.Window
	Work widgets.Worker
	// visible reports whether the tab is on show.
	Visible func() bool
	// got is told of every prompts/get, on the job's goroutine (Record
	// calls in the Checks tab writes it down).
	Got func(r *mcp.PromptResult)
	// historyChanged says that server's history grew.
	HistoryChanged func(server string)
	// listed says the server's list came from the server (not from the
	// cache), for the quality report (may be nil).
	Listed func(server string)
}

// A PromptsTab lists the selected server's prompts; selecting one shows a
// form for its arguments, Get sends prompts/get, and the messages come back
// by role with their content.
type PromptsTab struct {
	listTab  // the session, the list's fetching, freshness and "Try anyway" (listtab.go)
	deps     PromptsDeps
	Prompts  []*sdk.Prompt
	Selected *sdk.Prompt
	getSeq   int
	// syncing is set while the tab marks the selected row itself.
	syncing bool
	// loading is set while prompts/list is on its way; afterLoad runs when it is back.
	loading   bool
	afterLoad []func()

	Filter   *widget.Entry
	Rows     widgets.Filtered // the prompts the filter lets through (filter.go)
	List     *widget.List
	count    *widget.Label
	listNote *widget.Label
	Fresh    *widget.Label // how long the list stays fresh (ttlMs)
	Reload   *widgets.Button
	title    *widget.Label
	desc     *widget.Label
	Form     *argForm
	GetBtn   *widgets.Button
	Note     *widget.Label
	Result   *fyne.Container
	detail   fyne.CanvasObject
	hint     fyne.CanvasObject

	// For tests: the last prompts/get and the view that drew its content.
	LastResult *mcp.PromptResult
	view       *result.ResultView
}

func NewPromptsTab(deps PromptsDeps) *PromptsTab {
	t := &PromptsTab{deps: deps}
	t.init(listKind{
		Work: deps.Work, Visible: deps.Visible, Listed: deps.Listed,
		Feature: "prompts", Method: "prompts/list",
		Declared: func(c mcp.Capabilities) bool { return c.Prompts },
		Reset:    t.reset,
		Loading: func() {
			t.loading = true
			t.count.SetText(lang.L("loading …"))
		},
		List: func(ctx context.Context, s *mcp.Session, refresh bool) (func(), bool) {
			prompts, fresh, err := s.PromptsList(ctx, refresh)
			return func() {
				t.SetPrompts(prompts, err)
				showFreshness(t.Fresh, fresh)
			}, !fresh.Cached && err == nil
		},
		Try: func(ctx context.Context, s *mcp.Session) (int, func(), error) {
			prompts, err := s.Prompts(ctx)
			return len(prompts), func() { t.SetPrompts(prompts, nil) }, err
		},
		Answered: func(n int) string {
			return i18n.N("The server answered prompts/list anyway, with {{.Count}} prompts.", n)
		},
		Absent: t.runAfterLoad,
	})
	t.count = widget.NewLabel("")
	t.count.SizeName = theme.SizeNameCaptionText
	t.listNote = widget.NewLabel("")
	t.listNote.Wrapping = fyne.TextWrapWord
	t.listNote.Importance = widget.DangerImportance
	t.listNote.Hide()
	t.Fresh = freshnessNote()
	t.Reload = widgets.NewButton("", theme.ViewRefreshIcon(), func() { t.fetch(true) })
	t.Reload.Importance = widget.LowImportance
	t.Filter = widgets.NewFilterEntry(lang.L("Filter prompts (Ctrl+F)"), t.refilter)
	t.List = newRowList(&t.Rows, func() []*sdk.Prompt { return t.Prompts },
		func(p *sdk.Prompt) (string, string, string) { return p.Name, view.PromptSubtitle(p), "" },
		t.selectPrompt, &t.syncing)
	heading := widget.NewLabelWithStyle(lang.L("Prompts"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	listColumn := widgets.NewBorder(
		container.NewVBox(container.NewBorder(nil, nil, heading, container.NewHBox(t.count, t.Reload)), t.Filter, t.Fresh, t.listNote),
		nil, nil, nil, t.List)

	t.title = widgets.BoldLabel("")
	t.title.SizeName = theme.SizeNameSubHeadingText
	t.title.Wrapping = fyne.TextWrapWord
	t.desc = widget.NewLabel("")
	t.desc.Wrapping = fyne.TextWrapWord
	t.Form = newArgForm(deps.Work, t.get)
	t.GetBtn = widgets.NewButton(lang.L("Get"), theme.MediaPlayIcon(), t.get)
	t.GetBtn.Importance = widget.HighImportance
	t.Note = widget.NewLabel("")
	t.Note.Wrapping = fyne.TextWrapWord
	t.Note.SizeName = theme.SizeNameCaptionText
	top := container.NewVScroll(container.NewPadded(container.NewVBox(t.title, t.desc, t.Form.Box)))
	bar := container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, t.GetBtn, nil, t.Note))
	t.Result = container.NewStack()
	work := container.NewVSplit(container.NewBorder(nil, bar, nil, nil, top), t.Result)
	work.SetOffset(0.6)
	t.detail = work
	t.hint = widgets.CentredNote(lang.L("Select a prompt on the left."))
	right := container.NewStack(t.detail, t.hint)
	t.detail.Hide()
	split := container.NewHSplit(listColumn, right)
	split.SetOffset(0.32)
	t.place(split, listColumn)
	return t
}

// reset empties the tab for a new session or connection.
func (t *PromptsTab) reset() {
	t.Form.stopCompletions()
	t.getSeq++
	t.Prompts, t.Selected = nil, nil
	t.loading, t.afterLoad = false, nil
	t.List.UnselectAll()
	t.Filter.SetText("") // a new server's list starts unfiltered
	t.Rows.SetItems(0, nil)
	t.List.Refresh()
	t.count.SetText("")
	t.Fresh.Hide()
	t.showDetail(false)
}

// Load shows every page of prompts/list, keeping the selection by name:
// from the session's cache while the server's ttlMs says it is fresh.
func (t *PromptsTab) Load() { t.fetch(false) }

// whenLoaded runs f once the list is there (now, if it is).
func (t *PromptsTab) WhenLoaded(f func()) {
	if t.loading || t.Stale {
		t.afterLoad = append(t.afterLoad, f)
		t.Shown()
		return
	}
	f()
}

func (t *PromptsTab) runAfterLoad() {
	fs := t.afterLoad
	t.afterLoad = nil
	for _, f := range fs {
		f()
	}
}

func (t *PromptsTab) SetPrompts(prompts []*sdk.Prompt, err error) {
	t.loading = false
	defer t.runAfterLoad()
	if showListError(t.listNote, err) {
		t.count.SetText("")
		return
	}
	t.Prompts = prompts
	t.Rows.SetItems(len(prompts), func(i int) []string {
		return []string{prompts[i].Name, prompts[i].Title, prompts[i].Description}
	})
	t.showRows()
	if t.Selected != nil {
		i := slices.IndexFunc(prompts, func(p *sdk.Prompt) bool { return p.Name == t.Selected.Name })
		if i < 0 {
			t.Selected = nil
			t.List.UnselectAll()
			t.showDetail(false)
			return
		}
		t.Selected = prompts[i] // its arguments may have changed; the form stays as typed
		t.markSelected()
	}
}

// refilter shows the prompts whose name, title or description has every
// word typed in the filter.
func (t *PromptsTab) refilter(q view.Filter) {
	t.Rows.Apply(q)
	t.showRows()
	t.markSelected()
}

func (t *PromptsTab) showRows() {
	if !t.loading && t.Session != nil {
		t.count.SetText(t.Rows.Count("prompt", "prompts"))
	}
	t.List.Refresh()
}

// markSelected marks the selected prompt's row, wherever the filter moved
// it (none when the filter hides it; its form stays on show).
func (t *PromptsTab) markSelected() {
	i := -1
	if t.Selected != nil {
		i = slices.IndexFunc(t.Prompts, func(p *sdk.Prompt) bool { return p.Name == t.Selected.Name })
	}
	markRow(t.List, &t.Rows, i, &t.syncing)
}

func (t *PromptsTab) showDetail(on bool) {
	if on {
		t.hint.Hide()
		t.detail.Show()
	} else {
		t.detail.Hide()
		t.hint.Show()
		t.Result.Objects = nil
		t.Result.Refresh()
	}
}

// selectPrompt shows the prompt's arguments as a form.
func (t *PromptsTab) selectPrompt(p *sdk.Prompt) {
	if t.Selected != nil && t.Selected.Name == p.Name && t.detail.Visible() {
		return
	}
	t.Selected = p
	t.getSeq++
	title := p.Name
	if p.Title != "" && p.Title != p.Name {
		title = p.Title + " (" + p.Name + ")"
	}
	t.title.SetText(title)
	t.desc.SetText(strings.TrimSpace(p.Description))
	if t.desc.Text == "" {
		t.desc.Hide()
	} else {
		t.desc.Show()
	}
	specs := make([]argSpec, 0, len(p.Arguments))
	for _, a := range p.Arguments {
		specs = append(specs, argSpec{Name: a.Name, Title: a.Title, Description: a.Description, Required: a.Required})
	}
	completes := t.Session != nil && t.Session.Capabilities().Completions
	t.Form.set(t.Session, mcp.PromptRef(p.Name), completes, specs, lang.L("This prompt takes no arguments."))
	t.GetBtn.Enable()
	t.Note.SetText(view.GetNote(len(specs) > 0, completes))
	t.Result.Objects = nil
	t.Result.Refresh()
	t.showDetail(true)
}

// selectName selects the named prompt as a click would (emptying the
// filter when it hides the prompt).
func (t *PromptsTab) SelectName(name string) bool {
	for i, p := range t.Prompts {
		if p.Name == name {
			if t.Rows.Row(i) < 0 {
				t.Filter.SetText("")
			}
			t.selectPrompt(p)
			t.markSelected()
			return true
		}
	}
	return false
}

// get sends prompts/get with the form's values and shows the messages.
func (t *PromptsTab) get() {
	s, p := t.Session, t.Selected
	if s == nil || p == nil {
		return
	}
	if missing := t.Form.missing(); len(missing) > 0 {
		t.Note.SetText(i18n.L("Not sent: fill in {{.Fields}}.", map[string]any{"Fields": strings.Join(missing, ", ")}))
		return
	}
	args := t.Form.values()
	t.getSeq++
	n := t.getSeq
	t.GetBtn.Disable()
	t.Note.SetText(i18n.L("Getting {{.Name}} …", map[string]any{"Name": p.Name}))
	t.deps.Work.GoWork(func(ctx context.Context) {
		r := s.GetPrompt(ctx, p.Name, args)
		t.deps.Got(r)
		fyne.Do(func() {
			t.deps.HistoryChanged(r.Server)
			if n != t.getSeq {
				return
			}
			t.GetBtn.Enable()
			t.LastResult = r
			t.Note.SetText(view.PromptOutcome(r))
			t.showResult(r)
		})
	})
}

// showResult draws the prompt's messages by role with their content.
func (t *PromptsTab) showResult(r *mcp.PromptResult) {
	rv := result.NewResultView(t.deps.Win)
	rv.Result = &mcp.CallResult{Tool: r.Prompt} // names saved files after the prompt
	t.view = rv
	var rows []fyne.CanvasObject
	if !r.OK() {
		rows = append(rows, widgets.OutcomeBand(false, i18n.L("prompts/get failed"), r.Message, r.RPCError, r.Duration))
	} else {
		rows = append(rows, widgets.OutcomeBand(true, i18n.L("Prompt {{.Name}}", map[string]any{"Name": r.Prompt}), i18n.N("The server sent {{.Count}} messages.", len(r.Result.Messages)), nil, r.Duration))
		if d := strings.TrimSpace(r.Result.Description); d != "" {
			rows = append(rows, widgets.Caption(d))
		}
		for i, m := range r.Result.Messages {
			rows = append(rows, widgets.MessageCard(string(m.Role), rv.ContentBlock(i, m.Content)))
		}
		if len(r.Result.Messages) == 0 {
			rows = append(rows, widgets.LowLabel(lang.L("The prompt has no messages.")))
		}
	}
	t.Result.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(container.NewVBox(rows...)))}
	t.Result.Refresh()
}
