package tabs

import (
	"context"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// HistoryDeps is what the History tab needs from the window.
type HistoryDeps struct {
	Win fyne.Window
	// store is the history kept (nil: none is).
	Store func() *history.History
	Work  widgets.Worker
	// visible reports whether the tab is on show.
	Visible   func() bool
	ShowError func(what string, err error)
	// replay puts an entry back where it came from (a form, a read); it
	// reports whether a tool call's arguments are loaded, ready to run, and
	// what to say under the entry when the replay could not be done.
	Replay func(e history.Entry) (loaded bool, note string)
	// run runs the selected tool with its form's arguments.
	Run func()
}

// A HistoryTab lists the selected server's history, newest first. Selecting
// an entry shows it again; "Load arguments" puts a call's arguments back
// into the tool's form or the prompt's, and a read is read again.
type HistoryTab struct {
	deps    HistoryDeps
	server  string
	stale   bool
	Entries []history.Entry
	current *history.Entry
	seq     int

	Filter   *widget.Entry
	Rows     widgets.Filtered // the entries the filter lets through (filter.go)
	syncing  bool             // the tab marks the selected row itself
	List     *widget.List
	count    *widget.Label
	ClearBtn *widgets.Button
	off      *widget.Label // says why nothing is kept
	title    *widget.Label
	Meta     *widget.Label
	message  *widget.Label
	LoadBtn  *widgets.Button
	RunBtn   *widgets.Button // Run again: load and run in one click (tool calls)
	note     *widget.Label
	args     *widget.Label
	argsBox  *fyne.Container
	Result   *widgets.TextLines
	Detail   fyne.CanvasObject
	hint     fyne.CanvasObject
	Root     fyne.CanvasObject
}

func NewHistoryTab(deps HistoryDeps) *HistoryTab {
	t := &HistoryTab{deps: deps}
	t.count = widgets.SmallLabel()
	t.ClearBtn = widgets.NewButton(lang.L("Clear…"), theme.DeleteIcon(), t.ConfirmClear)
	t.ClearBtn.Importance = widget.LowImportance
	t.ClearBtn.Disable()
	t.off = widgets.LowLabel("")
	t.off.Hide()
	t.Filter = widgets.NewFilterEntry(lang.L("Filter history (Ctrl+F)"), t.refilter)
	t.List = newRowList(&t.Rows, func() []history.Entry { return t.Entries },
		func(e history.Entry) (string, string, string) {
			return e.Name, view.HistorySubtitle(&e, time.Now()), view.HistoryFlag(&e)
		}, t.Show, &t.syncing)
	heading := widget.NewLabelWithStyle(lang.L("History"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	left := widgets.NewBorder(
		container.NewVBox(container.NewBorder(nil, nil, heading, container.NewHBox(t.count, t.ClearBtn)), t.Filter, t.off),
		nil, nil, nil, t.List)

	t.title = widgets.BoldLabel("")
	t.title.SizeName = theme.SizeNameSubHeadingText
	t.title.Wrapping = fyne.TextWrapBreak
	t.Meta = widget.NewLabel("")
	t.Meta.Wrapping = fyne.TextWrapWord
	t.message = widget.NewLabel("")
	t.message.Wrapping = fyne.TextWrapWord
	t.message.Importance = widget.DangerImportance
	t.message.Selectable = true
	t.LoadBtn = widgets.NewButton(lang.L("Load arguments"), theme.ContentUndoIcon(), func() { t.replay() })
	t.RunBtn = widgets.NewButton(lang.L("Run again"), theme.MediaPlayIcon(), t.runAgain)
	t.RunBtn.Importance = widget.HighImportance
	t.note = widget.NewLabel("")
	t.note.Wrapping = fyne.TextWrapWord
	t.note.SizeName = theme.SizeNameCaptionText
	t.args = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	t.args.Selectable = true
	t.args.Wrapping = fyne.TextWrapBreak
	t.argsBox = container.NewVBox(heading2(lang.L("Arguments")), t.args)
	t.Result = widgets.NewTextLines()
	head := container.NewVBox(t.title, t.Meta, t.message,
		container.NewBorder(nil, nil, container.NewHBox(t.RunBtn, t.LoadBtn), nil, t.note), t.argsBox, heading2(lang.L("Result")))
	t.Detail = container.NewPadded(container.NewBorder(head, nil, nil, nil, t.Result.WithBar(true)))
	t.Detail.Hide()
	t.hint = widgets.CentredNote(lang.L("Every tool call, resource read and prompt get is kept here. Select one to see it again."))
	split := container.NewHSplit(left, container.NewStack(t.Detail, t.hint))
	split.SetOffset(0.32)
	t.Root = split
	return t
}

func heading2(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func (t *HistoryTab) visible() bool { return t.deps.Visible() }

// setServer follows the selected server; the list is read when the tab is shown.
func (t *HistoryTab) SetServer(name string, visible bool) {
	if name == t.server {
		return
	}
	t.server = name
	t.Entries, t.current = nil, nil
	t.List.UnselectAll()
	t.Rows.SetItems(0, nil)
	t.List.Refresh()
	t.showDetail(false)
	t.stale = true
	if visible {
		t.Shown()
	}
}

// reset forgets what was read (the history itself changed).
func (t *HistoryTab) Reset() {
	t.stale = true
	if t.visible() {
		t.Shown()
	}
}

// changed reloads the list after server's history grew.
func (t *HistoryTab) Changed(server string) {
	if server != t.server {
		return
	}
	t.stale = true
	if t.visible() {
		t.Shown()
	}
}

func (t *HistoryTab) Shown() {
	if !t.stale {
		return
	}
	t.stale = false
	t.load()
}

// load reads the server's history file on a goroutine.
func (t *HistoryTab) load() {
	h, server := t.deps.Store(), t.server
	t.seq++
	n := t.seq
	if h == nil || server == "" {
		t.Entries = nil
		t.List.Refresh()
		t.count.SetText("")
		t.ClearBtn.Disable()
		if h == nil {
			t.off.SetText(lang.L("History is not kept in this window."))
			t.off.Show()
		}
		return
	}
	t.off.Hide()
	t.deps.Work.GoWork(func(context.Context) {
		entries, err := h.List(server)
		fyne.Do(func() {
			if n != t.seq || server != t.server {
				return
			}
			if err != nil {
				t.off.SetText(i18n.L("The history could not be read: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
				t.off.Show()
			}
			t.setEntries(entries)
		})
	})
}

func (t *HistoryTab) setEntries(entries []history.Entry) {
	t.Entries = entries
	t.Rows.SetItems(len(entries), func(i int) []string { return view.HistoryText(&entries[i]) })
	t.count.SetText(t.Rows.Count("entry", "entries"))
	widgets.SetEnabled(t.ClearBtn, len(entries) > 0)
	t.List.Refresh()
	if t.current == nil {
		return
	}
	if !t.markSelected() {
		t.current = nil
		t.List.UnselectAll()
		t.showDetail(false)
	}
}

// refilter shows the entries that have every word typed in the filter.
func (t *HistoryTab) refilter(q view.Filter) {
	t.Rows.Apply(q)
	if len(t.Entries) > 0 {
		t.count.SetText(t.Rows.Count("entry", "entries"))
	}
	t.List.Refresh()
	t.markSelected()
}

// markSelected marks the current entry's row, wherever the filter moved it
// (none when it hides it). It reports whether the entry is still there.
func (t *HistoryTab) markSelected() bool {
	i := -1
	if t.current != nil {
		i = slices.IndexFunc(t.Entries, func(e history.Entry) bool { return e.ID == t.current.ID })
	}
	markRow(t.List, &t.Rows, i, &t.syncing)
	return i >= 0
}

func (t *HistoryTab) showDetail(on bool) {
	if on {
		t.hint.Hide()
		t.Detail.Show()
	} else {
		t.Detail.Hide()
		t.hint.Show()
	}
}

// show shows one entry again: what was asked, how it ended, the stored result.
func (t *HistoryTab) Show(e history.Entry) {
	if t.current != nil && t.current.ID == e.ID && t.Detail.Visible() {
		return
	}
	t.current = &e
	t.title.SetText(string(e.Kind) + " " + e.Name)
	outcome := i18n.L("succeeded")
	if !e.OK() {
		outcome = i18n.L("failed: {{.Layer}} error", map[string]any{"Layer": view.LayerWord(mcp.ErrorLayer(e.ErrorLayer))})
	}
	meta := map[string]any{"Time": e.Time.Format("2006-01-02 15:04:05"), "Duration": view.Duration(time.Duration(e.DurationMS * float64(time.Millisecond))), "Outcome": outcome}
	if e.WaitedMS > 0 {
		meta["Waited"] = view.Duration(time.Duration(e.WaitedMS * float64(time.Millisecond)))
		t.Meta.SetText(i18n.L("{{.Time}} · took {{.Duration}}, not counting {{.Waited}} waiting for your answer · {{.Outcome}}", meta))
	} else {
		t.Meta.SetText(i18n.L("{{.Time}} · took {{.Duration}} · {{.Outcome}}", meta))
	}
	t.message.SetText(view.Capitalise(e.Message))
	if e.Message == "" {
		t.message.Hide()
	} else {
		t.message.Show()
	}
	if len(e.Arguments) > 0 {
		t.args.SetText(view.PrettyJSON(e.Arguments))
		t.argsBox.Show()
	} else {
		t.argsBox.Hide()
	}
	switch e.Kind {
	case history.Resource:
		t.LoadBtn.SetText(lang.L("Read again"))
		t.LoadBtn.SetIcon(theme.ViewRefreshIcon())
		t.RunBtn.Hide()
	default:
		t.LoadBtn.SetText(lang.L("Load arguments"))
		t.LoadBtn.SetIcon(theme.ContentUndoIcon())
		if e.Kind == history.Tool {
			t.RunBtn.Show()
		} else {
			t.RunBtn.Hide()
		}
	}
	t.note.SetText("")
	result := "(no result was kept)"
	if len(e.Result) > 0 {
		result, _ = view.PrettyJSONText(string(e.Result))
	}
	if e.Cut {
		result = "The result was too big to keep whole; long texts in it are cut.\n\n" + result
	}
	t.Result.SetText(result)
	t.showDetail(true)
}

// replay puts the entry's arguments back where they came from: the tool's
// form, the prompt's form, or a new read of the resource.
func (t *HistoryTab) replay() bool {
	if t.current == nil {
		return false
	}
	loaded, note := t.deps.Replay(*t.current)
	if note != "" {
		t.note.SetText(note)
	}
	return loaded
}

// runAgain loads a tool call's arguments and runs it, in one click.
func (t *HistoryTab) runAgain() {
	if t.replay() {
		t.deps.Run()
	}
}

// confirmClear asks, then forgets the server's history.
func (t *HistoryTab) ConfirmClear() {
	h, server := t.deps.Store(), t.server
	if h == nil || server == "" {
		return
	}
	msg := widget.NewLabel(i18n.N("Forget all {{.Count}} history entries of {{.Server}}? This cannot be undone.", len(t.Entries), map[string]any{"Server": server}))
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustomConfirm(lang.L("Clear history"), lang.L("Clear"), lang.L("Keep"), msg, func(ok bool) {
		if !ok {
			return
		}
		t.deps.Work.GoWork(func(context.Context) {
			err := h.Clear(server)
			fyne.Do(func() {
				if err != nil {
					t.deps.ShowError("Clearing the history", err)
				}
				t.current = nil
				t.showDetail(false)
				t.Changed(server)
			})
		})
	}, t.deps.Win)
	d.SetConfirmImportance(widget.DangerImportance)
	d.Resize(fyne.NewSize(420, 180))
	d.Show()
}
