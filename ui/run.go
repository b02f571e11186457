package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mcpbrowser/ui/quality"
	"mcpbrowser/ui/requests"
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

// elapsedTick is how often the elapsed time of a running call is redrawn.
const elapsedTick = 100 * time.Millisecond

// A runBar is the Run button and, while a call runs, its progress bar,
// progress message, elapsed time and Cancel button. One call runs at a time.
type runBar struct {
	runBtn    *widgets.Button
	cancelBtn *widgets.Button
	bar       *widget.ProgressBar
	spinner   *widget.ProgressBarInfinite
	message   *widget.Label
	elapsed   *widget.Label
	root      fyne.CanvasObject

	// UI goroutine only.
	running bool
	call    int // numbers calls, so that late progress of an old call is dropped
	cancel  context.CancelFunc
	started time.Time
	// waiting: the server waits for the person's answer to its request.
	// That time is not the call's: the clock reads the session's (see
	// mcp.Session.Waited) and leaves out what it added since the start, as
	// the call's Duration does.
	waiting  bool
	waitedAt func() time.Duration
	waited0  time.Duration

	// progress is written by the SDK's goroutine and drawn on the UI one;
	// pending makes a burst of notifications cost one redraw.
	mu       sync.Mutex
	progress mcp.Progress
	pending  bool
}

func newRunBar(run, cancel func()) *runBar {
	r := &runBar{}
	r.runBtn = widgets.NewButton(lang.L("Run"), theme.MediaPlayIcon(), run)
	r.runBtn.Importance = widget.HighImportance
	r.cancelBtn = widgets.NewButton(lang.L("Cancel"), theme.CancelIcon(), cancel)
	r.cancelBtn.Hide()
	r.bar = widget.NewProgressBar()
	r.bar.Hide()
	r.spinner = widgets.NewStoppedInfiniteBar()
	r.message = widget.NewLabel(lang.L("Ctrl+Enter runs the tool"))
	r.message.Truncation = fyne.TextTruncateEllipsis
	r.message.SizeName = theme.SizeNameCaptionText
	r.elapsed = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Monospace: true})
	bars := container.NewStack(r.bar, r.spinner)
	r.root = container.NewBorder(nil, r.message, container.NewHBox(r.runBtn, r.cancelBtn), r.elapsed, bars)
	return r
}

// say shows a short note under the Run button.
func (r *runBar) say(msg string) {
	r.message.SetText(msg)
}

// reset is the look for a tool nothing has run on yet: no duration of the
// last call, which belonged to another tool.
func (r *runBar) reset() {
	r.elapsed.SetText("")
	r.say(lang.L("Ctrl+Enter runs the tool"))
}

// begin switches to the running look and returns the call's number;
// waited reads how long the server has waited for the person in all
// (mcp.Session.Waited; nil: never).
func (r *runBar) begin(cancel context.CancelFunc, waited func() time.Duration) int {
	r.call++
	r.running = true
	r.cancel = cancel
	r.started = time.Now()
	r.waiting, r.waitedAt, r.waited0 = false, waited, 0
	if waited != nil {
		r.waited0 = waited()
	}
	r.mu.Lock()
	r.progress = mcp.Progress{}
	r.pending = false
	r.mu.Unlock()
	r.runBtn.Disable()
	r.cancelBtn.Show()
	r.cancelBtn.Enable()
	r.bar.Hide()
	r.spinner.Show()
	r.spinner.Start()
	r.message.SetText(lang.L("Running … (Esc cancels)"))
	r.elapsed.SetText(lang.L("0.0 s"))
	return r.call
}

// end restores the idle look after call number n returned.
func (r *runBar) end(n int, res *mcp.CallResult) {
	if n != r.call || !r.running {
		return
	}
	r.running = false
	r.cancel = nil
	r.runBtn.Enable()
	r.cancelBtn.Hide()
	r.spinner.Stop()
	r.spinner.Hide()
	r.bar.Hide()
	// The result band says how it went and how long it took: one status
	// line and one duration, not a copy of each here.
	r.reset()
}

// setWaiting shows that the server waits for the person's answer; the
// call's clock stands still meanwhile (see tick).
func (r *runBar) setWaiting(on bool) {
	if !r.running || on == r.waiting {
		return
	}
	r.waiting = on
	if on {
		r.spinner.Stop() // nothing moves while the server waits for the person
		r.message.SetText(lang.L("Waiting for your answer below; the clock is paused"))
		return
	}
	if r.spinner.Visible() {
		r.spinner.Start()
	}
	r.message.SetText(lang.L("Running … (Esc cancels)"))
}

// waited is how long the running call's server has waited for the person since it began.
func (r *runBar) waited() time.Duration {
	if r.waitedAt == nil {
		return 0
	}
	return max(r.waitedAt()-r.waited0, 0)
}

// cancelCall cancels the running call, if any (the server is told).
func (r *runBar) cancelCall() {
	if !r.running || r.cancel == nil {
		return
	}
	r.cancel()
	r.cancelBtn.Disable()
	r.message.SetText(lang.L("Cancelling …"))
}

// tick redraws the elapsed time of call n.
func (r *runBar) tick(n int) {
	if n == r.call && r.running && !r.waiting {
		r.elapsed.SetText(view.Duration(max(time.Since(r.started)-r.waited(), 0)))
	}
}

// progressed records a notification from the SDK's goroutine and schedules one redraw.
func (r *runBar) progressed(n int, p mcp.Progress) {
	r.mu.Lock()
	r.progress = p
	schedule := !r.pending
	r.pending = true
	r.mu.Unlock()
	if schedule {
		fyne.Do(func() { r.showProgress(n) })
	}
}

func (r *runBar) showProgress(n int) {
	r.mu.Lock()
	p := r.progress
	r.pending = false
	r.mu.Unlock()
	if n != r.call || !r.running || r.waiting {
		return
	}
	if p.Total > 0 {
		r.spinner.Stop()
		r.spinner.Hide()
		r.bar.Max = p.Total
		r.bar.Show()
		r.bar.SetValue(min(p.Progress, p.Total))
	}
	msg := p.Message
	if msg == "" && p.Total > 0 {
		msg = i18n.L("{{.Done}} of {{.Total}}", map[string]any{"Done": fmt.Sprintf("%g", p.Progress), "Total": fmt.Sprintf("%g", p.Total)})
	} else if msg == "" {
		msg = i18n.L("progress {{.Done}}", map[string]any{"Done": fmt.Sprintf("%g", p.Progress)})
	}
	r.message.SetText(i18n.L("{{.Progress}} (Esc cancels)", map[string]any{"Progress": msg}))
}

// runSelectedTool runs the selected tool with the form's arguments: checked
// first, confirmed first for a destructive tool, then called on a goroutine.
func (w *MainWindow) runSelectedTool() {
	if w.runner.running {
		return
	}
	s := w.manager.Session(w.selected)
	t := w.currentTool
	if s == nil || t == nil {
		w.runner.say(lang.L("Select a tool first"))
		return
	}
	args, errs := w.form.Arguments()
	if len(errs) > 0 {
		w.runner.say(view.FieldErrors(errs))
		return
	}
	if view.IsDestructive(t) {
		w.confirmDestructive(t, args, func() { w.startCall(s, t, args) })
		return
	}
	w.startCall(s, t, args)
}

// confirmDestructive asks before calling a tool that says it may destroy
// things, showing exactly the arguments it would be called with.
func (w *MainWindow) confirmDestructive(t *sdk.Tool, args json.RawMessage, run func()) {
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, args, "", "  "); err != nil {
		pretty.Reset()
		pretty.Write(args)
	}
	intro := widget.NewLabel(i18n.L("{{.Tool}} says it may delete or overwrite things (destructiveHint). It will be called with these arguments:", map[string]any{"Tool": view.ToolTitle(t)}))
	intro.Wrapping = fyne.TextWrapWord
	argsText := widget.NewLabelWithStyle(pretty.String(), fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	argsText.Selectable = true
	scroll := container.NewScroll(argsText)
	scroll.SetMinSize(fyne.NewSize(420, 140))
	d := widgets.NewCustomConfirm("Run "+t.Name+"?", lang.L("Run"), lang.L("Don't run"), container.NewBorder(intro, nil, nil, nil, scroll), func(ok bool) {
		w.destructiveConfirm = nil
		if ok {
			run()
		} else {
			w.runner.say(lang.L("Not run"))
		}
	}, w.win)
	d.SetConfirmImportance(widget.DangerImportance)
	d.Resize(fyne.NewSize(520, 340))
	w.destructiveConfirm = d
	d.Show()
}

// startCall runs the tool on its own goroutine; the UI only shows progress.
func (w *MainWindow) startCall(s *mcp.Session, t *sdk.Tool, args json.RawMessage) {
	ctx, cancel := context.WithCancel(w.ctx)
	ctx, tag := mcp.TagCall(ctx)
	r := w.runner
	n := r.begin(cancel, s.Waited)
	w.callServer, w.callTag, w.withdrawn = s.Name(), tag, 0
	// Esc goes to the focused widget when there is one; with none it reaches
	// the canvas's key handler, which cancels.
	w.win.Canvas().Unfocus()
	w.result.ShowRunning(t.Name)
	w.form.RevealFirst()
	name := t.Name
	w.jobs.Add(2) // Close waits for the call and its ticker
	go func() {
		defer w.jobs.Done()
		ticker := time.NewTicker(elapsedTick)
		defer ticker.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
				fyne.Do(func() { r.tick(n) })
			}
		}
	}()
	go func() {
		defer w.jobs.Done()
		// CallTool calls the tool as the calling rule says (a task when it
		// must be one, mcp.CallWayFor), as Checks, History and the CLI do.
		res := s.CallTool(ctx, name, args, mcp.CallOptions{
			OnProgress: func(p mcp.Progress) { r.progressed(n, p) },
			OnTask:     func(t mcp.Task) { r.progressed(n, view.TaskProgress(0, t)) },
		})
		cancel()
		w.checks.RecordCall(res)
		if w.ctx.Err() != nil {
			// The window is closing: nothing to show it in (and once the
			// app's loop has ended, fyne.Do would run this right here).
			return
		}
		fyne.Do(func() {
			w.historyChanged(res.Server)
			// res.Duration leaves out the time the person took to answer
			// the server's requests (mcp.Outcome.Waited), as History does.
			r.end(n, res)
			w.lastResult = res
			w.keepResult(res)
			w.quality.Observe(res)
			if w.selected == res.Server && w.currentTool != nil && w.currentTool.Name == name {
				w.result.Show(res, t)
				w.result.AddSentence(requests.WithdrawnSentence(w.withdrawn)) // requests_cancel.go
				w.apps.showResult(s, t, res)
			} else {
				r.reset() // the person moved on; the result waits in the tool's draft
			}
		})
	}()
}

// openLoadPanel opens "Run N times…" for the selected tool with the form's
// arguments (ui/quality).
func (w *MainWindow) openLoadPanel() {
	s := w.manager.Session(w.selected)
	t := w.currentTool
	if s == nil || t == nil {
		w.runner.say(lang.L("Select a tool first"))
		return
	}
	args, errs := w.form.Arguments()
	if len(errs) > 0 {
		w.runner.say(view.FieldErrors(errs))
		return
	}
	open := func() { quality.OpenLoadPanel(w.app, w.ctx, s, t, args) }
	if view.IsDestructive(t) {
		w.confirmDestructive(t, args, open)
		return
	}
	open()
}
