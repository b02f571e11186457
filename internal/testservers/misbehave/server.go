package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A stdoutWriter is the process's stdout, shared by the SDK and by the modes
// that write junk by hand. The SDK writes each message with one Write call, and
// one mutex orders those writes with the junk, so junk lands between messages,
// never inside one.
type stdoutWriter struct {
	mu sync.Mutex
	w  io.Writer
	// rewrite, if set, may change each message line the SDK writes.
	rewrite func(line []byte) []byte
}

func newStdoutWriter() *stdoutWriter { return &stdoutWriter{w: os.Stdout} }

// Write writes one message line from the SDK.
func (s *stdoutWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rewrite == nil {
		return s.w.Write(p)
	}
	if _, err := s.w.Write(s.rewrite(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Close does nothing: the SDK closes its connection at the end of a session,
// and a misbehaving mode may still want to write afterwards.
func (s *stdoutWriter) Close() error { return nil }

// writeLine writes text and a newline as a line of its own, bypassing rewrite.
func (s *stdoutWriter) writeLine(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	io.WriteString(s.w, text+"\n")
}

// serverConfig says how a mode's SDK server differs from a well-behaved one.
// The zero value is a well-behaved server.
type serverConfig struct {
	// beforeEachMessage, if set, runs as each incoming request or notification
	// is received, and so before the response to it is written.
	beforeEachMessage func(method string)
	// callsNeverReturn makes every tool handler block for good and hides
	// notifications/cancelled from the SDK, so no tools/call is ever answered.
	callsNeverReturn bool
	// exitOnStdinEOF makes serve return as soon as stdin ends, without
	// waiting for the SDK, which waits for every running tool handler first.
	exitOnStdinEOF bool
	// addOwn adds the mode's own tools (resources, prompts) beside echo and hang.
	addOwn func(s *mcp.Server, tools toolSet)
	// onDiscover, if set, sees each server/discover line before the SDK and
	// says whether to hide it from the SDK (a server of an older era).
	onDiscover func() (hide bool)
}

// serve runs an SDK server over stdin and out until stdin closes. It sleeps
// -start-delay and waits for -start-gate first.
func serve(ctx context.Context, opts *options, out *stdoutWriter, cfg serverConfig) error {
	if err := sleep(ctx, opts.startDelay); err != nil {
		return err
	}
	if err := waitForFile(ctx, opts.startGate); err != nil {
		return err
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "misbehave-" + opts.mode, Version: "1.0.0"}, nil)
	if cfg.beforeEachMessage != nil {
		server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				cfg.beforeEachMessage(method)
				return next(ctx, method, req)
			}
		})
	}
	tools := toolSet{opts: opts, neverReturn: cfg.callsNeverReturn}
	addTool(server, tools, &mcp.Tool{
		Name:        "echo",
		Description: "Returns the message unchanged, as one text block.",
	}, echo)
	addTool(server, tools, &mcp.Tool{
		Name:        "hang",
		Description: "Never returns on its own; ends only when the call is cancelled.",
	}, hang)
	if cfg.addOwn != nil {
		cfg.addOwn(server, tools)
	}
	stdin := &stdinReader{
		lines:             bufio.NewReader(os.Stdin),
		closer:            os.Stdin,
		dropCancellations: cfg.callsNeverReturn,
		onDiscover:        cfg.onDiscover,
		eof:               make(chan struct{}),
	}
	done := make(chan error, 1)
	go func() { done <- server.Run(ctx, &mcp.IOTransport{Reader: stdin, Writer: out}) }()
	if !cfg.exitOnStdinEOF {
		return <-done
	}
	select {
	case err := <-done:
		return err
	case <-stdin.eof:
		return io.EOF
	}
}

// A stdinReader is the server's stdin as the SDK reads it. It can hide
// notifications/cancelled from the SDK, which would otherwise answer a call
// cancelled before its handler started with an error of its own, and it
// reports the end of stdin on a channel.
type stdinReader struct {
	lines             *bufio.Reader
	closer            io.Closer
	dropCancellations bool
	onDiscover        func() (hide bool)
	pending           []byte // the rest of the current line
	eofOnce           sync.Once
	eof               chan struct{} // closed at the end of stdin
}

func (s *stdinReader) Read(p []byte) (int, error) {
	for len(s.pending) == 0 {
		line, err := s.lines.ReadBytes('\n')
		if err != nil {
			if err == io.EOF {
				s.eofOnce.Do(func() { close(s.eof) })
			}
			if len(line) == 0 {
				return 0, err
			}
		}
		if s.onDiscover != nil && bytes.Contains(line, []byte(`"server/discover"`)) && s.onDiscover() {
			continue
		}
		if s.dropCancellations && isCancellation(line) {
			fmt.Fprintln(os.Stderr, "misbehave: ignoring notifications/cancelled")
			continue
		}
		s.pending = line
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	return n, nil
}

func (s *stdinReader) Close() error { return s.closer.Close() }

// isCancellation reports whether line is a notifications/cancelled message.
func isCancellation(line []byte) bool {
	var msg struct {
		Method string `json:"method"`
	}
	return bytes.Contains(line, []byte("notifications/cancelled")) &&
		json.Unmarshal(line, &msg) == nil && msg.Method == "notifications/cancelled"
}

// toolSet holds what every tool handler of one server shares.
type toolSet struct {
	opts        *options
	neverReturn bool
}

// addTool adds a tool whose handler first prints -call-stderr-lines lines to
// stderr and, in never-answers-call mode, then blocks for good.
func addTool[In any](server *mcp.Server, tools toolSet, tool *mcp.Tool, handler mcp.ToolHandlerFor[In, any]) {
	mcp.AddTool(server, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		for i := 1; i <= tools.opts.callStderrLines; i++ {
			fmt.Fprintf(os.Stderr, "misbehave: %s: call stderr line %d of %d\n", tool.Name, i, tools.opts.callStderrLines)
		}
		if tools.neverReturn {
			// Deliberately deaf to ctx: the bug is a server that ignores
			// notifications/cancelled.
			<-make(chan struct{})
		}
		return handler(ctx, req, in)
	})
}

type echoInput struct {
	Message string `json:"message" jsonschema:"the text to send back"`
}

func echo(_ context.Context, _ *mcp.CallToolRequest, in echoInput) (*mcp.CallToolResult, any, error) {
	return textResult(in.Message), nil, nil
}

func hang(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	<-ctx.Done()
	return nil, nil, ctx.Err()
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// addCrashTool adds crash, which ends the process while its call is pending.
func addCrashTool(server *mcp.Server, tools toolSet) {
	addTool(server, tools, &mcp.Tool{
		Name:        "crash",
		Description: "Prints a panic line to stderr and exits with code 3 before answering.",
	}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		fmt.Fprintln(os.Stderr, "error: lost the connection to the backend")
		fmt.Fprintln(os.Stderr, "panic: something broke")
		os.Exit(3)
		return nil, nil, nil
	})
}

// addHugeTool adds huge, whose result is one stdout line longer than the SDK's
// default 16 MiB limit.
func addHugeTool(server *mcp.Server, tools toolSet) {
	size := tools.opts.hugeSize
	addTool(server, tools, &mcp.Tool{
		Name:        "huge",
		Description: fmt.Sprintf("Returns one text block of %d bytes.", size),
	}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		const pattern = "0123456789abcdef"
		text := strings.Repeat(pattern, size/len(pattern)+1)[:size]
		return textResult(text), nil, nil
	})
}

// withProtocolVersion returns a rewrite that puts version into every response
// that carries a protocolVersion (the answer to initialize), and makes it the
// only one in the answer to server/discover's supportedVersions.
func withProtocolVersion(version string) func(line []byte) []byte {
	return func(line []byte) []byte {
		if !bytes.Contains(line, []byte(`"protocolVersion"`)) && !bytes.Contains(line, []byte(`"supportedVersions"`)) {
			return line
		}
		var msg, result map[string]json.RawMessage
		if json.Unmarshal(line, &msg) != nil || json.Unmarshal(msg["result"], &result) != nil {
			return line
		}
		if _, ok := result["protocolVersion"]; ok {
			result["protocolVersion"], _ = json.Marshal(version)
		} else if _, ok := result["supportedVersions"]; ok {
			result["supportedVersions"], _ = json.Marshal([]string{version})
		} else {
			return line
		}
		msg["result"], _ = json.Marshal(result)
		rewritten, err := json.Marshal(msg)
		if err != nil {
			return line
		}
		return append(rewritten, '\n')
	}
}
