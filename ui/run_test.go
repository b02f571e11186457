package ui

import (
	"testing"
)

// TestOtherToolStartsClean: choosing another tool clears the last call's
// result and duration, which belonged to the tool before.
func TestOtherToolStartsClean(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	if r := s.run(`{"a": 2, "b": 3}`); !r.OK() {
		t.Fatalf("add: %s", r.Message)
	}
	var before, bar string
	onUI(func() { before, bar = s.w.result.Duration.Text, s.w.runner.Elapsed.Text })
	if before == "" {
		t.Fatal("no duration shown after the call; the check below would prove nothing")
	}
	if bar != "" {
		t.Errorf("the run bar repeats the duration %q: one duration is enough", bar)
	}
	var found bool
	var elapsed, message string
	var hint bool
	onUI(func() {
		found = s.w.SelectTool("echo")
		elapsed, message = s.w.runner.Elapsed.Text, s.w.runner.Message.Text
		hint = s.w.runner.Hint.Visible()
		if s.w.result.HasContent() {
			t.Error("after choosing echo the result of add's call is still shown")
		}
	})
	if !found {
		t.Fatal("no echo tool")
	}
	if elapsed != "" {
		t.Errorf("after choosing echo the run bar still shows %q, the duration of add's call", elapsed)
	}
	if message != "" || !hint {
		t.Errorf("run bar says %q (hint shown: %v), want only the hint \"Ctrl+Enter runs the tool\"", message, hint)
	}
}
