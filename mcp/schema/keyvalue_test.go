package schema

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

const cliSchema = `{"type":"object","properties":{
	"a":{"type":"integer"},
	"s":{"type":"string"},
	"x":{"type":"number"},
	"flag":{"type":"boolean"},
	"tags":{"type":"array","items":{"type":"string"}},
	"nums":{"type":"array","items":{"type":"integer"}},
	"color":{"enum":["red","green"],"enumNames":["Red","Green"]},
	"hero":{"oneOf":[{"const":"h1","title":"Superman"},{"const":"h2","title":"Batman"}]},
	"fish":{"type":"array","items":{"enum":["tuna","trout"]}},
	"opts":{"type":"object","properties":{"depth":{"type":"integer"},"deep":{"type":"object","properties":{"on":{"type":"boolean"}}}}},
	"env":{"type":"object","additionalProperties":{"type":"string"}},
	"people":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"}}}},
	"maybe":{"type":["integer","null"]},
	"shape":{"oneOf":[{"type":"object","properties":{"r":{"type":"number"}},"required":["r"]},{"type":"object","properties":{"w":{"type":"number"}},"required":["w"]}]},
	"any":{}}}`

// key=value pairs are converted by the schema's types.
func TestParseKeyValues(t *testing.T) {
	tests := []struct {
		pairs []string
		want  string
	}{
		{[]string{"a=3"}, `{"a":3}`},
		{[]string{"s=3"}, `{"s":"3"}`},
		{[]string{"s="}, `{"s":""}`},
		{[]string{"s=a=b"}, `{"s":"a=b"}`},
		{[]string{"x=12345678901234567890.5"}, `{"x":12345678901234567890.5}`},
		{[]string{"flag=true"}, `{"flag":true}`},
		{[]string{"flag=no"}, `{"flag":false}`},
		{[]string{"tags=a,b"}, `{"tags":["a","b"]}`},
		{[]string{`tags=a\,b,c`}, `{"tags":["a,b","c"]}`},
		{[]string{"tags=a", "tags=b"}, `{"tags":["a","b"]}`},
		{[]string{`tags=["x,y"]`}, `{"tags":["x,y"]}`},
		{[]string{"nums=1,2,3"}, `{"nums":[1,2,3]}`},
		{[]string{"color=green"}, `{"color":"green"}`},
		{[]string{"color=Red"}, `{"color":"red"}`},
		{[]string{"hero=Batman"}, `{"hero":"h2"}`},
		{[]string{"hero=h1"}, `{"hero":"h1"}`},
		{[]string{"fish=tuna,trout"}, `{"fish":["tuna","trout"]}`},
		{[]string{"opts.depth=2"}, `{"opts":{"depth":2}}`},
		{[]string{"opts.deep.on=1", "opts.depth=0"}, `{"opts":{"depth":0,"deep":{"on":true}}}`},
		{[]string{`opts={"depth":4}`}, `{"opts":{"depth":4}}`},
		{[]string{"env.HOME=/root", `env["A.B"]=c`}, `{"env":{"HOME":"/root","A.B":"c"}}`},
		{[]string{"people[0].name=ann", "people[1].name=bob"}, `{"people":[{"name":"ann"},{"name":"bob"}]}`},
		{[]string{`people={"name":"x"}`}, `{"people":[{"name":"x"}]}`},
		{[]string{`people=[{"name":"x"},{"name":"y"}]`}, `{"people":[{"name":"x"},{"name":"y"}]}`},
		{[]string{"maybe=null"}, `{"maybe":null}`},
		{[]string{"maybe=7"}, `{"maybe":7}`},
		{[]string{"shape.w=2"}, `{"shape":{"w":2}}`},
		{[]string{`shape={"r":1}`}, `{"shape":{"r":1}}`},
		{[]string{"any=hello"}, `{"any":"hello"}`},
		{[]string{"any=[1,2]"}, `{"any":[1,2]}`},
		{nil, `{}`},
	}
	for _, tt := range tests {
		got, err := ParseKeyValues(json.RawMessage(cliSchema), tt.pairs)
		if err != nil {
			t.Errorf("%q: %v", tt.pairs, err)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%q: got %s, want %s", tt.pairs, got, tt.want)
		}
	}
}

// Unknown keys and values that do not fit give errors that name the key
// and say what was expected.
func TestParseKeyValuesErrors(t *testing.T) {
	tests := []struct {
		pairs []string
		want  string
	}{
		{[]string{"nope=1"}, `nope: this tool has no "nope"; it takes: a, s, x,`},
		{[]string{"a=x"}, `a: must be a whole number, like 3 (got "x")`},
		{[]string{"a=1.5"}, `a: must be a whole number, like 3 (got "1.5")`},
		{[]string{"x=abc"}, `x: must be a number, like 3 (got "abc")`},
		{[]string{"flag=maybe"}, `flag: must be true or false (got "maybe")`},
		{[]string{"color=blue"}, `color: must be one of: Red, Green (got "blue")`},
		{[]string{"fish=tuna,cod"}, `fish: "cod" is not one of: tuna, trout`},
		{[]string{"nums=1,x"}, `nums: item "x": must be a whole number, like 3 (got "x")`},
		{[]string{"opts.nope=1"}, `opts.nope: opts has no "nope"; it takes: depth, deep`},
		{[]string{"opts=notjson"}, `opts: must be a JSON object`},
		{[]string{"a.b=1"}, `a.b: a is a whole number and has no parts, so "b" goes too deep`},
		{[]string{"tags.x=1"}, `tags.x: tags is a list: name an item by its number, like tags[0]`},
		{[]string{"people[3].name=x"}, `people[3].name: people has 0 items; the next one is [0]`},
		{[]string{"novalue"}, `"novalue" has no "="`},
		{[]string{"=3"}, `has no name before "="`},
		{[]string{"a..b=3"}, `has an empty part`},
		{[]string{"shape.q=1"}, `none of the choices for shape has "q"`},
	}
	for _, tt := range tests {
		_, err := ParseKeyValues(json.RawMessage(cliSchema), tt.pairs)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want it to contain %q", tt.pairs, err, tt.want)
		}
	}
	// Missing required arguments are reported as a whole.
	_, err := ParseKeyValues(json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`), nil)
	var ae *ArgumentsError
	if !errors.As(err, &ae) || len(ae.Problems) != 1 || ae.Problems[0].Path != "q" {
		t.Errorf("error %v", err)
	}
	// Every failing pair is reported, not only the first.
	_, err = ParseKeyValues(json.RawMessage(cliSchema), []string{"a=x", "flag=2", "s=ok"})
	var ke *KeyValueError
	if !errors.As(err, &ke) || len(ke.Problems) != 2 {
		t.Errorf("error %v", err)
	}
}

// The CLI merges --args JSON and key=value: Load, then ApplyKeyValues.
func TestKeyValuesOverArgs(t *testing.T) {
	f := mustForm(t, cliSchema)
	check(t, f.Load(json.RawMessage(`{"a":1,"tags":["old"],"opts":{"depth":1,"deep":{"on":true}}}`)))
	check(t, f.ApplyKeyValues([]string{"a=2", "tags=new", "opts.depth=5"}))
	if got := mustArgs(t, f); got != `{"a":2,"tags":["new"],"opts":{"depth":5,"deep":{"on":true}}}` {
		t.Errorf("args %s", got)
	}
}
