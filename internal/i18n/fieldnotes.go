package i18n

import "strings"

// The schema model (mcp/schema) remarks on what part of a tool's input
// schema the form cannot show or check (Field.Remarks, Form.Remarks): a few
// sentences, each a keyed message whose key is its English. Names,
// patterns and JSON from the schema are its arguments and stay as written.

// FieldNote is the schema model's remarks on a field or a form, sentence by
// sentence, in the chosen language: one text, with a space after each
// sentence but none after a Chinese full stop.
func FieldNote[K Keyed](remarks []K) string {
	var out strings.Builder
	for i, r := range remarks {
		if i > 0 && !strings.HasSuffix(out.String(), "。") {
			out.WriteString(" ")
		}
		out.WriteString(Say(r))
	}
	return out.String()
}
