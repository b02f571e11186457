package ui

import (
	"context"
	"encoding/json"
	"strings"
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

// SetHistory keeps every tool call, resource read and prompt get of the
// window's servers in h (nil keeps nothing). Run sets the history under the
// XDG data directory; tests set one in a temporary folder or none.
func (w *MainWindow) SetHistory(h *history.History) {
	w.history = h
	if w.manager != nil {
		w.manager.SetHistory(h) // the core records every call
	}
	w.features.history.reset()
}

// historyChanged tells the History tab that server's history grew.
func (w *MainWindow) historyChanged(server string) {
	if w.features != nil {
		w.features.history.changed(server)
	}
}

// historyDeps is what the History tab needs from the window.
type historyDeps struct {
	win fyne.Window
	// store is the history kept (nil: none is).
	store func() *history.History
	work  worker
	// visible reports whether the tab is on show.
	visible   func() bool
	showError func(what string, err error)
	// replay puts an entry back where it came from (a form, a read); it
	// reports whether a tool call's arguments are loaded, ready to run, and
	// what to say under the entry when the replay could not be done.
	replay func(e history.Entry) (loaded bool, note string)
	// run runs the selected tool with its form's arguments.
	run func()
}

// A historyTab lists the selected server's history, newest first. Selecting
// an entry shows it again; "Load arguments" puts a call's arguments back
// into the tool's form or the prompt's, and a read is read again.
type historyTab struct {
	deps    historyDeps
	server  string
	stale   bool
	entries []history.Entry
	current *history.Entry
	seq     int

	filter   *widget.Entry
	rows     widgets.Filtered // the entries the filter lets through (filter.go)
	syncing  bool             // the tab marks the selected row itself
	list     *widget.List
	count    *widget.Label
	clearBtn *widgets.Button
	off      *widget.Label // says why nothing is kept
	title    *widget.Label
	meta     *widget.Label
	message  *widget.Label
	loadBtn  *widgets.Button
	runBtn   *widgets.Button // Run again: load and run in one click (tool calls)
	note     *widget.Label
	args     *widget.Label
	argsBox  *fyne.Container
	result   *widgets.TextLines
	detail   fyne.CanvasObject
	hint     fyne.CanvasObject
	root     fyne.CanvasObject
}

func newHistoryTab(deps historyDeps) *historyTab {
	t := &historyTab{deps: deps}
	t.count = widgets.SmallLabel()
	t.clearBtn = widgets.NewButton(lang.L("Clear…"), theme.DeleteIcon(), t.confirmClear)
	t.clearBtn.Importance = widget.LowImportance
	t.clearBtn.Disable()
	t.off = widgets.LowLabel("")
	t.off.Hide()
	t.filter = widgets.NewFilterEntry(lang.L("Filter history (Ctrl+F)"), t.refilter)
	t.list = widget.NewList(
		t.rows.Rows,
		widgets.NewTwoLineRow,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if i := t.rows.Item(id); i >= 0 && i < len(t.entries) {
				e := &t.entries[i]
				widgets.SetTwoLineRow(o, e.Name, view.HistorySubtitle(e, time.Now()), view.HistoryFlag(e))
			}
		})
	t.list.OnSelected = func(id widget.ListItemID) {
		if i := t.rows.Item(id); !t.syncing && i >= 0 && i < len(t.entries) {
			t.show(t.entries[i])
		}
	}
	heading := widget.NewLabelWithStyle(lang.L("History"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	left := widgets.NewBorder(
		container.NewVBox(container.NewBorder(nil, nil, heading, container.NewHBox(t.count, t.clearBtn)), t.filter, t.off),
		nil, nil, nil, t.list)

	t.title = widgets.BoldLabel("")
	t.title.SizeName = theme.SizeNameSubHeadingText
	t.title.Wrapping = fyne.TextWrapBreak
	t.meta = widget.NewLabel("")
	t.meta.Wrapping = fyne.TextWrapWord
	t.message = widget.NewLabel("")
	t.message.Wrapping = fyne.TextWrapWord
	t.message.Importance = widget.DangerImportance
	t.message.Selectable = true
	t.loadBtn = widgets.NewButton(lang.L("Load arguments"), theme.ContentUndoIcon(), func() { t.replay() })
	t.runBtn = widgets.NewButton(lang.L("Run again"), theme.MediaPlayIcon(), t.runAgain)
	t.runBtn.Importance = widget.HighImportance
	t.note = widget.NewLabel("")
	t.note.Wrapping = fyne.TextWrapWord
	t.note.SizeName = theme.SizeNameCaptionText
	t.args = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	t.args.Selectable = true
	t.args.Wrapping = fyne.TextWrapBreak
	t.argsBox = container.NewVBox(heading2(lang.L("Arguments")), t.args)
	t.result = widgets.NewTextLines()
	head := container.NewVBox(t.title, t.meta, t.message,
		container.NewBorder(nil, nil, container.NewHBox(t.runBtn, t.loadBtn), nil, t.note), t.argsBox, heading2(lang.L("Result")))
	t.detail = container.NewPadded(container.NewBorder(head, nil, nil, nil, t.result.WithBar(true)))
	t.detail.Hide()
	t.hint = widgets.CentredNote(lang.L("Every tool call, resource read and prompt get is kept here. Select one to see it again."))
	split := container.NewHSplit(left, container.NewStack(t.detail, t.hint))
	split.SetOffset(0.32)
	t.root = split
	return t
}

func heading2(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func (t *historyTab) visible() bool { return t.deps.visible() }

// setServer follows the selected server; the list is read when the tab is shown.
func (t *historyTab) setServer(name string, visible bool) {
	if name == t.server {
		return
	}
	t.server = name
	t.entries, t.current = nil, nil
	t.list.UnselectAll()
	t.rows.SetItems(0, nil)
	t.list.Refresh()
	t.showDetail(false)
	t.stale = true
	if visible {
		t.shown()
	}
}

// reset forgets what was read (the history itself changed).
func (t *historyTab) reset() {
	t.stale = true
	if t.visible() {
		t.shown()
	}
}

// changed reloads the list after server's history grew.
func (t *historyTab) changed(server string) {
	if server != t.server {
		return
	}
	t.stale = true
	if t.visible() {
		t.shown()
	}
}

func (t *historyTab) shown() {
	if !t.stale {
		return
	}
	t.stale = false
	t.load()
}

// load reads the server's history file on a goroutine.
func (t *historyTab) load() {
	h, server := t.deps.store(), t.server
	t.seq++
	n := t.seq
	if h == nil || server == "" {
		t.entries = nil
		t.list.Refresh()
		t.count.SetText("")
		t.clearBtn.Disable()
		if h == nil {
			t.off.SetText(lang.L("History is not kept in this window."))
			t.off.Show()
		}
		return
	}
	t.off.Hide()
	t.deps.work.goWork(func(context.Context) {
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

func (t *historyTab) setEntries(entries []history.Entry) {
	t.entries = entries
	t.rows.SetItems(len(entries), func(i int) []string { return view.HistoryText(&entries[i]) })
	t.count.SetText(t.rows.Count("entry", "entries"))
	widgets.SetEnabled(t.clearBtn, len(entries) > 0)
	t.list.Refresh()
	if t.current == nil {
		return
	}
	if !t.markSelected() {
		t.current = nil
		t.list.UnselectAll()
		t.showDetail(false)
	}
}

// refilter shows the entries that have every word typed in the filter.
func (t *historyTab) refilter(q view.Filter) {
	t.rows.Apply(q)
	if len(t.entries) > 0 {
		t.count.SetText(t.rows.Count("entry", "entries"))
	}
	t.list.Refresh()
	t.markSelected()
}

// markSelected marks the current entry's row, wherever the filter moved it
// (none when it hides it). It reports whether the entry is still there.
func (t *historyTab) markSelected() bool {
	t.syncing = true
	defer func() { t.syncing = false }()
	if t.current == nil {
		t.list.UnselectAll()
		return false
	}
	for i := range t.entries {
		if t.entries[i].ID == t.current.ID {
			if r := t.rows.Row(i); r >= 0 {
				t.list.Select(r)
			} else {
				t.list.UnselectAll()
			}
			return true
		}
	}
	return false
}

func (t *historyTab) showDetail(on bool) {
	if on {
		t.hint.Hide()
		t.detail.Show()
	} else {
		t.detail.Hide()
		t.hint.Show()
	}
}

// show shows one entry again: what was asked, how it ended, the stored result.
func (t *historyTab) show(e history.Entry) {
	if t.current != nil && t.current.ID == e.ID && t.detail.Visible() {
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
		t.meta.SetText(i18n.L("{{.Time}} · took {{.Duration}}, not counting {{.Waited}} waiting for your answer · {{.Outcome}}", meta))
	} else {
		t.meta.SetText(i18n.L("{{.Time}} · took {{.Duration}} · {{.Outcome}}", meta))
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
		t.loadBtn.SetText(lang.L("Read again"))
		t.loadBtn.SetIcon(theme.ViewRefreshIcon())
		t.runBtn.Hide()
	default:
		t.loadBtn.SetText(lang.L("Load arguments"))
		t.loadBtn.SetIcon(theme.ContentUndoIcon())
		if e.Kind == history.Tool {
			t.runBtn.Show()
		} else {
			t.runBtn.Hide()
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
	t.result.SetText(result)
	t.showDetail(true)
}

// replay puts the entry's arguments back where they came from: the tool's
// form, the prompt's form, or a new read of the resource.
func (t *historyTab) replay() bool {
	if t.current == nil {
		return false
	}
	loaded, note := t.deps.replay(*t.current)
	if note != "" {
		t.note.SetText(note)
	}
	return loaded
}

// runAgain loads a tool call's arguments and runs it, in one click.
func (t *historyTab) runAgain() {
	if t.replay() {
		t.deps.run()
	}
}

// replayHistory puts a history entry back where it came from (the History
// tab's Load arguments, Read again and Run again).
func (w *MainWindow) replayHistory(e history.Entry) (loaded bool, note string) {
	f := w.features
	switch e.Kind {
	case history.Tool:
		f.selectTab(f.toolsTab)
		if !w.SelectTool(e.Name) {
			f.selectTab(f.historyTab)
			return false, "The server does not offer the tool " + e.Name + " now."
		}
		args := e.Arguments
		if len(args) == 0 {
			args = json.RawMessage(`{}`)
		}
		if err := w.form.Load(args); err != nil {
			w.runner.say(i18n.L("Loaded from history, with a problem: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
			return false, ""
		}
		w.runner.say(i18n.L("Arguments loaded from the call at {{.Time}}; Ctrl+Enter runs it again.", map[string]any{"Time": view.HistoryTime(e.Time, time.Now())}))
		return true, ""
	case history.Prompt:
		args, err := e.PromptArguments()
		if err != nil {
			return false, view.Capitalise(err.Error())
		}
		f.selectTab(f.promptsTab)
		p := f.prompts
		p.whenLoaded(func() {
			if !p.selectName(e.Name) {
				p.note.SetText(i18n.L("The server does not offer the prompt {{.Name}} now.", map[string]any{"Name": e.Name}))
				return
			}
			unknown := p.form.load(args)
			msg := "Arguments loaded from " + view.HistoryTime(e.Time, time.Now()) + "; Get sends it again."
			if len(unknown) > 0 {
				msg += " The prompt no longer takes: " + strings.Join(unknown, ", ") + "."
			}
			p.note.SetText(msg)
		})
	case history.Resource:
		f.selectTab(f.resourcesTab)
		f.resources.selectURI(e.Name)
	}
	return false, ""
}

// confirmClear asks, then forgets the server's history.
func (t *historyTab) confirmClear() {
	h, server := t.deps.store(), t.server
	if h == nil || server == "" {
		return
	}
	msg := widget.NewLabel(i18n.N("Forget all {{.Count}} history entries of {{.Server}}? This cannot be undone.", len(t.entries), map[string]any{"Server": server}))
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustomConfirm(lang.L("Clear history"), lang.L("Clear"), lang.L("Keep"), msg, func(ok bool) {
		if !ok {
			return
		}
		t.deps.work.goWork(func(context.Context) {
			err := h.Clear(server)
			fyne.Do(func() {
				if err != nil {
					t.deps.showError("Clearing the history", err)
				}
				t.current = nil
				t.showDetail(false)
				t.changed(server)
			})
		})
	}, t.deps.win)
	d.SetConfirmImportance(widget.DangerImportance)
	d.Resize(fyne.NewSize(420, 180))
	d.Show()
}
