package schema

import (
	"strings"
	"testing"
)

// Arrays of primitives: items are added, removed and moved; counts and
// uniqueness are checked.
func TestArrayOfPrimitives(t *testing.T) {
	schema := `{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","minLength":2},"minItems":2,"maxItems":3,"uniqueItems":true}},"required":["tags"]}`
	f := mustForm(t, schema)
	tags := mustLookup(t, f, "tags")
	if got := strings.Join(problems(f), "|"); got != "tags: needs at least 2 items" {
		t.Errorf("problems %q", got)
	}
	for _, v := range []string{"aa", "bb", "aa"} {
		item, err := tags.AddItem()
		check(t, err)
		check(t, item.SetText(v))
	}
	if _, err := tags.AddItem(); err == nil {
		t.Error("AddItem beyond maxItems succeeded")
	}
	if got := strings.Join(problems(f), "|"); got != "tags: items 1 and 3 are the same; each item must be different" {
		t.Errorf("problems %q", got)
	}
	check(t, mustLookup(t, f, "tags[2]").SetText("c"))
	if got := strings.Join(problems(f), "|"); got != "tags[2]: must be at least 2 characters long" {
		t.Errorf("problems %q", got)
	}
	check(t, mustLookup(t, f, "tags[2]").SetText("cc"))
	check(t, tags.MoveItem(2, 0))
	if got := mustArgs(t, f); got != `{"tags":["cc","aa","bb"]}` {
		t.Errorf("after move: %s", got)
	}
	if p := mustLookup(t, f, "tags[0]").Path(); p != "tags[0]" {
		t.Errorf("moved item path %q", p)
	}
	check(t, tags.MoveItem(0, 2))
	if got := mustArgs(t, f); got != `{"tags":["aa","bb","cc"]}` {
		t.Errorf("after move back: %s", got)
	}
	roundTrip(t, schema, f)
	check(t, tags.RemoveItem(1))
	if got := mustArgs(t, f); got != `{"tags":["aa","cc"]}` {
		t.Errorf("after remove: %s", got)
	}
	for _, bad := range [][2]int{{-1, 0}, {0, 5}} {
		if err := tags.MoveItem(bad[0], bad[1]); err == nil {
			t.Errorf("MoveItem%v succeeded", bad)
		}
	}
	if err := tags.RemoveItem(9); err == nil {
		t.Error("RemoveItem out of range succeeded")
	}
}

// Arrays of objects are lists of sub-forms, each with its own required
// fields and defaults.
func TestArrayOfObjects(t *testing.T) {
	schema := `{"type":"object","properties":{"people":{"type":"array","items":{"type":"object",
		"properties":{"name":{"type":"string"},"age":{"type":"integer","minimum":0},"role":{"enum":["dev","ops"],"default":"dev"}},
		"required":["name"]}}}}`
	f := mustForm(t, schema)
	people := mustLookup(t, f, "people")
	if got := mustArgs(t, f); got != `{}` {
		t.Errorf("an empty optional list was sent: %s", got)
	}
	p0, err := people.AddItem()
	check(t, err)
	if p0.Kind != Object || len(p0.Children()) != 3 {
		t.Fatalf("item is %s with %d children", p0.Kind, len(p0.Children()))
	}
	if got := strings.Join(problems(f), "|"); got != "people[0].name: this field is required" {
		t.Errorf("problems %q", got)
	}
	check(t, mustLookup(t, f, "people[0].name").SetText("Ann"))
	p1, _ := people.AddItem()
	check(t, mustLookup(t, f, "people[1].name").SetText("Bob"))
	check(t, mustLookup(t, f, "people[1].age").SetText("-1"))
	if got := strings.Join(problems(f), "|"); got != "people[1].age: must be at least 0" {
		t.Errorf("problems %q", got)
	}
	check(t, mustLookup(t, f, "people[1].age").SetText("40"))
	check(t, people.MoveItem(1, 0))
	if p1.Path() != "people[0]" || p0.Path() != "people[1]" {
		t.Errorf("paths after move: %s %s", p1.Path(), p0.Path())
	}
	want := `{"people":[{"name":"Bob","age":40,"role":"dev"},{"name":"Ann","role":"dev"}]}`
	if got := mustArgs(t, f); got != want {
		t.Errorf("args %s\nwant %s", got, want)
	}
	roundTrip(t, schema, f)
	check(t, people.RemoveItem(0))
	check(t, people.RemoveItem(0))
	// An emptied list was given explicitly: it is sent as [].
	if got := mustArgs(t, f); got != `{"people":[]}` {
		t.Errorf("args %s", got)
	}
	people.Clear()
	if got := mustArgs(t, f); got != `{}` {
		t.Errorf("after Clear: %s", got)
	}
}

// Tuples (items as a list, prefixItems) are edited as raw JSON, with a note.
func TestTupleIsRaw(t *testing.T) {
	for _, prop := range []string{
		`{"type":"array","items":[{"type":"string"},{"type":"integer"}]}`,
		`{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}`,
	} {
		f := mustForm(t, `{"type":"object","properties":{"pair":`+prop+`}}`)
		pair := mustLookup(t, f, "pair")
		if pair.Kind != RawJSON || !strings.Contains(pair.Note, "tuple") {
			t.Errorf("%s: kind %s note %q", prop, pair.Kind, pair.Note)
		}
		check(t, pair.SetText(`["a", 1]`))
		if got := mustArgs(t, f); got != `{"pair":["a",1]}` {
			t.Errorf("args %s", got)
		}
	}
}
