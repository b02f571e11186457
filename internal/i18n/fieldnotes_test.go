package i18n

import (
	"strings"
	"testing"

	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/schema"
)

// Schemas with every remark the form model makes about what it cannot
// show or check; each remark is wanted in Chinese.
var oddSchemas = []string{
	`{"type":"object","properties":{"a":{"type":"string","format":"x","not":{"const":"y"}}}}`,
	`{"type":"object","properties":{"a":{"enum":[]}}}`,
	`{"type":"object","properties":{"a":{"oneOf":[{"type":"string"},{"type":"number"}],"anyOf":[{"type":"string"}]}}}`,
	`{"type":"object","properties":{"a":{"oneOf":3}}}`,
	`{"type":"object","properties":{"a":{"type":3}}}`,
	`{"type":"object","properties":{"a":{"type":"thing"}}}`,
	`{"type":"object","properties":{"a":{"type":"string","minLength":"x"}}}`,
	`{"type":"object","properties":{"a":{"type":"string","pattern":"(?<=a)b"}}}`,
	`{"type":"object","properties":{"a":{"type":"number","minimum":"x"}}}`,
	`{"type":"object","properties":{"a":{"type":"number","multipleOf":-1}}}`,
	`{"type":"object","properties":{"a":{"type":"object","required":3}}}`,
	`{"type":"object","properties":{"a":{"type":"object","properties":3}}}`,
	`{"type":"object","properties":{"a":{"type":"object","patternProperties":{"(?<=a)":{}}}}}`,
	`{"type":"object","properties":{"a":{"type":"object","additionalProperties":3}}}`,
	`{"type":"object","properties":{"a":{"type":"object","minProperties":"x"}}}`,
	`{"type":"object","properties":{"a":{"type":"array","minItems":"x"}}}`,
	`{"type":"object","properties":{"a":{"type":"array","prefixItems":[{"type":"string"}]}}}`,
	`{"type":"object","properties":{"a":false}}`,
	`{"type":"object","properties":{"a":3}}`,
	`{"type":"object","properties":{"a":{"$ref":3}}}`,
	`{"type":"object","properties":{"a":{"allOf":3}}}`,
	`{"type":"object","properties":{"a":{"$ref":"https://example.com/x.json"}}}`,
	`{"type":"object","properties":{"a":{"$ref":"#nope"}}}`,
	`{"type":"object","properties":{"a":{"$ref":"#/$defs/nope"}}}`,
	`{"type":"object","properties":{"a":{"allOf":[{"pattern":"a"},{"pattern":"b"}]}}}`,
	`{"type":"object","properties":{"a":{"type":"string","default":5}}}`,
	`{"type":"object","properties":{"a":{"$dynamicRef":"#x"}}}`,
	`{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"a":{"type":"string"}}}`,
	`{"$defs":{"x":{"allOf":[{"$ref":"#/$defs/x"}]}},"type":"object","properties":{"a":{"$ref":"#/$defs/x"}}}`,
}

// What may stay Latin in a remark: quoted names and values, the schema's
// keywords, and JSON Schema itself.
var noteLatin = []string{"$ref", "$dynamicRef", "$schema", "draft-07", "JSON Schema", "JSON", "oneOf", "anyOf", "allOf", "enum", "type",
	"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minimum", "multipleOf", "required",
	"properties", "patternProperties", "additionalProperties", "pattern", "schema", "null", "true", "false"}

// withoutNoteData drops from a remark what may stay Latin: quoted text, an
// address, and the words of noteLatin.
func withoutNoteData(s string) string {
	var b strings.Builder
	inQuote := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && inQuote:
			i++
		case c == '"':
			inQuote = !inQuote
		case inQuote:
		default:
			b.WriteByte(c)
		}
	}
	fields := strings.Fields(b.String())
	kept := fields[:0]
	for _, f := range fields {
		if !strings.HasPrefix(f, "http://") && !strings.HasPrefix(f, "https://") {
			kept = append(kept, f)
		}
	}
	out := strings.Join(kept, " ")
	for _, w := range noteLatin { // the longest first where one holds another
		out = strings.ReplaceAll(out, w, "")
	}
	return out
}

func TestFieldNotesAreTranslated(t *testing.T) {
	setup(t, SimplifiedChinese)
	seen := 0
	for _, s := range oddSchemas {
		f, err := schema.NewForm([]byte(s))
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		notes := [][]say.Msg{f.Remarks}
		var walk func(*schema.Field)
		walk = func(fd *schema.Field) {
			if len(fd.Remarks) > 0 {
				notes = append(notes, fd.Remarks)
			}
			if fd.Note != english(fd.Remarks) {
				t.Errorf("%s: Note %q is not its remarks %q", s, fd.Note, english(fd.Remarks))
			}
			for _, c := range fd.Children() {
				walk(c)
			}
		}
		walk(f.Root)
		if len(notes) == 1 && len(f.Remarks) == 0 {
			t.Errorf("%s: no remark", s)
		}
		for _, n := range notes {
			for _, m := range n {
				seen++
				checkKeysInChinese(t, m)
			}
			zh := FieldNote(n)
			if HasLatinLetter(withoutNoteData(zh)) {
				t.Errorf("%s: %q is shown as %q", s, english(n), zh)
			}
		}
	}
	t.Logf("%d remarks", seen)
}

func english(ms []say.Msg) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

// Several remarks on one field are one text, each sentence translated.
func TestFieldNoteSentences(t *testing.T) {
	tests := []struct {
		remarks []say.Msg
		en, zh  string
	}{
		{[]say.Msg{say.Text("Its enum is empty or not a list, so no value can be chosen."),
			say.New("The form does not check {{.Key}}; the final check before sending does.", say.Args{"Key": `"a. B"`})},
			`Its enum is empty or not a list, so no value can be chosen. The form does not check "a. B"; the final check before sending does.`,
			`它的 enum 为空或不是列表，因此无法选择任何值。表单不检查 "a. B"；发送前的最终检查会检查它。`},
		{[]say.Msg{say.New("This part of the schema is {{.Kind}}, not a schema.", say.Args{"Kind": say.Text("a number")})},
			"This part of the schema is a number, not a schema.", "schema 的这一部分是数字，而不是 schema。"},
		{nil, "", ""},
	}
	for _, lang := range []string{English, SimplifiedChinese} {
		setup(t, lang)
		for _, tc := range tests {
			want := tc.en
			if lang == SimplifiedChinese {
				want = tc.zh
			}
			if got := FieldNote(tc.remarks); got != want {
				t.Errorf("%s: got %q, want %q", lang, got, want)
			}
		}
	}
}
