package cli

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/tap"
)

const tapUsage = `Usage: mcpbrowser tap [--name NAME] -- COMMAND [ARGS...]
       mcpbrowser tap --url URL [--listen 127.0.0.1:PORT] [--name NAME]

Sits between an app (Claude Desktop, Cursor, VS Code …) and a server and
records what they say to each other, for mcpbrowser taps and the window.
With a command, the app starts the tap in place of the server: the tap starts
the server as the app would have, passes every byte both ways unchanged and
exits with the server's exit code. With --url, the tap is a proxy on this
computer for a remote (streamable HTTP or SSE) server: point the app at the
address it prints. mcpbrowser watch sets the first kind up for you.
`

// runTap is `mcpbrowser tap`.
func runTap(ctx context.Context, args []string, env Env) error {
	// The tap's own heap is small; a flood through it is garbage that a
	// lazier collector lets grow (measured: +24 MB at the default 100 for
	// 500 MB through, +10 MB at 25; BenchmarkTapMemory in mcp/tap).
	debug.SetGCPercent(25)
	inv := newInvocation("tap")
	fs := newFlagSet("tap", helpT(tapUsage), env)
	name := fs.String("name", "", "what to call the session in lists (default: the server's own name)")
	fs.StringVar(&inv.url, "url", "", "tap the remote server at `URL` instead of starting one")
	listen := fs.String("listen", "127.0.0.1:0", "with --url: the loopback `ADDRESS` to answer on")
	if err := parseInterleaved(fs, args, inv); err != nil {
		return err
	}
	if len(inv.positional) > 0 {
		return flagUsageT(fs, "put -- before the server's command: mcpbrowser tap -- {{.Command}}", M{"Command": strings.Join(inv.positional, " ")})
	}
	if inv.url != "" {
		if len(inv.adhoc) > 0 {
			return flagUsageT(fs, "give either --url or a command after --, not both")
		}
		return runTapURL(ctx, inv.url, *listen, *name, env)
	}
	if len(inv.adhoc) == 0 {
		return flagUsageT(fs, "give the server's command after --, or --url")
	}
	says := tapSays()
	if lean := leanTap(env); lean != "" {
		// The lean tap says nothing the person needs in their language
		// unless it cannot start what was found here; the program not
		// found is worded below, as the app words it.
		if _, err := exec.LookPath(inv.adhoc[0]); err == nil {
			becomeLean(lean, tap.LeanArgs(*name, says, inv.adhoc)) // returns only if it could not
		}
	}
	signal.Ignore(syscall.SIGPIPE) // a host that stopped reading is an error to handle, not a death
	cwd, _ := os.Getwd()
	rec := tap.NewRecorder(tap.RecorderOptions{Name: *name, Command: inv.adhoc, Cwd: cwd,
		Mask: tap.EnvironmentMasker(), Failed: says.Once(env.Stderr)})
	code, err := tap.RunStdio(ctx, tap.StdioOptions{Command: inv.adhoc[0], Args: inv.adhoc[1:],
		Stdin: env.Stdin, Stdout: env.Stdout, Stderr: rawOut(env.Stderr), Recorder: rec})
	if err != nil {
		rec.Close(nil)
		return startFailed(err)
	}
	rec.Close(&code)
	if code != 0 {
		return &exitError{code, ""}
	}
	return nil
}

// tapSays are the tap's own sentences in the person's language.
func tapSays() tap.Says {
	return tap.Says{
		Stopped:      tr("the recording stopped ({{.Reason}}); the server keeps running and every message still passes", M{"Reason": "{{.Reason}}"}),
		DiskFull:     tr("the disk is full"),
		NoPermission: tr("no permission to write {{.Path}}", M{"Path": "{{.Path}}"}),
		Explain:      func(s string) string { return explainCore(s) },
	}
}

// fileProblem words a failure to write a file.
func fileProblem(err error) string { return tapSays().Reason(err) }

// startFailed words a server the tap could not start.
func startFailed(err error) error {
	var se *tap.StartError
	if errors.As(err, &se) && tap.IsNotFound(err) {
		return &exitError{127, tr("could not start the server: the program {{.Command}} was not found. PATH searched: {{.Path}}", M{"Command": q(se.Command), "Path": os.Getenv("PATH")})}
	}
	if errors.As(err, &se) {
		return &exitError{126, tr("could not start the server {{.Command}}: {{.Err}}", M{"Command": q(se.Command), "Err": explainCore(se.Err)})}
	}
	return &exitError{ExitConnection, explainCore(err)}
}

// runTapURL is `mcpbrowser tap --url`: a proxy on a loopback address until
// Ctrl+C.
func runTapURL(ctx context.Context, target, listen, name string, env Env) error {
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usageT("--url must be an http:// or https:// address, not {{.Value}}", M{"Value": q(target)})
	}
	l, err := tap.ListenLoopback(listen)
	if err != nil {
		return usageT("could not listen on {{.Address}}: {{.Reason}}", M{"Address": q(listen), "Reason": explainCore(err)})
	}
	addr := "http://" + l.Addr().String() + u.EscapedPath()
	shown := config.MaskURL(u)
	rec := tap.NewRecorder(tap.RecorderOptions{Name: name, URL: shown, Listen: addr,
		Mask: config.NewTextMasker(&config.ServerConfig{URL: target}), Failed: tapSays().Once(env.Stderr)})
	fmt.Fprintln(env.Stderr, tr("Tapping {{.URL}}: point the app at {{.Address}} (Ctrl+C ends the tap)", M{"URL": shown, "Address": addr}))
	err = tap.NewProxy(u, rec).Serve(ctx, l)
	rec.Close(nil)
	if err != nil {
		return &exitError{ExitConnection, explainCore(err)}
	}
	return nil
}
