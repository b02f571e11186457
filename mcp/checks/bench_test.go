package checks

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"mcpbrowser/mcp"
)

// BenchmarkThousandCalls is the check runner's cost: the same 1,000 calls to
// the demo server through one session, made directly ("direct") and as
// 1,000 checks with expectations ("runner": outcome, a JSON path, text,
// duration). Compare the two with benchstat; the runner should cost at most
// 10 % more.
func BenchmarkThousandCalls(b *testing.B) {
	const n = 1000
	s := connectSpec(b, "demo", demoSpec())
	ctx := context.Background()
	args := json.RawMessage(`{"a":2,"b":3}`)
	five := any(5)
	f := &File{Name: "bench"}
	for i := range n {
		f.Checks = append(f.Checks, Check{Name: fmt.Sprint("add ", i), Server: "demo", Tool: "add", Arguments: map[string]any{"a": 2, "b": 3},
			Expect: Expect{Outcome: OutcomeSuccess, JSON: []PathExpect{{Path: "sum", Equals: &five}}, Text: &TextExpect{Contains: "= 5"}, MaxMS: 10_000}})
	}
	rn := runnerFor(map[string]*mcp.Session{"demo": s})

	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			for range n {
				if r := s.CallTool(ctx, "add", args, mcp.CallOptions{}); !r.OK() {
					b.Fatal(r.Message)
				}
			}
		}
	})
	b.Run("runner", func(b *testing.B) {
		for b.Loop() {
			rep := rn.Run(ctx, f)
			if p := rep.Count(StatusPassed); p != n {
				b.Fatalf("%d of %d passed: %v", p, n, rep.Results[0].Failures)
			}
		}
	})
}

// BenchmarkThousandCallsPaired makes the same comparison on a shared,
// noisy machine: each op is 1,000 calls made directly and 1,000 made as
// checks, alternating in blocks of 100 so that both see the same load; it
// reports each side's time per call and the runner's overhead in percent.
func BenchmarkThousandCallsPaired(b *testing.B) {
	const n, block = 1000, 100
	s := connectSpec(b, "demo", demoSpec())
	ctx := context.Background()
	args := json.RawMessage(`{"a":2,"b":3}`)
	five := any(5)
	f := &File{Name: "bench"}
	for i := range block {
		f.Checks = append(f.Checks, Check{Name: fmt.Sprint("add ", i), Server: "demo", Tool: "add", Arguments: map[string]any{"a": 2, "b": 3},
			Expect: Expect{Outcome: OutcomeSuccess, JSON: []PathExpect{{Path: "sum", Equals: &five}}, Text: &TextExpect{Contains: "= 5"}, MaxMS: 10_000}})
	}
	rn := runnerFor(map[string]*mcp.Session{"demo": s})
	var direct, runner time.Duration
	for b.Loop() {
		for range n / block {
			start := time.Now()
			for range block {
				if r := s.CallTool(ctx, "add", args, mcp.CallOptions{}); !r.OK() {
					b.Fatal(r.Message)
				}
			}
			direct += time.Since(start)
			start = time.Now()
			if rep := rn.Run(ctx, f); rep.Count(StatusPassed) != block {
				b.Fatal("a check failed")
			}
			runner += time.Since(start)
		}
	}
	calls := float64(b.N * n)
	b.ReportMetric(float64(direct.Microseconds())/calls, "µs/direct-call")
	b.ReportMetric(float64(runner.Microseconds())/calls, "µs/check")
	b.ReportMetric(100*(float64(runner)/float64(direct)-1), "%overhead")
}

// BenchmarkEvaluate is the runner's own work per check, without the call:
// turning a result into an Observed (no snapshot asked for) and holding it
// against the expectations.
func BenchmarkEvaluate(b *testing.B) {
	s := connectSpec(b, "demo", demoSpec())
	r := s.CallTool(context.Background(), "add", json.RawMessage(`{"a":2,"b":3}`), mcp.CallOptions{})
	five := any(5)
	e := Expect{Outcome: OutcomeSuccess, JSON: []PathExpect{{Path: "sum", Equals: &five}}, Text: &TextExpect{Contains: "= 5"}, MaxMS: 10_000}
	schema := s.OutputSchema("add")
	for b.Loop() {
		o := observeCall(r, schema, false)
		if fs := Evaluate(&e, &o); len(fs) > 0 {
			b.Fatal(fs)
		}
	}
}
