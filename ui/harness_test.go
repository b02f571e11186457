package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/testservers"
	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/form"
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

// newSerialApp is uitest.NewSerialApp: fyne.Do runs one function at a
// time on a goroutine of its own, as a real driver's event loop does.
var newSerialApp = uitest.NewSerialApp

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
	s.waitFor("the tool list of "+server, func() bool { return s.w.tools.Server() == server && s.w.tools.Len() > 0 })
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
		test.Tap(s.w.runner.RunBtn)
	})
}

func (s *shell) waitResult() *mcp.CallResult {
	s.t.Helper()
	var r *mcp.CallResult
	s.waitFor("the call's result", func() bool {
		r = s.w.lastResult
		return r != nil && !s.w.runner.Running()
	})
	return r
}

// text is everything the given part of the window shows, read on the UI goroutine.
func (s *shell) text(part func() fyne.CanvasObject) string {
	var out string
	onUI(func() { out = shownText(part()) })
	return out
}

// shownText is uitest.ShownText, the text a person can see in o.
var shownText = uitest.ShownText

// findButton is uitest.FindButton, the visible button labelled label inside o.
var findButton = uitest.FindButton

func emptyManager() *mcp.Manager { return mcp.NewManager(&config.Config{}, mcp.ManagerOptions{}) }

// fieldInput is the first object of type T in the input of the form's
// field at path, failing the test when there is none.
func fieldInput[T any](t testing.TB, v *form.FormView, path string) T {
	t.Helper()
	all := uitest.FindAll[T](v.Input(path))
	if len(all) == 0 {
		var zero T
		t.Fatalf("the field at %q has no %T", path, zero)
	}
	return all[0]
}
