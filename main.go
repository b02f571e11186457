// Command mcpbrowser is MCP Browser: with no arguments it opens the window;
// a first argument picks a command-line command (see `mcpbrowser --help`).
package main

import (
	"context"
	"flag"
	"io"
	"os"
	"os/signal"
	"syscall"

	"mcpbrowser/cli"
	_ "mcpbrowser/internal/localefix" // before Fyne initialises; see the package
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
	if path, ok := windowArgs(args); ok {
		return openWindow(path, v)
	}
	// Ctrl+C or SIGTERM cancels the context; the command then stops the
	// server's whole process tree before it returns.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	exe, _ := os.Executable()
	return cli.Run(ctx, args, cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin, Executable: exe, Version: v})
}

// windowArgs reports whether the command line asks for the window: nothing,
// or only --config FILE. Anything else, mistakes included, is the command
// line's to run or to explain.
func windowArgs(args []string) (configPath string, ok bool) {
	fs := flag.NewFlagSet("mcpbrowser", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&configPath, "config", "", "the servers file")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return "", false
	}
	return configPath, true
}
