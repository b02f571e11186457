package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/schema"
)

// This file answers the requests a server sends to the app
// (sampling/createMessage and elicitation/create). Two ways are offered:
//
//   - AutoHandlers answer from a fixed policy, for the command line (where
//     the flags are the person's answer given in advance) and for tests.
//   - A RequestQueue holds each request until a person answers it in the
//     window; the request waits, the server waits, nothing is sent without them.
//
// Either is installed through ManagerOptions.Handlers. A nil handler means
// the capability is not advertised, so a server never asks.

// CodeUserRejected is the JSON-RPC code for a sampling request the person
// rejected, as in the spec's example: {"code": -1, "message": "User rejected sampling request"}.
const CodeUserRejected = -1

// ElicitAction is the answer to an elicitation/create request.
type ElicitAction string

// The three answers the spec allows: "accept" (the person submitted the
// form or agreed to open the URL), "decline" (explicitly said no), "cancel"
// (dismissed without choosing).
const (
	ElicitAccept  ElicitAction = "accept"
	ElicitDecline ElicitAction = "decline"
	ElicitCancel  ElicitAction = "cancel"
)

// ElicitPolicy is a fixed answer to every elicitation request.
type ElicitPolicy struct {
	// Action is the answer; "" means elicitation is not answered at all
	// (and so not advertised to servers).
	Action ElicitAction
	// Values fill fields of the requested form on top of its defaults when
	// accepting, as key=value pairs (schema.Form.ApplyKeyValues: "age=42",
	// "tags=a,b"). With no values, accept sends the schema's defaults.
	Values []string
}

// SamplingPolicy is a fixed answer to every sampling request.
type SamplingPolicy struct {
	// Reply is the text sent back as the assistant's message.
	Reply string
	// Model is the model name reported with the reply; "" reports DefaultSamplingModel.
	Model string
	// Decline rejects every request instead (JSON-RPC error CodeUserRejected).
	Decline bool
}

// DefaultSamplingModel is the model name reported for a reply a person wrote.
const DefaultSamplingModel = "mcpbrowser-human"

// AutoHandlers answer server requests from fixed policies. A zero policy
// leaves its handler nil, so the capability is not advertised.
//
// Form-mode elicitation is accepted with the schema's defaults plus
// elicit.Values, built with the same form model as tool arguments
// (schema.NewForm → Arguments); if that does not make a valid answer (a
// required field without a default, say), the handler answers with a
// JSON-RPC error saying which fields, rather than sending something the
// person did not choose. URL-mode elicitation is accepted, declined or
// cancelled as the policy says, and the URL is never opened here: the
// caller sees it in the request and may show it.
func AutoHandlers(elicit ElicitPolicy, sampling SamplingPolicy) Handlers {
	var h Handlers
	if elicit.Action != "" {
		h.Elicit = func(_ context.Context, _ string, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			return answerElicit(elicit, req.Params)
		}
	}
	if sampling.Decline || sampling.Reply != "" {
		h.CreateMessage = func(context.Context, string, *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			if sampling.Decline {
				return nil, RejectSampling("")
			}
			return SamplingReply(sampling.Reply, sampling.Model), nil
		}
	}
	return h
}

func answerElicit(p ElicitPolicy, params *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	if p.Action != ElicitAccept {
		return &sdk.ElicitResult{Action: string(p.Action)}, nil
	}
	if params == nil || params.Mode == "url" {
		return &sdk.ElicitResult{Action: string(ElicitAccept)}, nil
	}
	content, err := DefaultElicitContent(params.RequestedSchema, p.Values)
	if err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
	}
	return &sdk.ElicitResult{Action: string(ElicitAccept), Content: content}, nil
}

// DefaultElicitContent is the content of a form-mode elicitation accepted
// with the requested schema's defaults and then values (key=value pairs).
// The error says which fields still need a value.
func DefaultElicitContent(requestedSchema any, values []string) (map[string]any, error) {
	raw, err := json.Marshal(requestedSchema)
	if err != nil {
		return nil, fmt.Errorf("the requested schema cannot be read: %w", err)
	}
	if requestedSchema == nil || string(raw) == "null" {
		raw = json.RawMessage(`{"type":"object"}`)
	}
	form, err := schema.NewForm(raw)
	if err != nil {
		return nil, fmt.Errorf("the requested schema cannot be read: %w", err)
	}
	if err := form.ApplyKeyValues(values); err != nil {
		return nil, fmt.Errorf("the given values do not fit the requested form: %w", err)
	}
	args, problems := form.Arguments()
	if len(problems) > 0 {
		var parts []string
		for _, p := range problems {
			parts = append(parts, p.Error())
		}
		return nil, fmt.Errorf("the form cannot be accepted with its defaults alone: %s", strings.Join(parts, "; "))
	}
	content := map[string]any{}
	if err := json.Unmarshal(args, &content); err != nil {
		return nil, fmt.Errorf("the form's answer is not an object: %w", err)
	}
	return content, nil
}

// SamplingReply is the result for a sampling request answered with text.
func SamplingReply(text, model string) *sdk.CreateMessageResult {
	if model == "" {
		model = DefaultSamplingModel
	}
	return &sdk.CreateMessageResult{Role: "assistant", Content: &sdk.TextContent{Text: text}, Model: model, StopReason: "endTurn"}
}

// RejectSampling is the error a sampling handler returns when the person
// says no; reason may be empty.
func RejectSampling(reason string) error {
	msg := "User rejected sampling request"
	if reason != "" {
		msg += ": " + reason
	}
	return &jsonrpc.Error{Code: CodeUserRejected, Message: msg}
}

// RequestKind says what a server asked for.
type RequestKind string

// The requests a server can send that need a person.
const (
	RequestSampling    RequestKind = "sampling"    // sampling/createMessage
	RequestElicitation RequestKind = "elicitation" // elicitation/create, form or URL mode
)

// A PendingRequest is a server's request waiting for a person's answer. The
// server's request stays open until Respond (or one of its shorthands) is
// called, or until Context ends: the server cancelled it
// (notifications/cancelled), the connection closed, or the app is stopping.
// Then the request leaves the queue and answering it returns ErrRequestGone.
//
// A PendingRequest is safe for concurrent use; the window answers it from
// the UI goroutine while the server's goroutine waits.
type PendingRequest struct {
	// ID numbers requests in the queue, from 1.
	ID     int
	Server string
	Kind   RequestKind
	// Received is when the request arrived.
	Received time.Time
	// Params is the request as the server sent it: *sdk.CreateMessageParams
	// for RequestSampling (messages, system prompt, model preferences, max
	// tokens …), *sdk.ElicitParams for RequestElicitation (message, and
	// requestedSchema for form mode or url for URL mode). See Sampling and
	// Elicitation for typed access.
	Params any

	ctx     context.Context
	answers chan answer // buffered 1; written once by Respond
	ties    questionTies

	mu    sync.Mutex
	state requestState
}

type requestState int

const (
	requestWaiting requestState = iota
	requestAnswered
	requestGone
)

type answer struct {
	result any
	err    error
}

// ErrRequestGone is returned when answering a request the server no longer waits for.
var ErrRequestGone = errors.New("the server no longer waits for this answer (it cancelled the request, or the connection closed)")

// ErrAlreadyAnswered is returned when answering a request twice.
var ErrAlreadyAnswered = errors.New("this request has already been answered")

// Sampling is the request's params for RequestSampling, else nil.
func (p *PendingRequest) Sampling() *sdk.CreateMessageParams {
	v, _ := p.Params.(*sdk.CreateMessageParams)
	return v
}

// Elicitation is the request's params for RequestElicitation, else nil.
func (p *PendingRequest) Elicitation() *sdk.ElicitParams {
	v, _ := p.Params.(*sdk.ElicitParams)
	return v
}

// IsURL reports whether the request is a URL-mode elicitation: show the URL
// and the message, and open it only when the person agrees.
func (p *PendingRequest) IsURL() bool {
	e := p.Elicitation()
	return e != nil && (e.Mode == "url" || (e.Mode == "" && e.URL != ""))
}

// TiedTo reports whether the request came as part of the call tagged tag
// (TagCall): a 2026-07-28 multi-round-trip input request, or a task's
// input request. Once that call is cancelled, nobody needs the answer.
func (p *PendingRequest) TiedTo(tag *CallTag) bool { return p.ties.tiedTo(tag) }

// OnlyDuring reports whether the request, which the server did not tie to
// a call (a request on the connection, as servers before 2026-07-28 send
// them), came while the call tagged tag was the only one running on its
// server: the call it was most likely for.
func (p *PendingRequest) OnlyDuring(tag *CallTag) bool { return p.ties.onlyDuring(tag) }

// Context ends when the server stops waiting for the answer.
func (p *PendingRequest) Context() context.Context { return p.ctx }

// Respond sends the answer: result is *sdk.CreateMessageResult for sampling
// or *sdk.ElicitResult for elicitation; a non-nil err is sent as the
// JSON-RPC error instead (a *jsonrpc.Error keeps its code).
func (p *PendingRequest) Respond(result any, err error) error {
	if err == nil {
		switch p.Kind {
		case RequestSampling:
			if r, ok := result.(*sdk.CreateMessageResult); !ok || r == nil {
				return fmt.Errorf("a sampling request needs a *CreateMessageResult, not %T", result)
			}
		case RequestElicitation:
			if r, ok := result.(*sdk.ElicitResult); !ok || r == nil {
				return fmt.Errorf("an elicitation request needs an *ElicitResult, not %T", result)
			}
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch p.state {
	case requestAnswered:
		return ErrAlreadyAnswered
	case requestGone:
		return ErrRequestGone
	}
	if p.ctx.Err() != nil {
		return ErrRequestGone
	}
	p.state = requestAnswered
	p.answers <- answer{result, err}
	return nil
}

// Reply answers a sampling request with the text the person wrote and the
// model name they chose to report.
func (p *PendingRequest) Reply(text, model string) error {
	return p.Respond(SamplingReply(text, model), nil)
}

// Reject refuses a sampling request (JSON-RPC error CodeUserRejected).
func (p *PendingRequest) Reject(reason string) error {
	return p.Respond(nil, RejectSampling(reason))
}

// Accept accepts an elicitation: content is the form's values for form
// mode, nil for URL mode (the person agreed to open the URL).
func (p *PendingRequest) Accept(content map[string]any) error {
	return p.Respond(&sdk.ElicitResult{Action: string(ElicitAccept), Content: content}, nil)
}

// AcceptJSON accepts a form-mode elicitation with the form's arguments
// object as JSON (what schema.Form.Arguments returns).
func (p *PendingRequest) AcceptJSON(content json.RawMessage) error {
	m := map[string]any{}
	if err := json.Unmarshal(content, &m); err != nil {
		return fmt.Errorf("the form's answer is not a JSON object: %w", err)
	}
	return p.Accept(m)
}

// Decline answers an elicitation with "decline" (the person said no).
func (p *PendingRequest) Decline() error {
	return p.Respond(&sdk.ElicitResult{Action: string(ElicitDecline)}, nil)
}

// Cancel answers an elicitation with "cancel" (dismissed without choosing).
func (p *PendingRequest) Cancel() error {
	return p.Respond(&sdk.ElicitResult{Action: string(ElicitCancel)}, nil)
}

// RequestChange says what happened to a request in a RequestQueue.
type RequestChange int

const (
	RequestAdded    RequestChange = iota // a server sent it; show it
	RequestAnswered                      // the person answered; the answer was handed to the server
	RequestGone                          // the server stopped waiting; take it away
)

// A RequestQueue holds the server requests waiting for a person. Its
// Handlers go into ManagerOptions.Handlers; each request a server sends then
// waits in the queue until the window answers it or the server gives up.
//
// The window shows Pending (oldest first) and refreshes on each change
// reported to onChange. onChange runs on the server's goroutine: be quick and
// hop to the UI thread (fyne.Do).
type RequestQueue struct {
	onChange func(*PendingRequest, RequestChange)

	mu      sync.Mutex
	pending []*PendingRequest
	nextID  int
}

// NewRequestQueue makes an empty queue; onChange (may be nil) sees every change.
func NewRequestQueue(onChange func(*PendingRequest, RequestChange)) *RequestQueue {
	return &RequestQueue{onChange: onChange}
}

// Handlers are the handlers that put requests in this queue. Set only the
// ones the app should advertise (for example drop Elicit to stop
// advertising elicitation).
func (q *RequestQueue) Handlers() Handlers {
	return Handlers{
		CreateMessage: func(ctx context.Context, server string, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			res, err := q.wait(ctx, server, RequestSampling, req.Params)
			if err != nil {
				return nil, err
			}
			return res.(*sdk.CreateMessageResult), nil
		},
		Elicit: func(ctx context.Context, server string, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			res, err := q.wait(ctx, server, RequestElicitation, req.Params)
			if err != nil {
				return nil, err
			}
			return res.(*sdk.ElicitResult), nil
		},
	}
}

// Pending is the requests waiting now, oldest first.
func (q *RequestQueue) Pending() []*PendingRequest {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]*PendingRequest(nil), q.pending...)
}

// Get returns the waiting request with that ID, or nil.
func (q *RequestQueue) Get(id int) *PendingRequest {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, p := range q.pending {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// wait puts a request in the queue and blocks until it is answered or ctx ends.
func (q *RequestQueue) wait(ctx context.Context, server string, kind RequestKind, params any) (any, error) {
	q.mu.Lock()
	q.nextID++
	p := &PendingRequest{ID: q.nextID, Server: server, Kind: kind, Received: time.Now(), Params: params,
		ctx: ctx, answers: make(chan answer, 1), ties: tiesOf(ctx)}
	q.pending = append(q.pending, p)
	q.mu.Unlock()
	q.changed(p, RequestAdded)

	select {
	case a := <-p.answers:
		q.remove(p)
		q.changed(p, RequestAnswered)
		return a.result, a.err
	case <-ctx.Done():
		p.mu.Lock()
		answered := p.state == requestAnswered
		if !answered {
			p.state = requestGone
		}
		p.mu.Unlock()
		q.remove(p)
		if answered {
			// The answer raced the cancellation; hand it over anyway (the
			// SDK drops it if the connection is gone).
			q.changed(p, RequestAnswered)
			a := <-p.answers
			return a.result, a.err
		}
		q.changed(p, RequestGone)
		return nil, ctx.Err()
	}
}

func (q *RequestQueue) remove(p *PendingRequest) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i, x := range q.pending {
		if x == p {
			q.pending = append(q.pending[:i], q.pending[i+1:]...)
			return
		}
	}
}

func (q *RequestQueue) changed(p *PendingRequest, c RequestChange) {
	if q.onChange != nil {
		q.onChange(p, c)
	}
}
