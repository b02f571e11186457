package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// enum takes any JSON values, not only strings, and sends the chosen one
// exactly.
func TestEnumOfAnyValues(t *testing.T) {
	schema := `{"type":"object","properties":{"e":{"enum":["red",3,1.50,true,null,{"b":1,"a":[2]},["x"]]}}}`
	f := mustForm(t, schema)
	e := mustLookup(t, f, "e")
	if e.Kind != Enum {
		t.Fatalf("kind %s", e.Kind)
	}
	wantLabels := `red|3|1.50|true|(null)|{"b":1,"a":[2]}|["x"]`
	if got := optionLabels(e); got != wantLabels {
		t.Errorf("labels %s, want %s", got, wantLabels)
	}
	wantValues := []string{`"red"`, `3`, `1.50`, `true`, `null`, `{"b":1,"a":[2]}`, `["x"]`}
	for i, want := range wantValues {
		check(t, e.SetChoice(i))
		if got := mustArgs(t, f); got != `{"e":`+want+`}` {
			t.Errorf("choice %d: args %s, want value %s", i, got, want)
		}
		roundTrip(t, schema, f)
	}
	// Loading finds the option by JSON equality: 1.5 is 1.50, member order
	// does not matter.
	check(t, f.Load(json.RawMessage(`{"e":{"a":[2],"b":1}}`)))
	if c := e.Choice(); c != 5 {
		t.Errorf("loaded object chose %d, want 5", c)
	}
	check(t, f.Load(json.RawMessage(`{"e":1.5}`)))
	if c := e.Choice(); c != 2 {
		t.Errorf("loaded 1.5 chose %d, want 2", c)
	}
	if err := e.SetChoice(7); err == nil {
		t.Error("SetChoice out of range succeeded")
	}
	check(t, e.SetChoice(-1))
	if got := mustArgs(t, f); got != `{}` {
		t.Errorf("cleared choice still sent: %s", got)
	}
}

// Titled choices: oneOf/anyOf of const with title, and enumNames, show the
// titles and send the values.
func TestTitledChoices(t *testing.T) {
	tests := []struct {
		name, prop, labels, value string
	}{
		{"oneOf const", `{"type":"string","oneOf":[{"const":"h1","title":"Superman"},{"const":"h2","title":"Batman","description":"no powers"}]}`, "Superman|Batman", `"h2"`},
		{"anyOf const", `{"anyOf":[{"const":1,"title":"One"},{"const":2}]}`, "One|2", `2`},
		{"single enum branches", `{"oneOf":[{"enum":["a"],"title":"A"},{"enum":["b"],"title":"B"}]}`, "A|B", `"b"`},
		{"enumNames", `{"type":"string","enum":["p1","p2"],"enumNames":["Cats","Dogs"]}`, "Cats|Dogs", `"p2"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			schema := `{"type":"object","properties":{"c":` + tt.prop + `},"required":["c"]}`
			f := mustForm(t, schema)
			c := mustLookup(t, f, "c")
			if c.Kind != Enum || optionLabels(c) != tt.labels {
				t.Fatalf("kind %s labels %s, want enum %s", c.Kind, optionLabels(c), tt.labels)
			}
			want := "c: pick one of: " + strings.ReplaceAll(tt.labels, "|", ", ")
			if got := problems(f); len(got) != 1 || got[0] != want {
				t.Errorf("problems %q, want %q", got, want)
			}
			check(t, c.SetChoice(1))
			if got := mustArgs(t, f); got != `{"c":`+tt.value+`}` {
				t.Errorf("args %s", got)
			}
			roundTrip(t, schema, f)
		})
	}
	f := mustForm(t, `{"type":"object","properties":{"c":{"oneOf":[{"const":"h1","title":"Superman"},{"const":"h2","description":"no powers"}]}}}`)
	if d := mustLookup(t, f, "c").Options[1].Description; d != "no powers" {
		t.Errorf("option description %q", d)
	}
}

// const is a fixed value: sent when required, offered when optional.
func TestConst(t *testing.T) {
	schema := `{"type":"object","properties":{"kind":{"const":"circle"},"v":{"const":2,"title":"Version two"}},"required":["kind"]}`
	f := mustForm(t, schema)
	kind, v := mustLookup(t, f, "kind"), mustLookup(t, f, "v")
	if kind.Kind != Const || v.Kind != Const || v.Options[0].Label != "Version two" {
		t.Fatalf("kinds %s %s, label %q", kind.Kind, v.Kind, v.Options[0].Label)
	}
	if got := mustArgs(t, f); got != `{"kind":"circle"}` {
		t.Errorf("args %s: the required const must be sent, the optional not", got)
	}
	check(t, v.SetChoice(0))
	if got := mustArgs(t, f); got != `{"kind":"circle","v":2}` {
		t.Errorf("args %s", got)
	}
	roundTrip(t, schema, f)
	if err := f.Load(json.RawMessage(`{"kind":"square"}`)); err == nil {
		t.Error("loading a wrong const fit the form")
	} else if !kind.IsRaw() {
		t.Error("a wrong const was not kept as raw JSON")
	}
	if got := problems(f); len(got) != 1 || !strings.Contains(got[0], `square is not one of the choices (circle)`) {
		t.Errorf("problems %q", got)
	}
}

// An array of enums is a multi-select; its counts and uniqueness are checked.
func TestMultiEnum(t *testing.T) {
	schema := `{"type":"object","properties":{"fish":{"type":"array","minItems":1,"maxItems":2,"uniqueItems":true,
		"items":{"anyOf":[{"const":"f1","title":"Tuna"},{"const":"f2","title":"Salmon"},{"const":"f3","title":"Trout"}]}}},"required":["fish"]}`
	f := mustForm(t, schema)
	fish := mustLookup(t, f, "fish")
	if fish.Kind != MultiEnum || optionLabels(fish) != "Tuna|Salmon|Trout" {
		t.Fatalf("kind %s options %s", fish.Kind, optionLabels(fish))
	}
	if got := problems(f); len(got) != 1 || got[0] != "fish: pick at least 1" {
		t.Errorf("problems %q", got)
	}
	check(t, fish.SetChoices([]int{2, 0, 1}))
	if got := problems(f); len(got) != 1 || got[0] != "fish: pick at most 2" {
		t.Errorf("problems %q", got)
	}
	check(t, fish.SetChoices([]int{2, 2}))
	if got := problems(f); len(got) != 1 || !strings.Contains(got[0], "only once") {
		t.Errorf("problems %q", got)
	}
	check(t, fish.SetChoices([]int{2, 0}))
	if got := mustArgs(t, f); got != `{"fish":["f3","f1"]}` {
		t.Errorf("args %s", got)
	}
	roundTrip(t, schema, f)
	if err := fish.SetChoices([]int{3}); err == nil {
		t.Error("SetChoices out of range succeeded")
	}
}
