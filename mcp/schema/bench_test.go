package schema

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// wideSchema returns an object schema with n properties of mixed kinds,
// every fourth one required, the shape of a large real tool.
func wideSchema(n int) string {
	kinds := []string{
		`{"type":"string","minLength":1,"maxLength":200,"description":"text %d"}`,
		`{"type":"integer","minimum":0,"maximum":1000000,"default":%d}`,
		`{"type":"number","exclusiveMinimum":0,"multipleOf":0.5}`,
		`{"type":"boolean","description":"flag %d"}`,
		`{"enum":["a","b","c","d"],"title":"Choice %d"}`,
		`{"type":"string","format":"date-time"}`,
		`{"type":"array","items":{"type":"string"},"maxItems":10}`,
		`{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":["string","null"]}},"required":["x"]}`,
	}
	var props, req []string
	for i := range n {
		k := kinds[i%len(kinds)]
		if strings.Contains(k, "%d") {
			k = fmt.Sprintf(k, i)
		}
		props = append(props, fmt.Sprintf(`"p%03d":%s`, i, k))
		if i%4 == 0 {
			req = append(req, fmt.Sprintf(`"p%03d"`, i))
		}
	}
	return `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `]}`
}

// wideArgs returns valid arguments for wideSchema(n), every field filled.
func wideArgs(n int) string {
	values := []string{`"some text"`, `42`, `2.5`, `true`, `"c"`, `"2024-05-31T14:30:00Z"`, `["a","b"]`, `{"x":1,"y":null}`}
	var members []string
	for i := range n {
		members = append(members, fmt.Sprintf(`"p%03d":%s`, i, values[i%len(values)]))
	}
	return "{" + strings.Join(members, ",") + "}"
}

// BenchmarkNewForm200 builds the form model of a 200-property schema.
func BenchmarkNewForm200(b *testing.B) {
	schema := json.RawMessage(wideSchema(200))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewForm(schema); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate200 checks a filled 200-property form: the form's own
// checks plus the final check by the JSON Schema library, as Run does.
func BenchmarkValidate200(b *testing.B) {
	f, err := NewForm(json.RawMessage(wideSchema(200)))
	if err != nil {
		b.Fatal(err)
	}
	if err := f.Load(json.RawMessage(wideArgs(200))); err != nil {
		b.Fatal(err)
	}
	if _, errs := f.Arguments(); len(errs) > 0 {
		b.Fatal(errs)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, errs := f.Arguments(); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

// BenchmarkFieldProblem200 is the live check of one field while typing in
// a 200-property form.
func BenchmarkFieldProblem200(b *testing.B) {
	f, err := NewForm(json.RawMessage(wideSchema(200)))
	if err != nil {
		b.Fatal(err)
	}
	fd := f.Lookup("p100")
	b.ReportAllocs()
	for b.Loop() {
		_ = fd.SetText("abc")
		_ = fd.Problem()
	}
}

// BenchmarkLoad200 loads raw JSON into a 200-property form (the raw JSON
// toggle going back to the form).
func BenchmarkLoad200(b *testing.B) {
	f, err := NewForm(json.RawMessage(wideSchema(200)))
	if err != nil {
		b.Fatal(err)
	}
	args := json.RawMessage(wideArgs(200))
	b.ReportAllocs()
	for b.Loop() {
		if err := f.Load(args); err != nil {
			b.Fatal(err)
		}
	}
}
