package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/ui/widgets"
)

// pathTo is the chain of objects from root down to o (nil if o is not
// on show inside root).
func pathTo(root, o fyne.CanvasObject) []fyne.CanvasObject {
	if root == nil || !root.Visible() {
		return nil
	}
	if root == o {
		return []fyne.CanvasObject{root}
	}
	var kids []fyne.CanvasObject
	switch x := root.(type) {
	case *fyne.Container:
		kids = x.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	for _, k := range kids {
		if p := pathTo(k, o); p != nil {
			return append([]fyne.CanvasObject{root}, p...)
		}
	}
	return nil
}

// shownWhole reports whether o is on show in win whole, without scrolling:
// inside the window and inside every scroll it sits in (a message says
// where it is not).
func shownWhole(win fyne.Window, o fyne.CanvasObject) (bool, string) {
	path := pathTo(win.Content(), o)
	if path == nil {
		return false, "not on show"
	}
	at := placeOf(o)
	if at.h < 10 || at.w < 10 {
		return false, "squeezed to nothing"
	}
	size := win.Canvas().Size()
	if !at.inside(rect{0, 0, size.Width, size.Height}) {
		return false, "outside the window"
	}
	for _, a := range path[:len(path)-1] {
		if s, ok := a.(*container.Scroll); ok && !at.inside(placeOf(s)) {
			return false, "scrolled out of view"
		}
	}
	return true, ""
}

// TestInlineRequestsFitTheSmallWindow runs the demo's background_job at
// 1024×640 so that it asks halfway for a model reply and, once more, for
// an answer to a question: the request shows inline below Run, and its
// reply field (its first field) and Send (Accept) are on show without
// scrolling, with the keyboard in the reply; Tab goes on to Send, and Esc
// there gives the call up.
func TestInlineRequestsFitTheSmallWindow(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	onUI(func() { s.w.win.Resize(small) })
	s.pickTool("demo", "background_job")
	for _, c := range []struct{ ask, says string }{
		{"a model reply", "demo asks for a model reply"},
		{"a question", "demo asks you for information"},
	} {
		s.start(`{"steps":2,"delay_ms":50,"ask":"` + c.ask + `"}`)
		p := s.openRequest(c.says)
		onUI(func() { s.w.win.Content().Refresh() })
		onUI(func() {
			var field fyne.CanvasObject
			var send *widgets.Button
			if p.reply != nil {
				field, send = p.reply, p.sendBtn
			} else {
				if fs := focusables(p.form.formBox); len(fs) > 0 {
					field = fs[0].(fyne.CanvasObject) // the question's first choice
				}
				send = p.acceptBtn
			}
			if field == nil || send == nil {
				t.Errorf("%s: no field or no send button", c.ask)
				return
			}
			for _, o := range []struct {
				name string
				o    fyne.CanvasObject
			}{{"the reply field", field}, {"the send button", send}} {
				if ok, why := shownWhole(s.w.win, o.o); !ok {
					t.Errorf("%s at 1024×640: %s is %s (at %+v)", c.ask, o.name, why, placeOf(o.o))
				}
			}
			// (Fyne gives no way to put the keyboard on a radio group's
			// choice, the question's first field: only the reply's is checked.)
			if f, ok := field.(fyne.Focusable); ok && p.reply != nil && s.w.win.Canvas().Focused() != f {
				t.Errorf("%s: the keyboard is in %T, not in the reply field", c.ask, s.w.win.Canvas().Focused())
			}
			if p.reply != nil && placeOf(p.model).h > 60 {
				t.Errorf("the model name field is %v px high: the row beside \"Your reply\" wraps", placeOf(p.model).h)
			}
			if p.reply != nil { // Tab goes on from the reply to Send, as the driver does it
				c := s.w.win.Canvas()
				if tb, ok := c.Focused().(fyne.Tabbable); ok && tb.AcceptsTab() {
					t.Error("the reply field keeps Tab: the keyboard cannot reach Send")
				}
				c.FocusNext()
				if c.Focused() != fyne.Focusable(p.sendBtn) {
					t.Errorf("Tab from the reply goes to %T, not to Send", c.Focused())
				}
			}
			if p.reply != nil {
				typeKey(s.w.win.Canvas(), fyne.KeyEscape) // on Send: the call is given up
			} else {
				test.Tap(p.declineBtn)
			}
		})
		if r := s.waitResult(); c.ask == "a model reply" && r.Layer != mcp.LayerCancelled {
			t.Errorf("Esc on Send: the call ended with layer %q (%s), want cancelled", r.Layer, r.Message)
		}
	}
}
