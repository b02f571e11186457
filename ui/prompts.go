package ui

import (
	"context"
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

// An argSpec is one string argument of a prompt, or one variable of a URI template.
type argSpec struct {
	Name        string
	Title       string
	Description string
	Required    bool
}

// An argField is one argument's widgets and its completion state.
type argField struct {
	spec  argSpec
	entry *widget.Entry       // the text (a SelectEntry's own Entry when completing)
	sel   *widget.SelectEntry // nil when the server offers no completion
	chips *fyne.Container     // suggestions as buttons under the entry
	// cancel stops the pending completion request (and its wait) when the
	// person types on.
	cancel      context.CancelFunc
	seq         int
	suggestions []string
}

// An argForm is a form of string fields (prompt arguments, template
// variables). When the server declares completions, every pause in typing
// asks it for suggestions (completion/complete), with the other fields'
// values as context. It is used from the UI goroutine only.
type argForm struct {
	work      worker
	session   *mcp.Session
	ref       *sdk.CompleteReference
	completes bool
	fields    []*argField
	box       *fyne.Container
	empty     *widget.Label
	onSubmit  func()
	quiet     bool
	// answers counts completion answers shown, for tests.
	answers int
}

func newArgForm(work worker, onSubmit func()) *argForm {
	f := &argForm{work: work, onSubmit: onSubmit, box: container.NewVBox()}
	f.empty = widget.NewLabel("")
	f.empty.Importance = widget.LowImportance
	return f
}

// set builds the fields for specs. With completes set, each field asks the
// server for suggestions under ref.
func (f *argForm) set(s *mcp.Session, ref *sdk.CompleteReference, completes bool, specs []argSpec, none string) {
	f.stopCompletions()
	f.session, f.ref, f.completes = s, ref, completes
	f.fields = nil
	var rows []fyne.CanvasObject
	for _, spec := range specs {
		fd := f.newField(spec)
		f.fields = append(f.fields, fd)
		rows = append(rows, f.fieldRow(fd))
	}
	if len(specs) == 0 {
		f.empty.SetText(none)
		rows = append(rows, f.empty)
	}
	f.box.Objects = rows
	f.box.Refresh()
	if completes {
		for _, fd := range f.fields {
			f.complete(fd, 0) // what the server suggests before anything is typed
		}
	}
}

func (f *argForm) newField(spec argSpec) *argField {
	fd := &argField{spec: spec}
	if f.completes {
		fd.sel = widget.NewSelectEntry(nil)
		fd.entry = &fd.sel.Entry
	} else {
		fd.entry = widget.NewEntry()
	}
	fd.entry.SetPlaceHolder(spec.Name)
	fd.entry.OnChanged = func(string) {
		if f.quiet || !f.completes {
			return
		}
		// The other fields' suggestions may depend on this one (the
		// request's context), so they are asked again too.
		for _, other := range f.fields {
			f.complete(other, completionDelay)
		}
	}
	fd.entry.OnSubmitted = func(string) {
		if f.onSubmit != nil {
			f.onSubmit()
		}
	}
	fd.chips = container.NewHBox()
	fd.chips.Hide()
	return fd
}

// fieldRow lays out one field: its name (marked when required), the
// entry, the suggestions and the description.
func (f *argForm) fieldRow(fd *argField) fyne.CanvasObject {
	name := fd.spec.Name
	if fd.spec.Title != "" && fd.spec.Title != fd.spec.Name {
		name = fd.spec.Title + " (" + fd.spec.Name + ")"
	}
	if fd.spec.Required {
		name += " *"
	}
	label := widget.NewLabelWithStyle(name, fyne.TextAlignLeading, fyne.TextStyle{Bold: fd.spec.Required})
	var input fyne.CanvasObject = fd.entry
	if fd.sel != nil {
		input = fd.sel
	}
	rows := []fyne.CanvasObject{label}
	if d := strings.TrimSpace(fd.spec.Description); d != "" {
		rows = append(rows, widgets.NewHelpLabel(d))
	}
	return container.NewVBox(append(rows, input, fd.chips)...)
}

// complete asks the server for suggestions for fd after delay, cancelling
// the request of the previous keystroke. The answer is dropped when the
// field changed meanwhile.
func (f *argForm) complete(fd *argField, delay time.Duration) {
	s, ref := f.session, f.ref
	if s == nil || ref == nil {
		return
	}
	if fd.cancel != nil {
		fd.cancel()
	}
	fd.seq++
	n := fd.seq
	value := fd.entry.Text
	resolved := f.valuesExcept(fd.spec.Name)
	ctx, cancel := context.WithCancel(context.Background())
	fd.cancel = cancel
	f.work.goWork(func(window context.Context) {
		defer cancel()
		defer context.AfterFunc(window, cancel)() // the window closing ends it too
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-ctx.Done():
				return
			}
		}
		values, err := s.Complete(ctx, ref, fd.spec.Name, value, resolved)
		if ctx.Err() != nil {
			return // the person typed on; a newer request follows
		}
		fyne.Do(func() {
			if n == fd.seq {
				f.showSuggestions(fd, values, err)
			}
		})
	})
}

// showSuggestions offers values in the field's drop-down and as buttons.
func (f *argForm) showSuggestions(fd *argField, values []string, err error) {
	f.answers++
	fd.suggestions = values
	if fd.sel != nil {
		fd.sel.SetOptions(values)
	}
	var chips []fyne.CanvasObject
	switch {
	case err != nil:
		l := widget.NewLabel(i18n.L("No suggestions: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
		l.SizeName = theme.SizeNameCaptionText
		l.Importance = widget.LowImportance
		l.Truncation = fyne.TextTruncateEllipsis
		chips = append(chips, l)
	case len(values) == 1 && values[0] == fd.entry.Text:
		// The only suggestion is what is there already.
	case len(values) > 0:
		hint := widget.NewLabel(lang.L("Suggested:"))
		hint.SizeName = theme.SizeNameCaptionText
		chips = append(chips, hint)
		for i, v := range values {
			if i == maxSuggestionChips {
				more := widget.NewLabel(i18n.L("+{{.N}} more (▾)", map[string]any{"N": len(values) - i}))
				more.SizeName = theme.SizeNameCaptionText
				chips = append(chips, more)
				break
			}
			chips = append(chips, widgets.NewButton(v, nil, func() { fd.entry.SetText(v) }))
		}
	}
	fd.chips.Objects = chips
	if len(chips) == 0 {
		fd.chips.Hide()
	} else {
		fd.chips.Show()
	}
	fd.chips.Refresh()
}

func (f *argForm) stopCompletions() {
	for _, fd := range f.fields {
		if fd.cancel != nil {
			fd.cancel()
		}
		fd.seq++
	}
}

// values are the fields that have a value (an empty field is not sent).
func (f *argForm) values() map[string]string { return f.valuesExcept("") }

func (f *argForm) valuesExcept(skip string) map[string]string {
	out := map[string]string{}
	for _, fd := range f.fields {
		if fd.spec.Name != skip && fd.entry.Text != "" {
			out[fd.spec.Name] = fd.entry.Text
		}
	}
	return out
}

// missing names the required fields that are empty.
func (f *argForm) missing() []string {
	var out []string
	for _, fd := range f.fields {
		if fd.spec.Required && strings.TrimSpace(fd.entry.Text) == "" {
			out = append(out, fd.spec.Name)
		}
	}
	return out
}

// load fills the fields from values (a replayed prompt) and returns the
// names it has no field for.
func (f *argForm) load(values map[string]string) []string {
	f.quiet = true
	defer func() { f.quiet = false }()
	for _, fd := range f.fields {
		fd.entry.SetText(values[fd.spec.Name])
	}
	var unknown []string
	for k := range values {
		if !slices.ContainsFunc(f.fields, func(fd *argField) bool { return fd.spec.Name == k }) {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	return unknown
}

func (f *argForm) field(name string) *argField {
	for _, fd := range f.fields {
		if fd.spec.Name == name {
			return fd
		}
	}
	return nil
}

// promptsDeps is what the Prompts tab needs from the window.
type promptsDeps struct {
	win  fyne.Window
	work worker
	// visible reports whether the tab is on show.
	visible func() bool
	// got is told of every prompts/get, on the job's goroutine (Record
	// calls in the Checks tab writes it down).
	got func(r *mcp.PromptResult)
	// historyChanged says that server's history grew.
	historyChanged func(server string)
	// listed says the server's list came from the server (not from the
	// cache), for the quality report (may be nil).
	listed func(server string)
}

// A promptsTab lists the selected server's prompts; selecting one shows a
// form for its arguments, Get sends prompts/get, and the messages come back
// by role with their content.
type promptsTab struct {
	deps    promptsDeps
	session *mcp.Session
	conn    *sdk.InitializeResult
	// stale is set when the list must be fetched the next time the tab is shown.
	stale bool
	// forced is set when the person tried the undeclared feature and the server answered.
	forced   bool
	prompts  []*sdk.Prompt
	selected *sdk.Prompt
	listSeq  int
	getSeq   int
	// syncing is set while the tab marks the selected row itself.
	syncing bool
	// loading is set while prompts/list is on its way; afterLoad runs when it is back.
	loading   bool
	afterLoad []func()

	absent   *absentNotice
	filter   *widget.Entry
	rows     widgets.Filtered // the prompts the filter lets through (filter.go)
	list     *widget.List
	count    *widget.Label
	listNote *widget.Label
	fresh    *widget.Label // how long the list stays fresh (ttlMs)
	// listColumn is the list under its heading and notes.
	listColumn *fyne.Container
	reload     *widgets.Button
	title      *widget.Label
	desc       *widget.Label
	form       *argForm
	getBtn     *widgets.Button
	note       *widget.Label
	result     *fyne.Container
	detail     fyne.CanvasObject
	hint       fyne.CanvasObject
	body       fyne.CanvasObject
	root       *fyne.Container

	// For tests: the last prompts/get and the view that drew its content.
	lastResult *mcp.PromptResult
	view       *ResultView
}

func newPromptsTab(deps promptsDeps) *promptsTab {
	t := &promptsTab{deps: deps}
	t.absent = newAbsentNotice(t.tryAnyway)
	t.count = widget.NewLabel("")
	t.count.SizeName = theme.SizeNameCaptionText
	t.listNote = widget.NewLabel("")
	t.listNote.Wrapping = fyne.TextWrapWord
	t.listNote.Importance = widget.DangerImportance
	t.listNote.Hide()
	t.fresh = freshnessNote()
	t.reload = widgets.NewButton("", theme.ViewRefreshIcon(), func() { t.fetch(true) })
	t.reload.Importance = widget.LowImportance
	t.filter = widgets.NewFilterEntry(lang.L("Filter prompts (Ctrl+F)"), t.refilter)
	t.list = widget.NewList(
		t.rows.Rows,
		widgets.NewTwoLineRow,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if i := t.rows.Item(id); i >= 0 && i < len(t.prompts) {
				p := t.prompts[i]
				widgets.SetTwoLineRow(o, p.Name, view.PromptSubtitle(p), "")
			}
		})
	t.list.OnSelected = func(id widget.ListItemID) {
		if i := t.rows.Item(id); !t.syncing && i >= 0 && i < len(t.prompts) {
			t.selectPrompt(t.prompts[i])
		}
	}
	heading := widget.NewLabelWithStyle(lang.L("Prompts"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.listColumn = widgets.NewBorder(
		container.NewVBox(container.NewBorder(nil, nil, heading, container.NewHBox(t.count, t.reload)), t.filter, t.fresh, t.listNote),
		nil, nil, nil, t.list)

	t.title = widgets.BoldLabel("")
	t.title.SizeName = theme.SizeNameSubHeadingText
	t.title.Wrapping = fyne.TextWrapWord
	t.desc = widget.NewLabel("")
	t.desc.Wrapping = fyne.TextWrapWord
	t.form = newArgForm(deps.work, t.get)
	t.getBtn = widgets.NewButton(lang.L("Get"), theme.MediaPlayIcon(), t.get)
	t.getBtn.Importance = widget.HighImportance
	t.note = widget.NewLabel("")
	t.note.Wrapping = fyne.TextWrapWord
	t.note.SizeName = theme.SizeNameCaptionText
	top := container.NewVScroll(container.NewPadded(container.NewVBox(t.title, t.desc, t.form.box)))
	bar := container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, t.getBtn, nil, t.note))
	t.result = container.NewStack()
	work := container.NewVSplit(container.NewBorder(nil, bar, nil, nil, top), t.result)
	work.SetOffset(0.6)
	t.detail = work
	t.hint = widgets.CentredNote(lang.L("Select a prompt on the left."))
	right := container.NewStack(t.detail, t.hint)
	t.detail.Hide()
	split := container.NewHSplit(t.listColumn, right)
	split.SetOffset(0.32)
	t.body = split
	t.root = container.NewStack(t.body, t.absent.root)
	t.absent.root.Hide()
	return t
}

func (t *promptsTab) visible() bool { return t.deps.visible() }

// setSession follows the selected server; a new session or connection
// empties the tab, and the list is fetched when the tab is (or next is) shown.
func (t *promptsTab) setSession(s *mcp.Session, visible bool) {
	conn := connectionOf(s)
	if s == t.session && conn == t.conn {
		return
	}
	t.session, t.conn = s, conn
	t.form.stopCompletions()
	t.listSeq++
	t.getSeq++
	t.prompts, t.selected, t.forced = nil, nil, false
	t.loading, t.afterLoad = false, nil
	t.list.UnselectAll()
	t.filter.SetText("") // a new server's list starts unfiltered
	t.rows.SetItems(0, nil)
	t.list.Refresh()
	t.count.SetText("")
	t.fresh.Hide()
	t.showDetail(false)
	t.stale = true
	if visible {
		t.shown()
	}
}

// shown fetches the list if it is stale; a prompts capability the server
// did not declare is shown as absent instead.
func (t *promptsTab) shown() {
	if !t.stale {
		return
	}
	s := t.session
	if s == nil || s.Status().State != mcp.StateReady {
		return
	}
	t.stale = false
	if c := s.Capabilities(); c.Known && !c.Prompts && !t.forced {
		t.absent.set("prompts", "prompts/list")
		t.body.Hide()
		t.absent.root.Show()
		t.runAfterLoad()
		return
	}
	t.absent.root.Hide()
	t.body.Show()
	t.load()
}

// listChanged refetches the list after notifications/prompts/list_changed.
func (t *promptsTab) listChanged(server string) {
	if t.session == nil || t.session.Name() != server {
		return
	}
	if t.visible() && t.body.Visible() {
		t.fetch(true)
	} else {
		t.stale = true
	}
}

// load shows every page of prompts/list, keeping the selection by name:
// from the session's cache while the server's ttlMs says it is fresh.
func (t *promptsTab) load() { t.fetch(false) }

// fetch is load; refresh asks the server whatever the ttlMs said.
func (t *promptsTab) fetch(refresh bool) {
	s := t.session
	if s == nil {
		return
	}
	t.listSeq++
	n := t.listSeq
	t.loading = true
	t.count.SetText(lang.L("loading …"))
	t.deps.work.goWork(func(ctx context.Context) {
		prompts, fresh, err := s.PromptsList(ctx, refresh)
		fyne.Do(func() {
			if n == t.listSeq && s == t.session {
				t.setPrompts(prompts, err)
				showFreshness(t.fresh, fresh)
				t.listColumn.Refresh() // the line shown must push the list down
			}
			if t.deps.listed != nil && !fresh.Cached && err == nil {
				t.deps.listed(s.Name())
			}
		})
	})
}

// whenLoaded runs f once the list is there (now, if it is).
func (t *promptsTab) whenLoaded(f func()) {
	if t.loading || t.stale {
		t.afterLoad = append(t.afterLoad, f)
		t.shown()
		return
	}
	f()
}

func (t *promptsTab) runAfterLoad() {
	fs := t.afterLoad
	t.afterLoad = nil
	for _, f := range fs {
		f()
	}
}

func (t *promptsTab) setPrompts(prompts []*sdk.Prompt, err error) {
	t.loading = false
	defer t.runAfterLoad()
	if err != nil {
		t.listNote.SetText(i18n.L("The list could not be fetched: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
		t.listNote.Show()
		t.count.SetText("")
		return
	}
	t.listNote.Hide()
	t.prompts = prompts
	t.rows.SetItems(len(prompts), func(i int) []string {
		return []string{prompts[i].Name, prompts[i].Title, prompts[i].Description}
	})
	t.showRows()
	if t.selected != nil {
		i := slices.IndexFunc(prompts, func(p *sdk.Prompt) bool { return p.Name == t.selected.Name })
		if i < 0 {
			t.selected = nil
			t.list.UnselectAll()
			t.showDetail(false)
			return
		}
		t.selected = prompts[i] // its arguments may have changed; the form stays as typed
		t.markSelected()
	}
}

// refilter shows the prompts whose name, title or description has every
// word typed in the filter.
func (t *promptsTab) refilter(q view.Filter) {
	t.rows.Apply(q)
	t.showRows()
	t.markSelected()
}

func (t *promptsTab) showRows() {
	if !t.loading && t.session != nil {
		t.count.SetText(t.rows.Count("prompt", "prompts"))
	}
	t.list.Refresh()
}

// markSelected marks the selected prompt's row, wherever the filter moved
// it (none when the filter hides it; its form stays on show).
func (t *promptsTab) markSelected() {
	t.syncing = true
	defer func() { t.syncing = false }()
	r := -1
	if t.selected != nil {
		r = t.rows.Row(slices.IndexFunc(t.prompts, func(p *sdk.Prompt) bool { return p.Name == t.selected.Name }))
	}
	if r < 0 {
		t.list.UnselectAll()
		return
	}
	t.list.Select(r)
}

// tryAnyway sends prompts/list to a server that did not declare prompts.
func (t *promptsTab) tryAnyway() {
	s := t.session
	if s == nil {
		return
	}
	t.absent.trying("prompts/list")
	t.deps.work.goWork(func(ctx context.Context) {
		prompts, err := s.Prompts(ctx)
		fyne.Do(func() {
			if s != t.session {
				return
			}
			if err != nil {
				t.absent.answered(err, "")
				return
			}
			t.absent.answered(nil, i18n.N("The server answered prompts/list anyway, with {{.Count}} prompts.", len(prompts)))
			if len(prompts) > 0 {
				t.forced = true
				t.absent.root.Hide()
				t.body.Show()
				t.setPrompts(prompts, nil)
			}
		})
	})
}

func (t *promptsTab) showDetail(on bool) {
	if on {
		t.hint.Hide()
		t.detail.Show()
	} else {
		t.detail.Hide()
		t.hint.Show()
		t.result.Objects = nil
		t.result.Refresh()
	}
}

// selectPrompt shows the prompt's arguments as a form.
func (t *promptsTab) selectPrompt(p *sdk.Prompt) {
	if t.selected != nil && t.selected.Name == p.Name && t.detail.Visible() {
		return
	}
	t.selected = p
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
	completes := t.session != nil && t.session.Capabilities().Completions
	t.form.set(t.session, mcp.PromptRef(p.Name), completes, specs, lang.L("This prompt takes no arguments."))
	t.getBtn.Enable()
	t.note.SetText(view.GetNote(len(specs) > 0, completes))
	t.result.Objects = nil
	t.result.Refresh()
	t.showDetail(true)
}

// selectName selects the named prompt as a click would (emptying the
// filter when it hides the prompt).
func (t *promptsTab) selectName(name string) bool {
	for i, p := range t.prompts {
		if p.Name == name {
			if t.rows.Row(i) < 0 {
				t.filter.SetText("")
			}
			t.selectPrompt(p)
			t.markSelected()
			return true
		}
	}
	return false
}

// get sends prompts/get with the form's values and shows the messages.
func (t *promptsTab) get() {
	s, p := t.session, t.selected
	if s == nil || p == nil {
		return
	}
	if missing := t.form.missing(); len(missing) > 0 {
		t.note.SetText(i18n.L("Not sent: fill in {{.Fields}}.", map[string]any{"Fields": strings.Join(missing, ", ")}))
		return
	}
	args := t.form.values()
	t.getSeq++
	n := t.getSeq
	t.getBtn.Disable()
	t.note.SetText(i18n.L("Getting {{.Name}} …", map[string]any{"Name": p.Name}))
	t.deps.work.goWork(func(ctx context.Context) {
		r := s.GetPrompt(ctx, p.Name, args)
		t.deps.got(r)
		fyne.Do(func() {
			t.deps.historyChanged(r.Server)
			if n != t.getSeq {
				return
			}
			t.getBtn.Enable()
			t.lastResult = r
			t.note.SetText(view.PromptOutcome(r))
			t.showResult(r)
		})
	})
}

// showResult draws the prompt's messages by role with their content.
func (t *promptsTab) showResult(r *mcp.PromptResult) {
	rv := NewResultView(t.deps.win)
	rv.result = &mcp.CallResult{Tool: r.Prompt} // names saved files after the prompt
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
			rows = append(rows, widgets.MessageCard(string(m.Role), rv.contentBlock(i, m.Content)))
		}
		if len(r.Result.Messages) == 0 {
			rows = append(rows, widgets.LowLabel(lang.L("The prompt has no messages.")))
		}
	}
	t.result.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(container.NewVBox(rows...)))}
	t.result.Refresh()
}
