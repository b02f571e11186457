package ui

import (
	"encoding/json"
	"mcpbrowser/ui/form"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
)

// typeKey delivers k as the desktop driver does: to the focused widget if
// there is one, else to the canvas's typed-key handler.
func typeKey(c fyne.Canvas, k fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: k}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	} else if h := c.OnTypedKey(); h != nil {
		h(ev)
	}
}

// TestEscClosesTheDialogWhateverTheWindowHadFocused puts the keyboard on
// each control of the main window in turn (buttons, lists, fields, as Tab
// or a click would), opens a question over another dialog, and presses Esc
// as the driver delivers it: the question closes with its No (the call it
// guards does not run), the dialog below stays, and the control keeps the
// keyboard once both are gone.
func TestEscClosesTheDialogWhateverTheWindowHadFocused(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	s.run(`{"a": 1, "b": 2}`)
	c := s.w.win.Canvas()
	var controls []fyne.Focusable
	onUI(func() { controls = focusables(c.Content()) })
	if len(controls) < 5 {
		t.Fatalf("only %d controls in the main window", len(controls))
	}
	kinds := map[string]bool{}
	for i := range controls {
		onUI(func() {
			f := controls[i]
			closeAll(c)
			c.Focus(f)
			if c.Focused() != f {
				return // hidden by now (a tab's content)
			}
			kinds[describeControl(f)] = true
			dialog.NewCustomWithoutButtons("base", widget.NewLabel("below"), s.w.win).Show()
			base := c.Overlays().Top()
			ran := false
			s.w.toolform.ConfirmDestructive(&sdk.Tool{Name: "delete_file"}, json.RawMessage(`{}`), func() { ran = true })
			typeKey(c, fyne.KeyEscape)
			switch top := c.Overlays().Top(); {
			case top == nil:
				t.Errorf("with %T focused in the window, Esc closed the dialog below too", f)
			case top != base:
				t.Errorf("with %T focused in the window, Esc left the question open", f)
			}
			if ran {
				t.Errorf("with %T focused in the window, Esc ran the destructive call", f)
			}
			typeKey(c, fyne.KeyEscape)
			if c.Overlays().Top() != nil {
				t.Errorf("with %T focused in the window, the second Esc left the dialog below open", f)
			}
			if c.Focused() != f {
				t.Errorf("the window's keyboard moved from %T to %T", f, c.Focused())
			}
		})
	}
	t.Logf("%d controls tried, %d kinds: %v", len(controls), len(kinds), kinds)
}

// TestEscCancelsTheCallFromTheWindowsControls starts a slow call with the
// keyboard in a form field (as Ctrl+Enter leaves it) and on the run bar's
// Cancel (as Tab would; Run gives the keyboard up once disabled), presses Esc as the driver delivers it: the call is
// cancelled (Esc with nothing focused is TestEscCancelsSlowTask).
func TestEscCancelsTheCallFromTheWindowsControls(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "slow_task")
	c := s.w.win.Canvas()
	for _, where := range []string{"form field", "Cancel button"} {
		s.start(`{"steps": 100, "delay_ms": 200}`)
		s.waitFor("the call to run", func() bool { return s.w.runner.Running() })
		onUI(func() {
			if where == "Cancel button" {
				c.Focus(s.w.runner.CancelBtn)
			} else {
				for _, f := range focusables(c.Content()) {
					if _, ok := f.(*form.FormEntry); ok {
						c.Focus(f)
						break
					}
				}
			}
			if c.Focused() == nil {
				t.Errorf("%s: nothing has the keyboard", where)
				return
			}
			typeKey(c, fyne.KeyEscape)
		})
		if r := s.waitResult(); r.Layer != mcp.LayerCancelled {
			t.Errorf("%s: after Esc the call ended with layer %q (%s), want cancelled", where, r.Layer, r.Message)
		}
	}
}
