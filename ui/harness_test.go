package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/widgets"
)

// demoServerPath is the demo server binary TestMain builds for every test
// that needs a real server process.
var demoServerPath string

func TestMain(m *testing.M) {
	var err error
	if demoServerPath, err = testservers.Demo.Path(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	// The window's English comes from the translation files too (plural
	// forms: "1 note", "2 notes"), as in the app, whatever test runs first.
	if _, err := i18n.Setup(i18n.English); err != nil {
		fmt.Fprintln(os.Stderr, "loading the translations:", err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// newSerialApp is a Fyne test app whose fyne.Do and fyne.DoAndWait run their
// functions one at a time on a single goroutine, as a real driver's event
// loop does. Fyne's own test driver runs them at once on the caller's
// goroutine, so background goroutines and the test would touch widgets
// concurrently and -race would (rightly) complain. Tests drive the window
// through onUI, on that same goroutine.
func newSerialApp(t testing.TB) fyne.App {
	base := test.NewTempApp(t)
	d := &serialDriver{Driver: base.Driver(), done: make(chan struct{})}
	d.cond = sync.NewCond(&d.mu)
	started := make(chan struct{})
	go d.loop(started)
	<-started
	a := &serialApp{App: base, drv: d}
	fyne.SetCurrentApp(a)
	t.Cleanup(d.stop)
	return a
}

type serialApp struct {
	fyne.App
	drv   *serialDriver
	quits int // calls of Quit, which Fyne's test app ignores
}

func (a *serialApp) Driver() fyne.Driver { return a.drv }

func (a *serialApp) Quit() { a.quits++ }

type serialDriver struct {
	fyne.Driver
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []func()
	stopped bool
	loopID  uint64
	done    chan struct{} // closed when the loop has returned

	// endless are the repeat-forever animations started and not stopped:
	// one left running on a hidden widget repaints a real window every frame.
	endless map[*fyne.Animation]bool
}

func (d *serialDriver) StartAnimation(a *fyne.Animation) {
	if a.RepeatCount == fyne.AnimationRepeatForever {
		d.mu.Lock()
		if d.endless == nil {
			d.endless = map[*fyne.Animation]bool{}
		}
		d.endless[a] = true
		d.mu.Unlock()
	}
	d.Driver.StartAnimation(a)
}

func (d *serialDriver) StopAnimation(a *fyne.Animation) {
	d.mu.Lock()
	delete(d.endless, a)
	d.mu.Unlock()
	d.Driver.StopAnimation(a)
}

// endlessAnimations counts the repeat-forever animations still running.
func (d *serialDriver) endlessAnimations() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.endless)
}

func (d *serialDriver) loop(started chan<- struct{}) {
	defer close(d.done)
	d.mu.Lock()
	d.loopID = goroutineID()
	d.mu.Unlock()
	close(started)
	for {
		d.mu.Lock()
		for len(d.queue) == 0 && !d.stopped {
			d.cond.Wait()
		}
		if d.stopped {
			d.mu.Unlock()
			return
		}
		f := d.queue[0]
		d.queue = d.queue[1:]
		d.mu.Unlock()
		f()
	}
}

// stop ends the loop and waits until it has returned, so that nothing of
// this test still runs on it while the next test starts.
func (d *serialDriver) stop() {
	d.mu.Lock()
	d.stopped = true
	d.mu.Unlock()
	d.cond.Broadcast()
	<-d.done
}

func (d *serialDriver) DoFromGoroutine(f func(), wait bool) {
	d.mu.Lock()
	onLoop := goroutineID() == d.loopID
	if d.stopped {
		d.mu.Unlock()
		return
	}
	if onLoop && wait {
		d.mu.Unlock()
		f()
		return
	}
	if !wait {
		d.queue = append(d.queue, f)
		d.mu.Unlock()
		d.cond.Signal()
		return
	}
	done := make(chan struct{})
	d.queue = append(d.queue, func() { defer close(done); f() })
	d.mu.Unlock()
	d.cond.Signal()
	<-done
}

// goroutineID is the current goroutine's number, from its stack header.
func goroutineID() uint64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	buf = bytes.TrimPrefix(buf, []byte("goroutine "))
	id, _ := strconv.ParseUint(string(buf[:bytes.IndexByte(buf, ' ')]), 10, 64)
	return id
}

// onUI runs f on the UI goroutine and waits for it.
func onUI(f func()) { fyne.DoAndWait(f) }

// A shell is the real window over real servers, for one test.
type shell struct {
	t       *testing.T
	app     fyne.App
	w       *MainWindow
	cfgPath string
}

// configJSON renders servers (name → entry fields) in the mcpServers shape.
func configJSON(t testing.TB, servers map[string]map[string]any) []byte {
	t.Helper()
	data, err := json.MarshalIndent(map[string]any{"mcpServers": servers}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func demoEntry() map[string]any { return map[string]any{"command": demoServerPath} }

// newShell writes a servers file, opens the window on it and connects its servers.
func newShell(t *testing.T, servers map[string]map[string]any) *shell {
	t.Helper()
	return newShellWith(t, servers, mcp.ManagerOptions{})
}

func newShellWith(t *testing.T, servers map[string]map[string]any, opts mcp.ManagerOptions) *shell {
	t.Helper()
	a := newSerialApp(t)
	path := filepath.Join(t.TempDir(), "servers.json")
	if err := os.WriteFile(path, configJSON(t, servers), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s := &shell{t: t, app: a, cfgPath: path}
	m := mcp.NewManager(cfg, opts)
	onUI(func() {
		s.w = NewMainWindow(a, m, path)
		s.w.approvals = opts.Approvals
		s.w.win.Resize(fyne.NewSize(1300, 800))
		s.w.Show()
	})
	t.Cleanup(s.w.Close)
	return s
}

// waitFor polls cond on the UI goroutine until it holds, failing the test
// with what was awaited when the deadline passes. The deadline is generous:
// it catches a hang, it does not measure speed.
func (s *shell) waitFor(what string, cond func() bool) {
	s.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var ok bool
		onUI(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var seen string
			onUI(func() { seen = shownText(s.w.win.Canvas().Content()) })
			s.t.Fatalf("timed out waiting for %s; the window shows:\n%s", what, seen)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitReady waits until the named server is ready and has tools.
func (s *shell) waitReady(name string) {
	s.t.Helper()
	s.waitFor(name+" to be ready with tools", func() bool {
		sess := s.w.manager.Session(name)
		return sess != nil && sess.Status().State == mcp.StateReady && len(sess.Tools()) > 0
	})
}

// pickTool selects server and tool as a person would, and waits for the form.
func (s *shell) pickTool(server, tool string) {
	s.t.Helper()
	s.waitReady(server)
	onUI(func() { s.w.SelectServer(server) })
	s.waitFor("the tool list of "+server, func() bool { return s.w.tools.server == server && len(s.w.tools.entries) > 0 })
	var ok bool
	onUI(func() { ok = s.w.SelectTool(tool) })
	if !ok {
		s.t.Fatalf("tool %s is not in %s's list", tool, server)
	}
}

// run fills the form with args, taps Run and waits for the result.
func (s *shell) run(args string) *mcp.CallResult {
	s.t.Helper()
	s.start(args)
	return s.waitResult()
}

func (s *shell) start(args string) {
	s.t.Helper()
	onUI(func() {
		s.w.lastResult = nil
		if err := s.w.form.Load(json.RawMessage(args)); err != nil {
			s.t.Errorf("loading %s into the form: %v", args, err)
		}
		test.Tap(s.w.runner.runBtn)
	})
}

func (s *shell) waitResult() *mcp.CallResult {
	s.t.Helper()
	var r *mcp.CallResult
	s.waitFor("the call's result", func() bool {
		r = s.w.lastResult
		return r != nil && !s.w.runner.running
	})
	return r
}

// text is everything the given part of the window shows, read on the UI goroutine.
func (s *shell) text(part func() fyne.CanvasObject) string {
	var out string
	onUI(func() { out = shownText(part()) })
	return out
}

// shownText is the text a person can see in o: visible labels, entries,
// buttons, rich text and text grids, one per line.
func shownText(o fyne.CanvasObject) string {
	var b strings.Builder
	collectText(o, &b)
	return b.String()
}

func collectText(o fyne.CanvasObject, b *strings.Builder) {
	if o == nil || !o.Visible() {
		return
	}
	line := func(s string) {
		if s != "" {
			b.WriteString(s)
			b.WriteByte('\n')
		}
	}
	if e, ok := o.(*widgets.Entry); ok {
		o = &e.Entry // what the person sees of it is an entry's
	}
	switch v := o.(type) {
	case *widget.Label:
		line(v.Text)
		return
	case *widget.Entry:
		if v.Password {
			line(strings.Repeat("•", len([]rune(v.Text))))
		} else {
			line(v.Text)
		}
		return
	case *widget.RichText:
		line(v.String())
		return
	case *widget.TextGrid:
		line(v.Text())
		return
	case *widget.Hyperlink:
		line(v.Text)
		return
	case *canvas.Text:
		line(v.Text)
		return
	case *fyne.Container:
		for _, c := range v.Objects {
			collectText(c, b)
		}
		return
	case fyne.Widget:
		if btn, ok := v.(*widget.Button); ok {
			line(btn.Text)
			return
		}
		if btn, ok := v.(*widgets.Button); ok {
			line(btn.Text)
			return
		}
		for _, c := range test.WidgetRenderer(v).Objects() {
			collectText(c, b)
		}
	}
}

// findButton is the visible button labelled label inside o, or nil.
func findButton(o fyne.CanvasObject, label string) *widget.Button {
	if o == nil || !o.Visible() {
		return nil
	}
	switch v := o.(type) {
	case *widgets.Button:
		return findButton(&v.Button, label)
	case *widget.Button:
		if v.Text == label {
			return v
		}
		return nil
	case *fyne.Container:
		for _, c := range v.Objects {
			if b := findButton(c, label); b != nil {
				return b
			}
		}
		return nil
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			if b := findButton(c, label); b != nil {
				return b
			}
		}
	}
	return nil
}

func emptyManager() *mcp.Manager { return mcp.NewManager(&config.Config{}, mcp.ManagerOptions{}) }
