package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"mcpbrowser/internal/demo"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// runChanged serves the demo server changed in exactly four ways, the kinds
// a surface diff must tell apart:
//   - the tool log_stderr is removed (breaking);
//   - echo gets a new required argument "channel" (breaking);
//   - stats takes whole numbers only: its items narrow from number to integer (breaking);
//   - add's description is reworded (not breaking).
//
// The changed tools answer by passing the call on to an unchanged demo
// server in the same process.
func runChanged(ctx context.Context, opts demo.Options) error {
	if opts.Root == "" {
		dir, err := demo.NewSandbox("")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		opts.Root = dir
	}
	opts.Stderr = os.Stderr
	backend, err := demo.NewServer(opts)
	if err != nil {
		return err
	}
	ct, st := sdk.NewInMemoryTransports()
	ss, err := backend.Connect(ctx, st, nil)
	if err != nil {
		return fmt.Errorf("starting the unchanged demo server: %w", err)
	}
	defer ss.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "variant"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return fmt.Errorf("connecting to the unchanged demo server: %w", err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		return fmt.Errorf("listing the demo tools: %w", err)
	}

	front, err := demo.NewServer(opts)
	if err != nil {
		return err
	}
	front.RemoveTools("log_stderr")
	forward := func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		var args map[string]any
		_ = json.Unmarshal(req.Params.Arguments, &args)
		delete(args, "channel")
		return cs.CallTool(ctx, &sdk.CallToolParams{Name: req.Params.Name, Arguments: args})
	}
	for _, t := range list.Tools {
		schema, _ := t.InputSchema.(map[string]any)
		switch t.Name {
		case "echo":
			props, _ := schema["properties"].(map[string]any)
			props["channel"] = map[string]any{"type": "string", "title": "Channel", "description": "Where the echo goes."}
			schema["required"] = append(schema["required"].([]any), "channel")
		case "stats":
			numbers := schema["properties"].(map[string]any)["numbers"].(map[string]any)
			numbers["items"].(map[string]any)["type"] = "integer"
		case "add":
			t.Description = "Adds two whole numbers (a + b) and gives back the sum."
		default:
			continue
		}
		front.AddTool(t, forward)
	}
	fmt.Fprintf(os.Stderr, "%s %s (changed variant): sandbox folder is %s\n", demo.Name, demo.Version, opts.Root)
	err = front.Run(ctx, &sdk.StdioTransport{})
	if ctx.Err() != nil || err == nil || errors.Is(err, io.EOF) {
		return nil
	}
	return fmt.Errorf("serving the changed demo server: %w", err)
}
