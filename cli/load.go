package cli

import (
	"context"
	"fmt"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/load"
)

const loadUsage = `Usage: mcpbrowser load TARGET TOOL [key=value ...] --concurrency N (--requests M | --duration D) [--sessions K] [--json]

Calls TOOL over and over, N calls at a time, M calls in all or for D, and
reports calls/s, latency percentiles (p50, p90, p99, max), errors by layer
(transport, JSON-RPC, tool) and the server's peak memory when it is a local
process. With --sessions K the calls are spread over K sessions, each its
own connection (and process, for a stdio server). A local server is driven
by a lean client of the load runner's own, so that the figures are the
server's and not the client's; --driver session uses the app's session.
`

func runLoad(ctx context.Context, args []string, env Env) error {
	inv := newInvocation("load")
	fs := newFlagSet("load", helpT(loadUsage), env)
	connectFlags(fs, inv)
	fs.StringVar(&inv.argsJSON, "args", "", "the arguments as JSON (key=value pairs are applied on top)")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	opts := load.Options{}
	fs.IntVar(&opts.Concurrency, "concurrency", 1, "calls at a time")
	fs.IntVar(&opts.Requests, "requests", 0, "calls in all")
	fs.DurationVar(&opts.Duration, "duration", 0, "how long to keep calling (e.g. 30s)")
	sessions := fs.Int("sessions", 1, "parallel sessions to spread the calls over")
	driver := fs.String("driver", "stdio", "for a local server: stdio (a lean client of its own, the default) or session (the app's own session, as the window does)")
	if err := parseInterleaved(fs, args, inv); err != nil {
		return err
	}
	if err := opts.Validate(); err != nil {
		return usageErr("load: %v", err)
	}
	if *driver != "stdio" && *driver != "session" {
		return usageT("load: --driver must be stdio or session, not {{.Value}}", M{"Value": q(*driver)})
	}
	if *sessions < 1 || *sessions > opts.Concurrency {
		return usageT("load: --sessions must be between 1 and --concurrency ({{.Concurrency}})", M{"Concurrency": opts.Concurrency})
	}
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	toolName, pairs, err := toolAndPairs(rest, usageT("load needs a TOOL name (see `mcpbrowser tools TARGET`)"))
	if err != nil {
		return err
	}
	// One session lists the tool and builds the arguments from its schema,
	// exactly as call does (and checks an imported server's approval).
	s, stopProbe, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	if s.Tool(toolName) == nil {
		stopProbe()
		return usageT("{{.Server}} has no tool {{.Tool}}", M{"Server": q(sc.Name), "Tool": q(toolName)})
	}
	callArgs, err := buildArguments(toolName, s.InputSchema(toolName), inv.argsJSON, pairs)
	if err != nil {
		stopProbe()
		return err
	}
	// The lean client speaks plain tools/call only: a tool the calling rule
	// runs as a task (mcp.CallWayFor) goes through sessions.
	viaSession := *driver == "session" || sc.Type != config.TypeStdio || s.CallWay(toolName) != mcp.CallPlain
	var call load.CallFunc
	var stop func()
	if viaSession {
		ss := []*mcp.Session{s}
		var stopMore func()
		if *sessions > 1 {
			more, st, err := connectMany(ctx, inv, env, sc, *sessions-1)
			if err != nil {
				stopProbe()
				return err
			}
			ss, stopMore = append(ss, more...), st
		}
		stop = func() {
			stopProbe()
			if stopMore != nil {
				stopMore()
			}
		}
		for _, s := range ss {
			if pid := s.Pid(); pid > 0 {
				opts.Pids = append(opts.Pids, pid)
			}
		}
		call = load.SessionCaller(ss, toolName, callArgs, inv.timeout)
	} else {
		stopProbe()
		conns, err := dialMany(ctx, sc, *sessions)
		if err != nil {
			return &exitError{ExitConnection, tr("could not start {{.Name}} for the load test: {{.Err}}", M{"Name": q(sc.Name), "Err": explainCore(err)})}
		}
		stop = func() {
			for _, c := range conns {
				c.Close()
			}
		}
		for _, c := range conns {
			opts.Pids = append(opts.Pids, c.Pid())
		}
		call = load.Caller(conns, toolName, callArgs, inv.timeout)
	}
	defer stop()
	sum := load.Start(ctx, opts, call).Wait()
	ssCount := *sessions
	if *asJSON {
		return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "tool": toolName, "sessions": ssCount, "summary": sum})
	}
	fmt.Fprint(textOut(env.Stdout), loadText(sc.Name, toolName, ssCount, sum))
	return nil
}

// connectMany connects k sessions to the same server, each its own connection.
func connectMany(ctx context.Context, inv *invocation, env Env, sc *config.ServerConfig, k int) ([]*mcp.Session, func(), error) {
	var ss []*mcp.Session
	var stops []func()
	stopAll := func() {
		for _, s := range stops {
			s()
		}
	}
	for i := range k {
		c := sc.Clone()
		if k > 1 {
			c.Name = fmt.Sprintf("%s#%d", sc.Name, i+1)
		}
		s, stop, err := connect(ctx, inv, env, c)
		if err != nil {
			stopAll()
			return nil, nil, err
		}
		ss = append(ss, s)
		stops = append(stops, stop)
	}
	return ss, stopAll, nil
}

// dialMany starts k processes of a stdio server with the load runner's lean client.
func dialMany(ctx context.Context, sc *config.ServerConfig, k int) ([]*load.StdioConn, error) {
	var conns []*load.StdioConn
	for range k {
		c, err := load.DialStdio(ctx, load.StdioServer{Command: sc.Command, Args: sc.Args, Env: sc.Env, Dir: sc.Cwd})
		if err != nil {
			for _, c := range conns {
				c.Close()
			}
			return nil, err
		}
		conns = append(conns, c)
	}
	return conns, nil
}
