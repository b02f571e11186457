package i18n

import (
	"regexp"
	"testing"

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
var noteLatin = regexp.MustCompile(`"(\\.|[^"\\])*"|\$ref|\$dynamicRef|\$schema|draft-07|https?://\S+|\b(oneOf|anyOf|allOf|enum|type|minLength|maxLength|minItems|maxItems|minProperties|maxProperties|minimum|multipleOf|required|properties|patternProperties|additionalProperties|pattern|schema|JSON Schema|JSON|null|true|false)\b`)

func TestFieldNotesAreTranslated(t *testing.T) {
	setup(t, SimplifiedChinese)
	seen := 0
	for _, s := range oddSchemas {
		f, err := schema.NewForm([]byte(s))
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		notes := append([]string(nil), f.Notes...)
		var walk func(*schema.Field)
		walk = func(fd *schema.Field) {
			if fd.Note != "" {
				notes = append(notes, fd.Note)
			}
			for _, c := range fd.Children() {
				walk(c)
			}
		}
		walk(f.Root)
		if len(notes) == 0 {
			t.Errorf("%s: no remark", s)
		}
		for _, n := range notes {
			seen++
			zh := FieldNote(n)
			if HasLatinLetter(noteLatin.ReplaceAllString(zh, "")) {
				t.Errorf("%s: %q is shown as %q", s, n, zh)
			}
		}
	}
	t.Logf("%d remarks", seen)
}

func TestFieldNoteKeysAreTranslated(t *testing.T) { checkRuleKeys(t, noteRules) }

// Several remarks on one field are one text; each sentence is translated,
// and a full stop inside a quoted name does not split it.
func TestFieldNoteSentences(t *testing.T) {
	checkBilingual(t, "FieldNote", FieldNote, []struct{ in, zh string }{
		{`Its enum is empty or not a list, so no value can be chosen. The form does not check "a. B"; the final check before sending does.`,
			`它的 enum 为空或不是列表，因此无法选择任何值。表单不检查 "a. B"；发送前的最终检查会检查它。`},
		{"This part of the schema is a number, not a schema.", "schema 的这一部分是数字，而不是 schema。"},
		{"a server's own words. Kept", "a server's own words. Kept"},
	})
}
