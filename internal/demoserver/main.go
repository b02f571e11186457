// Command demoserver runs the built-in demo MCP server on stdin/stdout, exactly
// as `mcpbrowser demo-server` does (the same command, flags and messages),
// without linking the window. Tests build it once
// (go build -o DIR/demo mcpbrowser/internal/demoserver) to have a real server
// process that needs no cgo.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"mcpbrowser/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(ctx, append([]string{"demo-server"}, os.Args[1:]...), cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin})
	stop()
	os.Exit(code)
}
