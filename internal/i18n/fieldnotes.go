package i18n

import (
	"strings"
)

// The schema model (mcp/schema) explains in English what part of a tool's
// input schema the form cannot show or check (Field.Note, Form.Notes): a
// few sentences joined by spaces. FieldNote translates each sentence it
// knows, by the same kind of table as Explain; names, patterns and JSON
// from the schema stay as written.

const quoted = `"(?:[^"\\]|\\.)*"`

var noteRules = []coreRule{
	rule(`It has both oneOf and anyOf; the form offers the oneOf choices, and the final check applies both\.`,
		"It has both oneOf and anyOf; the form offers the oneOf choices, and the final check applies both."),
	rule(`It is a list with a fixed shape per position \(a tuple\), which is edited as raw JSON\.`,
		"It is a list with a fixed shape per position (a tuple), which is edited as raw JSON."),
	rule(`It refers to (?P<Ref>`+quoted+`), which does not exist in this schema\.`, "It refers to {{.Ref}}, which does not exist in this schema."),
	rule(`It refers to (?P<Ref>`+quoted+`), which is outside this schema; the form cannot fetch other documents\.`,
		"It refers to {{.Ref}}, which is outside this schema; the form cannot fetch other documents."),
	rule(`It refers to the anchor (?P<Anchor>`+quoted+`), which this schema does not define\.`, "It refers to the anchor {{.Anchor}}, which this schema does not define."),
	rule(`Its \$ref is not a text reference\.`, "Its $ref is not a text reference."),
	rule(`Its (?P<Key>\w+) is not a list of schemas\.`, "Its {{.Key}} is not a list of schemas."),
	rule(`Its (?P<Key>\w+) is not a number, so it is not checked here\.`, "Its {{.Key}} is not a number, so it is not checked here."),
	rule(`Its (?P<Key>\w+) is too large to check\.`, "Its {{.Key}} is too large to check."),
	rule(`Its additionalProperties is not a schema, so extra keys are not offered\.`, "Its additionalProperties is not a schema, so extra keys are not offered."),
	rule(`Its allOf has more than one (?P<Key>`+quoted+`); the form uses the first, and the final check applies all\.`,
		"Its allOf has more than one {{.Key}}; the form uses the first, and the final check applies all."),
	rule(`Its enum is empty or not a list, so no value can be chosen\.`, "Its enum is empty or not a list, so no value can be chosen."),
	rule(`Its (?P<Min>minItems|minLength) or (?P<Max>maxItems|maxLength) is not a whole number, so the length is not checked here\.`,
		"Its {{.Min}} or {{.Max}} is not a whole number, so the length is not checked here."),
	rule(`Its minProperties or maxProperties is not a whole number, so it is not checked here\.`,
		"Its minProperties or maxProperties is not a whole number, so it is not checked here."),
	rule(`Its multipleOf is not positive, so it is not checked\.`, "Its multipleOf is not positive, so it is not checked."),
	rule(`Its pattern (?P<Pattern>`+quoted+`) uses syntax this program cannot check, so the pattern is not checked\.`,
		"Its pattern {{.Pattern}} uses syntax this program cannot check, so the pattern is not checked."),
	rule(`Its patternProperties key (?P<Pattern>`+quoted+`) uses syntax this program cannot check; such keys take any value\.`,
		"Its patternProperties key {{.Pattern}} uses syntax this program cannot check; such keys take any value."),
	rule(`Its properties is not an object, so no properties are shown\.`, "Its properties is not an object, so no properties are shown."),
	rule(`Its required is not a list of names, so nothing is marked required\.`, "Its required is not a list of names, so nothing is marked required."),
	rule(`Its type (?P<Type>`+quoted+`) is not a JSON Schema type\.`, "Its type {{.Type}} is not a JSON Schema type."),
	rule(`Its type is not a type name or a list of type names\.`, "Its type is not a type name or a list of type names."),
	rule(`Its allOf is not a list of schemas\.`, "Its allOf is not a list of schemas."),
	rule(`Its default (?P<Value>.*) does not fit the schema, so it is not filled in\.`, "Its default {{.Value}} does not fit the schema, so it is not filled in."),
	rule(`The final check before sending is off because the validator cannot use this schema: (?P<Err>.*)\. The form's own checks still apply\.`,
		"The final check before sending is off because the validator cannot use this schema: {{.Err}}. The form's own checks still apply.", "Err"),
	rule(`a keyword in it has a value of the wrong kind`, "a keyword in it has a value of the wrong kind"),
	rule(`it cannot be written back as JSON`, "it cannot be written back as JSON"),
	rule(`a \$ref in it cannot be followed`, "a $ref in it cannot be followed"),
	rule(`its \$schema is a JSON Schema version the validator does not know \(it knows draft-07 and 2020-12\)`,
		"its $schema is a JSON Schema version the validator does not know (it knows draft-07 and 2020-12)"),
	rule(`it refers to itself without nesting \(\$ref in a loop\)`, "it refers to itself without nesting ($ref in a loop)"),
	rule(`it uses \$dynamicRef`, "it uses $dynamicRef"),
	rule(`The final check before sending is off: the validator failed on this schema \((?P<Err>.*)\)\.`,
		"The final check before sending is off: the validator failed on this schema ({{.Err}})."),
	rule(`The form does not check (?P<Key>`+quoted+`); the final check before sending does\.`,
		"The form does not check {{.Key}}; the final check before sending does."),
	rule(`The schema accepts no value here\.`, "The schema accepts no value here."),
	rule(`This part of the schema is (?P<Kind>null|true or false|a number|text|a list|an object), not a schema, so the form cannot understand it\.`,
		"This part of the schema is {{.Kind}}, not a schema, so the form cannot understand it.", "Kind"),
	rule(`This part of the schema is (?P<Kind>null|true or false|a number|text|a list|an object), not a schema\.`,
		"This part of the schema is {{.Kind}}, not a schema.", "Kind"),
	rule(`This part of the schema nests or refers to itself too deeply to show as a form\.`,
		"This part of the schema nests or refers to itself too deeply to show as a form."),
	rule(`This part of the schema refers to itself \(through \$ref or allOf\) without nesting, or is too complex, so it cannot be shown as a form\.`,
		"This part of the schema refers to itself (through $ref or allOf) without nesting, or is too complex, so it cannot be shown as a form."),
}

// FieldNote translates the schema model's remarks on a field or a form:
// the whole text as one sentence first, else sentence by sentence.
func FieldNote(note string) string {
	if out, ok := applyRules(noteRules, note, notePart); ok {
		return out
	}
	var out strings.Builder
	for i, s := range noteSentences(note) {
		if i > 0 && !strings.HasSuffix(out.String(), "。") {
			out.WriteString(" ")
		}
		t, _ := applyRules(noteRules, s, notePart)
		out.WriteString(t)
	}
	return out.String()
}

// notePart translates a part of a note: a kind of JSON value stays a key of
// its own ("a number" is 数字), a cause is the validator's problem or the
// core's sentence.
func notePart(s string) string {
	switch s {
	case "null", "true or false", "a number", "text", "a list", "an object":
		return L(s)
	}
	if out, ok := applyRules(noteRules, s, notePart); ok {
		return out
	}
	return explainSentence(s)
}

// noteSentences splits the notes at each ". " that starts a new sentence
// (a capital letter after it); a full stop inside a quoted name does not.
func noteSentences(note string) []string {
	var out []string
	start, inQuote := 0, false
	for i := 0; i < len(note); i++ {
		switch note[i] {
		case '\\':
			i++
		case '"':
			inQuote = !inQuote
		case '.':
			if !inQuote && i+2 < len(note) && note[i+1] == ' ' && note[i+2] >= 'A' && note[i+2] <= 'Z' {
				out = append(out, note[start:i+1])
				start = i + 2
			}
		}
	}
	if start < len(note) {
		out = append(out, note[start:])
	}
	return out
}
