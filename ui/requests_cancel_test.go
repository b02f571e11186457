package ui

import (
	"mcpbrowser/ui/requests"
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
	onUI(func() { asked = p.Current; test.Tap(s.w.runner.CancelBtn) })
	r := s.waitResult()
	if r.Layer != mcp.LayerCancelled {
		t.Errorf("the cancelled call ended as %s: %s", r.Layer, r.Message)
	}
	onUI(func() {
		if n := len(s.w.requests.Src.Queue.Pending()); n != 0 || p.Shown() {
			t.Errorf("%d requests still wait (shown: %v) after their call was cancelled", n, p.Shown())
		}
		if got := s.w.result.Sentence.Text; !strings.Contains(got, "Its question to you was withdrawn.") {
			t.Errorf("the result says %q", got)
		}
		if !strings.Contains(p.LastAnswer, "its question to you was withdrawn") {
			t.Errorf("the last answer: %q", p.LastAnswer)
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
		button           func(*requests.RequestPanel) *widgets.Button
	}{
		{"trigger-sampling-request", `{"prompt":"never mind","maxTokens":5}`, "everything asks for a model reply", func(p *requests.RequestPanel) *widgets.Button { return p.RejectBtn }},
		{"trigger-elicitation-request", `{}`, "everything asks you for information", func(p *requests.RequestPanel) *widgets.Button { return p.DeclineBtn }},
	}
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			s.pickTool("everything", tt.tool)
			s.start(tt.args)
			p := s.openRequest(tt.asks)
			var asked *mcp.PendingRequest
			onUI(func() { asked = p.Current; test.Tap(s.w.runner.CancelBtn) })
			r := s.waitResult()
			if r.Layer != mcp.LayerCancelled {
				t.Errorf("the cancelled call ended as %s: %s", r.Layer, r.Message)
			}
			onUI(func() {
				if p.Current != asked || !p.Shown() {
					t.Fatalf("the question left (on show: %v) though the server still waits", p.Shown())
				}
				if !strings.Contains(p.Note.Text, "was cancelled, but the server did not withdraw") {
					t.Errorf("the question says %q", p.Note.Text)
				}
				if f := s.w.win.Canvas().Focused(); f != tt.button(p) {
					t.Errorf("the keyboard is in %T, want the button that says no", f)
				}
				if got := s.w.result.Sentence.Text; strings.Contains(got, "withdrawn") {
					t.Errorf("the result says %q, but the question stays", got)
				}
				test.Tap(tt.button(p))
			})
			s.waitFor("the question to be answered", func() bool { return len(s.w.requests.Src.Queue.Pending()) == 0 })
		})
	}
}
