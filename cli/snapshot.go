package cli

import (
	"context"

	"mcpbrowser/mcp/surface"
)

// cmdSnapshot is `mcpbrowser snapshot TARGET`: what the server offers (tools,
// resources, resource templates, prompts) as JSON, to keep and compare later
// with mcpbrowser diff surface.json TARGET.
func cmdSnapshot(ctx context.Context, inv *invocation, env Env) error {
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageT("snapshot takes only a TARGET; unexpected {{.Arg}}", M{"Arg": q(rest[0])})
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
		return &exitError{ExitConnection, tr("could not take the snapshot: {{.Err}}", M{"Err": explainCore(err)})}
	}
	data, err := snap.Marshal()
	if err != nil {
		return err
	}
	_, err = env.Stdout.Write(data)
	return err
}
