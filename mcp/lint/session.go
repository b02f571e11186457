package lint

import (
	"context"
	"encoding/json"

	"mcpbrowser/mcp"
)

// SurfaceOf gathers what the rules read from a connected session: the tools
// as listed (input schemas as the server wrote them), and the prompts,
// resources and resource templates when the server offers them, as last
// listed on this connection (mcp.Session.Lists). A list that fails to come
// is left out; the rules then say nothing about it.
//
// This is the one place that decides what is linted: the command line and
// the window both call it.
func SurfaceOf(ctx context.Context, s *mcp.Session) Surface {
	sf := Surface{Server: s.Name(), Tools: ToolsOf(s)}
	lists := s.Lists(ctx)
	for _, p := range lists.Prompts {
		lp := Prompt{Name: p.Name, Description: p.Description}
		for _, a := range p.Arguments {
			lp.Arguments = append(lp.Arguments, Argument{Name: a.Name, Description: a.Description, Required: a.Required})
		}
		sf.Prompts = append(sf.Prompts, lp)
	}
	for _, r := range lists.Resources {
		sf.Resources = append(sf.Resources, Resource{Name: r.Name, URI: r.URI, Description: r.Description})
	}
	for _, t := range lists.Templates {
		sf.Resources = append(sf.Resources, Resource{Name: t.Name, URI: t.URITemplate, Description: t.Description})
	}
	return sf
}

// ToolsOf is the session's tools as listed, for the rules, with the input
// schemas as the server wrote them. It asks the server nothing.
func ToolsOf(s *mcp.Session) []Tool {
	var tools []Tool
	for _, t := range s.Tools() {
		raw, err := json.Marshal(t)
		if err != nil {
			continue
		}
		lt, err := ParseTool(raw)
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

// ObservationOf turns a call's result into what the output rules read; ok
// is false when the call returned no result to judge (it failed below the
// tool).
func ObservationOf(r *mcp.CallResult) (o Observation, ok bool) {
	if r == nil || r.Result == nil {
		return o, false
	}
	o = Observation{Tool: r.Tool, IsError: r.Result.IsError}
	if r.Result.StructuredContent != nil {
		o.StructuredContent, _ = json.Marshal(r.Result.StructuredContent)
	}
	return o, true
}
