package demo

import (
	"context"
	"fmt"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type slowArgs struct {
	Steps   int `json:"steps"`
	DelayMS int `json:"delay_ms"`
}

func (d *demoServer) addSlowTask(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{
		Name:  "slow_task",
		Title: "Run a slow task",
		Description: "Pretends to work for a while: it takes a number of steps with a pause after " +
			"each, and reports its progress (\"step 3 of 5\") after every step when the client asks " +
			"for progress. You can cancel it at any moment and it stops straight away. " +
			"With the defaults it takes 2.5 seconds; it changes nothing.",
		InputSchema: object(
			optional("steps", withDefault(integer("Steps", "How many steps to take.", 1, 100), 5)),
			optional("delay_ms", withDefault(integer("Pause per step (ms)", "How long each step takes, in milliseconds (1000 ms = 1 second).", 0, 10_000), 500)),
		),
		Annotations: readOnlyHints(),
	}, d.slowTask)
}

func (d *demoServer) slowTask(ctx context.Context, req *sdk.CallToolRequest, in slowArgs) (*sdk.CallToolResult, any, error) {
	token := req.Params.GetProgressToken()
	report := func(step int, message string) {
		if token == nil {
			return
		}
		err := req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{
			ProgressToken: token,
			Progress:      float64(step),
			Total:         float64(in.Steps),
			Message:       message,
		})
		if err != nil && ctx.Err() == nil {
			// Progress is a courtesy: the task itself still succeeds.
			fmt.Fprintf(d.stderr, "slow_task: could not send progress: %v\n", err)
		}
	}

	// Progress 0 first, so that a client shows the task as running (and
	// can offer to cancel it) before the first step is done.
	report(0, fmt.Sprintf("starting %d steps", in.Steps))
	delay := time.Duration(in.DelayMS) * time.Millisecond
	start := time.Now()
	timer := time.NewTimer(delay)
	defer timer.Stop()
	for step := 1; step <= in.Steps; step++ {
		timer.Reset(delay)
		select {
		case <-ctx.Done():
			// The spec: "Receivers of a cancellation notification SHOULD
			// stop processing the cancelled request". Say so on stderr, where
			// the app shows it beside the call.
			fmt.Fprintf(d.stderr, "slow_task: cancelled during step %d of %d\n", step, in.Steps)
			return nil, nil, ctx.Err()
		case <-timer.C:
		}
		report(step, fmt.Sprintf("step %d of %d", step, in.Steps))
	}
	return textResult("Finished %d steps in %s.", in.Steps, time.Since(start).Round(time.Millisecond)), nil, nil
}
