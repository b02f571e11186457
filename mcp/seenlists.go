package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Lists are a connected session's prompts, resources and resource templates
// as last listed: what the quality rules read besides the tools (see
// mcp/lint's SurfaceOf). A list the server does not offer, or that failed to
// come, is nil.
type Lists struct {
	Prompts   []*sdk.Prompt
	Resources []*sdk.Resource
	Templates []*sdk.ResourceTemplate
}

// Lists gathers the session's lists. A list already fetched on this
// connection is taken as it came (until the server says it changed), so the
// window's badge, its report and `mcpbrowser lint` read the same lists
// without asking again; a list not fetched yet is asked for (honouring its
// ttlMs).
func (s *Session) Lists(ctx context.Context) Lists {
	var l Lists
	caps := s.Capabilities()
	if caps.Has(FeaturePrompts) {
		if ps, err := seenList(s, ctx, "prompts/list", s.PromptsList); err == nil {
			l.Prompts = ps
		}
	}
	if caps.Has(FeatureResources) {
		if rs, err := seenList(s, ctx, "resources/list", s.ResourcesList); err == nil {
			l.Resources = rs
		}
		if ts, err := seenList(s, ctx, "resources/templates/list", s.ResourceTemplatesList); err == nil {
			l.Templates = ts
		}
	}
	return l
}

// seenList is method's list as last fetched on this connection, or else
// fetched now (from the ttlMs cache while it is fresh).
func seenList[T any](s *Session, ctx context.Context, method string, list func(context.Context, bool) ([]T, ListFreshness, error)) ([]T, error) {
	if cs := s.clientSession(); cs != nil {
		if items, ok := s.listen.seenList(method, cs); ok {
			return items.([]T), nil
		}
	}
	out, _, err := list(ctx, false)
	return out, err
}

// see keeps a list as fetched on cs, for Lists.
func (l *listenState) see(method string, cs *sdk.ClientSession, items any) {
	if cs == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seen == nil {
		l.seen = map[string]cachedList{}
	}
	l.seen[method] = cachedList{cs: cs, items: items}
}

func (l *listenState) seenList(method string, cs *sdk.ClientSession) (any, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c, ok := l.seen[method]
	if !ok || c.cs != cs {
		return nil, false
	}
	return c.items, true
}

// unsee drops lists a list_changed notification made stale.
func (l *listenState) unsee(methods ...string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, m := range methods {
		delete(l.seen, m)
	}
}
