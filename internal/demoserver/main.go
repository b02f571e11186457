// Command demoserver runs the built-in demo MCP server on stdin/stdout, exactly
// as `mcpbrowser demo-server` does, without linking the window. Tests build it
// once (go build -o DIR/demo mcpbrowser/internal/demoserver) to have a real
// server process that needs no cgo.
//
// With -variant changed it serves a second build of the demo server whose
// surface differs in exactly four ways, for the surface diff's tests (see
// variant.go).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"mcpbrowser/internal/demo"
)

func main() {
	root := flag.String("root", "", "sandbox folder for read_file (default: a fresh one with sample files)")
	variant := flag.String("variant", "", `"changed": serve the demo server with four changes to its surface`)
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	run := demo.Run
	switch *variant {
	case "":
	case "changed":
		run = runChanged
	default:
		fmt.Fprintf(os.Stderr, "demo server: no variant %q (try \"changed\")\n", *variant)
		os.Exit(2)
	}
	if err := run(ctx, demo.Options{Root: *root}); err != nil {
		fmt.Fprintln(os.Stderr, "demo server:", err)
		os.Exit(1)
	}
}
