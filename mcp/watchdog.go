package mcp

import (
	"context"
	"sync"
	"time"
)

// A watchdog ends calls that run past their deadlines with one timer for all
// of them. A runtime timer per call is not free: arming one earlier than the
// runtime's next wake-up interrupts the thread that sleeps in the network
// poller, a system call and a context switch on every call (measured: about
// 7 µs of a 350 µs round trip). Here sequential calls with the same timeout
// only store a later deadline; the one timer is re-armed when it fires, or
// when a call's deadline comes before the armed one.
type watchdog struct {
	mu    sync.Mutex
	timer *time.Timer
	armed time.Time // when timer fires; zero when not armed
	calls map[*watchedCall]struct{}
}

// A watchedCall is one call under the watchdog.
type watchedCall struct {
	w      *watchdog
	cancel context.CancelCauseFunc
	idle   time.Duration // restarted by progress; 0 = none
	// Guarded by w.mu.
	idleAt, totalAt time.Time
}

// watch puts a call under the watchdog: cancel is called with errCallTimeout
// once idle passes without progress, or with errCallMaxTotal once total has
// passed (either 0 = never). Done must be called when the call ends.
func (w *watchdog) watch(cancel context.CancelCauseFunc, idle, total time.Duration) *watchedCall {
	now := time.Now()
	c := &watchedCall{w: w, cancel: cancel, idle: idle}
	if idle > 0 {
		c.idleAt = now.Add(idle)
	}
	if total > 0 {
		c.totalAt = now.Add(total)
	}
	if c.deadline().IsZero() {
		return c // nothing to watch; progressed and done are no-ops
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.calls == nil {
		w.calls = map[*watchedCall]struct{}{}
	}
	w.calls[c] = struct{}{}
	w.armLocked(c.deadline(), now)
	return c
}

// progressed restarts the call's idle timeout.
func (c *watchedCall) progressed() {
	if c.idle <= 0 {
		return
	}
	now := time.Now()
	c.w.mu.Lock()
	defer c.w.mu.Unlock()
	if _, ok := c.w.calls[c]; ok {
		c.idleAt = now.Add(c.idle)
	}
}

// done takes the call off the watchdog. The timer stays armed: when it fires
// with nothing to do it simply is not re-armed.
func (c *watchedCall) done() {
	c.w.mu.Lock()
	defer c.w.mu.Unlock()
	delete(c.w.calls, c)
}

// deadline is the earlier of the call's deadlines (zero: none).
func (c *watchedCall) deadline() time.Time {
	if c.totalAt.IsZero() || !c.idleAt.IsZero() && c.idleAt.Before(c.totalAt) {
		return c.idleAt
	}
	return c.totalAt
}

// armLocked makes sure the timer fires no later than at.
func (w *watchdog) armLocked(at, now time.Time) {
	if !w.armed.IsZero() && !at.Before(w.armed) {
		return
	}
	w.armed = at
	if w.timer == nil {
		w.timer = time.AfterFunc(at.Sub(now), w.fire)
	} else {
		w.timer.Reset(at.Sub(now))
	}
}

// fire cancels the calls whose deadline has passed and re-arms for the rest.
func (w *watchdog) fire() {
	now := time.Now()
	var expired []*watchedCall
	var causes []error
	w.mu.Lock()
	w.armed = time.Time{}
	var next time.Time
	for c := range w.calls {
		switch {
		case !c.totalAt.IsZero() && !now.Before(c.totalAt):
			expired, causes = append(expired, c), append(causes, errCallMaxTotal)
			delete(w.calls, c)
		case !c.idleAt.IsZero() && !now.Before(c.idleAt):
			expired, causes = append(expired, c), append(causes, errCallTimeout)
			delete(w.calls, c)
		default:
			if d := c.deadline(); next.IsZero() || d.Before(next) {
				next = d
			}
		}
	}
	if !next.IsZero() {
		w.armLocked(next, now)
	}
	w.mu.Unlock()
	for i, c := range expired {
		c.cancel(causes[i])
	}
}
