// Command demoserver runs the built-in demo MCP server on stdin/stdout, exactly
// as `mcpbrowser demo-server` does (the same command, flags and messages),
// without linking the window. Tests build it once
// (go build -o DIR/demo mcpbrowser/internal/demoserver) to have a real server
// process that needs no cgo.
//
// With -variant changed (first) it serves a second build of the demo server
// whose surface differs in exactly four ways, for the surface diff's tests
// (see variant.go).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	_ "mcpbrowser/internal/localefix" // before Fyne initialises; see the package

	"mcpbrowser/cli"
	"mcpbrowser/internal/demo"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	var code int
	if len(os.Args) > 1 && strings.HasPrefix(strings.TrimLeft(os.Args[1], "-"), "variant") {
		code = runVariant(ctx, os.Args[1:])
	} else {
		code = cli.Run(ctx, append([]string{"demo-server"}, os.Args[1:]...), cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin})
	}
	stop()
	os.Exit(code)
}

// runVariant serves a variant of the demo server: -variant NAME [-root DIR].
func runVariant(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("demoserver", flag.ContinueOnError)
	variant := fs.String("variant", "", `"changed": the demo server with four changes to its surface`)
	root := fs.String("root", "", "sandbox folder for read_file (default: a fresh one with sample files)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *variant != "changed" {
		fmt.Fprintf(os.Stderr, "demo server: no variant %q (try \"changed\")\n", *variant)
		return 2
	}
	if err := runChanged(ctx, demo.Options{Root: *root}); err != nil {
		fmt.Fprintln(os.Stderr, "demo server:", err)
		return 1
	}
	return 0
}
