package schema

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

const mixedSchema = `{"type":"object","properties":{
	"name":{"type":"string"},
	"count":{"type":"integer","minimum":1},
	"on":{"type":"boolean"},
	"color":{"enum":["red","green"]},
	"tags":{"type":"array","items":{"type":"string"}},
	"opts":{"type":"object","properties":{"depth":{"type":"integer"},"mode":{"type":["string","null"]}}},
	"any":{}},"required":["name"]}`

// Raw JSON that fits loads into the form; what does not fit is kept as raw
// JSON on the field it belongs to, and Arguments gives back exactly what
// was loaded.
func TestLoadKeepsWhatDoesNotFit(t *testing.T) {
	tests := []struct {
		args string
		kept []string // paths kept raw
	}{
		{`{"name":"a","count":2,"on":true,"color":"red","tags":["x","y"],"opts":{"depth":3,"mode":null},"any":[1,{"b":2}]}`, nil},
		{`{"name":"a","count":"two"}`, []string{"count"}},
		{`{"name":"a","count":1.5}`, []string{"count"}},
		{`{"name":"a","color":"blue"}`, []string{"color"}},
		{`{"name":"a","tags":["x",3]}`, []string{"tags[1]"}},
		{`{"name":"a","tags":"x"}`, []string{"tags"}},
		{`{"name":"a","opts":{"depth":"deep","mode":5}}`, []string{"opts.depth", "opts.mode"}},
		{`{"name":"a","opts":[]}`, []string{"opts"}},
		{`{"name":null}`, []string{"name"}},
		{`{"name":"a","extra":{"x":1}}`, nil}, // no additionalProperties: extra keys are allowed
	}
	for _, tt := range tests {
		f := mustForm(t, mixedSchema)
		err := f.Load(json.RawMessage(tt.args))
		var kept []string
		var le *LoadError
		if errors.As(err, &le) {
			for _, k := range le.Kept {
				kept = append(kept, k.Path)
				if !f.Lookup(k.Path).IsRaw() {
					t.Errorf("%s: %s is reported kept but is not raw", tt.args, k.Path)
				}
			}
		} else if err != nil {
			t.Fatalf("%s: %v", tt.args, err)
		}
		if strings.Join(kept, ",") != strings.Join(tt.kept, ",") {
			t.Errorf("%s: kept %v, want %v (%v)", tt.args, kept, tt.kept, err)
		}
		v, ok := f.Root.Value()
		if !ok || !sameJSON(t, string(v), tt.args) {
			t.Errorf("%s: value after Load is %s", tt.args, v)
		}
		if tt.kept == nil {
			if got := mustArgs(t, f); !sameJSON(t, got, tt.args) {
				t.Errorf("%s: args %s", tt.args, got)
			}
			roundTrip(t, mixedSchema, f)
		}
	}
	f := mustForm(t, mixedSchema)
	check(t, mustLookup(t, f, "name").SetText("keep me"))
	for _, bad := range []string{`[1]`, `"x"`, `{"a":`, ``} {
		if err := f.Load(json.RawMessage(bad)); err == nil {
			t.Errorf("Load(%q) succeeded", bad)
		}
	}
	if got := mustLookup(t, f, "name").Text(); got != "keep me" {
		t.Errorf("a failed Load changed the form: %q", got)
	}
}

// A kept-raw value is checked like the form would check it, with messages
// on the right path.
func TestRawValueChecked(t *testing.T) {
	f := mustForm(t, mixedSchema)
	err := f.Load(json.RawMessage(`{"name":"a","count":"x"}`))
	if err == nil {
		t.Fatal("no LoadError")
	}
	if got := strings.Join(problems(f), "|"); got != `count: does not fit: expected a whole number, got the text "x"` {
		t.Errorf("problems %q", got)
	}
	count := mustLookup(t, f, "count")
	check(t, count.SetText("0"))
	if got := strings.Join(problems(f), "|"); got != "count: must be at least 1" {
		t.Errorf("problems %q", got)
	}
	check(t, count.SetText("4"))
	check(t, count.UseForm())
	if count.IsRaw() || count.Text() != "4" {
		t.Errorf("UseForm: raw %v text %q", count.IsRaw(), count.Text())
	}
}

// The raw JSON toggle of one field: SetRaw with the field's JSON, edit,
// then UseForm brings it back when it fits and keeps it raw when not.
func TestRawToggle(t *testing.T) {
	f := mustForm(t, mixedSchema)
	opts := mustLookup(t, f, "opts")
	check(t, mustLookup(t, f, "opts.depth").SetText("2"))
	v, ok := opts.Value()
	if !ok || string(v) != `{"depth":2}` {
		t.Fatalf("opts value %s", v)
	}
	opts.SetRaw(string(v))
	if !opts.IsRaw() || len(opts.Children()) != 0 {
		t.Fatalf("raw %v children %d", opts.IsRaw(), len(opts.Children()))
	}
	check(t, opts.SetText(`{"depth":5,"mode":"fast"}`))
	check(t, opts.UseForm())
	if opts.IsRaw() || mustLookup(t, f, "opts.mode").Text() != "fast" {
		t.Errorf("UseForm did not load: raw %v", opts.IsRaw())
	}
	opts.SetRaw(`{"depth":"five"}`)
	if err := opts.UseForm(); err == nil || !opts.IsRaw() {
		t.Errorf("UseForm of a misfit: err %v raw %v", err, opts.IsRaw())
	}
	opts.SetRaw(`{"depth":`)
	if err := opts.UseForm(); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
		t.Errorf("UseForm of broken JSON: %v", err)
	}
	// The whole form's raw view is Load and Value.
	check(t, mustLookup(t, f, "name").SetText("n"))
	opts.SetRaw(`{"depth":1}`)
	whole, _ := f.Root.Value()
	g := mustForm(t, mixedSchema)
	check(t, g.Load(whole))
	if got := mustArgs(t, g); got != `{"name":"n","opts":{"depth":1}}` {
		t.Errorf("args %s", got)
	}
}

// Lookup and Path agree, for names that need quoting too.
func TestPaths(t *testing.T) {
	f := mustForm(t, `{"type":"object","properties":{"a b":{"type":"object","properties":{"c.d":{"type":"array","items":{"type":"object","properties":{"e":{"type":"string"}}}}}}}}`)
	arr := mustLookup(t, f, `["a b"]["c.d"]`)
	item, err := arr.AddItem()
	check(t, err)
	e := mustLookup(t, f, `["a b"]["c.d"][0].e`)
	if e.Path() != `["a b"]["c.d"][0].e` || e.Parent() != item || item.Index() != 0 || e.Index() != -1 {
		t.Errorf("path %q index %d", e.Path(), item.Index())
	}
	for _, bad := range []string{"a.", ".a", "x", `["a b"][0]`, `["a b"]["c.d"][1]`, "a[", `["x`} {
		if f.Lookup(bad) != nil {
			t.Errorf("Lookup(%q) found a field", bad)
		}
	}
}

// OnChange hears about every change made through the fields.
func TestOnChange(t *testing.T) {
	f := mustForm(t, mixedSchema)
	var seen []string
	f.OnChange = func(fd *Field) { seen = append(seen, fd.Path()) }
	check(t, mustLookup(t, f, "name").SetText("x"))
	_, err := mustLookup(t, f, "tags").AddItem()
	check(t, err)
	check(t, mustLookup(t, f, "color").SetChoice(0))
	mustLookup(t, f, "opts").Clear()
	check(t, f.Load(json.RawMessage(`{"name":"y"}`)))
	if got := strings.Join(seen, ","); got != "name,tags,color,opts," {
		t.Errorf("changes %q", got)
	}
}

// A field refuses input of the wrong kind.
func TestWrongKindOfInput(t *testing.T) {
	f := mustForm(t, mixedSchema)
	for name, err := range map[string]error{
		"SetText on boolean":  mustLookup(t, f, "on").SetText("x"),
		"SetBool on string":   mustLookup(t, f, "name").SetBool(true),
		"SetChoice on string": mustLookup(t, f, "name").SetChoice(0),
		"SetChoices on enum":  mustLookup(t, f, "color").SetChoices([]int{0}),
	} {
		if err == nil {
			t.Errorf("%s succeeded", name)
		}
	}
	if _, err := mustLookup(t, f, "name").AddItem(); err == nil {
		t.Error("AddItem on a string succeeded")
	}
	if _, err := mustLookup(t, f, "tags").AddEntry("k"); err == nil {
		t.Error("AddEntry on an array succeeded")
	}
}

// Load is exact: a required list or object missing from the JSON is not
// sent as [] or {}, and is reported missing until it is filled in.
func TestLoadRequiredMissing(t *testing.T) {
	schema := `{"type":"object","properties":{"l":{"type":"array","items":{"type":"string"}},"o":{"type":"object","properties":{"a":{"type":"string"}}},"b":{"type":"boolean"}},"required":["l","o","b"]}`
	f := mustForm(t, schema)
	if got := mustArgs(t, f); got != `{"l":[],"o":{},"b":false}` {
		t.Fatalf("fresh form args %s", got)
	}
	check(t, f.Load(json.RawMessage(`{}`)))
	if v, _ := f.Root.Value(); string(v) != `{}` {
		t.Errorf("value after Load({}) is %s", v)
	}
	if got := strings.Join(problems(f), "|"); got != "l: this field is required|o: this field is required|b: this field is required: choose true or false" {
		t.Errorf("problems %q", got)
	}
	_, err := mustLookup(t, f, "l").AddItem()
	check(t, err)
	check(t, mustLookup(t, f, "l[0]").SetText("x"))
	check(t, mustLookup(t, f, "o.a").SetText("y"))
	check(t, mustLookup(t, f, "b").SetBool(false))
	if got := mustArgs(t, f); got != `{"l":["x"],"o":{"a":"y"},"b":false}` {
		t.Errorf("args %s", got)
	}
}

// Arguments are always an object: a schema for anything else makes a form
// that cannot make arguments, and says so.
func TestArgumentsMustBeObject(t *testing.T) {
	f := mustForm(t, `{"type":"string"}`)
	check(t, f.Root.SetText("x"))
	if got := strings.Join(problems(f), "|"); got != `the arguments must be a JSON object ({…}), not the text "x"` {
		t.Errorf("problems %q", got)
	}
	g := mustForm(t, `true`)
	if got := mustArgs(t, g); got != `{}` {
		t.Errorf("empty raw root gives %s", got)
	}
}
