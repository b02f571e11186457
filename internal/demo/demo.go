// Package demo is the MCP server built into MCP Browser, run as
// `mcpbrowser demo-server [--root DIR]`. The app offers it when no servers
// are configured yet, so that a first run has something to try with nothing
// installed. Every tool exists to show one thing a client must handle:
// typed arguments with limits and defaults, structured results, images,
// progress and cancellation, the two layers of errors, stderr output, and a
// sandboxed file system that refuses to be escaped.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Name and Version identify the demo server in the initialize handshake.
const (
	Name    = "mcpbrowser-demo"
	Version = "1.0.0"
)

// Options configure the demo server.
type Options struct {
	// Root is the sandbox folder: read_file, list_files and delete_file
	// work inside it and nowhere else. It must exist. Run creates a fresh
	// sandbox with sample files when Root is empty; NewServer requires it.
	Root string
	// Stderr receives the lines log_stderr writes and the server's own
	// notes (where the sandbox is, a cancelled task). Handlers run
	// concurrently, so it must be safe for concurrent use. Nil means
	// os.Stderr.
	Stderr io.Writer
}

// Run serves one client over stdin and stdout until the client closes
// stdin or ctx ends; both are normal ways to stop and return nil.
//
// When opts.Root is empty, Run creates a fresh sandbox under os.TempDir,
// fills it with the sample files, and removes it again before returning.
func Run(ctx context.Context, opts Options) error {
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	if opts.Root == "" {
		dir, err := NewSandbox("")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		opts.Root = dir
	}
	server, err := NewServer(opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.Stderr, "%s %s: sandbox folder is %s; talking MCP on stdin/stdout\n", Name, Version, opts.Root)

	err = server.Run(ctx, &sdk.StdioTransport{})
	if ctx.Err() != nil || err == nil || errors.Is(err, io.EOF) {
		return nil
	}
	return fmt.Errorf("serving the demo server over stdio: %w", err)
}

// NewServer returns the demo server with all its tools, resources and
// prompts, ready to be connected to any transport.
func NewServer(opts Options) (*sdk.Server, error) {
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	box, err := openSandbox(opts.Root)
	if err != nil {
		return nil, err
	}
	serverOpts := &sdk.ServerOptions{Instructions: instructions(box.dir), Capabilities: demoCapabilities()}
	updateOptions(serverOpts)
	server := sdk.NewServer(
		&sdk.Implementation{Name: Name, Title: "MCP Browser demo server", Version: Version},
		serverOpts,
	)
	d := &demoServer{box: box, stderr: opts.Stderr, server: server}
	d.addTools(server)
	d.addResources(server)
	d.addSandboxResource(server)
	d.addSkills(server)
	d.addPrompts(server)
	server.AddReceivingMiddleware(recoverPanics(opts.Stderr), nullArgumentsAsEmpty, greetOnSetLevel(box.dir))
	return server, nil
}

// demoServer holds what the handlers share. It is created per server and
// never changes, so handlers may run concurrently.
type demoServer struct {
	box    sandbox
	stderr io.Writer
	// server sends notifications/resources/updated when the sandbox changes.
	server *sdk.Server
}

func instructions(root string) string {
	return "This is MCP Browser's built-in demo server: a safe place to try MCP by hand. " +
		"Nothing here reaches the internet, and the file tools (list_files, read_file, delete_file, " +
		"restore_samples) work only inside the sandbox folder " + root + "; anything outside it is refused. " +
		"delete_file really deletes; restore_samples brings the sample files back. " +
		"Start with list_files, then read_file, or try slow_task to watch progress and cancel it."
}

// readOnlyHints are the annotations of a tool that changes nothing and
// talks to nothing outside this process.
func readOnlyHints() *sdk.ToolAnnotations {
	return &sdk.ToolAnnotations{
		ReadOnlyHint:    true,
		DestructiveHint: new(false),
		IdempotentHint:  true,
		OpenWorldHint:   new(false),
	}
}

func (d *demoServer) addTools(s *sdk.Server) {
	d.addMathTools(s)
	d.addTextTools(s)
	d.addFileTools(s)
	d.addSlowTask(s)
	d.addImageTool(s)
	d.addWeatherTool(s)
	d.addDiagnosticTools(s)
}

// textResult is a successful result holding one text block.
func textResult(format string, args ...any) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: fmt.Sprintf(format, args...)}}}
}

// errorResult is a tool-level failure (isError: true) whose text tells a
// person what went wrong and what to try instead.
func errorResult(format string, args ...any) *sdk.CallToolResult {
	r := textResult(format, args...)
	r.IsError = true
	return r
}
