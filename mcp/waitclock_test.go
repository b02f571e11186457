package mcp

import (
	"context"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// Overlapping waits count once; a wait going on counts up to now; answering
// twice counts once.
func TestWaitClock(t *testing.T) {
	at := time.Unix(1000, 0)
	c := waitClock{clock: func() time.Time { return at }}
	step := func(d time.Duration) { at = at.Add(d) }
	if c.read() != 0 {
		t.Fatal("a new clock has waited")
	}
	a := c.begin()
	step(2 * time.Second)
	b := c.begin() // overlaps a
	step(3 * time.Second)
	a()
	a() // a second answer changes nothing
	if got := c.read(); got != 5*time.Second {
		t.Errorf("a wait going on reads %v, want 5s", got)
	}
	step(1 * time.Second)
	b()
	step(10 * time.Second) // nobody waits
	if got := c.read(); got != 6*time.Second {
		t.Errorf("two overlapping waits over 6s read %v", got)
	}
	d := c.begin()
	step(time.Second)
	d()
	if got := c.read(); got != 7*time.Second {
		t.Errorf("after a third wait of 1s: %v, want 7s", got)
	}
}

// A call whose server asks the person something does not count the time the
// person took to answer: Duration leaves it out, Waited holds it, and the
// history entry and the JSON say the same.
func TestCallDurationLeavesOutTheWait(t *testing.T) {
	exe := testservers.Build(t)
	const think = 400 * time.Millisecond
	h := Handlers{Elicit: func(context.Context, string, *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
		time.Sleep(think) // the person reads and answers
		return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}, nil
	}}
	cfg := &config.ServerConfig{Name: "mrtr", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", testservers.ModeMRTR}}
	cfg.Validate()
	s := newSession(cfg, transport.NewPathResolver(), h, func(Event) {})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	before := s.Waited()
	start := time.Now()
	r := s.CallTool(ctx, "confirm", []byte(`{}`), CallOptions{})
	took := time.Since(start)
	if !r.OK() {
		t.Fatalf("%s: %s", r.Layer, r.Message)
	}
	if r.Waited < think {
		t.Errorf("Waited %v, want at least the %v the answer took", r.Waited, think)
	}
	if r.Duration+r.Waited > took || r.Duration > took-think {
		t.Errorf("Duration %v + Waited %v against %v in all: the wait is counted in the duration", r.Duration, r.Waited, took)
	}
	if got := s.Waited() - before; got < think {
		t.Errorf("the session's clock moved %v, want at least %v", got, think)
	}
	_, e := r.HistoryEntry()
	if e.WaitedMS != millis(r.Waited) || e.DurationMS != millis(r.Duration) {
		t.Errorf("history keeps %vms + %vms waited, the result says %v + %v", e.DurationMS, e.WaitedMS, r.Duration, r.Waited)
	}
	if w := r.wire(); w.WaitedMS != millis(r.Waited) {
		t.Errorf("JSON waitedMs %v", w.WaitedMS)
	}
}
