package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// The final check by the JSON Schema library catches what the form does
// not check itself, and its complaint is translated into plain words on
// the right field.
func TestFinalCheck(t *testing.T) {
	tests := []struct {
		name, schema, args, want string
	}{
		{"not", `{"type":"object","properties":{"s":{"type":"string","not":{"const":"admin"}}}}`,
			`{"s":"admin"}`, "s: is a value that is not allowed here"},
		{"dependentRequired", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"dependentRequired":{"a":["b"]}}`,
			`{"a":"x"}`, "when a is given, b must be given too"},
		{"oneOf overlap", `{"type":"object","properties":{"v":{"oneOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}}}`,
			`{"v":{}}`, "v: matches more than one of the allowed shapes, but must match exactly one"},
		{"if/then", `{"type":"object","properties":{"kind":{"type":"string"},"n":{"type":"integer"}},"if":{"properties":{"kind":{"const":"num"}}},"then":{"required":["n"]}}`,
			`{"kind":"num"}`, "is missing what is required: n"},
		{"contains", `{"type":"object","properties":{"l":{"type":"array","items":{"type":"integer"},"contains":{"const":1}}}}`,
			`{"l":[2]}`, "l: needs at least one item of the required kind"},
		{"propertyNames", `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"string"},"propertyNames":{"maxLength":2}}}}`,
			`{"m":{"long":"x"}}`, "must be at most 2 characters long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustForm(t, tt.schema)
			check(t, f.Load(json.RawMessage(tt.args)))
			got := problems(f)
			if len(got) != 1 || !strings.Contains(got[0], tt.want) {
				t.Errorf("problems %q, want one containing %q", got, tt.want)
			}
		})
	}
}

// The library's messages are translated; what no rule knows is passed on.
func TestTranslate(t *testing.T) {
	tests := []struct {
		in, path, msg string
	}{
		{`validating root: validating /properties/n: maximum: 12 is greater than 10.000000`, "n", "must be at most 10"},
		{`validating root: validating /properties/a/properties/b: type: 3 has type "integer", want "string"`, "a.b", "must be text, not a whole number"},
		{`validating root: validating /properties/l/items: minLength: "a" contains 1 Unicode code points, fewer than 2`, "l", "must be at least 2 characters long"},
		{`validating root: required: missing properties: ["a" "b"]`, "", "is missing what is required: a, b"},
		{`validating root: unexpected additional properties ["x"]`, "", "has keys that are not allowed here: x"},
		{`validating root: validating /properties/u: uniqueItems: array items 0 and 2 are equal`, "u", "items 1 and 3 are the same; each item must be different"},
		{`validating root: validating /$defs/x: something new`, "", "does not fit the schema: something new"},
		{`validating root: validating /properties/x~1y: enum: 3 does not equal any of: [1 2]`, `["x/y"]`, "must be one of: 1 2"},
	}
	for _, tt := range tests {
		got := translate(tt.in)
		if got.Path != tt.path || got.Message != tt.msg {
			t.Errorf("%s:\n got %q %q\nwant %q %q", tt.in, got.Path, got.Message, tt.path, tt.msg)
		}
	}
}
