package ui

import (
	"encoding/json"
	"mcpbrowser/ui/widgets"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// Run N times… on the demo server's echo opens the panel, and a run there
// calls a process of its own and ends with figures.
func TestRunManyTimesOnDemo(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "echo")
	onUI(func() {
		if err := s.w.form.Load(json.RawMessage(`{"message":"hi"}`)); err != nil {
			t.Error(err)
		}
		b := findButton(s.w.win.Content(), "Run N times…")
		if b == nil {
			t.Fatal("no Run N times… button")
		}
		test.Tap(b)
	})
	var panel fyne.Window
	onUI(func() {
		for _, w := range s.app.Driver().AllWindows() {
			if strings.HasPrefix(w.Title(), "Run echo many times") {
				panel = w
			}
		}
	})
	if panel == nil {
		t.Fatal("no panel window")
	}
	onUI(func() {
		c := panel.Content()
		setEntries(c, "2", "200")
		test.Tap(findButton(c, "Start"))
	})
	s.waitFor("the run's end", func() bool { return strings.Contains(shownText(panel.Content()), "Done: 200 calls") })
	text := shownText(panel.Content())
	if !strings.Contains(text, "errors: none") || !strings.Contains(text, "server peak memory") {
		t.Fatalf("panel:\n%s", text)
	}
	onUI(panel.Close)
}

// setEntries types into the first two entries of o: concurrency and count.
func setEntries(o fyne.CanvasObject, values ...string) {
	var entries []*widget.Entry
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch v := o.(type) {
		case *widget.Entry:
			entries = append(entries, v)
		case *widgets.Entry:
			entries = append(entries, &v.Entry)
		case *fyne.Container:
			for _, c := range v.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	for i, v := range values {
		if i < len(entries) {
			entries[i].SetText(v)
		}
	}
}
