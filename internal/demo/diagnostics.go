package demo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools in this file misbehave on purpose, in the ways real servers do,
// so that a client's handling of failure can be tried by hand.

type failArgs struct {
	Kind string `json:"kind"`
}

type stderrArgs struct {
	Lines int `json:"lines"`
}

func (d *demoServer) addDiagnosticTools(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{
		Name:  "fail",
		Title: "Fail on purpose",
		Description: "Always fails, in one of the two ways an MCP call can fail. " +
			"\"tool_error\": the tool ran and reports a problem in its result (isError), the way a " +
			"tool says \"file not found\". \"protocol_error\": the server rejects the request itself " +
			"with a JSON-RPC error (code -32602, with extra data), the way a server answers a " +
			"malformed call. A good client shows the two differently.",
		InputSchema: object(
			required("kind", choice("Kind of failure", "Which of the two layers fails.", "tool_error", "protocol_error")),
		),
		Annotations: readOnlyHints(),
	}, func(_ context.Context, _ *sdk.CallToolRequest, in failArgs) (*sdk.CallToolResult, any, error) {
		if in.Kind == "protocol_error" {
			data, err := json.Marshal(map[string]string{
				"reason": "the fail tool was asked for a protocol error",
				"hint":   "this is a JSON-RPC error: the request was rejected, no tool result exists",
			})
			if err != nil {
				return nil, nil, fmt.Errorf("encoding the error data: %w", err)
			}
			// A *jsonrpc.Error from a typed handler goes out as the JSON-RPC
			// error itself; any other error would become an isError result.
			return nil, nil, &jsonrpc.Error{
				Code:    jsonrpc.CodeInvalidParams,
				Message: "Deliberate protocol error from the demo's fail tool",
				Data:    data,
			}
		}
		return errorResult("Deliberate tool error from the demo's fail tool: the tool ran and reports " +
			"that it failed (isError: true). Nothing is wrong with the connection."), nil, nil
	})

	sdk.AddTool(s, &sdk.Tool{
		Name:  "log_stderr",
		Title: "Write lines to stderr",
		Description: "Writes some numbered lines to the server's standard error output (stderr) and " +
			"returns. Servers print their own logs and crashes there; MCP Browser shows them " +
			"beside the result. The lines do not appear in the result itself.",
		InputSchema: object(
			optional("lines", withDefault(integer("Lines", "How many lines to write.", 1, 1000), 5)),
		),
		Annotations: readOnlyHints(),
	}, func(_ context.Context, _ *sdk.CallToolRequest, in stderrArgs) (*sdk.CallToolResult, any, error) {
		for i := 1; i <= in.Lines; i++ {
			if _, err := fmt.Fprintf(d.stderr, "log_stderr: line %d of %d\n", i, in.Lines); err != nil {
				return errorResult("Writing to stderr failed after %d lines: %v.", i-1, err), nil, nil
			}
		}
		return textResult("Wrote %d lines to stderr.", in.Lines), nil, nil
	})
}
