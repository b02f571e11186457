package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// Local $ref into $defs and definitions, with JSON pointer escapes and
// anchors.
func TestLocalRefs(t *testing.T) {
	schema := `{"type":"object","properties":{
		"a":{"$ref":"#/$defs/point"},
		"b":{"$ref":"#/definitions/color"},
		"c":{"$ref":"#/$defs/we~1ird%20name"},
		"d":{"$ref":"#pos","description":"by anchor"}},
		"$defs":{"point":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},
			"we/ird name":{"type":"boolean"},
			"p":{"$anchor":"pos","type":"integer","minimum":0}},
		"definitions":{"color":{"enum":["red","green"]}}}`
	f := mustForm(t, schema)
	for path, kind := range map[string]Kind{"a": Object, "a.x": Integer, "b": Enum, "c": Boolean, "d": Integer} {
		if fd := mustLookup(t, f, path); fd.Kind != kind || fd.Note != "" {
			t.Errorf("%s: kind %s note %q, want %s", path, fd.Kind, fd.Note, kind)
		}
	}
	if d := mustLookup(t, f, "d"); d.Description != "by anchor" || d.Limits.Minimum != "0" {
		t.Errorf("a $ref with siblings: description %q limits %+v", d.Description, d.Limits)
	}
}

// A recursive schema gives a finite form: a node met again inside itself
// starts collapsed, and array items exist only when added.
func TestRecursiveSchema(t *testing.T) {
	schema := `{"type":"object","properties":{"root":{"$ref":"#/$defs/node"}},"required":["root"],
		"$defs":{"node":{"type":"object","properties":{
			"name":{"type":"string"},
			"left":{"$ref":"#/$defs/node"},
			"children":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":["name"]}}}`
	f := mustForm(t, schema)
	left := mustLookup(t, f, "root.left")
	if !left.Collapsed() || len(left.Children()) != 0 {
		t.Fatalf("the recursive property is not collapsed:\n%s", outline(f.Root))
	}
	check(t, mustLookup(t, f, "root.name").SetText("r"))
	if got := mustArgs(t, f); got != `{"root":{"name":"r"}}` {
		t.Errorf("args %s", got)
	}
	left.Expand()
	if left.Collapsed() || mustLookup(t, f, "root.left.left").Collapsed() != true {
		t.Errorf("Expand opened %v, and the next level must stay collapsed", !left.Collapsed())
	}
	check(t, mustLookup(t, f, "root.left.name").SetText("l"))
	kids := mustLookup(t, f, "root.children")
	kid, err := kids.AddItem()
	check(t, err)
	check(t, mustLookup(t, f, "root.children[0].name").SetText("k"))
	if kid.Kind != Object {
		t.Errorf("item kind %s", kid.Kind)
	}
	want := `{"root":{"name":"r","left":{"name":"l"},"children":[{"name":"k"}]}}`
	if got := mustArgs(t, f); got != want {
		t.Errorf("args %s\nwant %s", got, want)
	}
	// Loading a deep value expands as far as the value goes.
	deep := `{"root":{"name":"1","left":{"name":"2","left":{"name":"3","left":{"name":"4","children":[{"name":"5","left":{"name":"6"}}]}}}}}`
	g := mustForm(t, schema)
	check(t, g.Load(json.RawMessage(deep)))
	if got := mustArgs(t, g); got != deep {
		t.Errorf("deep load gave %s", got)
	}
	// A required recursive object cannot be satisfied by expanding forever;
	// it is collapsed and says how to continue.
	h := mustForm(t, `{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}},"required":["next"]}},"type":"object","properties":{"n":{"$ref":"#/$defs/n"}},"required":["n"]}`)
	if got := strings.Join(problems(h), "|"); got != "n.next: this field is required; open it to fill it in" {
		t.Errorf("problems %q", got)
	}
}

// A recursive schema whose nodes carry defaults does not expand itself
// through the defaults.
func TestRecursiveDefaults(t *testing.T) {
	f := mustForm(t, `{"$defs":{"n":{"type":"object","default":{"v":1},"properties":{"v":{"type":"integer"},"next":{"$ref":"#/$defs/n"}}}},"$ref":"#/$defs/n"}`)
	next := mustLookup(t, f, "next")
	if !next.Collapsed() {
		t.Fatal("next is not collapsed")
	}
	next.Expand()
	if got := mustLookup(t, f, "next.v").Text(); got != "1" {
		t.Errorf("expanded node did not get its default: %q", got)
	}
}

// Wide schemas that share definitions (a DAG) describe exponentially many
// fields; building stops expanding past a bound.
func TestSharedDefinitionsBounded(t *testing.T) {
	var defs []string
	for i := range 30 {
		next := `{"type":"string"}`
		if i < 29 {
			next = `{"$ref":"#/$defs/d` + itoa(i+1) + `"}`
		}
		defs = append(defs, `"d`+itoa(i)+`":{"type":"object","properties":{"a":`+next+`,"b":`+next+`,"c":`+next+`}}`)
	}
	schema := `{"type":"object","properties":{"top":{"$ref":"#/$defs/d0"}},"$defs":{` + strings.Join(defs, ",") + `}}`
	f := mustForm(t, schema)
	n := 0
	var count func(*Field)
	count = func(fd *Field) {
		n++
		for _, c := range fd.Children() {
			count(c)
		}
	}
	count(f.Root)
	if n > 3*maxEagerFields {
		t.Errorf("built %d fields", n)
	}
}

// Schema parts that cannot be a form degrade to raw JSON with a note that
// says why; nothing is dropped silently.
func TestDegradeToRaw(t *testing.T) {
	tests := []struct {
		name, prop, note string
		kind             Kind
	}{
		{"remote ref", `{"$ref":"https://example.com/schema.json"}`, "outside this schema", RawJSON},
		{"missing ref", `{"$ref":"#/$defs/nope"}`, "does not exist", RawJSON},
		{"bad anchor", `{"$ref":"#nope"}`, "does not define", RawJSON},
		{"self ref loop", `{"$ref":"#/properties/x"}`, "refers to itself", RawJSON},
		{"unknown type", `{"type":"strin"}`, `"strin" is not a JSON Schema type`, RawJSON},
		{"type not a name", `{"type":5}`, "not a type name", RawJSON},
		{"false schema", `false`, "accepts no value", RawJSON},
		{"not a schema", `"string"`, "not a schema", RawJSON},
		{"empty enum", `{"enum":[]}`, "no value can be chosen", RawJSON},
		{"tuple", `{"type":"array","items":[{"type":"string"}]}`, "tuple", RawJSON},
		{"bad pattern", `{"type":"string","pattern":"(?<=a)b"}`, "cannot check", String},
		{"not keyword", `{"type":"string","not":{"const":"x"}}`, `does not check "not"`, String},
		{"if/then", `{"type":"object","properties":{"a":{"type":"string"}},"if":{},"then":{}}`, `does not check "if"`, Object},
		{"bad minLength", `{"type":"string","minLength":"2"}`, "not a whole number", String},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustForm(t, `{"type":"object","properties":{"x":`+tt.prop+`}}`)
			x := mustLookup(t, f, "x")
			if x.Kind != tt.kind || !strings.Contains(x.Note, tt.note) {
				t.Errorf("kind %s note %q, want %s with %q", x.Kind, x.Note, tt.kind, tt.note)
			}
		})
	}
	// A raw field still takes a value, and the value is checked as JSON.
	f := mustForm(t, `{"type":"object","properties":{"x":{"$ref":"https://example.com/s.json"}}}`)
	x := mustLookup(t, f, "x")
	check(t, x.SetText(`{"a":`))
	if p := x.Problem(); !strings.HasPrefix(p, "is not valid JSON") {
		t.Errorf("problem %q", p)
	}
	check(t, x.SetText(`{"a":1}`))
	if got := mustArgs(t, f); got != `{"x":{"a":1}}` {
		t.Errorf("args %s", got)
	}
	// A schema the validator library rejects still makes a form; the final
	// check is off, and the form says so.
	g := mustForm(t, `{"type":"object","properties":{"x":{"$ref":"https://example.com/s.json"}}}`)
	if len(g.Notes) != 1 || !strings.Contains(g.Notes[0], "final check") {
		t.Errorf("notes %q", g.Notes)
	}
}

// NewForm fails only for text that cannot be a schema at all.
func TestNewFormErrors(t *testing.T) {
	for _, bad := range []string{``, `{`, `[]`, `3`, `"x"`, `{} {}`} {
		if _, err := NewForm(json.RawMessage(bad)); err == nil {
			t.Errorf("NewForm(%q) succeeded", bad)
		}
	}
	for _, ok := range []string{`{}`, `true`, `false`, `{"type":"object"}`} {
		if _, err := NewForm(json.RawMessage(ok)); err != nil {
			t.Errorf("NewForm(%q): %v", ok, err)
		}
	}
}

// Schemas that refer to themselves without nesting make a raw field, and
// keep the validator library (which would recurse forever) out of it.
func TestSelfReferenceWithoutNesting(t *testing.T) {
	for _, schema := range []string{
		`{"$ref":"#"}`,
		`{"allOf":[{"$ref":"#"}]}`,
		`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`,
		`{"anyOf":[{"$ref":"#"},{"type":"null"}]}`,
		`{"type":"object","properties":{"x":{"oneOf":[{"$ref":"#/properties/x"},{"type":"string"}]}}}`,
	} {
		f := mustForm(t, schema)
		if len(f.Notes) != 1 || !strings.Contains(f.Notes[0], "refers to itself") {
			t.Errorf("%s: notes %q", schema, f.Notes)
		}
		check(t, f.Load(json.RawMessage(`{"x":"y"}`)))
		if got := mustArgs(t, f); got != `{"x":"y"}` {
			t.Errorf("%s: args %s", schema, got)
		}
	}
	// Recursion through a property is fine for the library.
	f := mustForm(t, `{"type":"object","properties":{"next":{"$ref":"#"}}}`)
	if len(f.Notes) != 0 {
		t.Errorf("notes %q", f.Notes)
	}
}
