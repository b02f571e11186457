package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"mcpbrowser/mcp/load"
)

// LoadCaller is the load runner's call through sessions: worker w calls
// through session w mod len(ss), exactly as the window's Run does, and the
// session's error layers become the runner's three. timeout > 0 bounds each
// call hard; 0 keeps the entry's call timeout.
func LoadCaller(ss []*Session, tool string, args json.RawMessage, timeout time.Duration) load.CallFunc {
	opts := CallOptions{}
	if timeout > 0 {
		opts.Timeout, opts.MaxTotal = -1, timeout
	}
	return func(ctx context.Context, w int) load.Outcome {
		r := ss[w%len(ss)].CallTool(ctx, tool, args, opts)
		return load.Outcome{Layer: LoadLayer(r), Message: r.Message}
	}
}

// LoadLayer maps a call's error layer to the load runner's.
func LoadLayer(r *CallResult) load.Layer {
	switch r.Layer {
	case LayerNone:
		return load.OK
	case LayerTool:
		return load.Tool
	case LayerProtocol:
		return load.JSONRPC
	case LayerCancelled:
		return load.Cancelled
	}
	if errors.Is(r.Err, context.Canceled) {
		return load.Cancelled
	}
	return load.Transport
}
