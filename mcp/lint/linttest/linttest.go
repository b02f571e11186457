// Package linttest holds what tests of the quality report in other
// packages share: servers whose lint reports carry every rule and every
// message of mcp/lint, and a check that a report shown in another language
// keeps no English word but the server's data and the protocol's names.
package linttest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"mcpbrowser/mcp/lint"
)

// EveryMessage returns surfaces whose reports, together, carry every
// message template (lint.MessageKeys); the first alone fires every rule.
func EveryMessage() []lint.Surface {
	yes, no := true, false
	hinted := &lint.Annotations{ReadOnlyHint: &yes, OpenWorldHint: &no}
	good := "Adds two numbers and returns their sum as text."
	tool := func(name, desc, schema string) lint.Tool {
		t := lint.Tool{Name: name, Description: desc, Annotations: hinted}
		if schema != "" {
			t.InputSchema = json.RawMessage(schema)
		}
		return t
	}
	described := func(props string) string {
		return `{"type":"object","properties":` + props + `}`
	}
	withOutput := func(t lint.Tool, schema string) lint.Tool {
		t.OutputSchema = json.RawMessage(schema)
		return t
	}
	withHints := func(t lint.Tool, a *lint.Annotations) lint.Tool {
		t.Annotations = a
		return t
	}
	sumSchema := `{"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"]}`
	first := lint.Surface{
		// Long enough that mcp__SERVER__TOOL passes 64 characters.
		Server: "a-server-with-a-long-name",
		Tools: []lint.Tool{
			tool("no_schema", good, ""),
			tool("bad_json", good, `{"type":`),
			tool("bool_schema", good, `true`),
			tool("no_type", good, `{"properties":{}}`),
			tool("array_type", good, `{"type":"array"}`),
			tool("object_or_null", good, `{"type":["object","null"]}`),
			tool("list_schema", good, `[1,2]`),
			tool("schema_things", good, described(`{
				"ref":{"$ref":"https://example.com/s.json","description":"A remote reference."},
				"either":{"type":["string","number"],"description":"A string or a number."},
				"anything":{"description":"Anything at all."},
				"stamp":{"type":"string","format":"byte","description":"Some bytes."},
				"labels":{"type":"object","additionalProperties":{"type":"string"},"description":"A map."},
				"flag":true}`)),
			tool("nameless_deed", "", `{"type":"object"}`),
			tool("get_weather", "Get weather.", `{"type":"object"}`),
			tool("shorty", "Adds numbers.", `{"type":"object"}`),
			// Long enough for desc-too-long, cost-tool and cost-total at once.
			tool("longwinded", strings.Repeat("Says a great deal. ", 2200), `{"type":"object"}`),
			tool("case_clash", good, described(`{"path":{"type":"string"},"Path":{"type":"string"}}`)),
			withHints(tool("no_hints", good, `{"type":"object"}`), nil),
			withHints(tool("both_true", good, `{"type":"object"}`), &lint.Annotations{ReadOnlyHint: &yes, DestructiveHint: &yes}),
			withHints(tool("delete_file", good, `{"type":"object"}`), &lint.Annotations{OpenWorldHint: &no}),
			withHints(tool("tidy_up", "Removes old files from the cache folder.", `{"type":"object"}`), &lint.Annotations{OpenWorldHint: &no}),
			tool("get weather", good, `{"type":"object"}`),
			tool("get_user", good, `{"type":"object"}`),
			tool("get_users", good, `{"type":"object"}`),
			tool(strings.Repeat("x", 40), good, `{"type":"object"}`),
			withOutput(tool("out_number", good, `{"type":"object"}`), `{"type":"number"}`),
			tool("plain", good, `{"type":"object"}`),
			withOutput(tool("sum_none", good, `{"type":"object"}`), sumSchema),
			withOutput(tool("sum_broken", good, `{"type":"object"}`), sumSchema),
			withOutput(tool("sum_wrong", good, `{"type":"object"}`), sumSchema),
		},
		Prompts:   []lint.Prompt{{Name: "summarise", Arguments: []lint.Argument{{Name: "text"}}}},
		Resources: []lint.Resource{{Name: "notes.txt", URI: "file:///notes.txt"}},
		Observed: []lint.Observation{
			{Tool: "plain", StructuredContent: json.RawMessage(`{"sum":5}`)},
			{Tool: "sum_none"},
			{Tool: "sum_broken", StructuredContent: json.RawMessage(`{"sum":`)},
			{Tool: "sum_wrong", StructuredContent: json.RawMessage(`{"sum":"five"}`)},
		},
	}
	// No tool sets any hint: one server-wide finding instead of one per tool.
	bare := lint.Surface{Server: "bare", Tools: []lint.Tool{{Name: "echo", Description: "Echoes back the text it is given.", InputSchema: json.RawMessage(`{"type":"object"}`)}}}
	return []lint.Surface{first, bare}
}

// Vocabulary is what a report keeps in Latin letters in every language:
// the protocol's and JSON Schema's names (GLOSSARY.md), JSON values, and
// the pattern and prefix agents put tool names in.
var Vocabulary = []string{
	"^[a-zA-Z0-9_-]{1,64}$", "mcp__SERVER__TOOL", "#/$defs/", "$ref", "JSON Schema", "JSON", "MCP", "URL", "API",
	"inputSchema", "outputSchema", "structuredContent", "additionalProperties", "readOnlyHint", "destructiveHint",
	"idempotentHint", "openWorldHint", "anyOf", "enum", "const", "format", "type", "object", "string", "number",
	"not", "true", "false", "schema", "token",
	"date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri",
	"get_user", "list_users",
}

// Data is everything in a report that came from the server or names
// something: rule ids, the server's name, targets, the values in the
// messages, the tools in the cost section; and each finding's path inside
// its target where it is shown, in brackets (a path is made of field names,
// "description", which must not pass for data anywhere else).
func Data(rep lint.Report) []string {
	data := []string{rep.Server}
	for _, r := range lint.Rules() {
		data = append(data, r.ID)
	}
	for _, f := range rep.Findings {
		data = append(data, f.Target)
		if f.Path != "" {
			data = append(data, "("+f.Path+")", "（"+f.Path+"）")
		}
		for _, v := range f.Args {
			data = append(data, fmt.Sprint(v))
		}
	}
	for _, t := range rep.Cost.Tools {
		data = append(data, t.Tool)
	}
	return data
}

// Stray is text with every allowed string taken out where it stands as a
// whole word (longest first): what holds a Latin letter was not translated.
func Stray(text string, allowed []string) string {
	allowed = slices.Clone(allowed)
	slices.SortFunc(allowed, func(a, b string) int { return len(b) - len(a) })
	for _, w := range allowed {
		text = removeWord(text, w)
	}
	return strings.Join(strings.FieldsFunc(text, func(r rune) bool { return !isLatin(r) }), " ")
}

func isLatin(r rune) bool { return r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }

// removeWord blanks every occurrence of w that no letter, digit or _
// touches on either side (a tool named "t" must not eat the t of "type").
func removeWord(s, w string) string {
	if w == "" {
		return s
	}
	wordByte := func(b byte) bool { return isLatin(rune(b)) || b >= '0' && b <= '9' || b == '_' }
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return s
		}
		i += from
		j := i + len(w)
		if (i == 0 || !wordByte(s[i-1]) || !wordByte(w[0])) && (j == len(s) || !wordByte(s[j]) || !wordByte(w[len(w)-1])) {
			s = s[:i] + strings.Repeat(" ", len(w)) + s[j:]
		}
		from = i + 1
	}
}
