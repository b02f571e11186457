package mcp

import (
	"encoding/json"
	"errors"
	"fmt"
	"mcpbrowser/mcp/say"
	"strings"
	"time"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrorLayer says which layer a call failed in. The layers are different
// things for a person: a tool that ran and reported a problem, a server that
// refused the request, and a server that could not be reached at all.
type ErrorLayer string

const (
	LayerNone       ErrorLayer = ""           // success
	LayerTool       ErrorLayer = "tool"       // the tool ran and returned isError: true
	LayerProtocol   ErrorLayer = "protocol"   // the server answered with a JSON-RPC error
	LayerConnection ErrorLayer = "connection" // not connected, the server died, the connection dropped
	LayerTimeout    ErrorLayer = "timeout"    // no answer (or progress) within the timeout
	LayerCancelled  ErrorLayer = "cancelled"  // the person cancelled
	LayerNetwork    ErrorLayer = "network"    // an OpenAPI entry could not reach its API
)

// An Outcome is what the result of every request the person makes shares
// (CallResult, ReadResult, PromptResult): which request on which server,
// when and for how long, how it ended, and what the server printed
// meanwhile.
type Outcome struct {
	// ID numbers the session's requests.
	ID      int
	Server  string
	Started time.Time
	// Duration is how long it took, less Waited (see waitClock).
	Duration time.Duration
	// Waited is how long the server waited meanwhile for the person to
	// answer its requests (sampling, elicitation): the person's time, not
	// counted in Duration.
	Waited time.Duration

	// Layer is where it failed; LayerNone for success.
	Layer ErrorLayer
	// RPCError is the JSON-RPC error for LayerProtocol, with code and data
	// kept (-32002 is the spec's "resource not found").
	RPCError *jsonrpc.Error
	// Message says in plain words what went wrong (empty on success).
	Message string
	// Said is Message as a message with its key, for the front ends to
	// word in the person's language.
	Said say.Msg
	Err  error

	// Log is what the server printed (stderr, stdout noise, log messages)
	// while the request ran.
	Log []transport.LogEntry
}

// Why is what the front ends word Message by: Said, or Message's text
// when it was not said by key.
func (o *Outcome) Why() any {
	if !o.Said.IsZero() {
		return o.Said
	}
	return o.Message
}

// tell sets what the outcome says: Said, and Message its English.
func (o *Outcome) tell(m say.Msg) { o.Said, o.Message = m, m.String() }

// mask hides secrets in what the outcome says (f masks a text).
func (o *Outcome) mask(f func(string) string) {
	o.Said, o.Message = o.Said.Map(f), f(o.Message)
}

// plainText is a sentence of the core's that has no translation yet: it
// reads the same in every language.
func plainText(s string) say.Msg { return say.New("{{.Text}}", say.Args{"Text": s}) }

// OK reports whether the request succeeded with no error of any layer.
func (o *Outcome) OK() bool { return o.Layer == LayerNone }

// A CallResult is everything about one call: what was asked, what came back
// (or which layer failed and why), how long it took, and what the server
// printed meanwhile.
type CallResult struct {
	Outcome
	// masks hides the entry's secrets in what is kept of the result (history).
	masks     *maskHolder
	Tool      string
	Arguments json.RawMessage
	// Result is the tool's answer; set for success and for LayerTool.
	Result *sdk.CallToolResult
}

// ExitCode is the CLI's exit code for this result: 0 success, 1 tool error,
// 3 JSON-RPC error, 4 connection, timeout or server death.
func (r *CallResult) ExitCode() int {
	switch r.Layer {
	case LayerNone:
		return 0
	case LayerTool:
		return 1
	case LayerProtocol:
		return 3
	}
	return 4
}

// classify fills Layer, RPCError and Message from the SDK's answer.
func (r *CallResult) classify(res *sdk.CallToolResult, err error) {
	r.Result = res
	if err == nil {
		if res != nil && res.IsError {
			r.Layer = LayerTool
			r.tell(say.Text("the tool ran and reported an error"))
			if t := firstText(res); t != "" {
				r.tell(say.New("the tool ran and reported an error: {{.Text}}", say.Args{"Text": t}))
			}
		}
		return
	}
	r.Err = err
	if tc := (*TaskCancelledError)(nil); errors.As(err, &tc) {
		r.Layer = LayerCancelled
		r.tell(plainText(tc.Error() + "."))
		return
	}
	if msg, ok := invalidReply("tools/call", err); ok {
		r.Layer = LayerInvalidReply
		r.tell(msg)
		return
	}
	if msg, ok := rejectedByTransport(err); ok {
		r.Layer = LayerConnection
		r.tell(msg)
		return
	}
	var rpc *jsonrpc.Error
	if errors.As(err, &rpc) {
		r.Layer, r.RPCError = LayerProtocol, rpc
		if rpc.Code == CodeNetworkError {
			r.Layer = LayerNetwork
			r.tell(plainText(rpc.Message))
			return
		}
		r.tell(say.New("the server refused the request: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}})", say.Args{"Message": rpc.Message, "Code": rpc.Code, "CodeName": RPCCodeWords(rpc.Code)}))
		if strings.Contains(err.Error(), "multi round-trip") {
			// The app's own refusal of an input_required round, not the server's.
			r.tell(plainText(fmt.Sprintf("the server asked for input the app was not set up to give (%s); in the CLI answer it with --elicit, --sampling-reply or --root", rpc.Message)))
		}
		return
	}
	r.Layer = LayerConnection
	r.tell(say.New("the call failed: {{.Err}}", say.Args{"Err": err}))
}

// MaskSecrets hides in b (the result as kept: history, recorded checks) the
// entry's secrets, the secret values of the call's arguments wherever the
// server repeats them, and every secret found by its shape.
func (r *CallResult) MaskSecrets(b []byte) []byte {
	var m *config.TextMasker
	if r.masks != nil {
		m = r.masks.p.Load()
	}
	return m.Add(config.SecretArguments(r.Arguments)...).MaskBytes(b)
}

// CodeNetworkError is the JSON-RPC code the app's in-process OpenAPI server
// uses for an API it could not reach, so that layer stays distinguishable.
const CodeNetworkError = -32050

// RPCCodeName names the standard JSON-RPC and MCP error codes in words.
func RPCCodeName(code int64) string { return RPCCodeWords(code).String() }

// RPCCodeWords is RPCCodeName as a message, for the front ends to word.
func RPCCodeWords(code int64) say.Msg {
	switch code {
	case -32700:
		return say.Text("parse error")
	case -32600:
		return say.Text("invalid request")
	case -32601:
		return say.Text("method not found")
	case -32602:
		return say.Text("invalid params")
	case -32603:
		return say.Text("internal error")
	case -32002:
		return say.Text("resource not found")
	case -32042:
		return say.Text("URL elicitation required")
	}
	if code <= -32000 && code >= -32099 {
		return say.Text("server error")
	}
	return say.Text("application error")
}

func firstText(res *sdk.CallToolResult) string {
	for _, c := range res.Content {
		if t, ok := c.(*sdk.TextContent); ok {
			s := strings.TrimSpace(t.Text)
			if i := strings.IndexByte(s, '\n'); i >= 0 {
				s = s[:i] + " …"
			}
			if len(s) > 300 {
				s = s[:300] + " …"
			}
			return s
		}
	}
	return ""
}

// MarshalJSON renders the result for the CLI and for history: the layers
// apart, the content blocks as the protocol has them.
func (r *CallResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Server    string          `json:"server"`
		Tool      string          `json:"tool"`
		Arguments json.RawMessage `json:"arguments,omitempty"`
		outcomeJSON
		Result *sdk.CallToolResult `json:"result,omitempty"`
	}{r.Server, r.Tool, r.Arguments, r.wire(), r.Result})
}

// outcomeJSON is how every result renders its Outcome, between the fields
// of its own request and its result.
type outcomeJSON struct {
	Started    time.Time     `json:"started"`
	DurationMS float64       `json:"durationMs"`
	WaitedMS   float64       `json:"waitedMs,omitempty"`
	OK         bool          `json:"ok"`
	ErrorLayer ErrorLayer    `json:"errorLayer,omitempty"`
	Message    string        `json:"message,omitempty"`
	RPCError   *wireRPCError `json:"jsonrpcError,omitempty"`
}

func (o *Outcome) wire() outcomeJSON {
	return outcomeJSON{o.Started, millis(o.Duration), millis(o.Waited), o.OK(), o.Layer, o.Message, wireError(o.RPCError)}
}

func jsonMarshalCompact(v any) ([]byte, error) { return json.Marshal(v) }
