package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runJunkStdout is a server that logs plain text to stdout, a common bug.
func runJunkStdout(ctx context.Context, opts *options) int {
	out := newStdoutWriter()
	out.writeLine("Starting weather-server v1.4.2 ...")
	out.writeLine("Listening on stdio")
	return exitCode(os.Stderr, serve(ctx, opts, out, serverConfig{
		beforeEachMessage: func(method string) { out.writeLine("[debug] handling " + method) },
	}))
}

// runNonJSONRPCJSON is a server whose logger writes JSON lines to stdout:
// valid JSON, but not JSON-RPC.
func runNonJSONRPCJSON(ctx context.Context, opts *options) int {
	out := newStdoutWriter()
	out.writeLine(jsonLine(map[string]any{"level": "info", "msg": "server starting", "pid": os.Getpid()}))
	out.writeLine(`["ready", 1, true]`)
	return exitCode(os.Stderr, serve(ctx, opts, out, serverConfig{
		beforeEachMessage: func(method string) {
			out.writeLine(jsonLine(map[string]any{"level": "debug", "msg": "handling request", "method": method}))
		},
	}))
}

// runTruncatedLine writes the first half of a JSON-RPC message and a newline,
// at start and before every response, then carries on working.
func runTruncatedLine(ctx context.Context, opts *options) int {
	out := newStdoutWriter()
	out.writeLine(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"starting up`)
	return exitCode(os.Stderr, serve(ctx, opts, out, serverConfig{
		beforeEachMessage: func(string) {
			out.writeLine(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressTo`)
		},
	}))
}

func runCrashMidCall(ctx context.Context, opts *options) int {
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), serverConfig{addOwn: addCrashTool}))
}

// runNoInitialize reads stdin until it closes and never writes to stdout.
func runNoInitialize(context.Context, *options) int {
	fmt.Fprintln(os.Stderr, "misbehave: reading stdin, answering nothing")
	if _, err := io.Copy(io.Discard, os.Stdin); err != nil {
		fmt.Fprintf(os.Stderr, "misbehave: reading stdin: %v\n", err)
		return 1
	}
	return 0
}

func runNeverAnswersCall(ctx context.Context, opts *options) int {
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), serverConfig{
		callsNeverReturn: true,
		// Without this the never-ending handlers would also keep the process
		// alive after stdin closes, which is another mode's bug.
		exitOnStdinEOF: true,
	}))
}

// runStderrFlood writes the whole flood with one Write before serving. Nothing
// here reads ahead or buffers: if nobody drains stderr, the write blocks once
// the pipe is full and initialize is never answered.
func runStderrFlood(ctx context.Context, opts *options) int {
	if _, err := os.Stderr.Write(floodText(opts.floodSize)); err != nil {
		return 1
	}
	fmt.Fprintf(os.Stderr, "misbehave: wrote %d bytes to stderr, now serving\n", opts.floodSize)
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), serverConfig{}))
}

// floodText returns size bytes of numbered 100-byte lines.
func floodText(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 100)
	for i := 1; b.Len() < size; i++ {
		line := fmt.Sprintf("misbehave: stderr flood line %07d ", i)
		b.WriteString(line)
		b.Write(bytes.Repeat([]byte{'x'}, 99-len(line)))
		b.WriteByte('\n')
	}
	return b.Bytes()[:size]
}

func runHugeMessage(ctx context.Context, opts *options) int {
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), serverConfig{addOwn: addHugeTool}))
}

func runSlowStart(ctx context.Context, opts *options) int {
	fmt.Fprintf(os.Stderr, "misbehave: loading, silent for %v before serving\n", opts.delay)
	if err := sleep(ctx, opts.delay); err != nil {
		return 1
	}
	// Both requests a client sent meanwhile arrive at once; the SDK handles
	// them concurrently. Answer them in the order they came, as a server
	// reading one line at a time would: server/discover first.
	inOrder := func(method string) {
		if method == "initialize" {
			time.Sleep(300 * time.Millisecond)
		}
	}
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), serverConfig{beforeEachMessage: inOrder}))
}

func runExitAtStart(context.Context, *options) int {
	fmt.Fprintln(os.Stderr, "error: missing API key FOO_TOKEN")
	fmt.Fprintln(os.Stderr, "Set FOO_TOKEN in the server's environment and start it again.")
	return 1
}

// runIgnoreStdinEOF serves, then outlives the end of stdin. SIGTERM keeps its
// default action, so it ends the process.
func runIgnoreStdinEOF(ctx context.Context, opts *options) int {
	err := serve(ctx, opts, newStdoutWriter(), serverConfig{})
	fmt.Fprintf(os.Stderr, "misbehave: stdin closed (%v); still running until %s\n", err, stopHint)
	waitForever()
	return 0
}

// runIgnoreSIGTERM serves, then outlives the end of stdin and every signal
// that can be caught.
func runIgnoreSIGTERM(ctx context.Context, opts *options) int {
	ignoreTerminationSignals(func(sig os.Signal) {
		fmt.Fprintf(os.Stderr, "misbehave: ignoring signal %q\n", sig)
	})
	err := serve(ctx, opts, newStdoutWriter(), serverConfig{})
	fmt.Fprintf(os.Stderr, "misbehave: stdin closed (%v); still running, ignoring signals until killed\n", err)
	waitForever()
	return 0
}

// runGrandchild leaves a process behind that outlives this one, as a server
// started through npx, uv or sh -c does.
func runGrandchild(ctx context.Context, opts *options) int {
	pid, err := startGrandchild()
	if err != nil {
		fmt.Fprintf(os.Stderr, "misbehave: starting the grandchild: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "misbehave: started grandchild pid %d\n", pid)
	if opts.grandchildPIDFile != "" {
		if err := writePIDFile(opts.grandchildPIDFile, pid); err != nil {
			fmt.Fprintf(os.Stderr, "misbehave: %v\n", err)
			return 1
		}
	}
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), serverConfig{}))
}

func runBadProtocolVersion(ctx context.Context, opts *options) int {
	out := newStdoutWriter()
	out.rewrite = withProtocolVersion("1999-01-01")
	return exitCode(os.Stderr, serve(ctx, opts, out, serverConfig{}))
}

// runIgnoreDiscover is a server of an era before server/discover that
// ignores requests it does not know: no answer at all.
func runIgnoreDiscover(ctx context.Context, opts *options) int {
	cfg := serverConfig{onDiscover: func() bool {
		fmt.Fprintln(os.Stderr, "misbehave: ignoring server/discover")
		return true
	}}
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), cfg))
}

// runExitOnDiscover is a server that dies on a method it does not know.
func runExitOnDiscover(ctx context.Context, opts *options) int {
	cfg := serverConfig{onDiscover: func() bool {
		fmt.Fprintln(os.Stderr, "misbehave: unknown method server/discover, exiting")
		os.Exit(4)
		return true
	}}
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), cfg))
}

// runMRTR adds the tool confirm, which asks the client a question with a
// multi-round-trip input request (2026-07-28) and returns the answer.
func runMRTR(ctx context.Context, opts *options) int {
	cfg := serverConfig{addOwn: func(server *mcp.Server, _ toolSet) {
		server.AddTool(&mcp.Tool{Name: "confirm", Description: "Asks for confirmation through an input request, then says what the answer was.",
			InputSchema: &jsonschema.Schema{Type: "object"}},
			func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				resp, ok := req.Params.InputResponses["confirm"]
				if !ok {
					return &mcp.CallToolResult{
						InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go ahead?",
							RequestedSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"ok": {Type: "boolean", Default: json.RawMessage("true")}}}}},
						RequestState: "round-1",
					}, nil
				}
				b, _ := json.Marshal(resp)
				return textResult("answer: " + string(b) + " state: " + req.Params.RequestState), nil
			})
	}}
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), cfg))
}

func runEcho(ctx context.Context, opts *options) int {
	return exitCode(os.Stderr, serve(ctx, opts, newStdoutWriter(), serverConfig{}))
}

func runSleep(ctx context.Context, _ *options) int {
	if err := sleep(ctx, grandchildLifetime); err != nil {
		return 1
	}
	return 0
}

func jsonLine(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only called with maps of plain values
	}
	return string(b)
}
