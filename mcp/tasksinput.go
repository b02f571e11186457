package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling and roots from protocol 2026-07-28; a task's input requests may still carry them

import (
	"context"
	"encoding/json"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A task's input requests (the extension's inputRequests, in the shape of
// multi-round-trip requests) are answered like the requests a server sends
// during a call: "Clients MUST treat each entry in inputRequests as they
// would the equivalent standalone server-to-client request". So each goes
// to the session's handlers — in the window the same request panel, in the
// command line the same --elicit, --sampling-reply and --root answers.

// An inputRequest is one entry of a task's inputRequests.
type inputRequest struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// answerInput answers one input request and returns the answer as sent.
func (s *Session) answerInput(ctx context.Context, ir inputRequest) (json.RawMessage, error) {
	ctx, stop := s.withLife(ctx)
	defer stop()
	cs := s.clientSession()
	var answer any
	switch ir.Method {
	case "elicitation/create":
		var p sdk.ElicitParams
		if err := json.Unmarshal(ir.Params, &p); err != nil {
			return nil, fmt.Errorf("the elicitation request could not be read: %w", err)
		}
		h := s.handlers.Elicit
		if h == nil {
			// No one here to ask: "cancel" is the answer for a request
			// dismissed without a choice.
			answer = &sdk.ElicitResult{Action: "cancel"}
			break
		}
		answered := s.waitsForPerson(ctx)
		res, err := h(ctx, s.Name(), &sdk.ElicitRequest{Session: cs, Params: &p})
		answered()
		if err != nil {
			return nil, err
		}
		answer = res
	case "sampling/createMessage":
		var p sdk.CreateMessageParams
		if err := json.Unmarshal(ir.Params, &p); err != nil {
			return nil, fmt.Errorf("the sampling request could not be read: %w", err)
		}
		h := s.handlers.CreateMessage
		if h == nil {
			return nil, fmt.Errorf("the task asked for a model reply (sampling), which this session does not answer")
		}
		answered := s.waitsForPerson(ctx)
		res, err := h(ctx, s.Name(), &sdk.CreateMessageRequest{Session: cs, Params: &p})
		answered()
		if err != nil {
			return nil, err
		}
		answer = res
	case "roots/list":
		roots := rootsOf(s.Roots())
		if roots == nil {
			roots = []*sdk.Root{}
		}
		answer = &sdk.ListRootsResult{Roots: roots}
	default:
		return nil, fmt.Errorf("the task asked %s, which the app cannot answer", ir.Method)
	}
	return json.Marshal(answer)
}
