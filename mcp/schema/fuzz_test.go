package schema

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// fuzzSchemas seed the fuzzer with the hard cases: recursion, self
// reference, shared definitions, unions of unions, odd keywords.
var fuzzSchemas = []string{
	`{"$ref":"#"}`,
	`{"allOf":[{"$ref":"#"},{"type":"object"}]}`,
	`{"anyOf":[{"$ref":"#"},{"type":"null"}]}`,
	`{"type":"object","properties":{"x":{"oneOf":[{"$ref":"#/properties/x"},{"type":"string"}]}}}`,
	`{"$defs":{"n":{"type":"object","default":{"v":1},"properties":{"v":{"type":"integer"},"next":{"$ref":"#/$defs/n"},"kids":{"type":"array","items":{"$ref":"#/$defs/n"}}}}},"$ref":"#/$defs/n"}`,
	`{"$defs":{"a":{"allOf":[{"$ref":"#/$defs/b"},{"$ref":"#/$defs/b"}]},"b":{"allOf":[{"$ref":"#/$defs/c"},{"$ref":"#/$defs/c"}]},"c":{"properties":{"z":{"type":"string"}}}},"$ref":"#/$defs/a"}`,
	`{"type":"object","properties":{"v":{"type":["string","integer","null","array"],"items":{"type":["object","boolean"]}}}}`,
	`{"type":"object","properties":{"e":{"enum":[1,"a",null,{"x":[1]},1.0]},"c":{"const":{"k":null}}},"required":["c"]}`,
	`{"type":"object","properties":{"m":{"type":"object","patternProperties":{"^x":{"type":"integer"}},"additionalProperties":{"type":"boolean"},"minProperties":1}},"required":["m"]}`,
	`{"type":"object","properties":{"n":{"type":"number","minimum":1e400,"multipleOf":1e-400,"exclusiveMaximum":true,"maximum":"x"}}}`,
	`{"type":"object","properties":{"t":{"type":"array","items":[{"type":"string"}],"uniqueItems":true}},"not":{},"if":{"required":["t"]},"then":false}`,
	`{"type":"object","properties":{"s":{"oneOf":[{"type":"object","properties":{"k":{"const":"a"}}},{"type":"object","properties":{"k":{"const":"b"}},"additionalProperties":false}]}}}`,
}

var fuzzTexts = []string{"", "0", "-1.5e3", "abc", "true", "null", `"q"`, "[1,2]", `{"a":1}`, "2024-05-31", "12345678901234567890", "x,y", "{", "é\u0000"}

// FuzzForm feeds random schemas, random arguments and random edits to the
// form. It must never panic or hang, and two promises must hold:
// Load then Value gives back what was loaded, and arguments the form
// accepts load into a new form and come out the same.
func FuzzForm(f *testing.F) {
	for _, c := range readCorpus(f) {
		f.Add([]byte(c.Schema), []byte(`{}`), []byte{0, 1, 2, 3})
	}
	for i, s := range fuzzSchemas {
		f.Add([]byte(s), []byte(`{"x":"y","v":[true],"n":3,"m":{"xa":1,"b":true}}`), []byte{byte(i), 7, 1, 0, 9, 3, 2, 12, 5})
	}
	f.Fuzz(func(t *testing.T, schema, args, ops []byte) {
		if len(schema) > 1<<14 || len(args) > 1<<14 || len(ops) > 256 {
			return
		}
		form, err := NewForm(schema)
		if err != nil {
			return
		}
		if err := form.Load(args); err == nil || errors.As(err, new(*LoadError)) {
			v, ok := form.Root.Value()
			if !ok || !sameJSON(t, string(v), string(args)) {
				t.Fatalf("Load(%s) then Value gave %s", args, v)
			}
		}
		edit(form, ops)
		form.Validate()
		got, errs := form.Arguments()
		if len(errs) > 0 {
			return
		}
		again, err := NewForm(schema)
		if err != nil {
			t.Fatal(err)
		}
		if err := again.Load(got); err != nil && !errors.As(err, new(*LoadError)) {
			t.Fatalf("accepted arguments %s do not load: %v", got, err)
		}
		if v, ok := again.Root.Value(); !ok || !sameJSON(t, string(v), string(got)) {
			t.Fatalf("accepted arguments %s came back as %s", got, v)
		}
		_, _ = ParseKeyValues(schema, keyValuesFor(form.Root))
	})
}

// edit walks the form and changes it as a person might, steered by ops.
// (Its cyclomatic complexity is over 30 on purpose: one switch over every
// kind of field and edit, so that the fuzzer can reach any of them.)
func edit(form *Form, ops []byte) {
	cur := form.Root
	next := func(i *int) int {
		*i++
		if *i < len(ops) {
			return int(ops[*i])
		}
		return 0
	}
	for i := 0; i < len(ops); i++ {
		op := ops[i]
		arg := next(&i)
		text := fuzzTexts[arg%len(fuzzTexts)]
		kids := cur.Children()
		switch op % 20 {
		case 0:
			if len(kids) > 0 {
				cur = kids[arg%len(kids)]
			}
		case 1:
			if p := cur.Parent(); p != nil {
				cur = p
			}
		case 2:
			_ = cur.SetText(text)
		case 3:
			_ = cur.SetBool(arg%2 == 0)
		case 4:
			_ = cur.SetChoice(arg%(len(cur.Options)+1) - 1)
		case 5:
			_ = cur.SetChoices([]int{arg % (len(cur.Options) + 1), 0})
		case 6:
			if item, err := cur.AddItem(); err == nil {
				cur = item
			}
		case 7:
			_ = cur.RemoveItem(arg % 3)
		case 8:
			_ = cur.MoveItem(arg%3, (arg/3)%3)
		case 9:
			if e, err := cur.AddEntry(text); err == nil {
				cur = e
			}
		case 10:
			if len(kids) > 0 {
				_ = cur.RenameEntry(kids[arg%len(kids)].Name, text+"2")
			}
		case 11:
			cur.Expand()
		case 12:
			cur.SetRaw(text)
		case 13:
			_ = cur.UseForm()
		case 14:
			_ = cur.SetNull()
		case 15:
			cur.Clear()
		case 16:
			cur.Reset()
		case 17:
			_ = cur.Problem()
			_ = cur.Hint()
			if found := form.Lookup(cur.Path()); found != nil && found.Path() != cur.Path() {
				panic("Lookup(" + cur.Path() + ") found " + found.Path())
			}
		case 18:
			_ = form.ApplyKeyValues([]string{strings.TrimPrefix(cur.Path()+"="+text, "=")})
		case 19:
			if v, ok := cur.Value(); ok && !json.Valid(v) {
				panic("Value is not JSON: " + string(v))
			}
		}
	}
}
