package mcp

import (
	"context"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// This file is list freshness from 2026-07-28 on: list results say how
// long they stay fresh (ttlMs) and who may share them (cacheScope). The
// session serves a list from its own cache while it is fresh, and a
// refresh asks the server whatever the ttlMs said.

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
	s.listen.see(method, cs, out)
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
