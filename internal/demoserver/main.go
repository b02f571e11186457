// Command demoserver runs the built-in demo MCP server on stdin/stdout, exactly
// as `mcpbrowser demo-server` does, without linking the window. Tests build it
// once (go build -o DIR/demo mcpbrowser/internal/demoserver) to have a real
// server process that needs no cgo.
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
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := demo.Run(ctx, demo.Options{Root: *root}); err != nil {
		fmt.Fprintln(os.Stderr, "demo server:", err)
		os.Exit(1)
	}
}
