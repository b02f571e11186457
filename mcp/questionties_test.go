package mcp

import (
	"context"
	"testing"
)

// Which call a server's question belongs to, by the rule in waitclock.go:
// tied to the call it came as part of, else counted for the calls running
// when it came (OnlyDuring: the one call running then).
func TestQuestionTies(t *testing.T) {
	var c waitClock
	ctxA, a := TagCall(context.Background())
	_, b := TagCall(context.Background())
	ccA := c.startTagged(a)
	tiedCtx := context.WithValue(ctxA, callClockKey{}, ccA)

	alone := c.tiesNow(context.Background()) // while only a runs
	tied := c.tiesNow(tiedCtx)
	ccB := c.startTagged(b)
	both := c.tiesNow(context.Background()) // while a and b run
	c.stop(ccA)
	c.stop(ccB)
	none := c.tiesNow(context.Background())

	tests := []struct {
		name       string
		ties       questionTies
		tag        *CallTag
		tiedTo     bool
		onlyDuring bool
	}{
		{"tied to a, asked about a", tied, a, true, false},
		{"tied to a, asked about b", tied, b, false, false},
		{"untied, only a running", alone, a, false, true},
		{"untied, only a running, asked about b", alone, b, false, false},
		{"untied, a and b running", both, a, false, false},
		{"untied, a and b running, asked about b", both, b, false, false},
		{"untied, nothing running", none, a, false, false},
		{"no tag", alone, nil, false, false},
	}
	for _, tt := range tests {
		if got := tt.ties.tiedTo(tt.tag); got != tt.tiedTo {
			t.Errorf("%s: tiedTo = %v", tt.name, got)
		}
		if got := tt.ties.onlyDuring(tt.tag); got != tt.onlyDuring {
			t.Errorf("%s: onlyDuring = %v", tt.name, got)
		}
	}
	// The queue reads the ties a session's handler put in the context, and
	// takes a request answered within its call's own context (a task's
	// input) as tied to that call.
	if got := tiesOf(context.WithValue(context.Background(), questionTiesKey{}, alone)); !got.onlyDuring(a) {
		t.Error("tiesOf lost the handler's ties")
	}
	if got := tiesOf(tiedCtx); !got.tiedTo(a) {
		t.Error("a question answered within its call's context is not tied to it")
	}
}
