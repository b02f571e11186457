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
	"mcpbrowser/mcp/tap"
	"mcpbrowser/mcp/transport"
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
	if transport.IsGuard() { // this process is another's guard (mcp/transport/guard_unix.go)
		return transport.RunGuard(os.Stdin)
	}
	exe, _ := os.Executable()
	transport.SetGuard(guardProgram(exe))
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
	return cli.Run(ctx, args, cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin, Executable: exe, Version: v})
}

// guardProgram is the program that guards this one's servers: the lean tap
// beside it when there is one (a guard lives as long as the app, and the
// lean program holds a fifth of the memory), else this program.
func guardProgram(exe string) []string {
	if lean := tap.LeanBeside(exe); lean != "" {
		return []string{lean}
	}
	if exe == "" {
		return nil
	}
	return []string{exe}
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
