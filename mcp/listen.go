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

// This file is what 2026-07-28 changed about keeping up with a server:
// resource updates come through subscriptions/listen instead of
// resources/subscribe, and list results say how long they stay fresh
// (ttlMs, cacheScope). Both eras look the same to the callers: Subscribe
// and Unsubscribe, and the list functions with their ListFreshness.

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
	case "notifications/prompts/list_changed":
		l.forget("prompts/list")
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

// ListFreshness says how long a list result stays fresh (ttlMs) and who may
// share it (cacheScope), and whether this one came from the session's
// cache instead of the server.
type ListFreshness struct {
	// TTL is the server's ttlMs (the shortest over the list's pages); zero
	// when the server gave none (servers before 2026-07-28) or said 0:
	// then the list is fetched every time.
	TTL time.Duration
	// Scope is "public" or "private" (private when any page says so); ""
	// when the server gave no caching hints.
	Scope string
	// Fetched is when the list came from the server.
	Fetched time.Time
	// Cached is true when no request was sent: the list was still fresh.
	Cached bool
}

// FreshUntil is when the list turns stale (Fetched when TTL is zero).
func (f ListFreshness) FreshUntil() time.Time { return f.Fetched.Add(f.TTL) }

// Fresh reports whether the list is still fresh at now.
func (f ListFreshness) Fresh(now time.Time) bool { return f.TTL > 0 && now.Before(f.FreshUntil()) }

type cachedList struct {
	cs    *sdk.ClientSession
	items any
	fresh ListFreshness
}

// cacheHint collects the caching fields of the pages of one list request.
type cacheHint struct {
	mu     sync.Mutex
	pages  int
	ttl    time.Duration
	scope  string
	hinted bool
}

type cacheHintKey struct{}

// takeCacheHint notes res's ttlMs and cacheScope in the request's hint (if
// the caller asked for one) and zeroes ttlMs, so the SDK does not serve the
// result from its own cache (see install). resources/read is included: a
// read the person asks for goes to the server.
func takeCacheHint(ctx context.Context, res sdk.Result) {
	var c *sdk.Cacheable
	switch r := res.(type) {
	case *sdk.ListResourcesResult:
		c = &r.Cacheable
	case *sdk.ListResourceTemplatesResult:
		c = &r.Cacheable
	case *sdk.ListPromptsResult:
		c = &r.Cacheable
	case *sdk.ReadResourceResult:
		c = &r.Cacheable
	default:
		return
	}
	if h, ok := ctx.Value(cacheHintKey{}).(*cacheHint); ok {
		h.add(*c)
	}
	c.TTLMs = 0
}

func (h *cacheHint) add(c sdk.Cacheable) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ttl := time.Duration(max(c.TTLMs, 0)) * time.Millisecond // "If ttlMs is negative, clients SHOULD ignore it and treat it as 0."
	if h.pages == 0 || ttl < h.ttl {
		h.ttl = ttl
	}
	h.pages++
	if c.CacheScope != "" {
		h.hinted = true
		if h.scope != "private" {
			h.scope = c.CacheScope
		}
	}
}

func (h *cacheHint) freshness(fetched time.Time) ListFreshness {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := ListFreshness{TTL: h.ttl, Fetched: fetched}
	if h.hinted {
		f.Scope = h.scope
	}
	return f
}

func (l *listenState) cached(method string, cs *sdk.ClientSession, now time.Time) (cachedList, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c, ok := l.lists[method]
	if !ok || c.cs != cs || !c.fresh.Fresh(now) {
		return cachedList{}, false
	}
	return c, true
}

func (l *listenState) keep(method string, c cachedList) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lists == nil {
		l.lists = map[string]cachedList{}
	}
	l.lists[method] = c
}

func (l *listenState) forget(methods ...string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, m := range methods {
		delete(l.lists, m)
	}
}

// freshList serves method's list from the session's cache while the
// server's ttlMs says it is fresh, else fetches it (every page) and keeps
// it for as long as that. refresh asks the server whatever the ttlMs said:
// "Clients MAY re-fetch before the TTL expires if they have reason to
// believe the data has changed" — a person pressing Refresh has.
func freshList[T any](s *Session, ctx context.Context, method string, f Feature, refresh bool, fetch func(context.Context, *sdk.ClientSession) ([]T, error)) ([]T, ListFreshness, error) {
	cs := s.clientSession()
	if cs != nil && !refresh {
		if c, ok := s.listen.cached(method, cs, time.Now()); ok {
			fresh := c.fresh
			fresh.Cached = true
			return c.items.([]T), fresh, nil
		}
	}
	h := &cacheHint{}
	var out []T
	err := s.simpleRequest(context.WithValue(ctx, cacheHintKey{}, h), method, f, func(ctx context.Context, cs *sdk.ClientSession) error {
		var err error
		out, err = fetch(ctx, cs)
		return err
	})
	if err != nil {
		return nil, ListFreshness{}, err
	}
	fresh := h.freshness(time.Now())
	if cs != nil && fresh.TTL > 0 {
		s.listen.keep(method, cachedList{cs: cs, items: out, fresh: fresh})
	} else {
		s.listen.forget(method)
	}
	return out, fresh, nil
}

// ResourcesList lists the server's resources like Resources, honouring the
// list's ttlMs: while it is fresh the list is served without asking the
// server, unless refresh is set.
func (s *Session) ResourcesList(ctx context.Context, refresh bool) ([]*sdk.Resource, ListFreshness, error) {
	return freshList(s, ctx, "resources/list", FeatureResources, refresh, func(ctx context.Context, cs *sdk.ClientSession) ([]*sdk.Resource, error) {
		var out []*sdk.Resource
		for r, err := range cs.Resources(ctx, nil) {
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	})
}

// ResourceTemplatesList is ResourceTemplates honouring the list's ttlMs.
func (s *Session) ResourceTemplatesList(ctx context.Context, refresh bool) ([]*sdk.ResourceTemplate, ListFreshness, error) {
	return freshList(s, ctx, "resources/templates/list", FeatureResources, refresh, func(ctx context.Context, cs *sdk.ClientSession) ([]*sdk.ResourceTemplate, error) {
		var out []*sdk.ResourceTemplate
		for t, err := range cs.ResourceTemplates(ctx, nil) {
			if err != nil {
				return nil, err
			}
			out = append(out, t)
		}
		return out, nil
	})
}

// PromptsList is Prompts honouring the list's ttlMs.
func (s *Session) PromptsList(ctx context.Context, refresh bool) ([]*sdk.Prompt, ListFreshness, error) {
	return freshList(s, ctx, "prompts/list", FeaturePrompts, refresh, func(ctx context.Context, cs *sdk.ClientSession) ([]*sdk.Prompt, error) {
		var out []*sdk.Prompt
		for p, err := range cs.Prompts(ctx, nil) {
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		return out, nil
	})
}
