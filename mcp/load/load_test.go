package load

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
)

func TestPercentile(t *testing.T) {
	ms := func(xs ...int) []time.Duration {
		var out []time.Duration
		for _, x := range xs {
			out = append(out, time.Duration(x)*time.Millisecond)
		}
		return out
	}
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i+1) * time.Millisecond
	}
	tests := []struct {
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{nil, 50, 0},
		{ms(7), 99, 7 * time.Millisecond},
		{ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{ms(1, 2, 3, 4), 51, 3 * time.Millisecond},
		{hundred, 50, 50 * time.Millisecond},
		{hundred, 90, 90 * time.Millisecond},
		{hundred, 99, 99 * time.Millisecond},
		{hundred, 100, 100 * time.Millisecond},
	}
	for _, tt := range tests {
		if got := Percentile(tt.sorted, tt.p); got != tt.want {
			t.Errorf("Percentile(%d values, %v) = %v, want %v", len(tt.sorted), tt.p, got, tt.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	samples := []Sample{
		{Latency: 1 * time.Millisecond},
		{Latency: 3 * time.Millisecond},
		{Latency: 2 * time.Millisecond, Layer: Tool},
		{Latency: 90 * time.Millisecond, Layer: Transport},
		{Latency: 5 * time.Millisecond, Layer: JSONRPC},
	}
	s := Summarize(samples, time.Second)
	if s.Calls != 5 || s.CallsPerSecond != 5 {
		t.Errorf("calls %d, %v/s", s.Calls, s.CallsPerSecond)
	}
	if s.Errors[Transport] != 1 || s.Errors[JSONRPC] != 1 || s.Errors[Tool] != 1 || s.Failed() != 3 {
		t.Errorf("errors %v", s.Errors)
	}
	// Transport and JSON-RPC failures are not latencies of the tool.
	if s.Max != 3*time.Millisecond || s.Min != time.Millisecond || s.P50 != 2*time.Millisecond {
		t.Errorf("min %v p50 %v max %v", s.Min, s.P50, s.Max)
	}
}

func TestRunRequests(t *testing.T) {
	var calls, inflight, peak atomic.Int64
	call := func(ctx context.Context, worker int) Outcome {
		n := inflight.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		defer inflight.Add(-1)
		c := calls.Add(1)
		time.Sleep(time.Millisecond)
		if c%10 == 0 {
			return Outcome{Layer: Tool, Message: "the tool said no"}
		}
		return Outcome{}
	}
	r := Start(t.Context(), Options{Concurrency: 4, Requests: 100}, call)
	s := r.Wait()
	if s.Calls != 100 || calls.Load() != 100 {
		t.Fatalf("%d calls recorded, %d made; want 100", s.Calls, calls.Load())
	}
	if peak.Load() > 4 {
		t.Errorf("%d calls at once with concurrency 4", peak.Load())
	}
	if s.Errors[Tool] != 10 || s.ErrorMessages[Tool] != "the tool said no" {
		t.Errorf("errors %v %v", s.Errors, s.ErrorMessages)
	}
	if len(r.Samples(90)) != 10 || r.Samples(100) != nil {
		t.Errorf("Samples(90) = %d", len(r.Samples(90)))
	}
}

func TestRunDurationAndStop(t *testing.T) {
	call := func(ctx context.Context, worker int) Outcome {
		select {
		case <-time.After(2 * time.Millisecond):
			return Outcome{}
		case <-ctx.Done():
			return Outcome{Layer: Transport, Message: "cancelled"}
		}
	}
	s := Start(t.Context(), Options{Concurrency: 2, Duration: 50 * time.Millisecond}, call).Wait()
	if s.Calls == 0 || s.Failed() != 0 {
		t.Fatalf("duration run: %+v", s)
	}
	r := Start(t.Context(), Options{Concurrency: 2, Duration: time.Hour}, call)
	time.Sleep(10 * time.Millisecond)
	r.Stop()
	select {
	case <-r.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("Stop did not end the run")
	}
	if s := r.Summary(); s.Errors[Cancelled] == 0 && s.Calls == 0 {
		t.Errorf("stopped run: %+v", s)
	}
}

func TestValidate(t *testing.T) {
	for _, tt := range []struct {
		o    Options
		okay bool
	}{
		{Options{Concurrency: 1, Requests: 1}, true},
		{Options{Concurrency: 1, Duration: time.Second}, true},
		{Options{Concurrency: 0, Requests: 1}, false},
		{Options{Concurrency: 1}, false},
		{Options{Concurrency: 1, Requests: 1, Duration: time.Second}, false},
	} {
		if err := tt.o.Validate(); (err == nil) != tt.okay {
			t.Errorf("%+v: %v", tt.o, err)
		}
	}
}

func TestTreeRSS(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Linux only")
	}
	n, err := treeRSS([]int{os.Getpid()})
	if err != nil || n < 1<<20 {
		t.Fatalf("own RSS %d, %v", n, err)
	}
	s := Start(t.Context(), Options{Concurrency: 1, Requests: 3, Pids: []int{os.Getpid()}}, func(context.Context, int) Outcome { return Outcome{} }).Wait()
	if s.PeakRSS < 1<<20 {
		t.Fatalf("peak RSS %d", s.PeakRSS)
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		raw   string
		err   error
		layer Layer
	}{
		{`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}`, nil, OK},
		{`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"no \"error\": here"}]}}`, nil, OK},
		{`{"jsonrpc":"2.0","id":1,"result":{"isError":true,"content":[{"type":"text","text":"bad"}]}}`, nil, Tool},
		{`{"jsonrpc":"2.0","id":1,"result":{"isError": true,"content":[]}}`, nil, Tool},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"unknown tool"}}`, nil, JSONRPC},
		{`{"jsonrpc":"2.0","id":1}`, nil, JSONRPC},
		{`not json`, nil, Transport},
		{"", errors.New("the server closed its output"), Transport},
		{"", context.DeadlineExceeded, Transport},
		{"", context.Canceled, Cancelled},
	}
	for _, tt := range tests {
		if got := classify([]byte(tt.raw), tt.err); got.Layer != tt.layer {
			t.Errorf("%s / %v: layer %q, want %q (%s)", tt.raw, tt.err, got.Layer, tt.layer, got.Message)
		}
	}
}

// TestStdioConn drives the demo server: calls succeed, a tool error and a
// JSON-RPC error land in their layers, and Close ends the process.
func TestStdioConn(t *testing.T) {
	exe := testservers.Demo.Build(t)
	c, err := DialStdio(t.Context(), StdioServer{Command: exe})
	if err != nil {
		t.Fatal(err)
	}
	conns := []*StdioConn{c}
	for _, tt := range []struct {
		tool, args string
		layer      Layer
	}{
		{"add", `{"a":2,"b":3}`, OK},
		{"fail", `{}`, Tool},
		{"no_such_tool", `{}`, JSONRPC},
	} {
		s := Start(t.Context(), Options{Concurrency: 2, Requests: 10, Pids: []int{c.Pid()}}, Caller(conns, tt.tool, json.RawMessage(tt.args), 5*time.Second)).Wait()
		if s.Calls != 10 || (tt.layer == OK && s.Failed() != 0) || (tt.layer != OK && s.Errors[tt.layer] != 10) {
			t.Errorf("%s: %d calls, errors %v %v", tt.tool, s.Calls, s.Errors, s.ErrorMessages)
		}
		if runtime.GOOS == "linux" && s.PeakRSS == 0 {
			t.Errorf("%s: no RSS measured", tt.tool)
		}
	}
	pid := c.Pid()
	c.Close()
	if err := syscallKill0(pid); err == nil {
		t.Errorf("the server (pid %d) still runs after Close", pid)
	}
}
