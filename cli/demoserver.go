package cli

import (
	"context"
	"fmt"

	"mcpbrowser/internal/demo"
)

// cmdDemoServer runs the built-in demo MCP server on stdin and stdout until
// they close or ctx ends.
func cmdDemoServer(ctx context.Context, inv *invocation, env Env) error {
	if len(inv.positional) > 0 {
		return &commandError{"demo-server", exitError{ExitUsage, fmt.Sprintf("unknown argument %q (usage: mcpbrowser demo-server [--root DIR])", inv.positional[0])}}
	}
	if err := demo.Run(ctx, demo.Options{Root: inv.demoRoot}); err != nil {
		return &commandError{"demo-server", exitError{1, err.Error()}}
	}
	return nil
}
