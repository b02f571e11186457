package ui

import (
	"encoding/json"
	"mcpbrowser/ui/tabs"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
)

// openHistory shows the History tab and waits until it lists n entries.
func (s *shell) openHistory(n int) *tabs.HistoryTab {
	s.t.Helper()
	s.selectTab(func(f *tabs.Frame) any { return f.HistoryItem })
	h := s.w.features.History
	s.waitFor("the history to list the calls", func() bool { return len(h.Entries) == n })
	return h
}

func TestHistoryShowsACallAgainAndLoadsItsArguments(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	if r := s.run(`{"a": 2, "b": 3}`); !r.OK() {
		t.Fatalf("add: %s", r.Message)
	}
	s.pickTool("demo", "fail")
	if r := s.run(`{"kind": "protocol_error"}`); r.Layer != mcp.LayerProtocol {
		t.Fatalf("fail: %s", r.Layer)
	}

	h := s.openHistory(2)
	list := s.text(func() fyne.CanvasObject { return h.Root })
	for _, want := range []string{"fail", "tool · ", "protocol error", "add", " · ok"} {
		if !strings.Contains(list, want) {
			t.Errorf("the history list lacks %q:\n%s", want, list)
		}
	}
	onUI(func() {
		if h.Entries[0].Name != "fail" || h.Entries[1].Name != "add" {
			t.Errorf("not newest first: %s, %s", h.Entries[0].Name, h.Entries[1].Name)
		}
		h.List.Select(1)
	})
	shown := s.text(func() fyne.CanvasObject { return h.Detail })
	for _, want := range []string{"tool add", "succeeded", `"a": 2`, "Load arguments"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the entry lacks %q:\n%s", want, shown)
		}
	}
	// The result scrolls (a 2026-07-28 result carries _meta above its
	// content, so its text may sit below the visible rows): it is in the
	// result's lines all the same.
	var resultText string
	onUI(func() { resultText = h.Result.Text })
	if !strings.Contains(resultText, "2 + 3 = 5") {
		t.Errorf("the entry's result lacks %q:\n%s", "2 + 3 = 5", resultText)
	}

	onUI(func() { test.Tap(h.LoadBtn) })
	onUI(func() {
		f := s.w.features
		if f.Tabs.Selected() != f.ToolsItem || s.w.currentTool == nil || s.w.currentTool.Name != "add" {
			t.Fatalf("Load arguments did not go back to the add tool")
		}
		args, errs := s.w.form.Arguments()
		var got map[string]float64
		if len(errs) > 0 || json.Unmarshal(args, &got) != nil || got["a"] != 2 || got["b"] != 3 {
			t.Errorf("the form holds %s %v after Load arguments", args, errs)
		}
	})
	// Run again: a third entry.
	r := s.run(func() string {
		var a string
		onUI(func() { b, _ := s.w.form.Arguments(); a = string(b) })
		return a
	}())
	if !r.OK() {
		t.Fatal(r.Message)
	}
	h = s.openHistory(3)

	// Clear asks first, then forgets everything.
	onUI(func() { test.Tap(h.ClearBtn) })
	onUI(func() {
		overlay := s.w.win.Canvas().Overlays().Top()
		b := findButton(overlay, "Clear")
		if b == nil {
			t.Fatal("Clear history did not ask")
		}
		test.Tap(b)
	})
	s.waitFor("the history to be empty", func() bool { return len(h.Entries) == 0 && h.ClearBtn.Disabled() })
	if entries, err := s.w.history.List("demo"); err != nil || len(entries) != 0 {
		t.Errorf("after Clear the file keeps %d entries (%v)", len(entries), err)
	}
}

func TestHistoryLoadsAPromptsArgumentsBack(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	p := s.openPrompts("demo")
	s.pickPrompt(p, "summarize_file")
	onUI(func() {
		p.Form.Field("path").Entry.SetText("welcome.txt")
		p.Form.Field("style").Entry.SetText("detailed")
	})
	if r := s.getPrompt(p); !r.OK() {
		t.Fatal(r.Message)
	}
	onUI(func() { p.Form.Load(map[string]string{}) }) // the person clears the form

	h := s.openHistory(1)
	onUI(func() {
		h.List.Select(0)
		test.Tap(h.LoadBtn)
	})
	s.waitFor("the prompt's form to be filled again", func() bool {
		f := s.w.features
		return f.Tabs.Selected() == f.PromptsItem && p.Selected != nil && p.Selected.Name == "summarize_file" &&
			p.Form.Field("path").Entry.Text == "welcome.txt" && p.Form.Field("style").Entry.Text == "detailed"
	})
}

// A read in the history is read again in the Resources tab.
func TestHistoryReadsAResourceAgain(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	r := s.openResources("demo")
	s.tapResource(r, "demo://readme")
	first := s.waitRead(r, "demo://readme")
	h := s.openHistory(1)
	onUI(func() {
		h.List.Select(0)
		if h.LoadBtn.Text != "Read again" {
			t.Errorf("a read's button says %q", h.LoadBtn.Text)
		}
		test.Tap(h.LoadBtn)
	})
	s.waitFor("a new read", func() bool { return r.LastRead != first && r.LastRead != nil && r.LastRead.URI == "demo://readme" })
}
