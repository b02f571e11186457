package ui

import (
	"mcpbrowser/ui/requests"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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
			if p.Reply != nil {
				field, send = p.Reply, p.SendBtn
			} else {
				if fs := focusables(p.Form.FormBox); len(fs) > 0 {
					field = fs[0].(fyne.CanvasObject) // the question's first choice
				}
				send = p.AcceptBtn
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
			if f, ok := field.(fyne.Focusable); ok && p.Reply != nil && s.w.win.Canvas().Focused() != f {
				t.Errorf("%s: the keyboard is in %T, not in the reply field", c.ask, s.w.win.Canvas().Focused())
			}
			if p.Reply != nil && placeOf(p.Model).h > 60 {
				t.Errorf("the model name field is %v px high: the row beside \"Your reply\" wraps", placeOf(p.Model).h)
			}
			if p.Reply != nil { // Tab goes on from the reply to Send, as the driver does it
				c := s.w.win.Canvas()
				if tb, ok := c.Focused().(fyne.Tabbable); ok && tb.AcceptsTab() {
					t.Error("the reply field keeps Tab: the keyboard cannot reach Send")
				}
				c.FocusNext()
				if c.Focused() != fyne.Focusable(p.SendBtn) {
					t.Errorf("Tab from the reply goes to %T, not to Send", c.Focused())
				}
			}
			if p.Reply != nil {
				typeKey(s.w.win.Canvas(), fyne.KeyEscape) // on Send: the call is given up
			} else {
				test.Tap(p.DeclineBtn)
			}
		})
		if r := s.waitResult(); c.ask == "a model reply" && r.Layer != mcp.LayerCancelled {
			t.Errorf("Esc on Send: the call ended with layer %q (%s), want cancelled", r.Layer, r.Message)
		}
	}
}

// findText is the first drawn text inside o that contains s, or nil.
func findText(o fyne.CanvasObject, s string) fyne.CanvasObject {
	if o == nil || !o.Visible() {
		return nil
	}
	switch x := o.(type) {
	case *canvas.Text:
		if strings.Contains(x.Text, s) {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if t := findText(c, s); t != nil {
				return t
			}
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			if t := findText(c, s); t != nil {
				return t
			}
		}
	}
	return nil
}

// TestServerQuestionsAreReadableAtTheSmallSize asks server-everything's
// questions at 1024×640 and 900×600: while one waits the tool's form folds
// away (hidden, so the keyboard cannot go into it), a sampling request's
// message is on show whole beside its reply and Send, and an elicitation
// shows its message and its first two fields without scrolling (of
// thirteen; the first one at 900×600).
func TestServerQuestionsAreReadableAtTheSmallSize(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	for _, size := range []fyne.Size{small, fyne.NewSize(900, 600)} {
		onUI(func() { s.w.win.Resize(size) })
		fields := 2 // of an elicitation's, on show; one at 900×600, where labels stand above their inputs
		if size.Width < small.Width {
			fields = 1
		}
		for _, c := range []struct {
			tool, args, says string
			want             func(p *requests.RequestPanel) map[string]fyne.CanvasObject
		}{
			{"trigger-sampling-request", `{"prompt":"write a haiku about the sea","maxTokens":20}`, "everything asks for a model reply",
				func(p *requests.RequestPanel) map[string]fyne.CanvasObject {
					return map[string]fyne.CanvasObject{"the message": findText(p.Area, "haiku"), "the reply": p.Reply, "Send": p.SendBtn}
				}},
			{"trigger-elicitation-request", `{}`, "everything asks you for information",
				func(p *requests.RequestPanel) map[string]fyne.CanvasObject {
					m := map[string]fyne.CanvasObject{"the message": findText(p.Area, "Please provide inputs"), "Accept": p.AcceptBtn}
					for i, f := range formInputs(p.Form.FormBox) {
						if i == fields {
							break
						}
						m["field "+strconv.Itoa(i+1)] = f
					}
					return m
				}},
		} {
			s.pickTool("everything", c.tool)
			s.start(c.args)
			p := s.openRequest(c.says)
			onUI(func() { s.w.win.Content().Refresh() })
			onUI(func() {
				if s.w.form.Widget().Visible() {
					t.Errorf("%s: the tool's form is on show while the question waits", c.tool)
				}
				for name, o := range c.want(p) {
					if o == nil {
						t.Errorf("%s: %s is not in the request", c.tool, name)
						continue
					}
					if ok, why := shownWhole(s.w.win, o); !ok {
						t.Errorf("%s at %v: %s is %s (at %+v)", c.tool, size, name, why, placeOf(o))
					}
				}
				if p.RejectBtn != nil {
					test.Tap(p.RejectBtn)
				} else {
					test.Tap(p.DeclineBtn)
				}
			})
			s.waitResult()
			onUI(func() {
				if !s.w.form.Widget().Visible() {
					t.Errorf("%s: the form stays folded away after the answer", c.tool)
				}
			})
		}
	}
}
