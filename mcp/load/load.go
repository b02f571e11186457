// Package load calls one tool many times — at a fixed concurrency, for a
// number of calls or for a while — and measures what came back: calls per
// second, latency percentiles, errors by layer, and the server's peak memory
// where it is a local process. It knows nothing of MCP sessions: the caller
// hands it the call to make, so the CLI and the window drive the same runner.
//
//	run := load.Start(ctx, load.Options{Concurrency: 8, Requests: 1000}, call)
//	sum := run.Wait()
package load

import (
	"context"
	"errors"
	"mcpbrowser/mcp/say"
	"sync"
	"sync/atomic"
	"time"
)

// Layer is where a call failed; empty for success.
type Layer string

const (
	OK        Layer = ""
	Transport Layer = "transport" // could not reach the server, it died, or no answer in time
	JSONRPC   Layer = "jsonrpc"   // the server answered with a JSON-RPC error
	Tool      Layer = "tool"      // the tool ran and returned isError
	Cancelled Layer = "cancelled" // the run was stopped while the call was out
)

// Outcome is what one call ended with.
type Outcome struct {
	Layer Layer
	// Message says what went wrong, for the first failures of each layer.
	Message string
	// Said is Message as a message with its key, when the core said it so.
	Said say.Msg
}

// CallFunc makes one call. worker is 0…Concurrency-1, for spreading calls
// over several sessions.
type CallFunc func(ctx context.Context, worker int) Outcome

// Options shape a run. Exactly one of Requests and Duration is set.
type Options struct {
	Concurrency int
	// Requests is the total number of calls.
	Requests int
	// Duration is how long new calls are started; calls out at the end finish.
	Duration time.Duration
	// Pids are the server processes whose memory is watched (with their
	// children); empty for remote servers.
	Pids []int
	// RSSEvery is how often memory is sampled (default 100 ms).
	RSSEvery time.Duration
}

// Validate says in plain words what is wrong with the options.
func (o Options) Validate() error {
	switch {
	case o.Concurrency < 1:
		return errors.New("concurrency must be at least 1")
	case o.Requests > 0 && o.Duration > 0:
		return errors.New("give either a number of requests or a duration, not both")
	case o.Requests <= 0 && o.Duration <= 0:
		return errors.New("give a number of requests (at least 1) or a duration")
	}
	return nil
}

// A Sample is one call: when it started (since the run began), how long it
// took, and how it ended.
type Sample struct {
	At      time.Duration `json:"at"`
	Latency time.Duration `json:"latency"`
	Layer   Layer         `json:"layer,omitempty"`
}

// A Run is a load test under way.
type Run struct {
	opts    Options
	started time.Time
	cancel  context.CancelFunc
	done    chan struct{}

	mu       sync.Mutex
	samples  []Sample
	messages map[Layer]string
	said     map[Layer]say.Msg
	wall     time.Duration
	peakRSS  int64
	rssErr   error
}

// Start begins a run in the background; Wait (or Done and Summary) ends it.
// Cancelling ctx, or calling Stop, stops starting calls and cancels those out.
func Start(ctx context.Context, opts Options, call CallFunc) *Run {
	ctx, cancel := context.WithCancel(ctx)
	r := &Run{opts: opts, started: time.Now(), cancel: cancel, done: make(chan struct{}), messages: map[Layer]string{}, said: map[Layer]say.Msg{}}
	if opts.Requests > 0 {
		r.samples = make([]Sample, 0, opts.Requests)
	}
	go r.run(ctx, call)
	return r
}

func (r *Run) run(ctx context.Context, call CallFunc) {
	defer close(r.done)
	defer r.cancel()
	stopRSS := r.watchRSS()
	var issued atomic.Int64
	deadline := time.Time{}
	if r.opts.Duration > 0 {
		deadline = r.started.Add(r.opts.Duration)
	}
	next := func() bool {
		if ctx.Err() != nil {
			return false
		}
		if r.opts.Requests > 0 {
			return issued.Add(1) <= int64(r.opts.Requests)
		}
		return time.Now().Before(deadline)
	}
	var wg sync.WaitGroup
	for w := range r.opts.Concurrency {
		wg.Go(func() {
			for next() {
				t := time.Now()
				out := call(ctx, w)
				lat := time.Since(t)
				if out.Layer != OK && ctx.Err() != nil {
					out.Layer = Cancelled
				}
				r.record(Sample{At: t.Sub(r.started), Latency: lat, Layer: out.Layer}, out)
			}
		})
	}
	wg.Wait()
	stopRSS()
	r.mu.Lock()
	r.wall = time.Since(r.started)
	r.mu.Unlock()
}

func (r *Run) record(s Sample, out Outcome) {
	r.mu.Lock()
	r.samples = append(r.samples, s)
	if s.Layer != OK && r.messages[s.Layer] == "" && out.Message != "" {
		r.messages[s.Layer] = out.Message
		if !out.Said.IsZero() {
			r.said[s.Layer] = out.Said
		}
	}
	r.mu.Unlock()
}

// Stop stops starting calls and cancels the calls out.
func (r *Run) Stop() { r.cancel() }

// Done is closed when the last call has ended.
func (r *Run) Done() <-chan struct{} { return r.done }

// Wait waits for the run to end and returns its summary.
func (r *Run) Wait() Summary {
	<-r.done
	return r.Summary()
}

// Samples returns a copy of the samples from index from on, in the order the
// calls ended, for a live view that reads only what is new.
func (r *Run) Samples(from int) []Sample {
	r.mu.Lock()
	defer r.mu.Unlock()
	if from >= len(r.samples) {
		return nil
	}
	return append([]Sample(nil), r.samples[from:]...)
}

// Elapsed is the time since the run began, or its whole length once over.
func (r *Run) Elapsed() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.wall > 0 {
		return r.wall
	}
	return time.Since(r.started)
}

// Summary sums up the samples so far (all of them once the run is over).
func (r *Run) Summary() Summary {
	r.mu.Lock()
	samples := append([]Sample(nil), r.samples...)
	msgs := make(map[Layer]string, len(r.messages))
	for k, v := range r.messages {
		msgs[k] = v
	}
	said := make(map[Layer]say.Msg, len(r.said))
	for k, v := range r.said {
		said[k] = v
	}
	wall := r.wall
	peak, rssErr := r.peakRSS, r.rssErr
	r.mu.Unlock()
	if wall == 0 {
		wall = time.Since(r.started)
	}
	s := Summarize(samples, wall)
	s.Concurrency = r.opts.Concurrency
	s.ErrorMessages, s.ErrorSaid = msgs, said
	s.PeakRSS = peak
	if rssErr != nil {
		s.RSSNote = rssErr.Error()
	}
	return s
}

// watchRSS samples the servers' memory until the returned stop is called.
func (r *Run) watchRSS() (stop func()) {
	if len(r.opts.Pids) == 0 {
		return func() {}
	}
	every := r.opts.RSSEvery
	if every <= 0 {
		every = 100 * time.Millisecond
	}
	sample := func() {
		n, err := treeRSS(r.opts.Pids)
		r.mu.Lock()
		r.peakRSS = max(r.peakRSS, n)
		if err != nil && r.rssErr == nil {
			r.rssErr = err
		}
		r.mu.Unlock()
	}
	sample()
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				sample()
			}
		}
	})
	return func() {
		close(quit)
		wg.Wait()
		sample()
	}
}
