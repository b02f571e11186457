package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// This file is the server features beyond tools: resources, resource
// templates, prompts, completion and logging, plus what the server declared
// about them. Every request here is sent when asked, declared or not: the
// window shows an undeclared feature as absent, and a person who tries it
// anyway sees the JSON-RPC error the server answers.

// A RequestError is a failed request other than tools/call (a list, a
// subscribe, a completion, logging/setLevel), sorted into the same layers as
// a CallResult. errors.As finds the *jsonrpc.Error in it for LayerProtocol.
type RequestError struct {
	// Method is the MCP method that failed, such as "resources/list".
	Method string
	Layer  ErrorLayer
	// RPCError is the server's JSON-RPC error (LayerProtocol), code and data kept.
	RPCError *jsonrpc.Error
	// Message says in plain words what went wrong and what to try.
	Message string
	// Said is Message as a message with its key (see MessageKey).
	Said say.Msg
	Err  error
}

func (e *RequestError) Error() string { return e.Message }

// MessageKey and MessageArgs are what the error says, by key, for the front
// ends to word in the person's language (internal/i18n's Keyed).
func (e *RequestError) MessageKey() string { return e.Said.Key }

// MessageArgs are the fields of MessageKey.
func (e *RequestError) MessageArgs() map[string]any { return e.Said.Args }
func (e *RequestError) Unwrap() error               { return e.Err }

// ExitCode is the CLI's exit code: 3 for a JSON-RPC error, 4 for the rest.
func (e *RequestError) ExitCode() int {
	if e.Layer == LayerProtocol {
		return 3
	}
	return 4
}

// An outcome is how one request ended, whichever feature it was.
type outcome struct {
	Layer    ErrorLayer
	RPCError *jsonrpc.Error
	Message  string
	Said     say.Msg
	Err      error
}

// tell sets what the outcome says: Said, and Message its English.
func (o *outcome) tell(m say.Msg) { o.Said, o.Message = m, m.String() }

// classifyRequest sorts err into a layer with a message in plain words.
// undeclared names the capability the server did not declare, if any, so a
// refusal says why it was to be expected.
func classifyRequest(method string, err error, undeclared Feature) outcome {
	if err == nil {
		return outcome{}
	}
	o := outcome{Err: err}
	if msg, ok := invalidReply(method, err); ok {
		o.Layer = LayerInvalidReply
		o.tell(msg)
		return o
	}
	if msg, ok := rejectedByTransport(err); ok {
		o.Layer = LayerConnection
		o.tell(msg)
		return o
	}
	var rpc *jsonrpc.Error
	switch {
	case errors.As(err, &rpc):
		o.Layer, o.RPCError = LayerProtocol, rpc
		if rpc.Code == CodeNetworkError {
			o.Layer = LayerNetwork
			o.tell(plainText(rpc.Message))
			return o
		}
		args := say.Args{"Method": method, "Message": rpc.Message, "Code": rpc.Code, "CodeName": RPCCodeWords(rpc.Code)}
		if undeclared != "" {
			args["Capability"] = strconv.Quote(string(undeclared))
			o.tell(say.New("the server refused {{.Method}}: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}}). The server does not declare the {{.Capability}} capability, so this was to be expected", args))
		} else {
			o.tell(say.New("the server refused {{.Method}}: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}})", args))
		}
	case errors.Is(err, errNotConnected):
		o.Layer = LayerConnection
		o.tell(say.Text("the server is not connected. Start (or restart) it first."))
	case errors.Is(err, context.Canceled):
		o.Layer = LayerCancelled
		o.tell(say.Text("you cancelled the request; the server was told (notifications/cancelled)."))
	case errors.Is(err, context.DeadlineExceeded):
		o.Layer = LayerTimeout
		o.tell(say.Text("the request ran out of time and was cancelled."))
	default:
		o.Layer = LayerConnection
		o.tell(say.New("{{.Method}} failed: {{.Err}}", say.Args{"Method": method, "Err": PlainCauseMsg(err)}))
	}
	return o
}

func (o outcome) asError(method string) error {
	if o.Layer == LayerNone {
		return nil
	}
	return &RequestError{Method: method, Layer: o.Layer, RPCError: o.RPCError, Message: o.Message, Said: o.Said, Err: o.Err}
}

// AsRequestError sorts any request's error into a layer with a message in
// plain words (for example Session.Ping's); nil stays nil and a
// *RequestError is returned as it is.
func AsRequestError(method string, err error) error {
	var re *RequestError
	if err == nil || errors.As(err, &re) {
		return err
	}
	return classifyRequest(method, err, "").asError(method)
}

// undeclared returns f when the server is known not to declare it, else "".
func (s *Session) undeclared(f Feature) Feature {
	if c := s.Capabilities(); c.Known && !c.Has(f) {
		return f
	}
	return ""
}

// simpleRequest runs a short request (a list, subscribe, setLevel, complete)
// on the live session and sorts its error into a layer.
// It is bounded by the entry's call timeout as well as ctx, so a server that
// never answers a list does not hang the window or the CLI.
func (s *Session) simpleRequest(ctx context.Context, method string, f Feature, do func(context.Context, *sdk.ClientSession) error) error {
	timeout := config.DefaultCallTimeout
	if cfg := s.Config(); cfg != nil {
		timeout = cfg.CallTimeoutDuration()
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, timeout, errCallTimeout)
		defer cancel()
	}
	cs := s.clientSession()
	var err error
	if cs == nil {
		err = errNotConnected
	} else {
		err = do(ctx, cs)
	}
	if err != nil && errors.Is(context.Cause(ctx), errCallTimeout) {
		o := outcome{Layer: LayerTimeout, Err: err}
		o.tell(say.New("the server did not answer {{.Method}} within {{.Timeout}}; the request was cancelled. Raise \"callTimeout\" in the entry for a slow server.", say.Args{"Method": method, "Timeout": timeout}))
		return o.asError(method)
	}
	if err != nil && s.Status().State == StateExited && !errors.As(err, new(*jsonrpc.Error)) {
		o := outcome{Layer: LayerConnection, Err: err}
		o.tell(say.New("the server went away: {{.Reason}}", say.Args{"Reason": s.Status().Why()}))
		return o.asError(method)
	}
	return classifyRequest(method, err, s.undeclared(f)).asError(method)
}

// Resources lists the server's resources (resources/list, every page),
// asking the server whatever the last list's ttlMs said (ResourcesList
// honours it).
func (s *Session) Resources(ctx context.Context) ([]*sdk.Resource, error) {
	out, _, err := s.ResourcesList(ctx, true)
	return out, err
}

// ResourceTemplates lists the server's resource templates
// (resources/templates/list, every page).
func (s *Session) ResourceTemplates(ctx context.Context) ([]*sdk.ResourceTemplate, error) {
	out, _, err := s.ResourceTemplatesList(ctx, true)
	return out, err
}

// Prompts lists the server's prompts (prompts/list, every page).
func (s *Session) Prompts(ctx context.Context) ([]*sdk.Prompt, error) {
	out, _, err := s.PromptsList(ctx, true)
	return out, err
}

// Subscribe asks for notifications/resources/updated about uri; they arrive
// as EventResourceUpdated. A server of 2026-07-28 or later is asked through
// subscriptions/listen (and must acknowledge uri), an earlier one through
// resources/subscribe. Subscriptions end with the connection: after a
// restart, subscribe again.
func (s *Session) Subscribe(ctx context.Context, uri string) error {
	method := "resources/subscribe"
	if cs := s.clientSession(); cs != nil && speaksListen(cs) {
		method = "subscriptions/listen"
	}
	err := s.simpleRequest(ctx, method, FeatureSubscribe, func(ctx context.Context, cs *sdk.ClientSession) error {
		if speaksListen(cs) {
			return s.subscribeListen(ctx, cs, uri)
		}
		return cs.Subscribe(ctx, &sdk.SubscribeParams{URI: uri})
	})
	if errors.Is(err, errListenRefused) {
		o := outcome{Layer: LayerProtocol, Err: err}
		o.tell(plainText(fmt.Sprintf("the server did not agree to send updates about %s: its acknowledgement of subscriptions/listen leaves the resource out. It may not offer updates for this resource.", uri)))
		return o.asError(method)
	}
	return err
}

// Unsubscribe stops the notifications Subscribe asked for: a
// resources/unsubscribe, or on 2026-07-28 the listen's notifications/cancelled.
func (s *Session) Unsubscribe(ctx context.Context, uri string) error {
	method := "resources/unsubscribe"
	if cs := s.clientSession(); cs != nil && speaksListen(cs) {
		method = "notifications/cancelled"
	}
	return s.simpleRequest(ctx, method, FeatureSubscribe, func(ctx context.Context, cs *sdk.ClientSession) error {
		if speaksListen(cs) {
			return s.unsubscribeListen(ctx, cs, uri)
		}
		return cs.Unsubscribe(ctx, &sdk.UnsubscribeParams{URI: uri})
	})
}

// LogLevels are the levels of logging/setLevel, least severe first (RFC 5424).
func LogLevels() []string {
	return []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}
}

// SetLogLevel sends logging/setLevel: the server should send only
// notifications/message lines at level or above. They arrive in Session.Log
// as LogMessage entries.
func (s *Session) SetLogLevel(ctx context.Context, level string) error {
	if !slices.Contains(LogLevels(), level) {
		return fmt.Errorf("%q is not a log level; use one of %s", level, strings.Join(LogLevels(), ", "))
	}
	return s.simpleRequest(ctx, "logging/setLevel", FeatureLogging, func(ctx context.Context, cs *sdk.ClientSession) error {
		return cs.SetLoggingLevel(ctx, &sdk.SetLoggingLevelParams{Level: sdk.LoggingLevel(level)})
	})
}

// PromptRef is the completion reference for a prompt's arguments.
func PromptRef(name string) *sdk.CompleteReference {
	return &sdk.CompleteReference{Type: "ref/prompt", Name: name}
}

// TemplateRef is the completion reference for a resource template's
// variables; uriTemplate is the template as listed, such as "file:///{path}".
func TemplateRef(uriTemplate string) *sdk.CompleteReference {
	return &sdk.CompleteReference{Type: "ref/resource", URI: uriTemplate}
}

// Complete asks the server for suggestions (completion/complete) for the
// argument argName of ref (PromptRef or TemplateRef) given what has been
// typed so far (value). resolved holds the other arguments already filled
// in (the request's "context"), which some servers use to narrow the
// suggestions. The result is never nil on success.
func (s *Session) Complete(ctx context.Context, ref *sdk.CompleteReference, argName, value string, resolved map[string]string) ([]string, error) {
	if ref == nil {
		return nil, errors.New("a completion needs a reference: PromptRef(name) or TemplateRef(uriTemplate)")
	}
	var values []string
	err := s.simpleRequest(ctx, "completion/complete", FeatureCompletions, func(ctx context.Context, cs *sdk.ClientSession) error {
		params := &sdk.CompleteParams{Ref: ref, Argument: sdk.CompleteParamsArgument{Name: argName, Value: value}}
		if len(resolved) > 0 {
			params.Context = &sdk.CompleteContext{Arguments: resolved}
		}
		res, err := cs.Complete(ctx, params)
		if err != nil {
			return err
		}
		values = res.Completion.Values
		return nil
	})
	if values == nil && err == nil {
		values = []string{}
	}
	return values, err
}

// A ReadResult is everything about one resources/read: what was asked, what
// came back (or which layer failed and why), how long it took, and what the
// server printed meanwhile.
type ReadResult struct {
	Outcome
	URI string
	// Result holds the contents (text or base64 blobs); nil on failure.
	Result *sdk.ReadResourceResult
}

// ExitCode is the CLI's exit code: 0, 3 for a JSON-RPC error, 4 otherwise.
func (r *ReadResult) ExitCode() int { return exitCodeOf(r.Layer) }

func exitCodeOf(l ErrorLayer) int {
	switch l {
	case LayerNone:
		return 0
	case LayerProtocol:
		return 3
	}
	return 4
}

// MarshalJSON renders the read for the CLI and for history.
func (r *ReadResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Server string `json:"server"`
		URI    string `json:"uri"`
		outcomeJSON
		Result *sdk.ReadResourceResult `json:"result,omitempty"`
	}{r.Server, r.URI, r.wire(), r.Result})
}

// A PromptResult is everything about one prompts/get.
type PromptResult struct {
	Outcome
	Prompt    string
	Arguments map[string]string
	// Result holds the description and the messages by role; nil on failure.
	Result *sdk.GetPromptResult
}

// ExitCode is the CLI's exit code: 0, 3 for a JSON-RPC error, 4 otherwise.
func (r *PromptResult) ExitCode() int { return exitCodeOf(r.Layer) }

// MarshalJSON renders the prompt for the CLI and for history.
func (r *PromptResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Server    string            `json:"server"`
		Prompt    string            `json:"prompt"`
		Arguments map[string]string `json:"arguments,omitempty"`
		outcomeJSON
		Result *sdk.GetPromptResult `json:"result,omitempty"`
	}{r.Server, r.Prompt, r.Arguments, r.wire(), r.Result})
}

type wireRPCError struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func wireError(e *jsonrpc.Error) *wireRPCError {
	if e == nil {
		return nil
	}
	return &wireRPCError{Code: e.Code, Message: e.Message, Data: e.Data}
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// track runs a request the person made by hand (a read, a prompt): it gets
// an ID, markers in the server log, the entry's call timeout, one reconnect
// for a remote server that dropped, and the log lines it caused.
func (s *Session) track(ctx context.Context, method, what string, f Feature, do func(context.Context, *sdk.ClientSession) error) Outcome {
	s.mu.Lock()
	s.callSeq++
	t := Outcome{ID: s.callSeq, Server: s.cfg.Name, Started: time.Now()}
	cfg := s.cfg
	s.mu.Unlock()
	ctx, timed := s.timeRequest(ctx, &t)

	timeout := cfg.CallTimeoutDuration()
	reqCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	defer s.watchdog.watch(cancel, timeout, 0).done()
	run := func() error {
		cs := s.clientSession()
		if cs == nil {
			return errNotConnected
		}
		return do(reqCtx, cs)
	}

	startSeq := s.Log.Say(transport.LogCallStart, say.New("{{.Method}} #{{.ID}} {{.What}} started", say.Args{"Method": method, "ID": t.ID, "What": what}))
	err := run()
	if err != nil && isConnectionLoss(err) && s.reconnectable() && reqCtx.Err() == nil {
		s.Log.Say(transport.LogInfo, say.Text("the connection dropped; reconnecting once before giving up"))
		if cerr := s.Connect(reqCtx); cerr == nil {
			err = run()
		}
	}
	timed()
	o := classifyRequest(method, err, s.undeclared(f))
	t.Layer, t.RPCError, t.Message, t.Said, t.Err = o.Layer, o.RPCError, o.Message, o.Said, o.Err
	s.explainFailure(&t, method, reqCtx, ctx, timeout, 0)
	var word any = say.Text("ok")
	if t.Layer != LayerNone {
		word = string(t.Layer) + " error"
	}
	s.Log.Say(transport.LogCallEnd, say.New("{{.Method}} #{{.ID}} {{.What}} ended after {{.Took}}: {{.Outcome}}",
		say.Args{"Method": method, "ID": t.ID, "What": what, "Took": tookWords(&t), "Outcome": word}))
	t.Log = s.logBetween(startSeq)
	return t
}

// ReadResource runs resources/read. It never returns nil: every outcome,
// including "not connected", is a ReadResult with the failing layer.
// Cancelling ctx sends notifications/cancelled to the server.
func (s *Session) ReadResource(ctx context.Context, uri string) *ReadResult {
	var res *sdk.ReadResourceResult
	t := s.track(ctx, "resources/read", uri, FeatureResources, func(ctx context.Context, cs *sdk.ClientSession) error {
		var err error
		res, err = cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
		return err
	})
	r := &ReadResult{Outcome: t, URI: uri}
	if t.Layer == LayerNone {
		r.Result = res
	}
	s.recordHistory(ctx, r)
	return r
}

// GetPrompt runs prompts/get with the prompt's arguments (all strings, as the
// protocol has them). It never returns nil.
func (s *Session) GetPrompt(ctx context.Context, name string, args map[string]string) *PromptResult {
	var res *sdk.GetPromptResult
	t := s.track(ctx, "prompts/get", name, FeaturePrompts, func(ctx context.Context, cs *sdk.ClientSession) error {
		var err error
		res, err = cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: name, Arguments: args})
		return err
	})
	r := &PromptResult{Outcome: t, Prompt: name, Arguments: args}
	if t.Layer == LayerNone {
		r.Result = res
	}
	s.recordHistory(ctx, r)
	return r
}
