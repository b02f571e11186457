package lint

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

const goodDesc = "Adds two numbers and returns their sum as text."

// tool builds a well-behaved tool, then lets a test spoil one thing.
func tool(name string, change ...func(*Tool)) Tool {
	t := Tool{
		Name:        name,
		Description: goodDesc,
		InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"number","description":"The first number, e.g. 2."}}}`),
		Annotations: &Annotations{ReadOnlyHint: ptr(true), OpenWorldHint: ptr(false)},
	}
	for _, f := range change {
		f(&t)
	}
	return t
}

func ptr[T any](v T) *T { return &v }

func input(schema string) func(*Tool) {
	return func(t *Tool) { t.InputSchema = json.RawMessage(schema) }
}

func prop(p string) func(*Tool) {
	return input(`{"type":"object","properties":{"a":` + p + `}}`)
}

func desc(d string) func(*Tool) { return func(t *Tool) { t.Description = d } }

func tools(ts ...Tool) Surface { return Surface{Server: "demo", Tools: ts} }

// TestRules gives each rule a minimal input it passes and one it fails.
func TestRules(t *testing.T) {
	destructive := func(t *Tool) { t.Annotations = &Annotations{OpenWorldHint: ptr(false)} }
	outSchema := func(t *Tool) {
		t.OutputSchema = json.RawMessage(`{"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"]}`)
	}
	bigDesc := strings.Repeat("word ", 1000)
	tests := []struct {
		rule       string
		pass, fail Surface
	}{
		{"schema-boolean", tools(tool("t")), tools(tool("t", prop(`true`)))},
		{"schema-remote-ref", tools(tool("t", input(`{"type":"object","$defs":{"x":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/x"}}}`))),
			tools(tool("t", prop(`{"$ref":"https://example.com/s.json"}`)))},
		{"schema-type-union", tools(tool("t", prop(`{"type":["string","null"],"description":"d"}`))), tools(tool("t", prop(`{"type":["string","number"]}`)))},
		{"schema-untyped-property", tools(tool("t", prop(`{"enum":["x","y"]}`))), tools(tool("t", prop(`{"description":"anything"}`)))},
		{"schema-additional-properties", tools(tool("t", input(`{"type":"object","additionalProperties":false}`))),
			tools(tool("t", input(`{"type":"object","additionalProperties":{"type":"string"}}`)))},
		{"schema-not-object", tools(tool("t")), tools(tool("t", input(`{"type":"array","items":{"type":"string"}}`)))},
		{"schema-missing-type", tools(tool("t")), tools(tool("t", input(`{"properties":{"a":{"type":"string"}}}`)))},
		{"schema-format", tools(tool("t", prop(`{"type":"string","format":"date-time"}`))), tools(tool("t", prop(`{"type":"string","format":"byte"}`)))},
		{"schema-invalid", tools(tool("t")), tools(tool("t", input(`[1,2]`)))},
		{"desc-missing", tools(tool("t")), tools(tool("t", desc("")))},
		{"desc-arg-missing", tools(tool("t")), tools(tool("t", prop(`{"type":"string"}`)))},
		{"desc-too-short", tools(tool("t")), tools(tool("t", desc("Adds numbers.")))},
		{"desc-too-long", tools(tool("t")), tools(tool("t", desc(bigDesc)))},
		{"desc-repeats-name", tools(tool("get_weather", desc("Gets the weather for a city, in °C."))), tools(tool("get_weather", desc("Get weather.")))},
		{"args-case-clash", tools(tool("t", input(`{"type":"object","properties":{"path":{"type":"string","description":"d"},"dir":{"type":"string","description":"d"}}}`))),
			tools(tool("t", input(`{"type":"object","properties":{"path":{"type":"string","description":"d"},"Path":{"type":"string","description":"d"}}}`)))},
		{"annot-none", tools(tool("a_tool"), tool("b_tool")), tools(tool("a_tool"), tool("b_tool", func(t *Tool) { t.Annotations = nil }))},
		{"annot-destructive-unmarked", tools(tool("delete_file", func(t *Tool) { t.Annotations = &Annotations{DestructiveHint: ptr(true)} })),
			tools(tool("delete_file", destructive))},
		{"annot-readonly-destructive", tools(tool("t")), tools(tool("t", func(t *Tool) { t.Annotations.DestructiveHint = ptr(true) }))},
		{"name-chars", tools(tool("get-weather_2")), tools(tool("get weather"))},
		{"name-similar", tools(tool("get_user"), tool("list_users")), tools(tool("get_user"), tool("get_users"))},
		{"name-prefixed-too-long", tools(tool(strings.Repeat("x", 40))), tools(tool(strings.Repeat("x", 60)))},
		{"output-mismatch",
			Surface{Tools: []Tool{tool("add", outSchema)}, Observed: []Observation{{Tool: "add", StructuredContent: json.RawMessage(`{"sum":5}`)}}},
			Surface{Tools: []Tool{tool("add", outSchema)}, Observed: []Observation{{Tool: "add", StructuredContent: json.RawMessage(`{"sum":"five"}`)}}}},
		{"output-without-schema",
			Surface{Tools: []Tool{tool("add")}, Observed: []Observation{{Tool: "add"}}},
			Surface{Tools: []Tool{tool("add")}, Observed: []Observation{{Tool: "add", StructuredContent: json.RawMessage(`{"sum":5}`)}}}},
		{"output-schema-not-object", tools(tool("t", outSchema)), tools(tool("t", func(t *Tool) { t.OutputSchema = json.RawMessage(`{"type":"number"}`) }))},
		{"prompt-desc-missing", Surface{Prompts: []Prompt{{Name: "p", Description: "Writes a haiku."}}}, Surface{Prompts: []Prompt{{Name: "p"}}}},
		{"prompt-arg-desc-missing", Surface{Prompts: []Prompt{{Name: "p", Description: "d", Arguments: []Argument{{Name: "x", Description: "d"}}}}},
			Surface{Prompts: []Prompt{{Name: "p", Description: "d", Arguments: []Argument{{Name: "x"}}}}}},
		{"resource-desc-missing", Surface{Resources: []Resource{{Name: "r", Description: "The readme."}}}, Surface{Resources: []Resource{{Name: "r"}}}},
		{"cost-tool", tools(tool("t")), tools(tool("t", desc(strings.Repeat("A long description. ", 250))))},
		{"cost-total", tools(tool("t")), func() Surface {
			var s Surface
			for i := range 20 {
				s.Tools = append(s.Tools, tool(fmt.Sprintf("tool%02d", i), desc(strings.Repeat("Some description text. ", 100))))
			}
			return s
		}()},
	}
	tested := map[string]bool{}
	for _, tt := range tests {
		tested[tt.rule] = true
		t.Run(tt.rule, func(t *testing.T) {
			if _, ok := Lookup(tt.rule); !ok {
				t.Fatalf("no rule %q", tt.rule)
			}
			if fs := fired(Run(tt.pass), tt.rule); len(fs) > 0 {
				t.Errorf("fired on the passing input: %+v", fs)
			}
			if fs := fired(Run(tt.fail), tt.rule); len(fs) == 0 {
				t.Errorf("did not fire on the failing input; the report: %+v", Run(tt.fail).Findings)
			}
		})
	}
	for _, r := range Rules() {
		if !tested[r.ID] {
			t.Errorf("rule %q has no test", r.ID)
		}
	}
}

func fired(r Report, rule string) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Rule == rule {
			out = append(out, f)
		}
	}
	return out
}

// A clean tool passes every rule.
func TestCleanTool(t *testing.T) {
	r := Run(tools(tool("add_numbers"), tool("list_files")))
	if len(r.Findings) != 0 {
		t.Fatalf("findings on clean tools: %+v", r.Findings)
	}
}

func TestRulesAreComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("rule %q twice", r.ID)
		}
		seen[r.ID] = true
		if r.Why == "" || strings.Contains(r.Why, "\n") || r.Group == "" {
			t.Errorf("rule %q needs a one-line why and a group", r.ID)
		}
		switch r.Severity {
		case Error, Warning, Info:
		default:
			t.Errorf("rule %q has severity %q", r.ID, r.Severity)
		}
	}
}

func TestAnnotNoneOnceWhenNoToolHasHints(t *testing.T) {
	bare := func(t *Tool) { t.Annotations = nil }
	r := Run(tools(tool("one_tool", bare), tool("two_tool", bare), tool("three_tool", bare)))
	fs := fired(r, "annot-none")
	if len(fs) != 1 || fs[0].Kind != KindServer {
		t.Fatalf("want one server-level annot-none, got %+v", fs)
	}
}

func TestDestructiveWords(t *testing.T) {
	tests := []struct {
		name, desc string
		want       bool
	}{
		{"delete_file", goodDesc, true},
		{"removeItem", goodDesc, true},
		{"drop_table", goodDesc, true},
		{"write_file", "Overwrites the file with new content.", true},
		{"list_files", "Lists files. Never deletes anything.", false},
		{"dropdown_options", "Lists a dropdown's options.", false},
		{"get_removed", "Gets items that were archived.", false},
	}
	for _, tt := range tests {
		r := Run(tools(tool(tt.name, desc(tt.desc), func(t *Tool) { t.Annotations = &Annotations{OpenWorldHint: ptr(false)} })))
		if got := len(fired(r, "annot-destructive-unmarked")) > 0; got != tt.want {
			t.Errorf("%s / %q: fired %v, want %v", tt.name, tt.desc, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"get_user", "get_users", 1}, {"flaw", "lawn", 2}} {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestCostTopFive(t *testing.T) {
	var s Surface
	for i := range 7 {
		s.Tools = append(s.Tools, tool(fmt.Sprintf("tool%d", i), desc(strings.Repeat("x", 100*(i+1)))))
	}
	c := Run(s).Cost
	if len(c.Tools) != 7 || len(c.Top) != 5 || c.Top[0].Tool != "tool6" || c.Top[4].Tool != "tool2" {
		t.Fatalf("cost: %+v", c)
	}
	sum := 0
	for _, tc := range c.Tools {
		sum += tc.Tokens
		if tc.Tokens != (tc.Bytes+3)/4 {
			t.Errorf("%s: %d tokens for %d bytes", tc.Tool, tc.Tokens, tc.Bytes)
		}
	}
	if sum != c.Total {
		t.Errorf("total %d, sum %d", c.Total, sum)
	}
}

func TestByRuleAndForTarget(t *testing.T) {
	r := Run(tools(tool("a", desc("")), tool("b", desc(""))))
	groups := r.ByRule()
	if len(groups) == 0 || groups[0].Rule.ID != "desc-missing" || len(groups[0].Findings) != 2 {
		t.Fatalf("groups: %+v", groups)
	}
	if len(r.ForTarget(KindTool, "a")) != 1 {
		t.Fatalf("for a: %+v", r.ForTarget(KindTool, "a"))
	}
	if !r.Failed() {
		t.Fatal("warnings should fail strict mode")
	}
}
