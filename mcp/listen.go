package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/transport"
)

// This file is resource updates from 2026-07-28 on: they come through
// subscriptions/listen instead of resources/subscribe. Both eras look the
// same to the callers of Subscribe and Unsubscribe. The other half of the
// state here, list freshness (ttlMs), is in freshness.go.

// listenState holds a session's subscriptions/listen acknowledgements and
// its cached lists. It has its own lock.
type listenState struct {
	// subscribing serialises Subscribe on 2026-07-28 sessions, so an
	// acknowledgement that arrives belongs to the one listen waiting for it.
	subscribing sync.Mutex

	mu sync.Mutex
	// ack receives each notifications/subscriptions/acknowledged while a
	// Subscribe waits for one (nil otherwise).
	ack chan *sdk.SubscriptionsAcknowledgedParams
	// acked are the URIs whose listen the server acknowledged, on cs.
	acked   map[string]bool
	ackedOn *sdk.ClientSession
	// lists are the cached list results by method.
	lists map[string]cachedList
	// seen are the last list results by method, fresh or not, until a
	// list_changed notification says they changed (lintsurface.go).
	seen map[string]cachedList
}

// install adds the middleware that watches acknowledgements and list
// notifications, and takes list caching away from the SDK: the SDK (v1.8.0)
// serves a list from its own cache while its ttlMs lasts, with no way to
// ask the server again when the person refreshes. So the ttlMs of each
// result is noted for the caller (listHint) and zeroed before the SDK
// caches it; the session keeps its own cache, which a refresh passes by.
func (l *listenState) install(c *sdk.Client) {
	c.AddSendingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			res, err := next(ctx, method, req)
			if err == nil {
				takeCacheHint(ctx, res)
			}
			return res, err
		}
	})
	c.AddReceivingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			l.received(method, req)
			return next(ctx, method, req)
		}
	})
}

// received notes an acknowledgement, and drops cached lists a list_changed
// notification makes stale: "When a relevant notification is received
// while a cached response is still fresh, the notification invalidates the
// cached response."
func (l *listenState) received(method string, req sdk.Request) {
	switch method {
	case "notifications/subscriptions/acknowledged":
		p, _ := req.GetParams().(*sdk.SubscriptionsAcknowledgedParams)
		l.mu.Lock()
		ch := l.ack
		l.mu.Unlock()
		if p != nil && ch != nil {
			select {
			case ch <- p:
			default:
			}
		}
	case "notifications/resources/list_changed":
		l.forget("resources/list", "resources/templates/list")
		l.unsee("resources/list", "resources/templates/list")
	case "notifications/prompts/list_changed":
		l.forget("prompts/list")
		l.unsee("prompts/list")
	}
}

// subscribeListen subscribes to uri on a 2026-07-28 session: the SDK sends
// subscriptions/listen with resourceSubscriptions [uri] and does not wait;
// this waits for the server's acknowledgement, since "the client SHOULD
// check the acknowledged filter against what it requested". A server that
// leaves uri out of it has not agreed to send its updates.
func (s *Session) subscribeListen(ctx context.Context, cs *sdk.ClientSession, uri string) error {
	l := &s.listen
	l.subscribing.Lock()
	defer l.subscribing.Unlock()
	l.mu.Lock()
	if l.ackedOn == cs && l.acked[uri] {
		l.mu.Unlock()
		return nil
	}
	ch := make(chan *sdk.SubscriptionsAcknowledgedParams, 4)
	l.ack = ch
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		l.ack = nil
		l.mu.Unlock()
	}()
	from := s.Wire.Next()
	if err := cs.Subscribe(ctx, &sdk.SubscribeParams{URI: uri}); err != nil {
		return err
	}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if rpc := s.listenAnswer(from); rpc != nil {
				_ = cs.Unsubscribe(context.WithoutCancel(ctx), &sdk.UnsubscribeParams{URI: uri})
				return rpc
			}
		case ack := <-ch:
			n := ack.Notifications
			if slices.Contains(n.ResourceSubscriptions, uri) {
				l.mu.Lock()
				if l.ackedOn != cs {
					l.ackedOn, l.acked = cs, map[string]bool{}
				}
				l.acked[uri] = true
				l.mu.Unlock()
				return nil
			}
			if n.ToolsListChanged || n.PromptsListChanged || n.ResourcesListChanged || len(n.ResourceSubscriptions) > 0 {
				continue // another listen's acknowledgement
			}
			_ = cs.Unsubscribe(context.WithoutCancel(ctx), &sdk.UnsubscribeParams{URI: uri})
			return errListenRefused
		case <-ctx.Done():
			// Ends the listen the SDK opened, with notifications/cancelled.
			_ = cs.Unsubscribe(context.WithoutCancel(ctx), &sdk.UnsubscribeParams{URI: uri})
			return context.Cause(ctx)
		}
	}
}

// listenAnswer is the JSON-RPC error the server answered the
// subscriptions/listen sent since wire entry from with, if it did: the SDK
// sends the listen without waiting for its answer, so the wire log is where
// a refusal shows.
func (s *Session) listenAnswer(from uint64) *jsonrpc.Error {
	entries, _ := s.Wire.Since(from)
	id := ""
	for _, e := range entries {
		switch {
		case e.Dir == transport.Sent && e.Method == "subscriptions/listen":
			id = e.ID
		case id != "" && e.Dir == transport.Received && e.Method == "" && e.ID == id:
			var answer struct {
				Error *jsonrpc.Error `json:"error"`
			}
			if json.Unmarshal(e.JSON, &answer) == nil && answer.Error != nil {
				return answer.Error
			}
		}
	}
	return nil
}

// errListenRefused is a subscriptions/listen the server acknowledged
// without the resource asked for.
var errListenRefused = fmt.Errorf("the server acknowledged subscriptions/listen but left the resource out")

func (s *Session) unsubscribeListen(ctx context.Context, cs *sdk.ClientSession, uri string) error {
	l := &s.listen
	l.mu.Lock()
	if l.ackedOn == cs {
		delete(l.acked, uri)
	}
	l.mu.Unlock()
	return cs.Unsubscribe(ctx, &sdk.UnsubscribeParams{URI: uri})
}

// speaksListen reports whether cs speaks 2026-07-28 or later, where
// resource updates come through subscriptions/listen.
func speaksListen(cs *sdk.ClientSession) bool {
	init := cs.InitializeResult()
	return init != nil && init.ProtocolVersion >= Version20260728
}
