package load

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"mcpbrowser/mcp"
)

// SessionCaller is the runner's call through sessions of the core: worker w
// calls through session w mod len(ss), exactly as the window's Run does,
// and the session's error layers become the runner's (LayerOf). timeout > 0
// bounds each call hard; 0 keeps the entry's call timeout.
func SessionCaller(ss []*mcp.Session, tool string, args json.RawMessage, timeout time.Duration) CallFunc {
	opts := mcp.CallOptions{}
	if timeout > 0 {
		opts.Timeout, opts.MaxTotal = -1, timeout
	}
	return func(ctx context.Context, w int) Outcome {
		r := ss[w%len(ss)].CallTool(mcp.WithoutHistory(ctx), tool, args, opts) // a load test must not flood History
		return Outcome{Layer: LayerOf(r), Message: r.Message, Said: r.Said}
	}
}

// LayerOf maps a call's error layer to the runner's.
func LayerOf(r *mcp.CallResult) Layer {
	switch r.Layer {
	case mcp.LayerNone:
		return OK
	case mcp.LayerTool:
		return Tool
	case mcp.LayerProtocol:
		return JSONRPC
	case mcp.LayerCancelled:
		return Cancelled
	}
	if errors.Is(r.Err, context.Canceled) {
		return Cancelled
	}
	return Transport
}
