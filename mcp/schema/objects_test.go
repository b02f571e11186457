package schema

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Properties keep the order the schema wrote them in, not sorted.
func TestPropertyOrder(t *testing.T) {
	f := mustForm(t, `{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"string"},"mid":{"type":"string"}}}`)
	var names []string
	for _, c := range f.Root.Children() {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "zeta,alpha,mid" {
		t.Errorf("order %s", got)
	}
	for _, n := range []string{"mid", "alpha", "zeta"} {
		check(t, mustLookup(t, f, n).SetText(n))
	}
	if got := mustArgs(t, f); got != `{"zeta":"zeta","alpha":"alpha","mid":"mid"}` {
		t.Errorf("args %s", got)
	}
}

// required applies at every level, but only inside objects that are sent:
// an untouched optional object does not demand its required fields.
func TestNestedRequired(t *testing.T) {
	schema := `{"type":"object","required":["a"],"properties":{
		"a":{"type":"object","required":["b"],"properties":{
			"b":{"type":"object","required":["c"],"properties":{"c":{"type":"string"},"d":{"type":"string"}}}}},
		"opt":{"type":"object","required":["x"],"properties":{"x":{"type":"string"},"y":{"type":"boolean","default":true},"z":{"type":"string"}}}}}`
	f := mustForm(t, schema)
	if got := strings.Join(problems(f), "|"); got != "a.b.c: this field is required" {
		t.Errorf("problems %q", got)
	}
	check(t, mustLookup(t, f, "a.b.c").SetText("deep"))
	if got := mustArgs(t, f); got != `{"a":{"b":{"c":"deep"}}}` {
		t.Errorf("args %s (the optional object with only a default inside must not be sent)", got)
	}
	// Touching the optional object makes its required field matter.
	check(t, mustLookup(t, f, "opt.z").SetText("zz"))
	if got := strings.Join(problems(f), "|"); got != "opt.x: this field is required" {
		t.Errorf("problems %q", got)
	}
	if p := mustLookup(t, f, "opt.x").Problem(); p != "this field is required" {
		t.Errorf("Problem() = %q", p)
	}
	check(t, mustLookup(t, f, "opt.x").SetText("xx"))
	if got := mustArgs(t, f); got != `{"a":{"b":{"c":"deep"}},"opt":{"x":"xx","y":true,"z":"zz"}}` {
		t.Errorf("args %s", got)
	}
	roundTrip(t, schema, f)
	mustLookup(t, f, "opt").Clear()
	if got := mustArgs(t, f); got != `{"a":{"b":{"c":"deep"}}}` {
		t.Errorf("after clearing opt: %s", got)
	}
}

// additionalProperties: free key/value pairs when allowed, with values of
// its schema; none when false.
func TestAdditionalProperties(t *testing.T) {
	schema := `{"type":"object","properties":{
		"env":{"type":"object","additionalProperties":{"type":"string","minLength":1}},
		"any":{"type":"object","additionalProperties":true},
		"meta":{"type":"object","properties":{"id":{"type":"string"}},"additionalProperties":{"type":"integer"}},
		"closed":{"type":"object","properties":{"id":{"type":"string"}},"additionalProperties":false},
		"pat":{"type":"object","patternProperties":{"^x-":{"type":"boolean"}},"additionalProperties":false}}}`
	f := mustForm(t, schema)
	env := mustLookup(t, f, "env")
	if env.Kind != KeyValue || !env.AllowsEntries() {
		t.Fatalf("env is %s entries=%v", env.Kind, env.AllowsEntries())
	}
	home, err := env.AddEntry("HOME")
	check(t, err)
	if home.Kind != String || !home.IsEntry() {
		t.Fatalf("entry is %s", home.Kind)
	}
	check(t, home.SetText("/root"))
	my, err := env.AddEntry("MY.VAR")
	check(t, err)
	if my.Path() != `env["MY.VAR"]` {
		t.Errorf("path %q", my.Path())
	}
	if got := strings.Join(problems(f), "|"); got != `env["MY.VAR"]: this field is required` {
		t.Errorf("problems %q", got)
	}
	check(t, my.SetText("1"))
	if _, err := env.AddEntry("HOME"); err == nil {
		t.Error("a duplicate key was added")
	}
	if _, err := env.AddEntry(""); err == nil {
		t.Error("an empty key was added")
	}
	check(t, env.RenameEntry("HOME", "USERPROFILE"))
	if v := mustLookup(t, f, "env.USERPROFILE").Text(); v != "/root" {
		t.Errorf("renamed entry lost its value: %q", v)
	}

	anyEntry, err := mustLookup(t, f, "any").AddEntry("k")
	check(t, err)
	if anyEntry.Kind != RawJSON {
		t.Errorf("additionalProperties: true gives %s values, want raw JSON", anyEntry.Kind)
	}
	check(t, anyEntry.SetText(`{"deep":[1,2]}`))

	meta := mustLookup(t, f, "meta")
	if meta.Kind != Object || !meta.AllowsEntries() {
		t.Fatalf("meta is %s entries=%v", meta.Kind, meta.AllowsEntries())
	}
	n, err := meta.AddEntry("count")
	check(t, err)
	check(t, n.SetText("7"))
	if _, err := meta.AddEntry("id"); err == nil {
		t.Error("an entry named like a property was added")
	}

	closed := mustLookup(t, f, "closed")
	if closed.AllowsEntries() {
		t.Error("additionalProperties: false offers entries")
	}
	if _, err := closed.AddEntry("extra"); err == nil {
		t.Error("additionalProperties: false accepted an entry")
	}
	pat := mustLookup(t, f, "pat")
	xa, err := pat.AddEntry("x-a")
	check(t, err)
	if xa.Kind != Boolean {
		t.Errorf("patternProperties entry is %s", xa.Kind)
	}
	check(t, xa.SetBool(true))
	if _, err := pat.AddEntry("y"); err == nil {
		t.Error("a key matching no pattern was accepted")
	}

	want := `{"env":{"USERPROFILE":"/root","MY.VAR":"1"},"any":{"k":{"deep":[1,2]}},"meta":{"count":7},"pat":{"x-a":true}}`
	if got := mustArgs(t, f); got != want {
		t.Errorf("args %s\nwant %s", got, want)
	}
	roundTrip(t, schema, f)
	check(t, env.RemoveEntry("MY.VAR"))
	if err := env.RemoveEntry("nope"); err == nil {
		t.Error("removing a missing key succeeded")
	}

	// Extra keys in loaded JSON are kept, and reported where not allowed.
	g := mustForm(t, schema)
	err = g.Load(json.RawMessage(`{"closed":{"id":"a","extra":1}}`))
	var le *LoadError
	if !errors.As(err, &le) || len(le.Kept) != 1 || le.Kept[0].Path != "closed.extra" {
		t.Fatalf("Load error %v, want the extra key reported", err)
	}
	if v, _ := g.Root.Value(); string(v) != `{"closed":{"id":"a","extra":1}}` {
		t.Errorf("value after load %s", v)
	}
	if got := strings.Join(problems(g), "|"); got != `closed: has the key "extra", which is not allowed here` {
		t.Errorf("problems %q", got)
	}
}

// A required key with no property schema cannot be a field; the object
// says what is missing.
func TestRequiredWithoutProperty(t *testing.T) {
	f := mustForm(t, `{"type":"object","required":["token"],"additionalProperties":{"type":"string"}}`)
	if got := strings.Join(problems(f), "|"); !strings.Contains(got, `needs the key "token"`) {
		t.Errorf("problems %q", got)
	}
	e, err := f.Root.AddEntry("token")
	check(t, err)
	check(t, e.SetText("abc"))
	if got := mustArgs(t, f); got != `{"token":"abc"}` {
		t.Errorf("args %s", got)
	}
}

// min/maxProperties count keys.
func TestPropertyCounts(t *testing.T) {
	f := mustForm(t, `{"type":"object","properties":{"m":{"type":"object","minProperties":2,"maxProperties":2,"additionalProperties":{"type":"integer"}}},"required":["m"]}`)
	m := mustLookup(t, f, "m")
	a, _ := m.AddEntry("a")
	check(t, a.SetText("1"))
	if got := strings.Join(problems(f), "|"); got != "m: needs at least 2 keys" {
		t.Errorf("problems %q", got)
	}
	b, _ := m.AddEntry("b")
	check(t, b.SetText("2"))
	if _, err := m.AddEntry("c"); err == nil {
		t.Error("AddEntry beyond maxProperties succeeded")
	}
	if got := mustArgs(t, f); got != `{"m":{"a":1,"b":2}}` {
		t.Errorf("args %s", got)
	}
}
