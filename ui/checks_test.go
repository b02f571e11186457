package ui

import (
	"mcpbrowser/internal/uitest"
	"mcpbrowser/ui/quality"
	"mcpbrowser/ui/result"
	"mcpbrowser/ui/widgets"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
)

func writeCheckFile(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "checks.yaml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// runChecksTab adds the file to the Checks tab, taps Run all and waits.
func (s *shell) runChecksTab(path string) string {
	s.t.Helper()
	s.waitReady("demo")
	onUI(func() {
		s.w.features.Tabs.Select(s.w.checks.Tab)
		s.w.checks.AddFile(path)
		test.Tap(s.w.checks.RunAll)
	})
	s.waitFor("the checks to finish", func() bool { return !s.w.checks.Running() && len(s.w.checks.Results) > 0 })
	return s.text(func() fyne.CanvasObject { return s.w.checks.Root })
}

func TestChecksTabReport(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	path := writeCheckFile(t, `
checks:
  - {name: adds, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {json: [{path: sum, equals: 5}]}}
  - {name: wrong sum, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {json: [{path: sum, equals: 6}]}}
  - {name: noisy, server: demo, tool: log_stderr, arguments: {lines: 2}, expect: {text: {contains: nothing-like-this}}}
`)
	shown := s.runChecksTab(path)
	for _, want := range []string{"1 passed, 2 failed", "adds", "wrong sum", "Expected", "Actual", "json\nsum", "6", "5"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the Checks tab lacks %q:\n%s", want, shown)
		}
	}
	// The stderr slice of a call is in its report.
	onUI(func() { s.w.checks.ResultsList.Select(2) })
	if d := s.text(func() fyne.CanvasObject { return s.w.checks.Detail }); !strings.Contains(d, "Server output during the call") || !strings.Contains(d, "line 1") {
		t.Errorf("the report of noisy lacks its stderr:\n%s", d)
	}
	// The file list is kept for the next start.
	if got := s.app.Preferences().StringList(quality.CheckFilesPref); len(got) != 1 || got[0] != path {
		t.Errorf("kept files %v", got)
	}
}

// "Save as check" on a result writes a check that passes when run. With
// no check file known, the file it offers is a real value in full, not a
// grey placeholder that looks filled in; the save is confirmed, naming the
// file.
func TestSaveAsCheckFromResult(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "stats")
	s.run(`{"numbers": [1, 2, 3]}`)
	path := filepath.Join(t.TempDir(), "saved.yaml")
	onUI(func() {
		tapButton(t, s.w.result.Widget(), "Save as check")
		top := s.w.win.Canvas().Overlays().Top()
		entries := findEntries(top)
		var editor, file *widget.Entry
		for _, e := range entries {
			if e.MultiLine {
				editor = e
			} else {
				file = e
			}
		}
		if editor == nil || file == nil {
			t.Fatalf("the dialog shows:\n%s", shownText(top))
		}
		for _, want := range []string{"tool: stats", "path: median", "outputSchema: true", "maxMs:"} {
			if !strings.Contains(editor.Text, want) {
				t.Errorf("the prefilled check lacks %q:\n%s", want, editor.Text)
			}
		}
		if !filepath.IsAbs(file.Text) || file.PlaceHolder != "" {
			t.Errorf("the file to add to reads %q (placeholder %q), want a full path as its value", file.Text, file.PlaceHolder)
		}
		editor.SetText(strings.Replace(editor.Text, "name: stats", "name: stats of three", 1))
		file.SetText(path)
		tapButton(t, top, "Save")
		if shown := shownText(s.w.win.Canvas().Overlays().Top()); !strings.Contains(shown, path) {
			t.Errorf("after Save the window shows no word of where the check went:\n%s", shown)
		}
	})
	f, err := checks.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Checks) != 1 || f.Checks[0].Name != "stats of three" {
		t.Fatalf("saved %+v", f.Checks)
	}
	if shown := s.runChecksTab(path); !strings.Contains(shown, "1 passed, 0 failed") {
		t.Errorf("the saved check does not pass:\n%s", shown)
	}
}

// Record writes every call made in the window; the recording replays green.
func TestRecordInWindow(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	path := filepath.Join(t.TempDir(), "rec.yaml")
	onUI(func() { s.w.checks.SetRecording(path) })
	s.pickTool("demo", "add")
	s.run(`{"a": 1, "b": 2}`)
	s.pickTool("demo", "fail")
	s.run(`{"kind": "tool_error"}`)
	onUI(func() {
		s.w.features.Tabs.Select(s.w.features.ResourcesItem)
		s.w.features.Resources.Read("demo://readme")
	})
	s.waitFor("the read to be recorded", func() bool {
		f, err := checks.Load(path)
		return err == nil && len(f.Checks) == 3
	})
	onUI(func() { s.w.features.Tabs.Select(s.w.features.ToolsItem) })
	onUI(func() { test.Tap(s.w.checks.Record) }) // off
	s.pickTool("demo", "echo")
	s.run(`{"message": "not recorded"}`)
	f, err := checks.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Checks) != 3 || f.Checks[0].Tool != "add" || f.Checks[1].Expect.Outcome != checks.OutcomeToolError || f.Checks[2].Read != "demo://readme" {
		t.Fatalf("recorded %+v", f.Checks)
	}
	if shown := s.runChecksTab(path); !strings.Contains(shown, "3 passed, 0 failed") {
		t.Errorf("the recording does not replay green:\n%s", shown)
	}
}

// A destructive tool asks first; Skip leaves the sandbox alone.
func TestChecksAskBeforeDestructive(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	path := writeCheckFile(t, "checks:\n  - {name: delete, server: demo, tool: delete_file, arguments: {path: welcome.txt}}\n")
	s.waitReady("demo")
	onUI(func() {
		s.w.checks.AddFile(path)
		test.Tap(s.w.checks.RunAll)
	})
	s.waitFor("the question", func() bool {
		top := s.w.win.Canvas().Overlays().Top()
		return top != nil && strings.Contains(shownText(top), "may delete or overwrite")
	})
	onUI(func() { tapButton(t, s.w.win.Canvas().Overlays().Top(), "Skip") })
	s.waitFor("the checks to finish", func() bool { return !s.w.checks.Running() })
	onUI(func() {
		if r := s.w.checks.Results; len(r) != 1 || r[0].Status != checks.StatusSkipped {
			t.Errorf("results %+v", r)
		}
	})
	res := s.w.manager.Session("demo").CallTool(t.Context(), "read_file", []byte(`{"path": "welcome.txt"}`), mcp.CallOptions{})
	if !res.OK() {
		t.Errorf("welcome.txt is gone: %s", res.Message)
	}
}

func TestDiffView(t *testing.T) {
	s := newShell(t, map[string]map[string]any{
		"demo":         demoEntry(),
		"demo-changed": {"command": demoServerPath, "args": []string{"-variant", "changed"}},
	})
	s.waitReady("demo")
	s.waitReady("demo-changed")
	var v *result.DiffView
	onUI(func() {
		s.w.features.Tabs.Select(s.w.checks.Tab)
		tapButton(t, s.w.checks.Root, "Compare servers…")
		v = s.w.lastDiff
		sides := uitest.FindAll[*widgets.Select](v.Root)
		if len(sides) != 2 {
			t.Fatalf("the diff view has %d selects, want A and B", len(sides))
		}
		sides[0].SetSelected("demo")
		sides[1].SetSelected("demo-changed")
		tapButton(t, v.Root, "Compare")
	})
	s.waitFor("the diff", func() bool { return strings.Contains(shownText(v.Root), "changes from") })
	shown := s.text(func() fyne.CanvasObject { return v.Root })
	for _, want := range []string{"4 changes from demo to demo-changed, 3 breaking", "tool log_stderr: removed", "argument channel: added (required)",
		"type narrowed", "number", "integer", "tool add: description changed", "not breaking", "BREAKING"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the diff view lacks %q:\n%s", want, shown)
		}
	}
}

// findEntries returns the visible entries inside o, looking into widgets too.
func findEntries(o fyne.CanvasObject) []*widget.Entry {
	if o == nil || !o.Visible() {
		return nil
	}
	switch v := o.(type) {
	case *widget.Entry:
		return []*widget.Entry{v}
	case *widgets.Entry:
		return []*widget.Entry{&v.Entry}
	case *fyne.Container:
		var out []*widget.Entry
		for _, c := range v.Objects {
			out = append(out, findEntries(c)...)
		}
		return out
	case fyne.Widget:
		var out []*widget.Entry
		for _, c := range test.WidgetRenderer(v).Objects() {
			out = append(out, findEntries(c)...)
		}
		return out
	}
	return nil
}
