package quality

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"mcpbrowser/ui/filedialog"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/load"
	"mcpbrowser/ui/plot"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// This file is "Run N times…": a window that calls one tool many times at a
// chosen concurrency, with a live plot of each call's latency over time, a
// histogram, the figures (calls/s, percentiles, errors by layer, the server's
// peak memory), and saving as CSV, JSON and PNG.

// loadFrame is how often the panel takes in new calls: at most once a frame.
const loadFrame = time.Second / 30

// figuresEvery is how many frames pass between recomputed figures (they sort
// every latency so far).
const figuresEvery = 6

// A LoadTarget is what the panel runs: a tool of a server, with fixed
// arguments, started by Start.
type LoadTarget struct {
	Server, Tool string
	// Note says how the calls reach the server.
	Note  string
	Start func(ctx context.Context, opts load.Options) (*load.Run, error)
}

// A LoadPanel is the window of "Run N times…". The exported fields are for
// the window's tests.
type LoadPanel struct {
	Win    fyne.Window
	target LoadTarget
	ctx    context.Context

	Concurrency, Count *widgets.Entry
	// limit chooses how the run ends: after count calls, or after duration.
	limit                 *widgets.Select
	duration              *widgets.Entry
	countBox, durationBox fyne.CanvasObject
	StartBtn, stopBtn     *widgets.Button
	saveBtns              []*widgets.Button
	figures               *widget.Label
	status                *widget.Label
	plot                  *plot.Latency

	// UI goroutine only.
	run     *load.Run
	opts    load.Options
	read    int
	frames  int
	summary load.Summary

	pending atomic.Bool // a frame's update is queued
	wg      sync.WaitGroup
}

// NewLoadPanel makes the panel's window for t; Show shows it.
func NewLoadPanel(a fyne.App, ctx context.Context, t LoadTarget) *LoadPanel {
	p := &LoadPanel{Win: a.NewWindow(i18n.L("Run {{.Tool}} many times — {{.Server}}", map[string]any{"Tool": t.Tool, "Server": t.Server})), target: t, ctx: ctx}
	p.Concurrency = widgets.NewEntry()
	p.Concurrency.SetText("4")
	p.Count = widgets.NewEntry()
	p.Count.SetText("1000")
	p.duration = widgets.NewEntry()
	p.duration.SetText(lang.L("30s"))
	p.duration.SetPlaceHolder(lang.L("30s, 2m …"))
	p.countBox, p.durationBox = sized(p.Count, 100), sized(p.duration, 100)
	p.limit = widgets.NewSelect([]string{lang.L("Calls in all"), lang.L("For a duration")}, func(string) { p.showLimit() })
	p.StartBtn = widgets.NewButton(lang.L("Start"), theme.MediaPlayIcon(), p.start)
	p.StartBtn.Importance = widget.HighImportance
	p.stopBtn = widgets.NewButton(lang.L("Stop"), theme.MediaStopIcon(), p.stop)
	p.stopBtn.Disable()
	p.saveBtns = []*widgets.Button{
		widgets.NewButton(lang.L("CSV…"), theme.DocumentSaveIcon(), func() { p.askSave("csv") }),
		widgets.NewButton(lang.L("JSON…"), theme.DocumentSaveIcon(), func() { p.askSave("json") }),
		widgets.NewButton(lang.L("Plot as PNG…"), theme.DocumentSaveIcon(), func() { p.askSave("png") }),
	}
	for _, b := range p.saveBtns {
		b.Disable()
	}
	p.status = widget.NewLabel(t.Note)
	p.status.Wrapping = fyne.TextWrapWord
	p.figures = widget.NewLabelWithStyle(lang.L("No run yet."), fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	p.plot = plot.NewLatency()

	p.limit.SetSelectedIndex(0)
	form := container.NewHBox(widget.NewLabel(lang.L("Calls at a time")), sized(p.Concurrency, 70), sized(p.limit, selectWidth(&p.limit.Select)), p.countBox, p.durationBox, p.StartBtn, p.stopBtn)
	save := container.NewHBox(widget.NewLabel(lang.L("Save")), p.saveBtns[0], p.saveBtns[1], p.saveBtns[2])
	top := container.NewVBox(form, p.status)
	bottom := container.NewVBox(p.figures, save)
	p.Win.SetContent(container.NewPadded(container.NewBorder(top, bottom, nil, nil, p.plot)))
	p.Win.Resize(fyne.NewSize(900, 620))
	p.Win.SetOnClosed(p.stop)
	widgets.CloseOnEsc(p.Win)
	p.Win.Canvas().Focus(p.Concurrency) // the keyboard starts in the first field
	return p
}

// Running reports whether a run is under way.
func (p *LoadPanel) Running() bool { return p.run != nil }

// Summary is the figures of the run as last taken in.
func (p *LoadPanel) Summary() load.Summary { return p.summary }

// sized gives an entry a width.
func sized(o fyne.CanvasObject, width float32) fyne.CanvasObject {
	return container.NewGridWrap(fyne.NewSize(width, o.MinSize().Height), o)
}

// selectWidth is wide enough for the longest of s's options: a Select's
// own minimum cuts them short.
func selectWidth(s *widget.Select) float32 {
	var w float32
	for _, o := range s.Options {
		w = max(w, fyne.MeasureText(o, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	return w + theme.IconInlineSize() + 4*theme.InnerPadding()
}

// forDuration reports whether the run is to last a while rather than a
// number of calls.
func (p *LoadPanel) forDuration() bool { return p.limit.SelectedIndex() == 1 }

// showLimit shows the field of the chosen limit: the count or the duration.
func (p *LoadPanel) showLimit() {
	widgets.ShowAll([]fyne.CanvasObject{p.countBox}, !p.forDuration())
	widgets.ShowAll([]fyne.CanvasObject{p.durationBox}, p.forDuration())
}

// readOptions checks the fields.
func (p *LoadPanel) readOptions() (load.Options, error) {
	c, err := strconv.Atoi(strings.TrimSpace(p.Concurrency.Text))
	if err != nil || c < 1 || c > 1000 {
		return load.Options{}, errors.New(i18n.L("calls at a time must be a whole number from 1 to 1000"))
	}
	if p.forDuration() {
		d, err := view.RunDuration(p.duration.Text)
		if err != nil {
			return load.Options{}, err
		}
		return load.Options{Concurrency: c, Duration: d}, nil
	}
	n, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(p.Count.Text), ",", ""))
	if err != nil || n < 1 || n > 10_000_000 {
		return load.Options{}, errors.New(i18n.L("calls in all must be a whole number from 1 to 10,000,000"))
	}
	return load.Options{Concurrency: c, Requests: n}, nil
}

func (p *LoadPanel) start() {
	if p.run != nil {
		return
	}
	opts, err := p.readOptions()
	if err != nil {
		p.status.SetText(err.Error())
		return
	}
	p.status.SetText(lang.L("Starting…"))
	p.StartBtn.Disable()
	p.stopBtn.Enable()
	for _, b := range p.saveBtns {
		b.Disable()
	}
	p.plot.Series.Reset()
	p.plot.Series.Span = opts.Duration.Seconds()
	p.plot.Update()
	p.read, p.frames, p.opts = 0, 0, opts
	p.wg.Go(func() {
		run, err := p.target.Start(p.ctx, opts)
		fyne.Do(func() {
			if err != nil {
				p.status.SetText(i18n.L("Could not start: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
				p.StartBtn.Enable()
				p.stopBtn.Disable()
				return
			}
			p.run = run
			if opts.Duration > 0 {
				p.status.SetText(lang.L("Calling {{.Tool}} for {{.Duration}}, {{.Concurrency}} at a time. {{.Note}}",
					map[string]any{"Tool": p.target.Tool, "Duration": opts.Duration.String(), "Concurrency": opts.Concurrency, "Note": p.target.Note}))
			} else {
				p.status.SetText(i18n.L("Calling {{.Tool}} {{.N}} times, {{.C}} at a time. {{.Note}}", map[string]any{"Tool": p.target.Tool, "N": opts.Requests, "C": opts.Concurrency, "Note": p.target.Note}))
			}
			p.wg.Go(func() { p.watch(run) })
		})
	})
}

// watch queues one update a frame while the run lasts, and a last one at its
// end. A frame whose update is still queued is skipped, so a busy window
// never falls behind.
func (p *LoadPanel) watch(run *load.Run) {
	t := time.NewTicker(loadFrame)
	defer t.Stop()
	for {
		select {
		case <-run.Done():
			fyne.Do(func() { p.finish(run) })
			return
		case <-t.C:
			if p.pending.CompareAndSwap(false, true) {
				fyne.Do(func() {
					p.pending.Store(false)
					p.frame(run, false)
				})
			}
		}
	}
}

// frame takes in the calls that ended since the last frame.
func (p *LoadPanel) frame(run *load.Run, final bool) {
	if run != p.run {
		return
	}
	news := run.Samples(p.read)
	p.read += len(news)
	if len(news) > 0 {
		p.plot.Series.Add(news)
		p.plot.Update()
	}
	p.frames++
	if final || p.frames%figuresEvery == 1 {
		p.summary = run.Summary()
		p.figures.SetText(loadFigures(p.summary, p.opts))
	}
}

func (p *LoadPanel) finish(run *load.Run) {
	p.frame(run, true)
	if run != p.run {
		return
	}
	p.run = nil
	p.StartBtn.Enable()
	p.stopBtn.Disable()
	for _, b := range p.saveBtns {
		b.Enable()
	}
	p.status.SetText(i18n.L("Done: {{.N}} calls. {{.Note}}", map[string]any{"N": p.summary.Calls, "Note": p.target.Note}))
}

func (p *LoadPanel) stop() {
	if p.run != nil {
		p.run.Stop()
	}
}

// loadLayerWords count a run's failures by where they happened.
var loadLayerWords = map[load.Layer]string{load.Transport: "{{.N}} transport", load.JSONRPC: "{{.N}} jsonrpc",
	load.Tool: "{{.N}} tool", load.Cancelled: "{{.N}} cancelled"}

// loadFigures is the figures under the plot of a run of opts.
func loadFigures(s load.Summary, opts load.Options) string {
	var b strings.Builder
	if opts.Duration > 0 {
		b.WriteString(lang.L("{{.Calls}} calls in {{.Seconds}} s of {{.Duration}}: {{.Rate}} calls/s", map[string]any{
			"Calls": s.Calls, "Seconds": fmt.Sprintf("%.1f", s.Wall.Seconds()), "Duration": opts.Duration.String(), "Rate": fmt.Sprintf("%.0f", s.CallsPerSecond)}) + "\n")
	} else {
		b.WriteString(lang.L("{{.Calls}} of {{.Requests}} calls in {{.Seconds}} s: {{.Rate}} calls/s", map[string]any{
			"Calls": s.Calls, "Requests": opts.Requests, "Seconds": fmt.Sprintf("%.1f", s.Wall.Seconds()), "Rate": fmt.Sprintf("%.0f", s.CallsPerSecond)}) + "\n")
	}
	b.WriteString(lang.L("p50 {{.P50}}   p90 {{.P90}}   p99 {{.P99}}   max {{.Max}}", map[string]any{
		"P50": plot.FmtMS(ms(s.P50)), "P90": plot.FmtMS(ms(s.P90)), "P99": plot.FmtMS(ms(s.P99)), "Max": plot.FmtMS(ms(s.Max))}) + "\n")
	errs := lang.L("errors: none")
	if s.Failed() > 0 {
		var parts []string
		for _, l := range []load.Layer{load.Transport, load.JSONRPC, load.Tool, load.Cancelled} {
			if n := s.Errors[l]; n > 0 {
				parts = append(parts, lang.L(loadLayerWords[l], map[string]any{"N": n}))
			}
		}
		errs = lang.L("errors: {{.Errors}}", map[string]any{"Errors": strings.Join(parts, lang.L(", "))})
	}
	b.WriteString(errs)
	if s.PeakRSS > 0 {
		b.WriteString(lang.L("   server peak memory: {{.MB}} MB", map[string]any{"MB": fmt.Sprintf("%.1f", float64(s.PeakRSS)/(1<<20))}))
	}
	return b.String()
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func (p *LoadPanel) askSave(kind string) {
	filters := map[string]filedialog.FileFilter{
		"csv":  {Desc: "CSV files", Exts: []string{"csv"}},
		"json": filedialog.JsonFiles,
		"png":  {Desc: "PNG images", Exts: []string{"png"}},
	}
	suggested := fmt.Sprintf("%s-%s-load.%s", p.target.Server, p.target.Tool, kind)
	filedialog.SaveFileDialog(p.Win, lang.L("Save the run"), suggested, filters[kind], func(path string) {
		if err := p.saveTo(path, kind); err != nil {
			widgets.ShowError(fmt.Errorf("could not save %s: %w", path, err), p.Win)
		}
	})
}

// saveTo writes the last run: every call as CSV, the figures and every call
// as JSON, or the plot as PNG.
func (p *LoadPanel) saveTo(path, kind string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	switch kind {
	case "csv":
		err = writeLoadCSV(f, &p.plot.Series)
	case "json":
		err = p.writeJSON(f)
	case "png":
		err = png.Encode(f, plot.Render(&p.plot.Series, fmt.Sprintf("%s %s: %s", p.target.Server, p.target.Tool, oneLine(loadFigures(p.summary, p.opts))), 1200, 520))
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func oneLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

func writeLoadCSV(f *os.File, s *plot.Series) error {
	w := csv.NewWriter(f)
	w.Write([]string{"call", "start_s", "latency_ms", "failed"})
	for i, pt := range s.Points {
		w.Write([]string{strconv.Itoa(i + 1), strconv.FormatFloat(pt.T, 'f', 6, 64), strconv.FormatFloat(pt.MS, 'f', 3, 64), strconv.FormatBool(pt.Failed)})
	}
	w.Flush()
	return w.Error()
}

func (p *LoadPanel) writeJSON(f *os.File) error {
	type call struct {
		StartS    float64 `json:"startS"`
		LatencyMs float64 `json:"latencyMs"`
		Failed    bool    `json:"failed,omitempty"`
	}
	calls := make([]call, len(p.plot.Series.Points))
	for i, pt := range p.plot.Series.Points {
		calls[i] = call{pt.T, pt.MS, pt.Failed}
	}
	out := map[string]any{"server": p.target.Server, "tool": p.target.Tool,
		"concurrency": p.opts.Concurrency, "summary": p.summary, "calls": calls}
	if p.opts.Duration > 0 {
		out["durationS"] = p.opts.Duration.Seconds()
	} else {
		out["requests"] = p.opts.Requests
	}
	enc := json.NewEncoder(f)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// OpenLoadPanel opens "Run N times…" for tool t of s with args. A local
// server gets a process of its own for the run, driven by the load runner's
// lean client, so that the window's logs of the server stay readable and
// the figures are those of `mcpbrowser load`; a remote server is called
// through the window's session. ctx ends the runs (the window closes).
func OpenLoadPanel(a fyne.App, ctx context.Context, s *mcp.Session, t *sdk.Tool, args json.RawMessage) {
	target := LoadTarget{Server: s.Name(), Tool: t.Name}
	cfg := s.Config()
	// The lean client speaks plain tools/call only: a tool the calling
	// rule runs as a task goes through the session.
	if cfg != nil && cfg.Type == config.TypeStdio && s.CallWay(t.Name) == mcp.CallPlain {
		target.Note = lang.L("The calls go to a separate process of this server started for the run.")
		target.Start = func(ctx context.Context, opts load.Options) (*load.Run, error) {
			c, err := load.DialStdio(ctx, load.StdioServer{Command: cfg.Command, Args: cfg.Args, Env: cfg.Env, Dir: cfg.Cwd})
			if err != nil {
				return nil, err
			}
			opts.Pids = []int{c.Pid()}
			run := load.Start(ctx, opts, load.Caller([]*load.StdioConn{c}, t.Name, args, 0))
			go func() { <-run.Done(); c.Close() }()
			return run, nil
		}
	} else {
		target.Note = lang.L("The calls go through this window's connection to the server.")
		target.Start = func(ctx context.Context, opts load.Options) (*load.Run, error) {
			return load.Start(ctx, opts, load.SessionCaller([]*mcp.Session{s}, t.Name, args, 0)), nil
		}
	}
	NewLoadPanel(a, ctx, target).Win.Show()
}
