package mcp

import (
	"context"
	"encoding/json"

	"mcpbrowser/mcp/lint"
)

// LintSurface gathers what the quality rules read from a connected session:
// the tools as listed (input schemas as the server wrote them), and the
// prompts and resources when the server offers them. A list that fails to
// come is left out; the rules then say nothing about it.
func (s *Session) LintSurface(ctx context.Context) lint.Surface {
	sf := lint.Surface{Server: s.Name(), Tools: s.LintTools()}
	caps := s.Capabilities()
	if caps.Has(FeaturePrompts) {
		if ps, err := s.Prompts(ctx); err == nil {
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
		if rs, err := s.Resources(ctx); err == nil {
			for _, r := range rs {
				sf.Resources = append(sf.Resources, lint.Resource{Name: r.Name, URI: r.URI, Description: r.Description})
			}
		}
		if ts, err := s.ResourceTemplates(ctx); err == nil {
			for _, t := range ts {
				sf.Resources = append(sf.Resources, lint.Resource{Name: t.Name, URI: t.URITemplate, Description: t.Description})
			}
		}
	}
	return sf
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
