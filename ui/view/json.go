package view

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/schema"
)

func CompactJSON(text string) json.RawMessage {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(text)); err != nil {
		return json.RawMessage(text)
	}
	return b.Bytes()
}

// PrettyJSON indents JSON without decoding it, so key order and every digit
// of a number stay as they are.
func PrettyJSON(raw []byte) string {
	var b bytes.Buffer
	if err := json.Indent(&b, bytes.TrimSpace(raw), "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}

// PrettyJSONText indents text that is a JSON object or array; other text comes back as is.
func PrettyJSONText(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if t == "" || (t[0] != '{' && t[0] != '[') {
		return text, false
	}
	var out bytes.Buffer
	out.Grow(len(t) + len(t)/4)
	if err := json.Indent(&out, []byte(t), "", "  "); err != nil {
		return text, false
	}
	return out.String(), true
}

func LooksLikeJSON(text string) bool {
	t := strings.TrimLeft(text, " \t\r\n")
	return t != "" && (t[0] == '{' || t[0] == '[')
}

// IndentHead pretty-prints the start of a JSON text as json.Indent does (two
// spaces), stopping after maxLines lines or maxBytes bytes of output. It
// reports whether it reached the end. It does not check the JSON: a text
// that only looks like JSON comes out oddly indented, and Show all then
// shows it as it is.
func IndentHead(s string, maxLines, maxBytes int) (string, bool) {
	var b strings.Builder
	depth, lines := 0, 1
	inString, escaped := false, false
	newline := func() {
		b.WriteByte('\n')
		lines++
		for range depth {
			b.WriteString("  ")
		}
	}
	cut := func() string {
		head := b.String()
		if lines > maxLines {
			head = head[:strings.LastIndexByte(head, '\n')]
		}
		return head
	}
	for i := 0; i < len(s); i++ {
		if lines > maxLines || b.Len() >= maxBytes {
			return cut(), false
		}
		c := s[i]
		if inString {
			b.WriteByte(c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
		case '"':
			inString = true
			b.WriteByte(c)
		case '{', '[':
			b.WriteByte(c)
			j := i + 1
			for j < len(s) && strings.IndexByte(" \t\r\n", s[j]) >= 0 {
				j++
			}
			if j < len(s) && (s[j] == '}' || s[j] == ']') {
				b.WriteByte(s[j]) // an empty object or array stays on one line
				i = j
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth = max(0, depth-1)
			newline()
			b.WriteByte(c)
		case ',':
			b.WriteByte(c)
			newline()
		case ':':
			b.WriteString(": ")
		default:
			b.WriteByte(c)
		}
	}
	if lines > maxLines {
		return cut(), false
	}
	return b.String(), true
}

// RequiredSkeleton is an arguments object with every required property of
// root filled with a placeholder of its type ("" for text, 0 for numbers …),
// so the JSON editor starts with the keys the tool needs. Properties the
// form already holds keep their value.
func RequiredSkeleton(root *schema.Field) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	for _, c := range root.Children() {
		if !c.Required || c.IsEntry() {
			continue
		}
		val, ok := c.Value()
		if !ok || !c.IsSet() {
			val = PlaceholderFor(c)
		}
		if n > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(c.Name)
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
		n++
	}
	b.WriteByte('}')
	return b.Bytes()
}

// PlaceholderFor is a value of fd's type to be typed over.
func PlaceholderFor(fd *schema.Field) json.RawMessage {
	switch fd.Kind {
	case schema.Number, schema.Integer:
		return json.RawMessage(`0`)
	case schema.Boolean:
		return json.RawMessage(`false`)
	case schema.Null:
		return json.RawMessage(`null`)
	case schema.Object, schema.KeyValue:
		return json.RawMessage(`{}`)
	case schema.Array, schema.MultiEnum:
		return json.RawMessage(`[]`)
	case schema.Enum, schema.Const, schema.Variant:
		if len(fd.Options) > 0 && len(fd.Options[0].Value) > 0 {
			return fd.Options[0].Value
		}
	}
	return json.RawMessage(`""`)
}

// OutputSchemaProblem returns, in words, how structured fails schema, or ""
// when it matches.
func OutputSchemaProblem(outputSchema, structured any) string {
	if structured == nil {
		return i18n.L("The tool declares an outputSchema but returned no structuredContent.")
	}
	raw, err := json.Marshal(outputSchema)
	if err != nil {
		return i18n.L("The tool's outputSchema could not be read: {{.Reason}}", map[string]any{"Reason": err.Error()})
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		// Go's words ("json: cannot unmarshal number into Go struct field …") would say less.
		return i18n.L("The tool's outputSchema is not a JSON Schema this app understands: {{.Reason}}", map[string]any{"Reason": i18n.L("a keyword in it has a value of the wrong kind")})
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		return i18n.L("The tool's outputSchema could not be resolved, so the result was not checked: {{.Reason}}", map[string]any{"Reason": i18n.L("a $ref in it cannot be followed")})
	}
	// Validate wants plain JSON values (map[string]any …), whatever Go types the result holds.
	var instance any
	b, err := json.Marshal(structured)
	if err == nil {
		err = json.Unmarshal(b, &instance)
	}
	if err != nil {
		return i18n.L("The structured content is not JSON: {{.Reason}}", map[string]any{"Reason": err.Error()})
	}
	if err := resolved.Validate(instance); err != nil {
		fe := schema.ExplainValidation(err)
		field := "structuredContent"
		if fe.Path != "" {
			field += "." + fe.Path
		}
		reason := i18n.L("{{.Field}}: {{.Problem}}", map[string]any{"Field": field, "Problem": i18n.FieldProblem(fe.Problem())})
		return i18n.L("The structured content does not match the tool's outputSchema: {{.Reason}}", map[string]any{"Reason": reason})
	}
	return ""
}
