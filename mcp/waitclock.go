package mcp

import (
	"context"
	"sync"
	"time"

	"mcpbrowser/mcp/say"
)

// A waitClock adds up the time a session's server spends waiting for the
// person: while one or more of its requests to the app (sampling,
// elicitation) are being answered. Overlapping requests count once.
//
// The rule, for every front end: a request's Duration is the time it took
// less the time it waited for the person meanwhile (Outcome.Waited). That
// time is the person's, not the server's; a call that asked a question and
// got the answer a minute later did not take a minute. Which request waited:
//
//   - the one that caused the server's request, when that is known: the
//     server's request came as part of the call (a 2026-07-28 multi-round-trip
//     input request, a task's input request answered with tasks/update).
//     A call running alongside did not wait: its duration keeps that time,
//     as the person saw it run all along.
//   - otherwise (a 2025 server's request on the connection, which says
//     nothing of the call that caused it), every request that was running
//     when the server's request came: each of them may be the one held up.
//     A request started after the question came cannot have caused it and
//     keeps the time.
//
// Either way a request counts only the part of a wait inside its own
// lifetime (a wait still open when it ends stops counting for it then), and
// two waits it shares overlap once.
type waitClock struct {
	mu      sync.Mutex
	open    int                 // server's requests being answered now
	since   time.Time           // when open last went from 0 to 1
	total   time.Duration       // closed waits so far
	running map[*callClock]bool // requests being timed now
	clock   func() time.Time    // nil: time.Now (tests set it)
}

// A callClock is one request's share of the waits: the same count as the
// session's, over the waits that are its by the rule above.
type callClock struct {
	open  int
	since time.Time
	total time.Duration
	ended bool
	tag   *CallTag // the front end's name for the request (TagCall), or nil
}

func (c *waitClock) now() time.Time {
	if c.clock != nil {
		return c.clock()
	}
	return time.Now()
}

// start begins timing a request; stop ends it and returns its waiting.
func (c *waitClock) start() *callClock { return c.startTagged(nil) }

// startTagged is start for a request the front end tagged (TagCall).
func (c *waitClock) startTagged(tag *CallTag) *callClock {
	c.mu.Lock()
	defer c.mu.Unlock()
	cc := &callClock{tag: tag}
	if c.running == nil {
		c.running = map[*callClock]bool{}
	}
	c.running[cc] = true
	return cc
}

func (c *waitClock) stop(cc *callClock) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !cc.ended {
		if cc.open > 0 {
			cc.total += c.now().Sub(cc.since)
		}
		cc.ended = true
		delete(c.running, cc)
	}
	return cc.total
}

// begin marks a request from the server as waiting for an answer; owner
// is the request that caused it (nil: not known, see the rule above). The
// returned func marks it answered.
func (c *waitClock) begin(owner *callClock) (answered func()) {
	c.mu.Lock()
	now := c.now()
	if c.open == 0 {
		c.since = now
	}
	c.open++
	var waiting []*callClock
	switch {
	case owner != nil && !owner.ended:
		waiting = []*callClock{owner}
	case owner == nil:
		for cc := range c.running {
			waiting = append(waiting, cc)
		}
	}
	for _, cc := range waiting {
		if cc.open == 0 {
			cc.since = now
		}
		cc.open++
	}
	c.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			now := c.now()
			c.open--
			if c.open == 0 {
				c.total += now.Sub(c.since)
			}
			for _, cc := range waiting {
				if cc.ended {
					continue
				}
				cc.open--
				if cc.open == 0 {
					cc.total += now.Sub(cc.since)
				}
			}
		})
	}
}

// read is the time waited so far, including a wait going on now.
func (c *waitClock) read() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.open > 0 {
		return c.total + c.now().Sub(c.since)
	}
	return c.total
}

// callClockKey marks a request's context with its callClock, so that a
// server's request answered within it (multi-round-trip, a task's input)
// is known to be its.
type callClockKey struct{}

func callClockOf(ctx context.Context) *callClock {
	cc, _ := ctx.Value(callClockKey{}).(*callClock)
	return cc
}

// waitsForPerson marks a server's request, answered with ctx, as waiting for the
// person until the returned func is called.
func (s *Session) waitsForPerson(ctx context.Context) (answered func()) {
	return s.waits.begin(callClockOf(ctx))
}

// Waited is how long, in all, the server has waited for the person to
// answer its requests (sampling, elicitation) since the session was made.
// The difference between two readings is the waiting in between: the
// window's running clock leaves it out, as Outcome.Duration does.
func (s *Session) Waited() time.Duration { return s.waits.read() }

// timeRequest starts timing o (whose Started is set) by the rule above;
// the request runs with the returned context (which ties the server's
// requests made within it to o), and calls the returned func when it ends,
// to set o.Duration and o.Waited.
func (s *Session) timeRequest(ctx context.Context, o *Outcome) (context.Context, func()) {
	tag, _ := ctx.Value(callTagKey{}).(*CallTag)
	cc := s.waits.startTagged(tag)
	return context.WithValue(ctx, callClockKey{}, cc), func() {
		o.Waited = s.waits.stop(cc)
		o.Duration = max(time.Since(o.Started)-o.Waited, 0)
	}
}

// tookWords is how long o took, for the server log's end marker, with the
// waiting left out said aloud.
func tookWords(o *Outcome) any {
	took := o.Duration.Round(time.Millisecond).String()
	if o.Waited >= time.Millisecond {
		return say.New("{{.Took}} (not counting {{.Waited}} waiting for your answer)",
			say.Args{"Took": took, "Waited": o.Waited.Round(time.Millisecond).String()})
	}
	return took
}

// A CallTag names one of the front end's requests (a tool call), so that
// the server's questions can be matched to it by the rule above: which
// came as part of it (PendingRequest.TiedTo), which came while it alone
// was running (PendingRequest.OnlyDuring). The window uses it when the
// person cancels a call: a question of that call means nothing any more.
type CallTag struct{ _ byte } // not empty: every tag is its own pointer

type callTagKey struct{}

// TagCall gives the request made with the returned context a new tag.
func TagCall(ctx context.Context) (context.Context, *CallTag) {
	tag := &CallTag{}
	return context.WithValue(ctx, callTagKey{}, tag), tag
}

// questionTies are the requests a server's question counts for, by the
// rule above: the one it came as part of, or else those running when it
// came. Fixed when it comes.
type questionTies struct {
	tied   *callClock
	during []*callClock
}

type questionTiesKey struct{}

// tiesNow are the ties of a question that comes now, answered with ctx.
func (c *waitClock) tiesNow(ctx context.Context) questionTies {
	if owner := callClockOf(ctx); owner != nil {
		return questionTies{tied: owner}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var t questionTies
	for cc := range c.running {
		t.during = append(t.during, cc)
	}
	return t
}

// asked marks ctx, with which a server's question is answered, with the
// requests it counts for (read by the RequestQueue: tiesOf).
func (s *Session) asked(ctx context.Context) context.Context {
	return context.WithValue(ctx, questionTiesKey{}, s.waits.tiesNow(ctx))
}

// tiesOf are the ties asked put in ctx; a question answered within its
// request's own context (a task's input) is tied to that request.
func tiesOf(ctx context.Context) questionTies {
	if t, ok := ctx.Value(questionTiesKey{}).(questionTies); ok {
		return t
	}
	return questionTies{tied: callClockOf(ctx)}
}

// tiedTo reports whether the question came as part of the request tagged tag.
func (t questionTies) tiedTo(tag *CallTag) bool {
	return tag != nil && t.tied != nil && t.tied.tag == tag
}

// onlyDuring reports whether the question, not part of any request, came
// while the request tagged tag was the only one running.
func (t questionTies) onlyDuring(tag *CallTag) bool {
	return tag != nil && t.tied == nil && len(t.during) == 1 && t.during[0].tag == tag
}
