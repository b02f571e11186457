package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"mcpbrowser/mcp/schema"
)

// checkOutputs compares the results seen in a session with the tools'
// outputSchemas. The spec: "If an output schema is provided: Servers MUST
// provide structured results that conform to this schema."
func checkOutputs(c *checker, s Surface) {
	schemas := map[string]*jsonschema.Resolved{}
	declared := map[string]bool{}
	for _, t := range s.Tools {
		if len(t.OutputSchema) == 0 || string(t.OutputSchema) == "null" {
			continue
		}
		declared[t.Name] = true
		var top struct {
			Type any `json:"type"`
		}
		if json.Unmarshal(t.OutputSchema, &top) != nil || len(typeList(top.Type)) != 1 || typeList(top.Type)[0] != "object" {
			c.add("output-schema-not-object", KindTool, t.Name, "outputSchema", msgOutputNotObject)
		}
		if rs := resolve(t.OutputSchema); rs != nil {
			schemas[t.Name] = rs
		}
	}
	reported := map[string]bool{}
	for _, o := range s.Observed {
		if o.IsError || reported[o.Tool] {
			continue // an error result need not carry structured content
		}
		hasStructured := len(o.StructuredContent) > 0 && string(o.StructuredContent) != "null"
		switch {
		case !declared[o.Tool] && hasStructured:
			c.add("output-without-schema", KindTool, o.Tool, "outputSchema", msgStructuredNoSchema)
			reported[o.Tool] = true
		case declared[o.Tool] && !hasStructured:
			c.add("output-mismatch", KindTool, o.Tool, "structuredContent", msgSchemaNoStructured)
			reported[o.Tool] = true
		case declared[o.Tool] && schemas[o.Tool] != nil:
			var v any
			if err := json.Unmarshal(o.StructuredContent, &v); err != nil {
				c.add("output-mismatch", KindTool, o.Tool, "structuredContent", msgStructuredNotJSON)
				reported[o.Tool] = true
			} else if err := schemas[o.Tool].Validate(v); err != nil {
				fe := schema.ExplainValidation(err)
				field := "structuredContent"
				if fe.Path != "" {
					field += "." + fe.Path
				}
				c.add("output-mismatch", KindTool, o.Tool, "structuredContent", msgOutputMismatch, Args{"Field": field, "Problem": fe.Problem()})
				reported[o.Tool] = true
			}
		}
	}
}

// resolve prepares a schema for validation, or returns nil when it cannot be
// (remote references, which are never fetched, or a shape the validator does
// not know); such a schema is not held against the results.
func resolve(raw json.RawMessage) *jsonschema.Resolved {
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	delete(m, "$schema") // the validator knows draft-07 and 2020-12 only; the rest validate alike here
	b, _ := json.Marshal(m)
	var s jsonschema.Schema
	if json.Unmarshal(b, &s) != nil {
		return nil
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		return nil
	}
	return rs
}

// Cost is what the tool list costs in a model's context.
type Cost struct {
	// Method explains the estimate.
	Method string     `json:"method"`
	Total  int        `json:"totalTokens"`
	Tools  []ToolCost `json:"tools"`
	// Top are the (at most) five most expensive tools, most expensive first.
	Top []ToolCost `json:"top"`
}

// ToolCost is one tool's estimated tokens.
type ToolCost struct {
	Tool   string `json:"tool"`
	Bytes  int    `json:"bytes"`
	Tokens int    `json:"tokens"`
}

// CostMethod documents the token estimate.
const CostMethod = "tokens ≈ bytes of the tool's compact JSON entry / 4 (a common rule of thumb for English text and JSON; real tokenizers differ by ±25 %)"

// Thresholds of the cost rules, in estimated tokens.
const (
	expensiveTool = 1000
	expensiveList = 10000
)

func measureCost(tools []Tool) Cost {
	c := Cost{Method: CostMethod, Tools: []ToolCost{}, Top: []ToolCost{}}
	for _, t := range tools {
		raw := t.Raw
		if len(raw) == 0 {
			raw, _ = json.Marshal(t)
		}
		n := compactLen(raw)
		tc := ToolCost{Tool: t.Name, Bytes: n, Tokens: (n + 3) / 4}
		c.Tools = append(c.Tools, tc)
		c.Total += tc.Tokens
	}
	top := append([]ToolCost(nil), c.Tools...)
	for i := range top { // small n: a selection sort keeps ties in list order
		for j := i + 1; j < len(top); j++ {
			if top[j].Tokens > top[i].Tokens {
				top[i], top[j] = top[j], top[i]
			}
		}
	}
	if len(top) > 5 {
		top = top[:5]
	}
	c.Top = append(c.Top, top...)
	return c
}

func compactLen(raw json.RawMessage) int {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return len(raw)
	}
	return buf.Len()
}

func checkCost(c *checker, cost Cost) {
	for _, t := range cost.Tools {
		if t.Tokens > expensiveTool {
			c.add("cost-tool", KindTool, t.Tool, "", msgToolTokens, Args{"Tokens": t.Tokens})
		}
	}
	if cost.Total > expensiveList {
		var names []string
		for _, t := range cost.Top {
			names = append(names, fmt.Sprintf("%s (%d)", t.Tool, t.Tokens))
		}
		c.add("cost-total", KindServer, "", "", msgListTokens, Args{"Tokens": cost.Total, "Largest": strings.Join(names, ", ")})
	}
}
