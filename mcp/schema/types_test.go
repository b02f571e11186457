package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// Each basic type becomes its own kind of field, and the value typed in
// comes out as the right JSON type.
func TestBasicTypes(t *testing.T) {
	tests := []struct {
		typ  string
		kind Kind
		set  func(*Field) error
		want string
	}{
		{"string", String, func(f *Field) error { return f.SetText("3") }, `"3"`},
		{"number", Number, func(f *Field) error { return f.SetText("2.5") }, `2.5`},
		{"integer", Integer, func(f *Field) error { return f.SetText("3") }, `3`},
		{"boolean", Boolean, func(f *Field) error { return f.SetBool(true) }, `true`},
		{"null", Null, func(f *Field) error { return f.SetNull() }, `null`},
		{"object", KeyValue, func(f *Field) error {
			e, err := f.AddEntry("k")
			if err != nil {
				return err
			}
			return e.SetText(`"v"`)
		}, `{"k":"v"}`},
		{"array", Array, func(f *Field) error {
			item, err := f.AddItem()
			if err != nil {
				return err
			}
			return item.SetText(`1`)
		}, `[1]`},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			schema := `{"type":"object","properties":{"x":{"type":"` + tt.typ + `"}}}`
			f := mustForm(t, schema)
			x := mustLookup(t, f, "x")
			if x.Kind != tt.kind {
				t.Fatalf("kind = %s, want %s", x.Kind, tt.kind)
			}
			if got := mustArgs(t, f); got != `{}` {
				t.Errorf("untouched optional field sent: %s", got)
			}
			check(t, tt.set(x))
			if got, want := mustArgs(t, f), `{"x":`+tt.want+`}`; got != want {
				t.Errorf("args = %s, want %s", got, want)
			}
			roundTrip(t, schema, f)
		})
	}
}

// Optional fields left empty are omitted, not sent as "", 0 or false; a
// required one left empty is reported, in words.
func TestEmptyOptionalOmitted(t *testing.T) {
	schema := `{"type":"object","properties":{
		"s":{"type":"string"},"n":{"type":"number"},"b":{"type":"boolean"},
		"e":{"enum":["a","b"]},"arr":{"type":"array","items":{"type":"string"}},
		"o":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]},
		"must":{"type":"string"}},"required":["must"]}`
	f := mustForm(t, schema)
	if got, want := problems(f), []string{"must: this field is required"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("problems = %q, want %q", got, want)
	}
	check(t, mustLookup(t, f, "must").SetText("hi"))
	// Typing and then erasing makes the field empty again.
	s := mustLookup(t, f, "s")
	check(t, s.SetText("x"))
	check(t, s.SetText(""))
	if got := mustArgs(t, f); got != `{"must":"hi"}` {
		t.Errorf("args = %s, want only the required field", got)
	}
}

// A type list with "null" and a nullable union are both one optional
// field that can be set to null or cleared.
func TestNullable(t *testing.T) {
	for name, prop := range map[string]string{
		"type list":  `{"type":["string","null"],"maxLength":3}`,
		"anyOf":      `{"anyOf":[{"type":"string","maxLength":3},{"type":"null"}],"title":"Nick"}`,
		"oneOf":      `{"oneOf":[{"type":"null"},{"type":"string","maxLength":3}]}`,
		"null first": `{"type":["null","string"],"maxLength":3}`,
	} {
		t.Run(name, func(t *testing.T) {
			schema := `{"type":"object","properties":{"nick":` + prop + `}}`
			f := mustForm(t, schema)
			nick := mustLookup(t, f, "nick")
			if nick.Kind != String || !nick.Nullable {
				t.Fatalf("nick is %s nullable=%v, want a nullable string", nick.Kind, nick.Nullable)
			}
			check(t, nick.SetNull())
			if got := mustArgs(t, f); got != `{"nick":null}` {
				t.Errorf("after SetNull args = %s", got)
			}
			roundTrip(t, schema, f)
			check(t, nick.SetText("toolong"))
			if got := problems(f); len(got) != 1 || !strings.Contains(got[0], "at most 3 characters") {
				t.Errorf("problems = %q, want the maxLength of the non-null branch", got)
			}
			nick.Clear()
			if got := mustArgs(t, f); got != `{}` {
				t.Errorf("after Clear args = %s", got)
			}
		})
	}
	f := mustForm(t, `{"type":"object","properties":{"s":{"type":"string"}}}`)
	if err := mustLookup(t, f, "s").SetNull(); err == nil {
		t.Error("SetNull on a field that cannot be null succeeded")
	}
}

// A list of real types (not just null) is a choice of shapes.
func TestTypeListVariant(t *testing.T) {
	schema := `{"type":"object","properties":{"v":{"type":["string","integer","null"],"minimum":5}}}`
	f := mustForm(t, schema)
	v := mustLookup(t, f, "v")
	if v.Kind != Variant || !v.Nullable {
		t.Fatalf("v is %s nullable=%v", v.Kind, v.Nullable)
	}
	if got := optionLabels(v); got != "text|whole number" {
		t.Fatalf("options = %s", got)
	}
	check(t, v.SetChoice(1))
	check(t, v.Chosen().SetText("4"))
	if got := problems(f); len(got) != 1 || got[0] != "v: must be at least 5" {
		t.Errorf("problems = %q", got)
	}
	check(t, v.Chosen().SetText("12345678901234567890"))
	if got := mustArgs(t, f); got != `{"v":12345678901234567890}` {
		t.Errorf("args = %s", got)
	}
	roundTrip(t, schema, f)

	g := mustForm(t, schema)
	check(t, g.Load(json.RawMessage(`{"v":"abc"}`)))
	if c := mustLookup(t, g, "v").Choice(); c != 0 {
		t.Errorf("loading text chose option %d, want 0 (text)", c)
	}
}

func optionLabels(fd *Field) string {
	var labels []string
	for _, o := range fd.Options {
		labels = append(labels, o.Label)
	}
	return strings.Join(labels, "|")
}

// Numbers are sent digit for digit and compared exactly: no float64.
func TestNumberPrecision(t *testing.T) {
	schema := `{"type":"object","properties":{
		"big":{"type":"integer","maximum":12345678901234567891},
		"dec":{"type":"number","multipleOf":0.1},
		"exp":{"type":"number"}}}`
	f := mustForm(t, schema)
	big := mustLookup(t, f, "big")
	check(t, big.SetText("12345678901234567892"))
	if got := problems(f); len(got) != 1 || got[0] != "big: must be at most 12345678901234567891" {
		t.Fatalf("problems = %q (float64 would round both to the same value)", got)
	}
	check(t, big.SetText("12345678901234567891"))
	check(t, mustLookup(t, f, "dec").SetText("0.30000000000000000001"))
	if got := problems(f); len(got) != 1 || got[0] != "dec: must be a multiple of 0.1" {
		t.Fatalf("problems = %q", got)
	}
	check(t, mustLookup(t, f, "dec").SetText("0.3"))
	check(t, mustLookup(t, f, "exp").SetText("1.000000000000000000001e400"))
	want := `{"big":12345678901234567891,"dec":0.3,"exp":1.000000000000000000001e400}`
	if got := mustArgs(t, f); got != want {
		t.Errorf("args = %s, want %s", got, want)
	}
	roundTrip(t, schema, f)

	g := mustForm(t, schema)
	check(t, g.Load(json.RawMessage(`{"big":-98765432109876543210,"exp":0.1000000000000000055511151231257827}`)))
	if got := mustArgs(t, g); got != `{"big":-98765432109876543210,"exp":0.1000000000000000055511151231257827}` {
		t.Errorf("loaded numbers changed: %s", got)
	}
}

// Typed numbers are checked for JSON number syntax and integer-ness.
func TestNumberSyntax(t *testing.T) {
	tests := []struct {
		typ, text, problem string
	}{
		{"integer", "3", ""},
		{"integer", " 3 ", ""},
		{"integer", "3.5", "must be a whole number, like 3"},
		{"integer", "2.0", ""}, // JSON Schema: 2.0 is an integer
		{"integer", "abc", "must be a whole number, like 3"},
		{"number", "1e3", ""},
		{"number", "+1", "must be a number, like 3 or 2.5"},
		{"number", "01", "must be a number, like 3 or 2.5"},
		{"number", "1.", "must be a number, like 3 or 2.5"},
		{"number", "NaN", "must be a number, like 3 or 2.5"},
		{"number", "-0.5", ""},
	}
	for _, tt := range tests {
		f := mustForm(t, `{"type":"object","properties":{"n":{"type":"`+tt.typ+`"}}}`)
		n := mustLookup(t, f, "n")
		check(t, n.SetText(tt.text))
		if got := n.Problem(); got != tt.problem {
			t.Errorf("%s %q: problem %q, want %q", tt.typ, tt.text, got, tt.problem)
		}
	}
}
