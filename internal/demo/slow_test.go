package demo_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestSlowTaskReportsProgress(t *testing.T) {
	tests := []struct {
		steps     int
		withToken bool
		want      int // progress notifications: one at 0, then one per step
	}{
		{steps: 3, withToken: true, want: 4},
		{steps: 1, withToken: true, want: 2},
		{steps: 3, withToken: false, want: 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d steps, token %v", tt.steps, tt.withToken), func(t *testing.T) {
			f := newFixture(t)
			params := &sdk.CallToolParams{Name: "slow_task", Arguments: map[string]any{"steps": tt.steps, "delay_ms": 0}}
			if tt.withToken {
				params.SetProgressToken("progress-1")
			}
			res, err := f.client.CallTool(t.Context(), params)
			if err != nil || res.IsError {
				t.Fatalf("slow_task: %v %v", err, res)
			}
			if !strings.Contains(textOf(res), fmt.Sprintf("Finished %d steps", tt.steps)) {
				t.Errorf("result %q", textOf(res))
			}
			if tt.want == 0 {
				// Nothing can be waited for; the call has returned, and the
				// server sends progress before its result.
				if got := f.events.progressCopy(); len(got) != 0 {
					t.Errorf("got %d progress notifications without a token", len(got))
				}
				return
			}
			f.events.waitFor(t, "progress notifications", func() bool { return len(f.events.progress) >= tt.want })
			got := f.events.progressCopy()
			if len(got) != tt.want {
				t.Fatalf("got %d progress notifications, want %d", len(got), tt.want)
			}
			for i, p := range got {
				if p.ProgressToken != "progress-1" || p.Progress != float64(i) || p.Total != float64(tt.steps) {
					t.Errorf("notification %d: token %v progress %v total %v", i, p.ProgressToken, p.Progress, p.Total)
				}
				if want := fmt.Sprintf("step %d of %d", i, tt.steps); i > 0 && p.Message != want {
					t.Errorf("notification %d message %q, want %q", i, p.Message, want)
				}
			}
		})
	}
}

// TestSlowTaskStopsWhenCancelled cancels a task that would run for 1000
// seconds, once it has reported that it started. The client sees the
// context error; the server says on stderr that it stopped, which shows its
// handler returned rather than running on.
func TestSlowTaskStopsWhenCancelled(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() {
		if !f.events.wait(func() bool { return len(f.events.progress) > 0 }) {
			t.Error("slow_task never reported that it started")
		}
		cancel()
	}()
	params := &sdk.CallToolParams{Name: "slow_task", Arguments: map[string]any{"steps": 100, "delay_ms": 10000}}
	params.SetProgressToken(7)
	res, err := f.client.CallTool(ctx, params)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("CallTool = %v, %v; want context.Canceled", res, err)
	}
	f.events.waitFor(t, "the server to stop the task", func() bool {
		return strings.Contains(f.events.stderr.String(), "slow_task: cancelled during step 1 of 100")
	})
	// The session is still usable after a cancelled call.
	if res := f.call(t, "echo", map[string]any{"message": "still here"}); textOf(res) != "still here" {
		t.Errorf("echo after cancel = %q", textOf(res))
	}
}
