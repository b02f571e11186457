package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/surface"
)

const diffUsage = `Usage: mcpbrowser diff A B [--fail-on breaking|any] [--json]

Compares what two servers offer: tools, their arguments, required fields, types,
enums, limits, annotations, descriptions and output schemas, resources, resource
templates and prompts. Each change is classified as breaking for callers or not.
A and B are snapshot files (from mcpbrowser snapshot), configured server names,
http(s) URLs, or command lines ("node build/index.js").
`

// runDiff is `mcpbrowser diff`.
func runDiff(ctx context.Context, args []string, env Env) error {
	inv := newInvocation("diff")
	fs := newFlagSet("diff", helpT(diffUsage), env)
	configFlag(fs, inv)
	fs.Func("timeout", "bounds connecting to each server by a `DURATION`", inv.setTimeout)
	failOn := fs.String("fail-on", "", "exit 1 when a change is `breaking` (any: when anything changed)")
	asJSON := fs.Bool("json", false, "print the changes as JSON")
	if err := parseInterleaved(fs, args, inv); err != nil {
		return err
	}
	pos := inv.positional
	var err error
	if len(pos) != 2 {
		return usageT("diff needs two things to compare: A and B (see mcpbrowser diff --help)")
	}
	if *failOn != "" && *failOn != "breaking" && *failOn != "any" {
		return usageT("--fail-on must be breaking or any, not {{.Value}}", M{"Value": q(*failOn)})
	}
	var snaps [2]*surface.Snapshot
	for i, arg := range pos {
		if snaps[i], err = surfaceOf(ctx, inv, env, arg); err != nil {
			return err
		}
	}
	changes := surface.Diff(snaps[0], snaps[1])
	breaking := 0
	for _, c := range changes {
		if c.Breaking {
			breaking++
		}
	}
	if *asJSON {
		err = writeJSON(env.Stdout, map[string]any{"a": pos[0], "b": pos[1], "changes": nonNil(changes), "breaking": breaking})
	} else {
		var b strings.Builder
		fmt.Fprintf(&b, "%s → %s\n", pos[0], pos[1])
		for _, c := range changes {
			b.WriteString("  " + c.String() + "\n")
		}
		fmt.Fprintf(&b, "%d change(s), %d breaking\n", len(changes), breaking)
		_, err = fmt.Fprint(textOut(env.Stdout), b.String())
	}
	if err != nil {
		return err
	}
	if (*failOn == "breaking" && breaking > 0) || (*failOn == "any" && len(changes) > 0) {
		return &exitError{ExitToolError, ""}
	}
	return nil
}

// surfaceOf reads a snapshot file, or connects to a server and takes one.
func surfaceOf(ctx context.Context, inv *invocation, env Env, arg string) (*surface.Snapshot, error) {
	if st, err := os.Stat(arg); err == nil && !st.IsDir() {
		s, err := surface.Load(arg)
		if err != nil {
			return nil, usageErr("%s", explainCore(err))
		}
		return s, nil
	}
	lookup, err := configLookup(inv, env)
	if err != nil {
		return nil, err
	}
	sc := targetConfig(arg, arg, lookup)
	if sc.Type == config.TypeStdio && lookup(arg) == nil {
		if _, err := exec.LookPath(sc.Command); err != nil {
			return nil, usageT("{{.Arg}} is neither a snapshot file, a configured server nor a command", M{"Arg": q(arg)})
		}
	}
	if lookup(arg) == nil {
		sc.Name = baseName(strings.Fields(arg)[0])
	}
	if inv.timeout > 0 {
		secs := inv.timeout.Seconds()
		sc.ConnectTimeout = &secs
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return nil, err
	}
	defer stop()
	snap, err := surface.Take(ctx, s)
	if err != nil {
		return nil, &exitError{ExitConnection, tr("could not list what {{.Target}} offers: {{.Err}}", M{"Target": arg, "Err": explainCore(err)})}
	}
	return snap, nil
}
