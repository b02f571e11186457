package mcp

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// RecordedCall is a tools/call another client made (a host seen through
// `mcpbrowser tap`) as a CallResult: the tool, its arguments and the
// answer's JSON-RPC message as it passed, classified by the same rule as
// the app's own calls, so that "Save as check" suggests the same
// expectations for it.
func RecordedCall(server, tool string, args json.RawMessage, answer []byte, started time.Time, took time.Duration) (*CallResult, error) {
	var msg struct {
		Result json.RawMessage `json:"result"`
		Error  *jsonrpc.Error  `json:"error"`
	}
	if err := json.Unmarshal(answer, &msg); err != nil {
		return nil, err
	}
	r := &CallResult{Outcome: Outcome{Server: server, Started: started, Duration: took}, Tool: tool, Arguments: args}
	switch {
	case msg.Error != nil:
		r.classify(nil, msg.Error)
	case len(msg.Result) > 0:
		var res sdk.CallToolResult
		if err := json.Unmarshal(msg.Result, &res); err != nil {
			return nil, err
		}
		r.classify(&res, nil)
	default:
		return nil, errors.New("the answer is neither a result nor an error")
	}
	return r, nil
}
