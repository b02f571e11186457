package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// The time the person takes to answer a server's request is not the call's:
// the result, the window's clock and History leave it out alike.
func TestWaitingIsNotTheCallsDuration(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	s.pickTool("everything", "trigger-sampling-request")
	began := time.Now()
	s.start(`{"prompt":"take your time","maxTokens":5}`)
	p := s.openRequest("everything asks for a model reply")
	const think = 1500 * time.Millisecond
	time.Sleep(think) // the person reads the request
	var shown string
	onUI(func() {
		shown = s.w.runner.Elapsed.Text
		test.Type(p.Reply, "done")
		test.Tap(p.SendBtn)
	})
	r := s.waitResult()
	all := time.Since(began)
	if r.Waited < think {
		t.Errorf("the call waited %v for the person, want at least %v", r.Waited, think)
	}
	if r.Duration > all-think {
		t.Errorf("the call took %v of the %v from Run to its result, the person thinking %v of it: the waiting is counted in it", r.Duration, all, think)
	}
	if d, err := time.ParseDuration(trimSeconds(shown)); err == nil && d >= think {
		t.Errorf("while the person thought, the call's clock showed %q", shown)
	}
	entries, err := s.w.history.List("everything")
	if err != nil || len(entries) == 0 {
		t.Fatalf("history: %v, %d entries", err, len(entries))
	}
	e := entries[0]
	if e.DurationMS > millisOf(r.Duration)+1 || e.WaitedMS < millisOf(think) {
		t.Errorf("history keeps %vms, %vms waited; the result took %v and the person thought %v", e.DurationMS, e.WaitedMS, r.Duration, think)
	}
	var meta string
	onUI(func() {
		s.w.features.History.Show(e)
		meta = s.w.features.History.Meta.Text
	})
	if !strings.Contains(meta, "not counting") || !strings.Contains(meta, "waiting for your answer") {
		t.Errorf("the History entry says %q; it should say how long the call waited for the person", meta)
	}
}

func millisOf(d time.Duration) float64 { return float64(d.Milliseconds()) }

// trimSeconds turns the clock's "1.2 s" into "1.2s".
func trimSeconds(s string) string {
	out := []rune{}
	for _, r := range s {
		if r != ' ' {
			out = append(out, r)
		}
	}
	return string(out)
}
