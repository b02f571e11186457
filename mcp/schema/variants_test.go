package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

const shapesSchema = `{"type":"object","properties":{"shape":{"oneOf":[
	{"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number","exclusiveMinimum":0},"label":{"type":"string"}},"required":["kind","r"]},
	{"type":"object","properties":{"kind":{"const":"rect"},"w":{"type":"number"},"h":{"type":"number"},"label":{"type":"string"}},"required":["kind","w","h"]},
	{"title":"Named","type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}
]}},"required":["shape"]}`

// oneOf of object shapes: pick a variant, then fill its form.
func TestVariantOfObjects(t *testing.T) {
	f := mustForm(t, shapesSchema)
	shape := mustLookup(t, f, "shape")
	if shape.Kind != Variant || optionLabels(shape) != "circle|rect|Named" {
		t.Fatalf("kind %s options %s", shape.Kind, optionLabels(shape))
	}
	if got := strings.Join(problems(f), "|"); got != "shape: pick one of: circle, rect, Named" {
		t.Errorf("problems %q", got)
	}
	check(t, shape.SetChoice(0))
	circle := shape.Chosen()
	if circle == nil || circle.Kind != Object || len(shape.Children()) != 1 {
		t.Fatalf("chosen %v", circle)
	}
	if got := strings.Join(problems(f), "|"); got != "shape.r: this field is required" {
		t.Errorf("problems %q (paths go through the variant without a step)", got)
	}
	check(t, mustLookup(t, f, "shape.r").SetText("0"))
	if got := strings.Join(problems(f), "|"); got != "shape.r: must be more than 0" {
		t.Errorf("problems %q", got)
	}
	check(t, mustLookup(t, f, "shape.r").SetText("2"))
	check(t, mustLookup(t, f, "shape.label").SetText("sun"))
	if got := mustArgs(t, f); got != `{"shape":{"kind":"circle","r":2,"label":"sun"}}` {
		t.Errorf("args %s", got)
	}
	roundTrip(t, shapesSchema, f)

	// Switching keeps same-named values; switching back keeps the old form.
	check(t, shape.SetChoice(1))
	if got := mustLookup(t, f, "shape.label").Text(); got != "sun" {
		t.Errorf("label not carried over: %q", got)
	}
	check(t, mustLookup(t, f, "shape.w").SetText("3"))
	check(t, mustLookup(t, f, "shape.h").SetText("4"))
	if got := mustArgs(t, f); got != `{"shape":{"kind":"rect","w":3,"h":4,"label":"sun"}}` {
		t.Errorf("args %s", got)
	}
	check(t, shape.SetChoice(0))
	if got := mustArgs(t, f); got != `{"shape":{"kind":"circle","r":2,"label":"sun"}}` {
		t.Errorf("back to circle: %s", got)
	}

	// Load picks the variant the value fits.
	check(t, f.Load(json.RawMessage(`{"shape":{"kind":"rect","w":1,"h":2}}`)))
	if shape.Choice() != 1 {
		t.Errorf("loaded rect chose %d", shape.Choice())
	}
	check(t, f.Load(json.RawMessage(`{"shape":{"name":"x"}}`)))
	if shape.Choice() != 2 {
		t.Errorf("loaded named chose %d", shape.Choice())
	}
	// A value no variant fits is kept raw.
	err := f.Load(json.RawMessage(`{"shape":{"kind":"hexagon"}}`))
	if err == nil || !shape.IsRaw() {
		t.Errorf("Load err %v raw %v", err, shape.IsRaw())
	}
	if v, _ := f.Root.Value(); string(v) != `{"shape":{"kind":"hexagon"}}` {
		t.Errorf("raw value %s", v)
	}
}

// Loading prefers the variant whose checks pass, not only the first that
// has the right shape.
func TestVariantLoadPrefersValid(t *testing.T) {
	schema := `{"type":"object","properties":{"v":{"anyOf":[
		{"type":"object","properties":{"n":{"type":"integer","maximum":5}}},
		{"type":"object","properties":{"n":{"type":"integer","minimum":10}}}]}}}`
	f := mustForm(t, schema)
	check(t, f.Load(json.RawMessage(`{"v":{"n":12}}`)))
	if c := mustLookup(t, f, "v").Choice(); c != 1 {
		t.Errorf("chose %d, want 1", c)
	}
	check(t, f.Load(json.RawMessage(`{"v":{"n":3}}`)))
	if c := mustLookup(t, f, "v").Choice(); c != 0 {
		t.Errorf("chose %d, want 0", c)
	}
}

// Properties next to oneOf belong to every variant.
func TestVariantSharedProperties(t *testing.T) {
	schema := `{"type":"object","properties":{"q":{"type":"object","properties":{"limit":{"type":"integer"}},"required":["limit"],
		"oneOf":[{"title":"By id","properties":{"id":{"type":"string"}},"required":["id"]},{"title":"By name","properties":{"name":{"type":"string"}},"required":["name"]}]}}}`
	f := mustForm(t, schema)
	q := mustLookup(t, f, "q")
	check(t, q.SetChoice(1))
	var names []string
	for _, c := range q.Chosen().Children() {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "limit,name" {
		t.Errorf("variant fields %s", got)
	}
	check(t, mustLookup(t, f, "q.limit").SetText("5"))
	check(t, mustLookup(t, f, "q.name").SetText("x"))
	if got := mustArgs(t, f); got != `{"q":{"limit":5,"name":"x"}}` {
		t.Errorf("args %s", got)
	}
	roundTrip(t, schema, f)
}

// allOf is merged into one form: properties, required and the stricter
// limits of all parts.
func TestAllOfMerged(t *testing.T) {
	schema := `{"type":"object","allOf":[
		{"properties":{"a":{"type":"integer","minimum":0,"maximum":100}},"required":["a"]},
		{"properties":{"b":{"type":"string"},"a":{"maximum":10}},"required":["b"]},
		{"$ref":"#/$defs/extra"}],
		"$defs":{"extra":{"properties":{"c":{"type":"boolean","description":"from a $ref"}}}}}`
	f := mustForm(t, schema)
	var names []string
	for _, c := range f.Root.Children() {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "a,b,c" {
		t.Fatalf("fields %s", got)
	}
	if got := strings.Join(problems(f), "|"); got != "a: this field is required|b: this field is required" {
		t.Errorf("problems %q", got)
	}
	a := mustLookup(t, f, "a")
	if a.Kind != Integer || a.Limits.Maximum != "10" || a.Limits.Minimum != "0" {
		t.Errorf("a is %s with limits %+v", a.Kind, a.Limits)
	}
	check(t, a.SetText("50"))
	check(t, mustLookup(t, f, "b").SetText("x"))
	if got := strings.Join(problems(f), "|"); got != "a: must be at most 10" {
		t.Errorf("problems %q", got)
	}
	check(t, a.SetText("5"))
	if d := mustLookup(t, f, "c").Description; d != "from a $ref" {
		t.Errorf("c description %q", d)
	}
	if got := mustArgs(t, f); got != `{"a":5,"b":"x"}` {
		t.Errorf("args %s", got)
	}
	roundTrip(t, schema, f)

	g := mustForm(t, `{"type":"object","properties":{"x":{"allOf":[{"type":"string"},{"type":"integer"}]}}}`)
	if x := mustLookup(t, g, "x"); !strings.Contains(x.Note, "different types") {
		t.Errorf("contradicting allOf: kind %s note %q", x.Kind, x.Note)
	}
}
