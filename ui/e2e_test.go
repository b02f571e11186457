package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// The tests in this file drive the real window against real server
// processes: the demo server TestMain builds, and a shell one-liner that dies.

func TestWindowRunsAddAgainstTheDemoServer(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	if got := s.w.win.Title(); got != "MCP Browser" {
		t.Errorf("window title %q, want %q", got, "MCP Browser")
	}
	s.pickTool("demo", "add")

	header := s.text(func() fyne.CanvasObject { return s.w.header.Root })
	if !strings.Contains(header, "mcp__demo__add") {
		t.Errorf("the tool header does not show the agent name mcp__demo__add:\n%s", header)
	}
	want := fmt.Sprintf("stdio · %d tools", len(s.w.manager.Session("demo").Tools()))
	s.waitFor("the server row to say "+want, func() bool {
		return strings.Contains(shownText(s.w.servers.List.Root), want)
	})

	r := s.run(`{"a": 2, "b": 3}`)
	if !r.OK() {
		t.Fatalf("add failed: %s %s", r.Layer, r.Message)
	}
	shown := s.text(func() fyne.CanvasObject { return s.w.result.Widget() })
	if !strings.Contains(shown, "2 + 3 = 5") {
		t.Errorf("the result view does not show the sum:\n%s", shown)
	}
}

func TestToolErrorAndProtocolErrorLookDifferent(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "fail")

	toolErr := s.run(`{"kind": "tool_error"}`)
	if toolErr.Layer != mcp.LayerTool {
		t.Fatalf("tool_error: layer %q, want %q", toolErr.Layer, mcp.LayerTool)
	}
	toolShown := s.text(func() fyne.CanvasObject { return s.w.result.Widget() })

	protoErr := s.run(`{"kind": "protocol_error"}`)
	if protoErr.Layer != mcp.LayerProtocol {
		t.Fatalf("protocol_error: layer %q, want %q", protoErr.Layer, mcp.LayerProtocol)
	}
	protoShown := s.text(func() fyne.CanvasObject { return s.w.result.Widget() })

	if !strings.Contains(toolShown, "Deliberate tool error") {
		t.Errorf("a tool error should show the tool's own text:\n%s", toolShown)
	}
	if strings.Contains(toolShown, "-32602") {
		t.Errorf("a tool error shows a JSON-RPC code:\n%s", toolShown)
	}
	if !strings.Contains(protoShown, "-32602") {
		t.Errorf("a protocol error should show its JSON-RPC code -32602:\n%s", protoShown)
	}
	if !strings.Contains(protoShown, "Deliberate protocol error") {
		t.Errorf("a protocol error should show the server's message:\n%s", protoShown)
	}
	if toolShown == protoShown {
		t.Errorf("both errors render the same:\n%s", toolShown)
	}
}

func TestEscCancelsSlowTask(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "slow_task")
	s.start(`{"steps": 100, "delay_ms": 200}`)
	s.waitFor("the progress bar to show a step", func() bool {
		return s.w.runner.Running() && s.w.runner.Bar.Visible() && s.w.runner.Bar.Value >= 1
	})
	if msg := s.text(func() fyne.CanvasObject { return s.w.runner.Message }); !strings.Contains(msg, "of 100") {
		t.Errorf("the progress message is %q, want the server's \"step n of 100\"", msg)
	}
	onUI(func() {
		if !s.w.runner.CancelBtn.Visible() {
			t.Error("no Cancel button while the call runs")
		}
		s.w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	})
	r := s.waitResult()
	if r.Layer != mcp.LayerCancelled {
		t.Fatalf("after Esc the call ended with layer %q (%s), want cancelled", r.Layer, r.Message)
	}
	// The server itself stopped: it says so on stderr when it sees the cancel.
	s.waitFor("the server to report the cancel on stderr", func() bool {
		for _, e := range s.w.manager.Session("demo").Log.Tail(20, transport.LogStderr) {
			if strings.Contains(e.Text, "slow_task: cancelled during step") {
				return true
			}
		}
		return false
	})
	onUI(func() {
		if s.w.runner.CancelBtn.Visible() || s.w.runner.RunBtn.Disabled() {
			t.Error("the run bar still looks busy after the cancel")
		}
	})
}

func TestCancelButtonCancels(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "slow_task")
	s.start(`{"steps": 100, "delay_ms": 200}`)
	s.waitFor("the call to report progress", func() bool { return s.w.runner.Bar.Visible() })
	onUI(func() { test.Tap(s.w.runner.CancelBtn) })
	if r := s.waitResult(); r.Layer != mcp.LayerCancelled {
		t.Fatalf("after Cancel the call ended with layer %q, want cancelled", r.Layer)
	}
}

func TestCrashedServerShowsExitAndStderr(t *testing.T) {
	s := newShell(t, map[string]map[string]any{
		"demo":  demoEntry(),
		"crash": {"command": "sh", "args": []string{"-c", "echo boom >&2; exit 3"}},
	})
	s.waitFor("crash to fail", func() bool {
		sess := s.w.manager.Session("crash")
		return sess != nil && sess.Status().State == mcp.StateFailed
	})
	onUI(func() { s.w.SelectServer("crash") })
	middle := s.text(func() fyne.CanvasObject { return s.w.middle })
	for _, want := range []string{"crash could not start", "code 3", "boom", "Retry"} {
		if !strings.Contains(middle, want) {
			t.Errorf("the failed server's page lacks %q:\n%s", want, middle)
		}
	}
	// The panel redraws at most once a frame, so its lines arrive a moment later.
	s.waitFor("the stderr panel to show the server's last words", func() bool {
		return strings.Contains(shownText(s.w.side.Widget()), "boom")
	})
	// Retry runs it again, and it fails again the same way.
	onUI(func() { test.Tap(s.w.servers.Status.Retry) })
	s.waitFor("the retry to end", func() bool {
		st := s.w.manager.Session("crash").Status()
		return st.State == mcp.StateFailed && s.w.servers.Status.Retry.Visible()
	})
}

func TestStderrPanelShowsLinesWrittenDuringACall(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "log_stderr")
	if r := s.run(`{"lines": 3}`); !r.OK() {
		t.Fatalf("log_stderr failed: %s", r.Message)
	}
	s.waitFor("the stderr panel to show the call's lines", func() bool {
		return strings.Contains(shownText(s.w.side.Widget()), "log_stderr: line 3 of 3")
	})
}

func TestDestructiveToolAsksFirst(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "delete_file")
	s.start(`{"path": "welcome.txt"}`)
	var asked bool
	onUI(func() {
		asked = s.w.toolform.DestructiveConfirm != nil
		if s.w.runner.Running() {
			t.Error("the call started before the person confirmed")
		}
	})
	if !asked {
		t.Fatal("running a destructive tool did not ask first")
	}
	overlay := s.text(func() fyne.CanvasObject { return s.w.win.Canvas().Overlays().Top() })
	if !strings.Contains(overlay, `"path": "welcome.txt"`) {
		t.Errorf("the confirmation does not show the arguments:\n%s", overlay)
	}
	onUI(func() { s.w.toolform.DestructiveConfirm.Hide() }) // "Don't run"
	onUI(func() {
		if s.w.runner.Running() || s.w.lastResult != nil {
			t.Error("the call ran although the person said no")
		}
	})

	s.start(`{"path": "welcome.txt"}`)
	onUI(func() { s.w.toolform.DestructiveConfirm.Confirm() })
	r := s.waitResult()
	if r.Tool != "delete_file" || r.Layer == mcp.LayerProtocol {
		t.Errorf("after confirming, got %s %q: %s", r.Tool, r.Layer, r.Message)
	}
}

func TestCtrlEnterRunsAndCtrlFFocusesTheFilter(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "echo")
	onUI(func() {
		s.w.lastResult = nil
		if err := s.w.form.Load(json.RawMessage(`{"message": "hi there"}`)); err != nil {
			t.Error(err)
		}
		s.w.win.Canvas().(fyne.Shortcutable).TypedShortcut(shortcutRun)
	})
	if r := s.waitResult(); r.Tool != "echo" || !r.OK() {
		t.Errorf("Ctrl+Enter: got %s %q %s", r.Tool, r.Layer, r.Message)
	}
	onUI(func() {
		s.w.win.Canvas().(fyne.Shortcutable).TypedShortcut(shortcutFilter)
		if s.w.win.Canvas().Focused() != s.w.tools.Filter {
			t.Error("Ctrl+F did not focus the tool filter")
		}
	})
}

func TestAddServerThroughTheEditor(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.waitReady("demo")
	onUI(func() {
		test.Tap(s.w.servers.List.AddBtn)
		ed := s.w.servers.Editor
		if ed == nil {
			t.Fatal("Add did not open the editor")
		}
		ed.Ed.Name.SetText("second")
		ed.Ed.Command.SetText(demoServerPath)
		ed.Ed.Env.Add("API_TOKEN", "s3cret")
		ed.Save()
	})
	s.waitReady("second")
	data, err := os.ReadFile(s.cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Parse(s.cfgPath, data)
	if err != nil {
		t.Fatalf("the saved file does not parse: %v\n%s", err, data)
	}
	sc := cfg.Server("second")
	if sc == nil || sc.Command != demoServerPath || sc.Env["API_TOKEN"] != "s3cret" {
		t.Errorf("the saved entry is wrong:\n%s", data)
	}
	if cfg.Server("demo") == nil {
		t.Errorf("saving lost the demo entry:\n%s", data)
	}
	onUI(func() {
		if s.w.selected != "second" {
			t.Errorf("selected %q after adding, want the new server", s.w.selected)
		}
	})
}

func TestDuplicateDisableRemove(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.waitReady("demo")
	onUI(func() { s.w.servers.DuplicateSelected() })
	s.waitReady("demo-copy")

	onUI(func() {
		s.w.SelectServer("demo-copy")
		s.w.servers.ToggleSelected()
	})
	s.waitFor("demo-copy to be disabled and stopped", func() bool {
		r, ok := s.w.servers.List.Row("demo-copy")
		return ok && r.Disabled && r.State == mcp.StateStopped && strings.Contains(shownText(s.w.middle), "disabled")
	})

	onUI(func() {
		s.w.servers.RemoveSelected()
		top := s.w.win.Canvas().Overlays().Top()
		if !strings.Contains(shownText(top), "Remove \"demo-copy\"") {
			t.Errorf("no confirmation before removing:\n%s", shownText(top))
		}
	})
	// Confirm through the dialog's own button.
	onUI(func() { tapButton(t, s.w.win.Canvas().Overlays().Top(), "Remove") })
	s.waitFor("demo-copy to be gone", func() bool {
		_, ok := s.w.servers.List.Row("demo-copy")
		return !ok && s.w.manager.Session("demo-copy") == nil
	})
	cfg, err := config.Load(s.cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Server("demo-copy") != nil || cfg.Server("demo") == nil {
		t.Errorf("after removing, the file has %d servers", len(cfg.Servers))
	}
}

func TestImportRenamesClashesAndSkipsWhatIsThere(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.waitReady("demo")
	other := t.TempDir() + "/claude_desktop_config.json"
	if err := os.WriteFile(other, configJSON(t, map[string]map[string]any{
		"demo":  {"command": demoServerPath, "args": []string{"--root", t.TempDir()}}, // same name, another server
		"files": demoEntry(),
	}), 0o600); err != nil {
		t.Fatal(err)
	}
	onUI(func() { s.w.servers.ImportFrom(other) })
	s.waitReady("demo-2")
	s.waitReady("files")
	onUI(func() {
		if !strings.Contains(s.w.lastNotice, "demo → demo-2") {
			t.Errorf("the import report does not mention the rename: %q", s.w.lastNotice)
		}
	})
	cfg, err := config.Load(s.cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"demo", "demo-2", "files"} {
		if cfg.Server(name) == nil {
			t.Errorf("the saved file lacks %s", name)
		}
	}

	// The same file again: everything is already there.
	onUI(func() {
		s.w.lastNotice = ""
		s.w.servers.ImportFrom(other)
	})
	s.waitFor("the second import's report", func() bool { return s.w.lastNotice != "" })
	onUI(func() {
		if !strings.Contains(s.w.lastNotice, "Imported 0 servers") || !strings.Contains(s.w.lastNotice, "already in your list") {
			t.Errorf("importing twice: %q", s.w.lastNotice)
		}
		if n := len(s.w.manager.Sessions()); n != 3 {
			t.Errorf("%d servers after importing twice, want 3", n)
		}
	})
}

func TestImportedServerWaitsForApproval(t *testing.T) {
	store := config.NewApprovalStore(t.TempDir())
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{Approvals: store})
	other := t.TempDir() + "/mcp.json"
	if err := os.WriteFile(other, configJSON(t, map[string]map[string]any{"ext": demoEntry()}), 0o600); err != nil {
		t.Fatal(err)
	}
	onUI(func() { s.w.servers.ImportFrom(other) })
	s.waitFor("ext to wait for approval", func() bool {
		sess := s.w.manager.Session("ext")
		return sess != nil && sess.Status().Waiting && s.w.selected == "ext"
	})
	middle := s.text(func() fyne.CanvasObject { return s.w.middle })
	for _, want := range []string{"ext waits for your approval", demoServerPath, "Approve and start"} {
		if !strings.Contains(middle, want) {
			t.Errorf("the waiting server's page lacks %q:\n%s", want, middle)
		}
	}
	onUI(func() { test.Tap(s.w.servers.Status.Retry) })
	s.waitReady("ext")
	cfg := s.w.manager.Session("ext").Config()
	if need, err := store.NeedsApproval(cfg, transport.CommandLine(cfg)); need || err != nil {
		t.Errorf("after approving, NeedsApproval = %v, %v", need, err)
	}
}

func TestMalformedConfigShowsWhereAndIsNeverOverwritten(t *testing.T) {
	a := newSerialApp(t)
	path := t.TempDir() + "/servers.json"
	broken := []byte("{\n  \"mcpServers\": {\n    \"demo\": {\"command\": \"x\",}\n  }\n}\n")
	if err := os.WriteFile(path, broken, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, cfgErr := loadConfigOrDemo(path)
	if cfgErr == nil {
		t.Fatal("a broken file loaded without error")
	}
	var w *MainWindow
	onUI(func() {
		w = NewMainWindow(a, mcp.NewManager(cfg, mcp.ManagerOptions{}), path)
		w.SetConfigError(cfgErr)
		w.Show()
	})
	t.Cleanup(func() { w.Close() })
	onUI(func() {
		banner := shownText(w.banner)
		if !w.banner.Visible() || !strings.Contains(banner, path) || !strings.Contains(banner, "line 3, column") {
			t.Errorf("the banner does not say where the file is wrong (visible %v):\n%s", w.banner.Visible(), banner)
		}
		if w.servers.List.Len() != 0 {
			t.Errorf("%d servers listed from a broken file", w.servers.List.Len())
		}
		if !w.servers.List.AddBtn.Disabled() || !w.servers.List.NarrowAdd.Disabled() || !w.servers.List.ImportBtn.Disabled() {
			t.Error("adding or importing is possible while the file is broken")
		}
		w.servers.Add()
		if w.servers.Editor != nil {
			t.Error("the editor opened while the file is broken")
		}
	})
	if data, _ := os.ReadFile(path); string(data) != string(broken) {
		t.Fatalf("the broken file was changed:\n%s", data)
	}

	// Fixed by hand, then reloaded: the servers appear and connect.
	if err := os.WriteFile(path, configJSON(t, map[string]map[string]any{"demo": demoEntry()}), 0o600); err != nil {
		t.Fatal(err)
	}
	onUI(w.reloadConfig)
	deadlineShell := &shell{t: t, w: w}
	deadlineShell.waitReady("demo")
	onUI(func() {
		if w.banner.Visible() || w.servers.List.AddBtn.Disabled() {
			t.Error("the banner or the disabled buttons stayed after a good reload")
		}
	})
}

func TestMissingConfigGivesTheDemoServer(t *testing.T) {
	path := t.TempDir() + "/none/servers.json"
	cfg, err := loadConfigOrDemo(path)
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	if len(cfg.Servers) != 1 || cfg.Servers[0].Command != exe || strings.Join(cfg.Servers[0].Args, " ") != "demo-server" {
		t.Fatalf("servers %+v, want the demo server run from %s", cfg.Servers, exe)
	}
	if cfg.Path != path {
		t.Errorf("path %q, want %q", cfg.Path, path)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the demo config was written before anything changed (stat: %v)", err)
	}
}

// tapButton taps the visible button labelled label inside o.
func tapButton(t *testing.T, o fyne.CanvasObject, label string) {
	t.Helper()
	if b := findButton(o, label); b != nil {
		test.Tap(b)
		return
	}
	t.Fatalf("no button %q in:\n%s", label, shownText(o))
}

func TestInvalidFormIsNotSent(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "echo")
	s.start(`{}`) // message is required
	onUI(func() {
		if s.w.runner.Running() || s.w.lastResult != nil {
			t.Error("a call went out with a required field empty")
		}
		if msg := s.w.runner.Message.Text; !strings.Contains(msg, "Not sent") {
			t.Errorf("the run bar says %q, want why it was not sent", msg)
		}
	})
	if form := s.text(s.w.form.Widget); !strings.Contains(form, "required") {
		t.Errorf("the form does not say which field is missing:\n%s", form)
	}
	wire := s.w.manager.Session("demo").Wire
	entries, _ := wire.Since(0)
	for _, e := range entries {
		if e.Method == "tools/call" {
			t.Errorf("tools/call went over the wire: %s", e.JSON)
		}
	}
}

// TestQuitShortcut: Ctrl+Q (Cmd+Q on macOS) quits, from the canvas and as
// the File menu's Quit item, which Fyne would otherwise add without one.
func TestQuitShortcut(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	app := s.app.(*uitest.SerialApp)
	var quitItem *fyne.MenuItem
	var quits int
	onUI(func() {
		for _, item := range s.w.win.MainMenu().Items[0].Items {
			if item.IsQuit {
				quitItem = item
			}
		}
		s.w.win.Canvas().(fyne.Shortcutable).TypedShortcut(shortcutQuit)
		quits = app.Quits()
	})
	if quits != 1 {
		t.Errorf("Ctrl+Q quit %d times, want once", quits)
	}
	if quitItem == nil {
		t.Fatal("the File menu has no Quit item of ours")
	}
	if quitItem.Shortcut != shortcutQuit {
		t.Errorf("the Quit item's shortcut is %v, want Ctrl+Q", quitItem.Shortcut)
	}
}
