package mcp

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// watchedCtx is a call's context under w.
func watchedCtx(w *watchdog, idle, total time.Duration) (context.Context, *watchedCall) {
	ctx, cancel := context.WithCancelCause(context.Background())
	return ctx, w.watch(cancel, idle, total)
}

// causeWithin waits up to d for ctx to end and returns its cause (nil: it did not end).
func causeWithin(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return context.Cause(ctx)
	case <-time.After(d):
		return nil
	}
}

// The watchdog's tests run in a synctest bubble: its timers, the progress
// reports and the waits run on the bubble's clock, which moves only when
// every goroutine waits, so a loaded machine that leaves the progress
// goroutine unscheduled for longer than the idle timeout cannot end a call
// that real time would have kept alive (and the tests wait no real time).

func TestWatchdogEndsCallsPastTheirDeadlines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		idle, total time.Duration
		// progressFor keeps reporting progress every 10 ms for this long.
		progressFor time.Duration
		want        error
	}{
		{"idle timeout without progress", 30 * time.Millisecond, 0, 0, errCallTimeout},
		{"maximum total, no idle timeout", 0, 30 * time.Millisecond, 0, errCallMaxTotal},
		{"idle timeout before the total", 30 * time.Millisecond, time.Minute, 0, errCallTimeout},
		{"progress keeps the idle timeout off, the total still ends it", 150 * time.Millisecond, 400 * time.Millisecond, time.Minute, errCallMaxTotal},
		{"progress stops, then the idle timeout ends it", 150 * time.Millisecond, time.Minute, 300 * time.Millisecond, errCallTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) {
				var w watchdog
				start := time.Now() // before watch, which counts from its own now
				ctx, c := watchedCtx(&w, tt.idle, tt.total)
				defer c.done()
				if tt.progressFor > 0 {
					var progress sync.WaitGroup
					defer progress.Wait() // a bubble ends with its goroutines
					progress.Go(func() {
						for time.Since(start) < tt.progressFor && ctx.Err() == nil {
							c.progressed()
							time.Sleep(10 * time.Millisecond)
						}
					})
				}
				got := causeWithin(ctx, 10*time.Second)
				if !errors.Is(got, tt.want) {
					t.Fatalf("cause %v, want %v", got, tt.want)
				}
				// A deadline never fires early.
				if min := min(nonZero(tt.idle), nonZero(tt.total)); time.Since(start) < min {
					t.Errorf("ended after %s, before its %s deadline", time.Since(start), min)
				}
				if tt.progressFor > 0 && time.Since(start) < min(tt.progressFor, nonZero(tt.total)) {
					t.Errorf("ended after %s while progress was still coming", time.Since(start))
				}
			})
		})
	}
}

func nonZero(d time.Duration) time.Duration {
	if d == 0 {
		return time.Hour
	}
	return d
}

func TestWatchdogLeavesFinishedCallsAlone(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var w watchdog
		ctx, c := watchedCtx(&w, 20*time.Millisecond, 40*time.Millisecond)
		c.done()
		if got := causeWithin(ctx, 150*time.Millisecond); got != nil {
			t.Fatalf("a call that was done got cancelled: %v", got)
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if len(w.calls) != 0 || !w.armed.IsZero() {
			t.Errorf("after firing with nothing to do: %d calls, armed for %v; want none and not armed", len(w.calls), w.armed)
		}
	})
}

// A later call with a shorter deadline re-arms the one timer earlier; the
// first call keeps running.
func TestWatchdogShorterDeadlineAfterALongerOne(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var w watchdog
		long, lc := watchedCtx(&w, time.Minute, 0)
		defer lc.done()
		short, sc := watchedCtx(&w, 30*time.Millisecond, 0)
		defer sc.done()
		if got := causeWithin(short, 10*time.Second); !errors.Is(got, errCallTimeout) {
			t.Fatalf("short call: cause %v, want the idle timeout", got)
		}
		if long.Err() != nil {
			t.Fatalf("long call ended too: %v", context.Cause(long))
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if _, ok := w.calls[lc]; !ok || w.armed.IsZero() {
			t.Errorf("the long call should still be watched with the timer armed (watched %v, armed %v)", ok, w.armed)
		}
	})
}

func TestWatchdogWithoutDeadlinesArmsNothing(t *testing.T) {
	t.Parallel()
	var w watchdog
	_, c := watchedCtx(&w, 0, 0)
	c.progressed()
	c.done()
	if w.timer != nil || len(w.calls) != 0 {
		t.Errorf("timer %v, %d calls; want none", w.timer, len(w.calls))
	}
}
