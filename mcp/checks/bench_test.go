package checks

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

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
