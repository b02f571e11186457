package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/apps"
	"mcpbrowser/mcp/oauth"
)

const appUsage = `Usage: mcpbrowser app TARGET TOOL [key=value ...] [--args JSON] [--no-open] [--wire]

Calls TOOL, then serves the MCP App its _meta names (a ui:// page) on a local
address with a one-time token, prints that address, and opens it in the
browser ($BROWSER is honoured). The app's own tool calls go through the same
connection. Links and messages the app asks for are printed, never opened or
sent. Runs until Ctrl+C or until the page is closed.

  --no-open   print the address only; do not start a browser
  --wire      print the app's traffic (and the server's messages) too
  TARGET, --config, --timeout, --stderr and the request flags are those of call.
`

// runApp is `mcpbrowser app`: call a tool and host its app until Ctrl+C.
func runApp(ctx context.Context, args []string, env Env) error {
	inv := newInvocation("app")
	fs := newFlagSet("app", helpT(appUsage), env)
	callFlags(fs, inv)
	noOpen := fs.Bool("no-open", false, "print the address only; do not start a browser")
	if err := parseInterleaved(fs, args, inv); err != nil {
		return err
	}
	sc, pos, err := target(inv, env)
	if err != nil {
		return err
	}
	toolName, pairs, err := toolAndPairs(pos, usageT("app needs a TOOL name (see `mcpbrowser tools TARGET`)"))
	if err != nil {
		return err
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	tool := s.Tool(toolName)
	if tool == nil {
		return usageT("{{.Server}} has no tool {{.Tool}}", M{"Server": q(sc.Name), "Tool": q(toolName)})
	}
	if apps.ResourceURI(tool.Meta) == "" {
		return usageT("the tool {{.Tool}} has no app: its _meta names no ui:// resource", M{"Tool": q(toolName)})
	}
	input, err := buildArguments(tool.Name, s.InputSchema(tool.Name), inv.argsJSON, pairs)
	if err != nil {
		return err
	}
	r := s.CallTool(ctx, toolName, input, mcp.CallOptions{})
	if r.Result == nil {
		return &exitError{r.ExitCode(), explainCore(r.Why())}
	}
	result, err := json.Marshal(r.Result)
	if err != nil {
		return err
	}
	var mu sync.Mutex // keeps lines from two goroutines whole
	say := func(line string) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintln(env.Stderr, "mcpbrowser: "+line)
	}
	live := &apps.Live{S: s} // the session keeps the app's calls in History, marked as the app's
	host := &apps.Host{}
	defer host.Close()
	run, err := apps.Open(ctx, host, live, toolName, input, result, apps.HostContext{}, func(e apps.Event) {
		if line, ok := describeAppEvent(e, inv.wire); ok {
			say(line)
		}
	})
	if err != nil {
		return &exitError{ExitConnection, err.Error()}
	}
	fmt.Fprintln(env.Stdout, run.URL())
	say(tr("serving {{.Tool}}'s app on {{.Address}} (only this machine, only with the address's token); Ctrl+C stops", M{"Tool": toolName, "Address": host.Addr()}))
	if !*noOpen {
		if err := oauth.OpenBrowser(ctx, run.URL()); err != nil {
			say(tr("could not start a browser ({{.Err}}); open the address above yourself", M{"Err": explainCore(err)}))
		}
	}
	select {
	case <-ctx.Done():
	case <-run.Done():
	}
	return nil
}

// describeAppEvent is the line printed for what an app did; traffic only
// with --wire.
func describeAppEvent(e apps.Event, wire bool) (string, bool) {
	switch e.Kind {
	case apps.EventTraffic:
		if !wire {
			return "", false
		}
		return fmt.Sprintf("app %s %s %s", e.Dir, e.Text, clip(e.JSON, 2000)), true
	case apps.EventSize:
		return "", false
	case apps.EventOpenLink:
		return "the app asks to open " + e.Text + " (not opened)", true
	case apps.EventMessage:
		return "the app would post a message (sent nowhere): " + e.Text, true
	case apps.EventLog:
		return "app log: " + e.Text, true
	}
	return "app: " + e.Text, true
}
