package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp"
	"mcpbrowser/ui/widgets"
)

// A question that came as part of the call (a multi-round-trip input
// request) is answered "cancel" for the person when they cancel the call:
// it leaves the queue, and the call's result says its question was
// withdrawn.
func TestCancellingACallWithdrawsItsQuestion(t *testing.T) {
	mrtr := map[string]any{"command": testservers.Build(t), "args": []string{"-mode", testservers.ModeMRTR}}
	s := newFeatureShell(t, map[string]map[string]any{"mrtr": mrtr})
	s.pickTool("mrtr", "confirm")
	s.start(`{}`)
	p := s.openRequest("mrtr asks you for information")
	var asked *mcp.PendingRequest
	onUI(func() { asked = p.current; test.Tap(s.w.runner.cancelBtn) })
	r := s.waitResult()
	if r.Layer != mcp.LayerCancelled {
		t.Errorf("the cancelled call ended as %s: %s", r.Layer, r.Message)
	}
	onUI(func() {
		if n := len(s.w.requests.src.queue.Pending()); n != 0 || p.shown() {
			t.Errorf("%d requests still wait (shown: %v) after their call was cancelled", n, p.shown())
		}
		if got := s.w.result.sentence.Text; !strings.Contains(got, "Its question to you was withdrawn.") {
			t.Errorf("the result says %q", got)
		}
		if !strings.Contains(p.lastAnswer, "its question to you was withdrawn") {
			t.Errorf("the last answer: %q", p.lastAnswer)
		}
	})
	if err := asked.Decline(); err == nil {
		t.Error("the withdrawn question could still be answered")
	}
}

// A question the server sent on the connection (server-everything, a 2025
// server) while the cancelled call was the only one running stays: the
// server did not withdraw it. It says so, and the keyboard is on Decline
// (Reject for a model reply).
func TestAQuestionNotTiedToTheCancelledCallStays(t *testing.T) {
	tests := []struct {
		tool, args, asks string
		button           func(*requestPanel) *widgets.Button
	}{
		{"trigger-sampling-request", `{"prompt":"never mind","maxTokens":5}`, "everything asks for a model reply", func(p *requestPanel) *widgets.Button { return p.rejectBtn }},
		{"trigger-elicitation-request", `{}`, "everything asks you for information", func(p *requestPanel) *widgets.Button { return p.declineBtn }},
	}
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			s.pickTool("everything", tt.tool)
			s.start(tt.args)
			p := s.openRequest(tt.asks)
			var asked *mcp.PendingRequest
			onUI(func() { asked = p.current; test.Tap(s.w.runner.cancelBtn) })
			r := s.waitResult()
			if r.Layer != mcp.LayerCancelled {
				t.Errorf("the cancelled call ended as %s: %s", r.Layer, r.Message)
			}
			onUI(func() {
				if p.current != asked || !p.shown() {
					t.Fatalf("the question left (on show: %v) though the server still waits", p.shown())
				}
				if !strings.Contains(p.note.Text, "was cancelled, but the server did not withdraw") {
					t.Errorf("the question says %q", p.note.Text)
				}
				if f := s.w.win.Canvas().Focused(); f != tt.button(p) {
					t.Errorf("the keyboard is in %T, want the button that says no", f)
				}
				if got := s.w.result.sentence.Text; strings.Contains(got, "withdrawn") {
					t.Errorf("the result says %q, but the question stays", got)
				}
				test.Tap(tt.button(p))
			})
			s.waitFor("the question to be answered", func() bool { return len(s.w.requests.src.queue.Pending()) == 0 })
		})
	}
}
