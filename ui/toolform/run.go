package toolform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
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

// A RunBar is the Run button and, while a call runs, its progress bar,
// progress message, elapsed time and Cancel button. One call runs at a time.
type RunBar struct {
	RunBtn    *widgets.Button
	CancelBtn *widgets.Button
	Bar       *widget.ProgressBar
	spinner   *widget.ProgressBarInfinite
	// Hint says how to run without the mouse, beside Run while nothing
	// runs; Message (under the bar, shown only with something to say) says
	// how the call goes or why it was not sent. The hint has no row of its
	// own: at 1024×640 a row is a line of the result.
	Hint    *widget.Label
	Message *widget.Label
	Elapsed *widget.Label
	Root    fyne.CanvasObject

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

func newRunBar(run, cancel func()) *RunBar {
	r := &RunBar{}
	r.RunBtn = widgets.NewButton(lang.L("Run"), theme.MediaPlayIcon(), run)
	r.RunBtn.Importance = widget.HighImportance
	r.CancelBtn = widgets.NewButton(lang.L("Cancel"), theme.CancelIcon(), cancel)
	r.CancelBtn.Hide()
	r.Bar = widget.NewProgressBar()
	r.Bar.Hide()
	r.spinner = widgets.NewStoppedInfiniteBar()
	r.Hint = widget.NewLabel(lang.L("Ctrl+Enter runs the tool"))
	r.Message = widget.NewLabel("")
	for _, l := range []*widget.Label{r.Hint, r.Message} {
		l.Truncation = fyne.TextTruncateEllipsis
		l.SizeName = theme.SizeNameCaptionText
	}
	r.Message.Hide()
	r.Elapsed = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Monospace: true})
	hint := container.NewVBox(layout.NewSpacer(), r.Hint, layout.NewSpacer())
	bars := container.NewStack(r.Bar, r.spinner, hint)
	r.Root = container.NewBorder(nil, r.Message, container.NewHBox(r.RunBtn, r.CancelBtn), r.Elapsed, bars)
	return r
}

// Running reports whether a call runs.
func (r *RunBar) Running() bool { return r.running }

// Say shows a short note under the Run button; "" hides it.
func (r *RunBar) Say(msg string) {
	r.Message.SetText(msg)
	r.Message.Hidden = msg == ""
	r.Message.Refresh()
}

// Reset is the look for a tool nothing has run on yet: no duration of the
// last call, which belonged to another tool.
func (r *RunBar) Reset() {
	r.Elapsed.SetText("")
	r.Say("")
	r.Hint.Show()
}

// begin switches to the running look and returns the call's number;
// waited reads how long the server has waited for the person in all
// (mcp.Session.Waited; nil: never).
func (r *RunBar) begin(cancel context.CancelFunc, waited func() time.Duration) int {
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
	r.RunBtn.Disable()
	r.CancelBtn.Show()
	r.CancelBtn.Enable()
	r.Bar.Hide()
	r.spinner.Show()
	r.spinner.Start()
	r.Hint.Hide()
	r.Say(lang.L("Running … (Esc cancels)"))
	r.Elapsed.SetText(lang.L("0.0 s"))
	return r.call
}

// end restores the idle look after call number n returned.
func (r *RunBar) end(n int, res *mcp.CallResult) {
	if n != r.call || !r.running {
		return
	}
	r.running = false
	r.cancel = nil
	r.RunBtn.Enable()
	r.CancelBtn.Hide()
	r.spinner.Stop()
	r.spinner.Hide()
	r.Bar.Hide()
	// The result band says how it went and how long it took: one status
	// line and one duration, not a copy of each here.
	r.Reset()
}

// SetWaiting shows that the server waits for the person's answer; the
// call's clock stands still meanwhile (see tick).
func (r *RunBar) SetWaiting(on bool) {
	if !r.running || on == r.waiting {
		return
	}
	r.waiting = on
	if on {
		r.spinner.Stop() // nothing moves while the server waits for the person
		r.Say(lang.L("Waiting for your answer below; the clock is paused"))
		return
	}
	if r.spinner.Visible() {
		r.spinner.Start()
	}
	r.Say(lang.L("Running … (Esc cancels)"))
}

// waited is how long the running call's server has waited for the person since it began.
func (r *RunBar) waited() time.Duration {
	if r.waitedAt == nil {
		return 0
	}
	return max(r.waitedAt()-r.waited0, 0)
}

// CancelCall cancels the running call, if any (the server is told).
func (r *RunBar) CancelCall() {
	if !r.running || r.cancel == nil {
		return
	}
	r.cancel()
	r.CancelBtn.Disable()
	r.Say(lang.L("Cancelling …"))
}

// tick redraws the elapsed time of call n.
func (r *RunBar) tick(n int) {
	if n == r.call && r.running && !r.waiting {
		r.Elapsed.SetText(view.Duration(max(time.Since(r.started)-r.waited(), 0)))
	}
}

// progressed records a notification from the SDK's goroutine and schedules one redraw.
func (r *RunBar) progressed(n int, p mcp.Progress) {
	r.mu.Lock()
	r.progress = p
	schedule := !r.pending
	r.pending = true
	r.mu.Unlock()
	if schedule {
		fyne.Do(func() { r.showProgress(n) })
	}
}

func (r *RunBar) showProgress(n int) {
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
		r.Bar.Max = p.Total
		r.Bar.Show()
		r.Bar.SetValue(min(p.Progress, p.Total))
	}
	msg := p.Message
	if msg == "" && p.Total > 0 {
		msg = i18n.L("{{.Done}} of {{.Total}}", map[string]any{"Done": fmt.Sprintf("%g", p.Progress), "Total": fmt.Sprintf("%g", p.Total)})
	} else if msg == "" {
		msg = i18n.L("progress {{.Done}}", map[string]any{"Done": fmt.Sprintf("%g", p.Progress)})
	}
	r.Say(i18n.L("{{.Progress}} (Esc cancels)", map[string]any{"Progress": msg}))
}

// Run runs the selected tool with the form's arguments: checked first,
// confirmed first for a destructive tool, then called on a goroutine.
func (p *Pane) Run() {
	if p.Runner.running {
		return
	}
	p.checked(p.startCall)
}

// RunMany opens "Run N times…" for the selected tool with the form's
// arguments, checked and confirmed as Run does.
func (p *Pane) RunMany() { p.checked(p.deps.RunMany) }

// checked reads the selected tool's arguments from the form and hands them
// to call, after asking first about a destructive tool: the one way a call
// starts, for Run and for Run N times….
func (p *Pane) checked(call func(s *mcp.Session, t *sdk.Tool, args json.RawMessage)) {
	server, t := p.deps.Selected()
	s := p.deps.Session(server)
	if s == nil || t == nil {
		p.Runner.Say(lang.L("Select a tool first"))
		return
	}
	args, errs := p.Form.Arguments()
	if len(errs) > 0 {
		p.Runner.Say(view.FieldErrors(errs))
		p.deps.Result.Clear() // under "Not sent" the last call's result would read as this one's
		return
	}
	if view.IsDestructive(t) {
		p.ConfirmDestructive(t, args, func() { call(s, t, args) })
		return
	}
	call(s, t, args)
}

// ConfirmDestructive asks before calling a tool that says it may destroy
// things, showing exactly the arguments it would be called with.
func (p *Pane) ConfirmDestructive(t *sdk.Tool, args json.RawMessage, run func()) {
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
		p.DestructiveConfirm = nil
		if ok {
			run()
		} else {
			p.Runner.Say(lang.L("Not run"))
		}
	}, p.deps.Win)
	d.SetConfirmImportance(widget.DangerImportance)
	d.Resize(fyne.NewSize(520, 340))
	p.DestructiveConfirm = d
	d.Show()
}

// startCall runs the tool on its own goroutine; the UI only shows progress.
func (p *Pane) startCall(s *mcp.Session, t *sdk.Tool, args json.RawMessage) {
	ctx, cancel := context.WithCancel(p.deps.Ctx)
	ctx, tag := mcp.TagCall(ctx)
	r := p.Runner
	n := r.begin(cancel, s.Waited)
	p.deps.Started(s.Name(), tag)
	// Esc goes to the focused widget when there is one; with none it reaches
	// the canvas's key handler, which cancels.
	p.deps.Win.Canvas().Unfocus()
	p.deps.Result.ShowRunning(t.Name)
	p.Form.RevealFirst()
	name := t.Name
	// The window's Close waits for the call and its ticker.
	p.deps.GoWork(func(context.Context) {
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
	})
	p.deps.GoWork(func(window context.Context) {
		// CallTool calls the tool as the calling rule says (a task when it
		// must be one, mcp.CallWayFor), as Checks, History and the CLI do.
		res := s.CallTool(ctx, name, args, mcp.CallOptions{
			OnProgress: func(pr mcp.Progress) { r.progressed(n, pr) },
			OnTask:     func(t mcp.Task) { r.progressed(n, view.TaskProgress(0, t)) },
		})
		cancel()
		p.deps.Recorded(res)
		if window.Err() != nil {
			// The window is closing: nothing to show it in (and once the
			// app's loop has ended, fyne.Do would run this right here).
			return
		}
		fyne.Do(func() {
			p.deps.Finished(res)
			// res.Duration leaves out the time the person took to answer
			// the server's requests (mcp.Outcome.Waited), as History does.
			r.end(n, res)
			p.keepResult(res)
			if server, cur := p.deps.Selected(); server == res.Server && cur != nil && cur.Name == name {
				p.deps.Result.Show(res, t)
				p.deps.Shown(s, t, res)
			} else {
				r.Reset() // the person moved on; the result waits in the tool's draft
			}
		})
	})
}
