package mcp

import (
	"context"
	"encoding/json"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/lint"
)

// LintSurface gathers what the quality rules read from a connected session:
// the tools as listed (input schemas as the server wrote them), and the
// prompts, resources and resource templates when the server offers them.
// A list already fetched on this connection is taken as it came (until the
// server says it changed), so the window's badge, its report and
// `mcpbrowser lint` lint the same lists without asking again; a list not
// fetched yet is asked for (honouring its ttlMs). A list that fails to
// come is left out; the rules then say nothing about it.
//
// This is the one place that decides what is linted: the command line and
// the window both call it.
func (s *Session) LintSurface(ctx context.Context) lint.Surface {
	sf := lint.Surface{Server: s.Name(), Tools: s.LintTools()}
	caps := s.Capabilities()
	if caps.Has(FeaturePrompts) {
		if ps, err := seenList(s, ctx, "prompts/list", s.PromptsList); err == nil {
			for _, p := range ps {
				lp := lint.Prompt{Name: p.Name, Description: p.Description}
				for _, a := range p.Arguments {
					lp.Arguments = append(lp.Arguments, lint.Argument{Name: a.Name, Description: a.Description, Required: a.Required})
				}
				sf.Prompts = append(sf.Prompts, lp)
			}
		}
	}
	if caps.Has(FeatureResources) {
		if rs, err := seenList(s, ctx, "resources/list", s.ResourcesList); err == nil {
			for _, r := range rs {
				sf.Resources = append(sf.Resources, lint.Resource{Name: r.Name, URI: r.URI, Description: r.Description})
			}
		}
		if ts, err := seenList(s, ctx, "resources/templates/list", s.ResourceTemplatesList); err == nil {
			for _, t := range ts {
				sf.Resources = append(sf.Resources, lint.Resource{Name: t.Name, URI: t.URITemplate, Description: t.Description})
			}
		}
	}
	return sf
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

// see keeps a list as fetched on cs, for LintSurface.
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

// LintTools is the tools as listed, for the quality rules, with the input
// schemas as the server wrote them. It asks the server nothing.
func (s *Session) LintTools() []lint.Tool {
	var tools []lint.Tool
	for _, t := range s.Tools() {
		raw, err := json.Marshal(t)
		if err != nil {
			continue
		}
		lt, err := lint.ParseTool(raw)
		if err != nil {
			continue
		}
		// The SDK's map loses nothing the rules need, but the wire's bytes
		// are what the server meant.
		if in := s.InputSchema(t.Name); len(in) > 0 {
			lt.InputSchema = in
		}
		lt.OutputSchema = s.OutputSchema(t.Name)
		tools = append(tools, lt)
	}
	return tools
}

// LintObservation turns a call's result into what the output rules read; ok
// is false when the call returned no result to judge (it failed below the
// tool).
func LintObservation(r *CallResult) (o lint.Observation, ok bool) {
	if r == nil || r.Result == nil {
		return o, false
	}
	o = lint.Observation{Tool: r.Tool, IsError: r.Result.IsError}
	if r.Result.StructuredContent != nil {
		o.StructuredContent, _ = json.Marshal(r.Result.StructuredContent)
	}
	return o, true
}
