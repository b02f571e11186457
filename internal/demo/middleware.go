package demo

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// recoverPanics turns a panic in any handler into a JSON-RPC internal
// error and a stack trace on stderr. Without it, one bad request would end
// the process, and with it the session and the user's sandbox.
func recoverPanics(stderr io.Writer) sdk.Middleware {
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (result sdk.Result, err error) {
			defer func() {
				if p := recover(); p != nil {
					fmt.Fprintf(stderr, "%s: handling %s panicked: %v\n%s", Name, method, p, debug.Stack())
					result, err = nil, &jsonrpc.Error{
						Code:    jsonrpc.CodeInternalError,
						Message: fmt.Sprintf("the demo server failed while handling %s: %v", method, p),
					}
				}
			}()
			return next(ctx, method, req)
		}
	}
}

// nullArgumentsAsEmpty reads a tools/call whose "arguments" is null as one
// with no arguments. Some clients send null for "no arguments" (a typed nil
// map in Go encodes that way), and the SDK's schema defaults step panics on
// it in v1.8.0.
func nullArgumentsAsEmpty(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if call, ok := req.(*sdk.CallToolRequest); ok && call.Params != nil {
			if args := bytes.TrimSpace(call.Params.Arguments); len(args) == 0 || bytes.Equal(args, []byte("null")) {
				call.Params.Arguments = json.RawMessage("{}")
			}
		}
		return next(ctx, method, req)
	}
}

// greetOnSetLevel sends one log message to a client right after it sets a
// log level, so that a client's log view shows something from the first
// moment. The SDK sends nothing before a level is set, as the spec implies.
func greetOnSetLevel(root string) sdk.Middleware {
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			result, err := next(ctx, method, req)
			if method != "logging/setLevel" || err != nil {
				return result, err
			}
			if session, ok := req.GetSession().(*sdk.ServerSession); ok {
				// A failed greeting must not fail the setLevel request.
				_ = session.Log(ctx, &sdk.LoggingMessageParams{
					Level:  "info",
					Logger: Name,
					Data:   "Hello from " + Name + " " + Version + ". The sandbox folder is " + root + ".",
				})
			}
			return result, nil
		}
	}
}
