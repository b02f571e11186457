package view

import (
	"encoding/json"
	"strings"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/schema"
)

// FieldHint is the line under a form field that says what it takes, built
// from the schema model's limits in the chosen language (the schema
// package words its own Hint in English for the CLI and must not import
// Fyne). Deprecated, read-only and write-only are left out: badges say them.
func FieldHint(fd *schema.Field) string {
	var parts []string
	l := fd.Limits
	count := func(min, max *int, key, atLeast, atMost string) {
		switch {
		case min != nil && max != nil:
			parts = append(parts, i18n.N(key, *max, map[string]any{"Min": *min}))
		case min != nil && *min > 0:
			parts = append(parts, i18n.N(atLeast, *min))
		case max != nil:
			parts = append(parts, i18n.N(atMost, *max))
		}
	}
	switch fd.Kind {
	case schema.String:
		if p := formatPlaceholder(fd.Format); p != "" {
			parts = append(parts, fd.Format+" ("+p+")")
		} else if fd.Format != "" {
			parts = append(parts, fd.Format)
		}
		count(l.MinLength, l.MaxLength, "from {{.Min}} to {{.Count}} characters", "at least {{.Count}} characters", "at most {{.Count}} characters")
		if l.Pattern != "" {
			parts = append(parts, i18n.L("matching {{.Pattern}}", map[string]any{"Pattern": l.Pattern}))
		}
	case schema.Number, schema.Integer:
		parts = append(parts, numberRange(fd.Kind == schema.Integer, l))
		if l.MultipleOf != "" {
			parts = append(parts, i18n.L("a multiple of {{.N}}", map[string]any{"N": string(l.MultipleOf)}))
		}
	case schema.Array:
		count(l.MinItems, l.MaxItems, "from {{.Min}} to {{.Count}} items", "at least {{.Count}} items", "at most {{.Count}} items")
		if l.UniqueItems {
			parts = append(parts, i18n.L("no repeats"))
		}
	case schema.MultiEnum:
		count(l.MinItems, l.MaxItems, "from {{.Min}} to {{.Count}} choices", "at least {{.Count}} choices", "at most {{.Count}} choices")
		if l.UniqueItems {
			parts = append(parts, i18n.L("no repeats"))
		}
	case schema.RawJSON:
		parts = append(parts, i18n.L("any JSON value"))
	}
	if len(fd.Examples) > 0 {
		var ex []string
		for i, e := range fd.Examples {
			if i == 3 {
				break
			}
			ex = append(ex, plainExample(e))
		}
		parts = append(parts, i18n.L("e.g. {{.Examples}}", map[string]any{"Examples": strings.Join(ex, ", ")}))
	}
	return strings.Join(parts, i18n.L(", "))
}

// FieldPlaceholder is the grey text in an empty input: the schema's
// example or format pattern as it is, or the kind of value in words.
func FieldPlaceholder(fd *schema.Field) string {
	switch fd.Placeholder {
	case "whole number":
		return i18n.L("whole number")
	case "number":
		return i18n.L("number")
	case "JSON value":
		return i18n.L("JSON value")
	}
	return fd.Placeholder
}

func numberRange(integer bool, l schema.Limits) string {
	lo, hi := string(l.Minimum), string(l.Maximum)
	data := map[string]any{"Lo": lo, "Hi": hi}
	key := func(en string) string {
		if integer {
			return "whole number" + en
		}
		return "number" + en
	}
	switch {
	case lo != "" && hi != "" && !l.MinimumExclusive && !l.MaximumExclusive:
		return i18n.L(key(" from {{.Lo}} to {{.Hi}}"), data)
	case lo != "" && hi != "":
		switch {
		case l.MinimumExclusive && l.MaximumExclusive:
			return i18n.L(key(", more than {{.Lo}} and less than {{.Hi}}"), data)
		case l.MinimumExclusive:
			return i18n.L(key(", more than {{.Lo}} and {{.Hi}}"), data)
		}
		return i18n.L(key(", {{.Lo}} and less than {{.Hi}}"), data)
	case lo != "" && !l.MinimumExclusive:
		return i18n.L(key(", at least {{.Lo}}"), data)
	case lo != "":
		return i18n.L(key(", more than {{.Lo}}"), data)
	case hi != "" && !l.MaximumExclusive:
		return i18n.L(key(", at most {{.Hi}}"), data)
	case hi != "":
		return i18n.L(key(", less than {{.Hi}}"), data)
	}
	return i18n.L(key(""))
}

// formatPlaceholder mirrors the schema package's placeholders for the
// string formats it knows: patterns, not words, so they need no translation.
func formatPlaceholder(format string) string {
	switch format {
	case "date":
		return "YYYY-MM-DD"
	case "date-time":
		return "YYYY-MM-DDThh:mm:ssZ"
	case "time":
		return "hh:mm:ssZ"
	case "email":
		return "name@example.com"
	case "uri":
		return "https://example.com/path"
	case "uuid":
		return "123e4567-e89b-12d3-a456-426614174000"
	case "hostname":
		return "example.com"
	case "ipv4":
		return "192.0.2.1"
	case "ipv6":
		return "2001:db8::1"
	}
	return ""
}

// plainExample is an example as the hint shows it: a string without its
// quotes, anything else as JSON, cut at 60 characters.
func plainExample(raw json.RawMessage) string {
	s := string(raw)
	var str string
	if json.Unmarshal(raw, &str) == nil {
		s = str
	}
	return ClipRunes(s, 57) + map[bool]string{true: "…", false: ""}[len([]rune(s)) > 60]
}
