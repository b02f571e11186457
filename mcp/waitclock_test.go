package mcp

import (
	"context"
	"strconv"
	"strings"
	"sync"
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
	a := c.begin(nil)
	step(2 * time.Second)
	b := c.begin(nil) // overlaps a
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
	d := c.begin(nil)
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

// Whose wait a server's request is, when requests overlap: the table plays
// a script of requests (A, B) starting and stopping and of the server's
// requests (q1, q2) asked, by a known request or by one not known ("?"),
// and answered; each line is "second verb name [owner]".
func TestWaitClockOverlappingRequests(t *testing.T) {
	for _, tc := range []struct {
		name    string
		script  []string
		want    map[string]time.Duration // each request's waiting
		session time.Duration            // the session's, in all
	}{
		{"one waits, the other does not",
			[]string{"0 start A", "0 start B", "2 ask q1 A", "7 answer q1", "9 stop A", "10 stop B"},
			map[string]time.Duration{"A": 5 * time.Second, "B": 0}, 5 * time.Second},
		{"the question's request not known: every request running then waited",
			[]string{"0 start A", "1 start B", "2 ask q1 ?", "6 answer q1", "8 stop B", "9 stop A"},
			map[string]time.Duration{"A": 4 * time.Second, "B": 4 * time.Second}, 4 * time.Second},
		{"one running when the question came: it is that one's",
			[]string{"0 start A", "1 ask q1 ?", "2 start B", "5 answer q1", "6 stop B", "6 stop A"},
			map[string]time.Duration{"A": 4 * time.Second, "B": 0}, 4 * time.Second},
		{"a wait not known spans the end of one request",
			[]string{"0 start A", "0 start B", "2 ask q1 ?", "4 stop A", "7 answer q1", "10 stop B"},
			map[string]time.Duration{"A": 2 * time.Second, "B": 5 * time.Second}, 5 * time.Second},
		{"its own wait spans the end of a request (cancelled while asking)",
			[]string{"0 start A", "0 start B", "2 ask q1 A", "3 stop A", "6 answer q1", "8 stop B"},
			map[string]time.Duration{"A": time.Second, "B": 0}, 4 * time.Second},
		{"two waits of one request overlap once",
			[]string{"0 start A", "0 start B", "1 ask q1 A", "3 ask q2 A", "4 answer q1", "6 answer q2", "7 stop A", "7 stop B"},
			map[string]time.Duration{"A": 5 * time.Second, "B": 0}, 5 * time.Second},
		{"each its own question, overlapping",
			[]string{"0 start A", "0 start B", "1 ask q1 A", "3 ask q2 B", "4 answer q1", "8 answer q2", "9 stop A", "9 stop B"},
			map[string]time.Duration{"A": 3 * time.Second, "B": 5 * time.Second}, 7 * time.Second},
		{"a known wait and one not known overlap once",
			[]string{"0 start A", "0 start B", "1 ask q1 A", "2 ask q2 ?", "4 answer q1", "5 answer q2", "6 stop A", "6 stop B"},
			map[string]time.Duration{"A": 4 * time.Second, "B": 3 * time.Second}, 4 * time.Second},
		{"a question of a request already ended is nobody's",
			[]string{"0 start A", "0 start B", "1 stop A", "2 ask q1 A", "4 answer q1", "5 stop B"},
			map[string]time.Duration{"A": 0, "B": 0}, 2 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at := time.Unix(1000, 0)
			c := waitClock{clock: func() time.Time { return at }}
			calls := map[string]*callClock{}
			asked := map[string]func(){}
			got := map[string]time.Duration{}
			for _, line := range tc.script {
				f := strings.Fields(line)
				sec, _ := strconv.Atoi(f[0])
				at = time.Unix(1000+int64(sec), 0)
				switch f[1] {
				case "start":
					calls[f[2]] = c.start()
				case "stop":
					got[f[2]] = c.stop(calls[f[2]])
				case "ask":
					asked[f[2]] = c.begin(calls[f[3]]) // "?" names no request: nil
				case "answer":
					asked[f[2]]()
				}
			}
			for name, want := range tc.want {
				if got[name] != want {
					t.Errorf("%s waited %v, want %v", name, got[name], want)
				}
			}
			if r := c.read(); r != tc.session {
				t.Errorf("the session waited %v, want %v", r, tc.session)
			}
			if len(c.running) != 0 {
				t.Errorf("%d requests still timed after all stopped", len(c.running))
			}
		})
	}
}

// Two calls overlap on one server; one asks the person something (a
// multi-round-trip input request, which comes as part of its call), the
// other only runs: the wait is the first's alone.
func TestOverlappingCallsOneWaits(t *testing.T) {
	exe := testservers.Build(t)
	const think = 400 * time.Millisecond
	h := Handlers{Elicit: func(context.Context, string, *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
		time.Sleep(think)
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
	hangCtx, stopHang := context.WithCancel(ctx)
	var hung *CallResult
	var wg sync.WaitGroup
	wg.Go(func() { hung = s.CallTool(hangCtx, "hang", []byte(`{}`), CallOptions{}) })
	waitFor(t, func() bool { return wireHas(s, transport.Sent, "tools/call") }, "the hang call to be sent")
	asked := s.CallTool(ctx, "confirm", []byte(`{}`), CallOptions{})
	stopHang()
	wg.Wait()
	if !asked.OK() {
		t.Fatalf("confirm: %s: %s", asked.Layer, asked.Message)
	}
	if asked.Waited < think {
		t.Errorf("the call that asked waited %v, want at least %v", asked.Waited, think)
	}
	if hung.Waited != 0 {
		t.Errorf("the call running alongside waited %v: another call's question was counted as its waiting", hung.Waited)
	}
	if hung.Duration < think {
		t.Errorf("the call running alongside took %v, less than the %v it ran during the other's question", hung.Duration, think)
	}
}
