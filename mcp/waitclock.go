package mcp

import (
	"sync"
	"time"
)

// A waitClock adds up the time a session's server spends waiting for the
// person: while one or more of its requests to the app (sampling,
// elicitation) are being answered. Overlapping requests count once.
//
// The rule, for every front end: a request's Duration is the time it took
// less the time its server waited for the person meanwhile (Outcome.Waited).
// That time is the person's, not the server's; a call that asked a question
// and got the answer a minute later did not take a minute. When two requests
// to one server overlap a wait, neither counts it: the server's request says
// nothing that ties it to one of them.
type waitClock struct {
	mu    sync.Mutex
	open  int              // requests being answered now
	since time.Time        // when open last went from 0 to 1
	total time.Duration    // closed waits so far
	clock func() time.Time // nil: time.Now (tests set it)
}

func (c *waitClock) now() time.Time {
	if c.clock != nil {
		return c.clock()
	}
	return time.Now()
}

// begin marks a request from the server as waiting for an answer; the
// returned func marks it answered.
func (c *waitClock) begin() (answered func()) {
	c.mu.Lock()
	if c.open == 0 {
		c.since = c.now()
	}
	c.open++
	c.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			c.open--
			if c.open == 0 {
				c.total += c.now().Sub(c.since)
			}
			c.mu.Unlock()
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

// Waited is how long, in all, the server has waited for the person to
// answer its requests (sampling, elicitation) since the session was made.
// The difference between two readings is the waiting in between: the
// window's running clock leaves it out, as Outcome.Duration does.
func (s *Session) Waited() time.Duration { return s.waits.read() }

// timeRequest starts timing o (whose Started is set) by the rule above;
// call the returned func when the request ends, to set o.Duration and o.Waited.
func (s *Session) timeRequest(o *Outcome) (end func()) {
	before := s.waits.read()
	return func() {
		o.Waited = max(s.waits.read()-before, 0)
		o.Duration = max(time.Since(o.Started)-o.Waited, 0)
	}
}

// tookWords is how long o took, for the server log's end marker, with the
// waiting left out said aloud.
func tookWords(o *Outcome) string {
	took := o.Duration.Round(time.Millisecond).String()
	if o.Waited >= time.Millisecond {
		took += " (not counting " + o.Waited.Round(time.Millisecond).String() + " waiting for your answer)"
	}
	return took
}
