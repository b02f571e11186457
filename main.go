// Command mcpbrowser is MCP Browser: with no arguments it opens the window;
// a first argument picks a command-line command (see `mcpbrowser --help`).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"mcpbrowser/cli"
	"mcpbrowser/internal/demo"
	_ "mcpbrowser/internal/localefix" // before Fyne initialises; see the package
	"mcpbrowser/mcp"
)

// version and commit are set at build time with -ldflags "-X main.version=… -X main.commit=…".
var (
	version = "0.1.0-dev"
	commit  = ""
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	v := version
	if commit != "" {
		v += " (" + commit + ")"
	}
	mcp.ClientVersion = version
	if path, ok := windowArgs(args); ok {
		return openWindow(path, v)
	}
	// Ctrl+C or SIGTERM cancels the context; the command then stops the
	// server's whole process tree before it returns.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch {
	case args[0] == "demo-server":
		return demoServer(ctx, args[1:])
	}
	exe, _ := os.Executable()
	return cli.Run(ctx, args, cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin, Executable: exe, Version: v})
}

// windowArgs reports whether the command line asks for the window: nothing,
// or only --config FILE.
func windowArgs(args []string) (configPath string, ok bool) {
	switch {
	case len(args) == 0:
		return "", true
	case len(args) == 2 && args[0] == "--config":
		return args[1], true
	case len(args) == 1 && strings.HasPrefix(args[0], "--config="):
		return strings.TrimPrefix(args[0], "--config="), true
	}
	return "", false
}

func demoServer(ctx context.Context, args []string) int {
	var opts demo.Options
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--root" && i+1 < len(args):
			opts.Root = args[i+1]
			i++
		case len(a) > 7 && a[:7] == "--root=":
			opts.Root = a[7:]
		default:
			fmt.Fprintf(os.Stderr, "mcpbrowser demo-server: unknown argument %q (usage: mcpbrowser demo-server [--root DIR])\n", a)
			return cli.ExitUsage
		}
	}
	if err := demo.Run(ctx, opts); err != nil {
		fmt.Fprintln(os.Stderr, "mcpbrowser demo-server:", err)
		return 1
	}
	return 0
}
