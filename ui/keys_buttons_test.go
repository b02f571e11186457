package ui

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/widgets"
)

// TestEscClosesOneDialogFromItsButtons opens representative dialogs on top
// of another one, puts the keyboard on each of their buttons and check
// boxes (as Tab would) and on their first field, and presses Esc as the
// driver does (the focused widget gets the key): the dialog on top closes,
// the one below stays.
func TestEscClosesOneDialogFromItsButtons(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	s.run(`{"a": 1, "b": 2}`)
	s.openHistory(1)
	onUI(func() { s.w.features.SelectTab(s.w.features.ToolsItem) })

	byName := map[string]dialogOpener{}
	for _, d := range windowDialogs() {
		byName[d.name] = d
	}
	// Fyne's own message dialogs, with their buttons made to obey Esc.
	byName["fyne error"] = dialogOpener{open: func(s *shell) { widgets.ShowError(errTest, s.w.win) }}
	byName["fyne information"] = dialogOpener{open: func(s *shell) { widgets.ShowInformation("Sign out", "Signed out.", s.w.win) }}
	// The clash question of an import has a check box.
	byName["name taken"] = dialogOpener{open: func(s *shell) {
		imp := &clients.ImportedServer{Server: &config.ServerConfig{Name: "demo", Command: "sh"},
			Source: config.ImportSource{Format: config.FormatClaudeDesktop, Path: "/tmp/x.json"}}
		s.w.importing.AskClash(imp, &config.ServerConfig{Name: "demo", Command: "node"}, "demo-2", 1, func(clients.ClashPolicy, bool) {
			t.Error("Esc answered the clash question")
		})
	}}
	c := s.w.win.Canvas()
	var base fyne.CanvasObject
	// openOnBase opens d over a dialog of its own and returns d's pop-up.
	openOnBase := func(d dialogOpener) fyne.CanvasObject {
		closeAll(c)
		dialog.NewCustomWithoutButtons("base", widget.NewLabel("below"), s.w.win).Show()
		base = c.Overlays().Top()
		d.open(s)
		return c.Overlays().Top()
	}
	// pressEsc gives Esc to the focused widget and checks one level closed.
	pressEsc := func(name, what string) {
		f := c.Focused()
		if f == nil {
			t.Errorf("%s: nothing has the keyboard on %s", name, what)
			return
		}
		f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		switch top := c.Overlays().Top(); {
		case top == nil:
			t.Errorf("%s: Esc on %s closed the dialog below too", name, what)
		case top != base:
			t.Errorf("%s: Esc on %s left it open", name, what)
		}
	}

	representative := []string{"input values", "add server", "edit server", "remove server", "destructive call", "about", "name taken", "fyne error", "fyne information"}
	names := []string{"name taken", "fyne error", "fyne information"}
	for _, d := range windowDialogs() {
		names = append(names, d.name)
	}
	for _, name := range names {
		d, ok := byName[name]
		if !ok {
			t.Fatalf("no dialog %q in windowDialogs", name)
		}
		var ctl []fyne.Focusable
		onUI(func() { ctl = dialogControls(openOnBase(d)) })
		n := len(ctl)
		if n == 0 && slices.Contains(representative, name) {
			t.Errorf("%s: no button or check box found", name)
		}
		if name == "name taken" && !slices.ContainsFunc(ctl, func(f fyne.Focusable) bool { _, ok := f.(*widgets.Check); return ok }) {
			t.Errorf("%s: no check box that obeys Esc", name)
		}
		for i := range n {
			onUI(func() {
				ctl := dialogControls(openOnBase(d))
				if len(ctl) != n {
					t.Errorf("%s: %d controls on reopening, want %d", name, len(ctl), n)
					return
				}
				c.Focus(ctl[i])
				pressEsc(name, describeControl(ctl[i]))
				if name == "name taken" && s.w.importing.Clash != nil {
					t.Errorf("%s: Esc on %s closed it without its Cancel (the import still waits)", name, describeControl(ctl[i]))
					s.w.importing.Clash = nil
				}
			})
		}
		onUI(func() {
			if fs := dialogFields(openOnBase(d)); len(fs) > 0 {
				c.Focus(fs[0])
				pressEsc(name, "its first field")
			}
		})
	}
}

// dialogControls are the buttons and check boxes on show in o (an
// accordion's headers too).
func dialogControls(o fyne.CanvasObject) []fyne.Focusable {
	var out []fyne.Focusable
	for _, f := range focusables(o) {
		switch f.(type) {
		case *widget.Button, *widgets.Button, *widget.Check, *widgets.Check:
			out = append(out, f)
		}
	}
	return out
}

func describeControl(f fyne.Focusable) string {
	switch x := f.(type) {
	case *widget.Button:
		return fmt.Sprintf("a plain button %q", x.Text)
	case *widgets.Button:
		return fmt.Sprintf("button %q", x.Text)
	case *widget.Check:
		return fmt.Sprintf("a plain check box %q", x.Text)
	case *widgets.Check:
		return fmt.Sprintf("check box %q", x.Text)
	}
	return fmt.Sprintf("%T", f)
}
