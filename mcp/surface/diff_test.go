package surface

import (
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// tool makes a tool from JSON, as a server lists it.
func tool(t *testing.T, js string) *sdk.Tool {
	t.Helper()
	var tl sdk.Tool
	if err := json.Unmarshal([]byte(js), &tl); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return &tl
}

func render(cs []Change) string {
	var lines []string
	for _, c := range cs {
		lines = append(lines, c.String())
	}
	return strings.Join(lines, "\n")
}

// Every classification rule: a pair of tools (or lists) and exactly the
// changes expected, with their verdicts.
func TestClassificationRules(t *testing.T) {
	const base = `"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"]}`
	obj := func(props, required string) string {
		return `{"name": "t", "inputSchema": {"type": "object", "properties": {` + props + `}, "required": [` + required + `]}}`
	}
	out := func(props, required string) string {
		return `{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {` + props + `}, "required": [` + required + `]}}`
	}
	cases := []struct {
		name   string
		before []string
		after  []string
		want   string
	}{
		{"same", []string{`{` + base + `}`}, []string{`{` + base + `}`}, ""},
		{"tool removed", []string{`{` + base + `}`}, nil, "BREAKING  tool t: removed"},
		{"tool added", nil, []string{`{` + base + `}`}, "ok        tool t: added"},
		{"description changed", []string{`{"description": "x", ` + base + `}`}, []string{`{"description": "y", ` + base + `}`},
			"ok        tool t: description changed (x → y)"},
		{"title changed", []string{`{"title": "x", ` + base + `}`}, []string{`{"title": "y", ` + base + `}`}, "ok        tool t: title changed (x → y)"},
		{"required argument added", []string{obj(`"a": {}`, `"a"`)}, []string{obj(`"a": {}, "b": {"type": "string"}`, `"a", "b"`)},
			"BREAKING  tool t › argument b: added (required)"},
		{"optional argument added", []string{obj(`"a": {}`, ``)}, []string{obj(`"a": {}, "b": {}`, ``)}, "ok        tool t › argument b: added (optional)"},
		{"argument removed", []string{obj(`"a": {}, "b": {}`, ``)}, []string{obj(`"a": {}`, ``)}, "BREAKING  tool t › argument b: removed"},
		{"argument became required", []string{obj(`"a": {}`, ``)}, []string{obj(`"a": {}`, `"a"`)}, "BREAKING  tool t › argument a: became required (optional → required)"},
		{"argument became optional", []string{obj(`"a": {}`, `"a"`)}, []string{obj(`"a": {}`, ``)}, "ok        tool t › argument a: became optional (required → optional)"},
		{"argument type narrowed", []string{obj(`"a": {"type": "number"}`, ``)}, []string{obj(`"a": {"type": "integer"}`, ``)},
			"BREAKING  tool t › argument a: type narrowed (number → integer)"},
		{"argument type narrowed from a list", []string{obj(`"a": {"type": ["string", "null"]}`, ``)}, []string{obj(`"a": {"type": "string"}`, ``)},
			"BREAKING  tool t › argument a: type narrowed (null or string → string)"},
		{"argument type widened", []string{obj(`"a": {"type": "integer"}`, ``)}, []string{obj(`"a": {"type": "number"}`, ``)},
			"ok        tool t › argument a: type widened (integer → number)"},
		{"argument type changed", []string{obj(`"a": {"type": "string"}`, ``)}, []string{obj(`"a": {"type": "boolean"}`, ``)},
			"BREAKING  tool t › argument a: type changed (string → boolean)"},
		{"argument type given where there was none", []string{obj(`"a": {}`, ``)}, []string{obj(`"a": {"type": "string"}`, ``)},
			"BREAKING  tool t › argument a: type narrowed (any → string)"},
		{"enum value removed", []string{obj(`"a": {"enum": ["x", "y"]}`, ``)}, []string{obj(`"a": {"enum": ["x"]}`, ``)},
			`BREAKING  tool t › argument a: enum value removed ("y" → none)`},
		{"enum value added", []string{obj(`"a": {"enum": ["x"]}`, ``)}, []string{obj(`"a": {"enum": ["x", "y"]}`, ``)},
			`ok        tool t › argument a: enum value added (none → "y")`},
		{"enum introduced", []string{obj(`"a": {}`, ``)}, []string{obj(`"a": {"enum": ["x"]}`, ``)},
			`BREAKING  tool t › argument a: limited to a list of values (none → "x")`},
		{"enum dropped", []string{obj(`"a": {"enum": ["x"]}`, ``)}, []string{obj(`"a": {}`, ``)},
			`ok        tool t › argument a: no longer limited to a list of values ("x" → none)`},
		{"maximum lowered", []string{obj(`"a": {"maximum": 10}`, ``)}, []string{obj(`"a": {"maximum": 5}`, ``)},
			"BREAKING  tool t › argument a: maximum tightened (10 → 5)"},
		{"minLength lowered", []string{obj(`"a": {"minLength": 3}`, ``)}, []string{obj(`"a": {"minLength": 1}`, ``)},
			"ok        tool t › argument a: minLength loosened (3 → 1)"},
		{"bound added", []string{obj(`"a": {}`, ``)}, []string{obj(`"a": {"maxItems": 4}`, ``)}, "BREAKING  tool t › argument a: maxItems tightened (none → 4)"},
		{"default changed", []string{obj(`"a": {"default": 1}`, ``)}, []string{obj(`"a": {"default": 2}`, ``)}, "ok        tool t › argument a: default changed (1 → 2)"},
		{"argument description changed", []string{obj(`"a": {"description": "p"}`, ``)}, []string{obj(`"a": {"description": "q"}`, ``)},
			"ok        tool t › argument a: description changed (p → q)"},
		{"nested item type narrowed", []string{obj(`"a": {"type": "array", "items": {"type": "number"}}`, ``)}, []string{obj(`"a": {"type": "array", "items": {"type": "integer"}}`, ``)},
			"BREAKING  tool t › argument a › items: type narrowed (number → integer)"},
		{"nested required property added", []string{obj(`"a": {"type": "object", "properties": {}}`, ``)}, []string{obj(`"a": {"type": "object", "properties": {"z": {}}, "required": ["z"]}`, ``)},
			"BREAKING  tool t › argument a › argument z: added (required)"},
		{"output schema added", []string{`{` + base + `}`}, []string{`{"outputSchema": {"type": "object"}, ` + base + `}`}, "ok        tool t › output schema: added"},
		{"output schema removed", []string{`{"outputSchema": {"type": "object"}, ` + base + `}`}, []string{`{` + base + `}`}, "BREAKING  tool t › output schema: removed"},
		{"output field removed", []string{out(`"s": {}`, ``)}, []string{out(``, ``)}, "BREAKING  tool t › output › field s: removed"},
		{"output field added", []string{out(``, ``)}, []string{out(`"s": {}`, ``)}, "ok        tool t › output › field s: added"},
		{"output field no longer required", []string{out(`"s": {}`, `"s"`)}, []string{out(`"s": {}`, ``)}, "BREAKING  tool t › output › field s: became optional (required → optional)"},
		{"output field now required", []string{out(`"s": {}`, ``)}, []string{out(`"s": {}`, `"s"`)}, "ok        tool t › output › field s: became required (optional → required)"},
		{"output type widened", []string{out(`"s": {"type": "integer"}`, ``)}, []string{out(`"s": {"type": "number"}`, ``)}, "BREAKING  tool t › output › field s: type widened (integer → number)"},
		{"output type narrowed", []string{out(`"s": {"type": "number"}`, ``)}, []string{out(`"s": {"type": "integer"}`, ``)}, "ok        tool t › output › field s: type narrowed (number → integer)"},
		{"output enum value added", []string{out(`"s": {"enum": ["a"]}`, ``)}, []string{out(`"s": {"enum": ["a", "b"]}`, ``)}, `BREAKING  tool t › output › field s: enum value added (none → "b")`},
		{"output enum value removed", []string{out(`"s": {"enum": ["a", "b"]}`, ``)}, []string{out(`"s": {"enum": ["a"]}`, ``)}, `ok        tool t › output › field s: enum value removed ("b" → none)`},
		{"no longer read-only", []string{`{"annotations": {"readOnlyHint": true}, ` + base + `}`}, []string{`{"annotations": {"readOnlyHint": false}, ` + base + `}`},
			"BREAKING  tool t › annotations: readOnlyHint changed (true → false)"},
		{"became read-only", []string{`{"annotations": {}, ` + base + `}`}, []string{`{"annotations": {"readOnlyHint": true}, ` + base + `}`},
			"ok        tool t › annotations: readOnlyHint changed (false → true)"},
		{"became destructive", []string{`{"annotations": {"destructiveHint": false}, ` + base + `}`}, []string{`{"annotations": {"destructiveHint": true}, ` + base + `}`},
			"BREAKING  tool t › annotations: destructiveHint changed (false → true)"},
		{"no longer destructive", []string{`{"annotations": {"destructiveHint": true}, ` + base + `}`}, []string{`{"annotations": {"destructiveHint": false}, ` + base + `}`},
			"ok        tool t › annotations: destructiveHint changed (true → false)"},
		{"no longer idempotent", []string{`{"annotations": {"idempotentHint": true}, ` + base + `}`}, []string{`{"annotations": {}, ` + base + `}`},
			"BREAKING  tool t › annotations: idempotentHint changed (true → false)"},
		{"open world changed", []string{`{"annotations": {"openWorldHint": false}, ` + base + `}`}, []string{`{"annotations": {"openWorldHint": true}, ` + base + `}`},
			"ok        tool t › annotations: openWorldHint changed (false → true)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, b := &Snapshot{}, &Snapshot{}
			for _, js := range tc.before {
				a.Tools = append(a.Tools, tool(t, js))
			}
			for _, js := range tc.after {
				b.Tools = append(b.Tools, tool(t, js))
			}
			a.normalise()
			b.normalise()
			if got := render(Diff(a, b)); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestClassificationRulesOtherLists(t *testing.T) {
	res := func(uri, mime string) *sdk.Resource { return &sdk.Resource{URI: uri, Name: "r", MIMEType: mime} }
	tmpl := func(u, desc string) *sdk.ResourceTemplate {
		return &sdk.ResourceTemplate{URITemplate: u, Name: "t", Description: desc}
	}
	prompt := func(args ...*sdk.PromptArgument) *sdk.Prompt { return &sdk.Prompt{Name: "p", Arguments: args} }
	arg := func(name string, required bool) *sdk.PromptArgument {
		return &sdk.PromptArgument{Name: name, Required: required}
	}
	cases := []struct {
		name string
		a, b Snapshot
		want string
	}{
		{"resource removed", Snapshot{Resources: []*sdk.Resource{res("x://a", "")}}, Snapshot{}, "BREAKING  resource x://a: removed"},
		{"resource added", Snapshot{}, Snapshot{Resources: []*sdk.Resource{res("x://a", "")}}, "ok        resource x://a: added"},
		{"resource MIME type changed", Snapshot{Resources: []*sdk.Resource{res("x://a", "text/plain")}}, Snapshot{Resources: []*sdk.Resource{res("x://a", "text/html")}},
			"BREAKING  resource x://a: MIME type changed (text/plain → text/html)"},
		{"template removed", Snapshot{Templates: []*sdk.ResourceTemplate{tmpl("x://{a}", "")}}, Snapshot{}, "BREAKING  resource template x://{a}: removed"},
		{"template added", Snapshot{}, Snapshot{Templates: []*sdk.ResourceTemplate{tmpl("x://{a}", "")}}, "ok        resource template x://{a}: added"},
		{"template description", Snapshot{Templates: []*sdk.ResourceTemplate{tmpl("x://{a}", "d")}}, Snapshot{Templates: []*sdk.ResourceTemplate{tmpl("x://{a}", "e")}},
			"ok        resource template x://{a}: description changed (d → e)"},
		{"prompt removed", Snapshot{Prompts: []*sdk.Prompt{prompt()}}, Snapshot{}, "BREAKING  prompt p: removed"},
		{"prompt added", Snapshot{}, Snapshot{Prompts: []*sdk.Prompt{prompt()}}, "ok        prompt p: added"},
		{"prompt required argument added", Snapshot{Prompts: []*sdk.Prompt{prompt()}}, Snapshot{Prompts: []*sdk.Prompt{prompt(arg("x", true))}},
			"BREAKING  prompt p › argument x: added (required)"},
		{"prompt optional argument added", Snapshot{Prompts: []*sdk.Prompt{prompt()}}, Snapshot{Prompts: []*sdk.Prompt{prompt(arg("x", false))}},
			"ok        prompt p › argument x: added (optional)"},
		{"prompt argument removed", Snapshot{Prompts: []*sdk.Prompt{prompt(arg("x", false))}}, Snapshot{Prompts: []*sdk.Prompt{prompt()}},
			"BREAKING  prompt p › argument x: removed"},
		{"prompt argument became required", Snapshot{Prompts: []*sdk.Prompt{prompt(arg("x", false))}}, Snapshot{Prompts: []*sdk.Prompt{prompt(arg("x", true))}},
			"BREAKING  prompt p › argument x: became required (optional → required)"},
		{"prompt argument became optional", Snapshot{Prompts: []*sdk.Prompt{prompt(arg("x", true))}}, Snapshot{Prompts: []*sdk.Prompt{prompt(arg("x", false))}},
			"ok        prompt p › argument x: became optional (required → optional)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.a.normalise()
			tc.b.normalise()
			if got := render(Diff(&tc.a, &tc.b)); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestSnapshotRoundTrip(t *testing.T) {
	s := &Snapshot{Server: "x", Tools: []*sdk.Tool{tool(t, `{"name": "b", "inputSchema": {"type": "object"}}`), tool(t, `{"name": "a", "inputSchema": {"type": "object"}}`)}}
	s.normalise()
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if d := Diff(s, back); len(d) != 0 || back.Tools[0].Name != "a" {
		t.Errorf("round trip changed: %v", d)
	}
	if _, err := Parse([]byte(`{"name": "x"}`)); err == nil {
		t.Error("a JSON object without lists was taken for a snapshot")
	}
}
