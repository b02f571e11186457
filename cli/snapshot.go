package cli

import (
	"context"

	"mcpbrowser/mcp/surface"
)

const snapshotUsage = `Usage: mcpbrowser snapshot TARGET > surface.json

Prints what the server offers (tools, resources, resource templates, prompts)
as JSON, to keep and compare later with: mcpbrowser diff surface.json TARGET
TARGET is a configured server's name, --url URL, or -- COMMAND ARGS... (see mcpbrowser --help).
`

// runSnapshot is `mcpbrowser snapshot`; it takes the TARGET flags every
// server command takes.
func runSnapshot(ctx context.Context, args []string, env Env) error {
	inv, err := parseArgs(append([]string{"snapshot"}, args...))
	if err != nil {
		return err
	}
	if inv.help {
		_, err := env.Stdout.Write([]byte(snapshotUsage))
		return err
	}
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErr("snapshot takes only a TARGET; unexpected %q", rest[0])
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	ctx, cancel := withTimeout(ctx, inv)
	defer cancel()
	snap, err := surface.Take(ctx, s)
	if err != nil {
		return &exitError{ExitConnection, "could not take the snapshot: " + err.Error()}
	}
	data, err := snap.Marshal()
	if err != nil {
		return err
	}
	_, err = env.Stdout.Write(data)
	return err
}
