package checks

import (
	"encoding/json"
	"strings"
	"time"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Observed is what came back from one call, in the terms checks are written in.
type Observed struct {
	// Outcome is success, tool_error, rpc_error or no_answer.
	Outcome string
	Code    int64 // the JSON-RPC error code for rpc_error
	Message string
	// Said is Message as the core said it, by key (zero when it came as
	// text only).
	Said say.Msg
	// Text is the result's text blocks joined by newlines (a read's text
	// contents, a prompt's text messages).
	Text string
	// Structured is structuredContent, or the text parsed when it is JSON.
	Structured any
	// Result is the whole answer as JSON values, for snapshots.
	Result   any
	Duration time.Duration
	// OutputSchema is the tool's declared outputSchema, if any.
	OutputSchema json.RawMessage
	// Stderr is what the server printed while the call ran.
	Stderr []string
}

// ObserveCall turns a tools/call result into an Observed.
func ObserveCall(r *mcp.CallResult, outputSchema json.RawMessage) Observed {
	return observeCall(r, outputSchema, true)
}

// observeCall leaves out the snapshot (the whole result as JSON values)
// unless asked: making it is most of the runner's own cost per call.
func observeCall(r *mcp.CallResult, outputSchema json.RawMessage, withSnapshot bool) Observed {
	o := Observed{Duration: r.Duration, OutputSchema: outputSchema, Message: r.Message, Said: r.Said, Stderr: logLines(r.Log)}
	o.setLayer(r.Layer, r.RPCError)
	if r.Result != nil {
		var texts []string
		for _, c := range r.Result.Content {
			if t, ok := c.(*sdk.TextContent); ok {
				texts = append(texts, t.Text)
			}
		}
		o.Text = strings.Join(texts, "\n")
		o.Structured = plainJSON(r.Result.StructuredContent)
		if withSnapshot {
			snap := map[string]any{"content": jsonValue(r.Result.Content)}
			if r.Result.IsError {
				snap["isError"] = true
			}
			if o.Structured != nil {
				snap["structuredContent"] = o.Structured
			}
			o.Result = snap
		}
	}
	o.finish()
	return o
}

// plainJSON is v as JSON values; what a client decoded from the wire
// (map[string]any, []any …) already is one.
func plainJSON(v any) any {
	switch v.(type) {
	case nil:
		return nil
	case map[string]any, []any, string, float64, bool:
		return v
	}
	return jsonValue(v)
}

// ObserveRead turns a resources/read result into an Observed.
func ObserveRead(r *mcp.ReadResult) Observed {
	o := Observed{Duration: r.Duration, Message: r.Message, Said: r.Said, Stderr: logLines(r.Log)}
	o.setLayer(r.Layer, r.RPCError)
	if r.Result != nil {
		var texts []string
		for _, c := range r.Result.Contents {
			if c.Text != "" {
				texts = append(texts, c.Text)
			}
		}
		o.Text = strings.Join(texts, "\n")
		o.Result = map[string]any{"contents": jsonValue(r.Result.Contents)}
	}
	o.finish()
	return o
}

// ObservePrompt turns a prompts/get result into an Observed.
func ObservePrompt(r *mcp.PromptResult) Observed {
	o := Observed{Duration: r.Duration, Message: r.Message, Said: r.Said, Stderr: logLines(r.Log)}
	o.setLayer(r.Layer, r.RPCError)
	if r.Result != nil {
		var texts []string
		for _, m := range r.Result.Messages {
			if t, ok := m.Content.(*sdk.TextContent); ok {
				texts = append(texts, t.Text)
			}
		}
		o.Text = strings.Join(texts, "\n")
		snap := map[string]any{"messages": jsonValue(r.Result.Messages)}
		if r.Result.Description != "" {
			snap["description"] = r.Result.Description
		}
		o.Result = snap
	}
	o.finish()
	return o
}

// said is what the call's failure says: Said, or Message as a value.
func (o *Observed) said() say.Msg {
	if !o.Said.IsZero() {
		return o.Said
	}
	return value(o.Message)
}

func (o *Observed) setLayer(l mcp.ErrorLayer, rpc *jsonrpc.Error) {
	if rpc != nil {
		o.Code = rpc.Code
		o.Result = map[string]any{"error": map[string]any{"code": float64(rpc.Code), "message": rpc.Message}}
	}
	switch l {
	case mcp.LayerNone:
		o.Outcome = OutcomeSuccess
	case mcp.LayerTool:
		o.Outcome = OutcomeToolError
	case mcp.LayerProtocol:
		o.Outcome = OutcomeRPCError
	default:
		o.Outcome = OutcomeNoAnswer
	}
}

// finish fills what follows from the rest: without structuredContent, a
// text that is JSON is what JSON paths look into.
func (o *Observed) finish() {
	if o.Structured == nil {
		t := strings.TrimSpace(o.Text)
		if strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
			var v any
			if json.Unmarshal([]byte(t), &v) == nil {
				o.Structured = v
			}
		}
	}
}

func logLines(entries []transport.LogEntry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Text)
	}
	return out
}

// jsonValue turns any value into plain JSON values (map[string]any,
// []any, float64 …) by way of its JSON encoding.
func jsonValue(v any) any {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return nil
	}
	return out
}
