package i18n

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"github.com/google/jsonschema-go/jsonschema"

	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/schema"
)

func fieldProblem(v any) string { return FieldProblem(v.(Keyed)) }

func TestFieldProblem(t *testing.T) {
	// A JSON syntax error is said where the text is at hand (say.JSONCause).
	jsonErr := say.JSONCause([]byte("{"), json.Unmarshal([]byte("{"), new(any)))
	badChar := say.JSONCause([]byte("x"), json.Unmarshal([]byte("x"), new(any)))
	checkKeyed(t, fieldProblem, []keyedCase{
		{say.Text("this field is required"), "this field is required", "此字段为必填项"},
		{say.Text("must be a whole number, like 3"), "must be a whole number, like 3", "必须是整数，例如 3"},
		{say.New("must be at least {{.N}}", say.Args{"N": "1"}), "must be at least 1", "不能小于 1"},
		{say.Plural("must be at least {{.Count}} character long", "must be at least {{.Count}} characters long", 1, nil),
			"must be at least 1 character long", "至少需要 1 个字符"},
		{say.Plural("must be at most {{.Count}} character long (it has {{.Has}})", "must be at most {{.Count}} characters long (it has {{.Has}})", 5, say.Args{"Has": 7}),
			"must be at most 5 characters long (it has 7)", "最多 5 个字符（现在有 7 个）"},
		{say.Plural("needs at least {{.Count}} item", "needs at least {{.Count}} items", 2, nil), "needs at least 2 items", "至少需要 2 项"},
		{say.New("does not fit: {{.Why}}", say.Args{"Why": say.Text("must be a whole number, like 3")}),
			"does not fit: must be a whole number, like 3", "不符合：必须是整数，例如 3"},
		{say.New("must be {{.Want}}, not {{.Got}}", say.Args{"Want": say.Text("a number"), "Got": say.Text("text")}),
			"must be a number, not text", "必须是数字，而不是文本"},
		{say.New("must be {{.Want}}, not {{.Got}}", say.Args{"Want": say.Text("an object"), "Got": say.Text("a list")}),
			"must be an object, not a list", "必须是对象，而不是列表"},
		{say.New("is missing what is required: {{.Keys}}", say.Args{"Keys": "city, country"}),
			"is missing what is required: city, country", "缺少必填项：city, country"},
		{say.Plural("can have at most {{.Count}} keys", "can have at most {{.Count}} keys", 3, nil), "can have at most 3 keys", "最多只能有 3 个键"},
		{say.Text("does not match any of the allowed shapes"), "does not match any of the allowed shapes", "不符合任何一种允许的结构"},
		{say.New("the arguments are not valid JSON: {{.Err}}", say.Args{"Err": jsonErr}),
			"the arguments are not valid JSON: unexpected end of JSON input", "参数不是有效的 JSON：JSON 没有写完（缺少右括号或引号？）"},
		{say.New("the arguments must be a JSON object ({…}), not {{.Kind}}", say.Args{"Kind": say.Text("a list")}),
			"the arguments must be a JSON object ({…}), not a list", "参数必须是 JSON 对象（{…}），而不是列表"},
		{say.New("cannot switch to the form: {{.Err}}", say.Args{"Err": badChar}),
			"cannot switch to the form: invalid character 'x' looking for beginning of value", "无法切换到表单：这里不应出现字符 'x'"},
	})
	// A problem given in words alone (a server's) is shown as written.
	for _, lang := range []string{English, SimplifiedChinese} {
		if _, err := Setup(lang); err != nil {
			t.Fatal(err)
		}
		fe := schema.FieldError{Message: "a server's own words"}
		if got := FieldProblem(fe.Problem()); got != fe.Message {
			t.Errorf("%s: %q is shown as %q", lang, fe.Message, got)
		}
	}
	Setup(English)
}

// TestSchemaValidationProblemsAreTranslated runs values through the JSON
// Schema validator and mcp/schema's plain wording, as the result view and
// the quality report do, and wants every problem in Chinese: a sentence
// mcp/schema learns to say must be taught here too.
func TestSchemaValidationProblemsAreTranslated(t *testing.T) {
	cases := []struct{ schema, value string }{
		{`{"type":"number"}`, `"x"`},
		{`{"type":"object"}`, `[1]`},
		{`{"type":["string","null"]}`, `1`},
		{`{"enum":["red","green"]}`, `"blue"`},
		{`{"type":"object","properties":{"n":{"type":"integer","minimum":1}}}`, `{"n":0}`},
		{`{"type":"object","properties":{"n":{"type":"integer","maximum":9}}}`, `{"n":10}`},
		{`{"type":"string","minLength":3}`, `"ab"`},
		{`{"type":"string","minLength":1}`, `""`},
		{`{"type":"array","minItems":2}`, `[1]`},
		{`{"type":"array","maxItems":1}`, `[1,2]`},
		{`{"type":"array","uniqueItems":true}`, `[1,1]`},
		{`{"type":"object","required":["city"]}`, `{}`},
		{`{"type":"object","additionalProperties":false}`, `{"zz":1}`},
		{`{"type":"object","minProperties":2}`, `{"a":1}`},
		{`{"type":"object","maxProperties":1}`, `{"a":1,"b":2}`},
		{`{"anyOf":[{"type":"string"},{"type":"boolean"}]}`, `1`},
		{`{"oneOf":[{"type":"number"},{"type":"integer"}]}`, `1`},
		{`{"not":{"type":"number"}}`, `1`},
		{`{"type":"array","contains":{"type":"string"}}`, `[1]`},
		{`{"type":"number","multipleOf":2}`, `3`},
		{`{"type":"object","dependentRequired":{"a":["b"]}}`, `{"a":1}`},
		// Every other keyword the validator (jsonschema-go) reports on.
		{`{"const":"red"}`, `"blue"`},
		{`{"const":5}`, `6`},
		{`{"const":{"a":1}}`, `{"a":2}`},
		{`{"type":"string","maxLength":2}`, `"abc"`},
		{`{"type":"string","pattern":"^a+$"}`, `"b"`},
		{`{"type":"number","exclusiveMinimum":1}`, `1`},
		{`{"type":"number","exclusiveMaximum":1}`, `1`},
		{`{"type":"array","contains":{"type":"string"},"minContains":2}`, `["x",1]`},
		{`{"type":"array","contains":{"type":"string"},"maxContains":1}`, `["x","y"]`},
		{`{"oneOf":[{"type":"string"},{"type":"boolean"}]}`, `1`},
		{`{"type":"integer"}`, `1.5`},
		{`{"type":"null"}`, `false`},
		{`{"type":"object","propertyNames":{"pattern":"^a"}}`, `{"zz":1}`},
		{`{"type":"object","patternProperties":{"^a":{"type":"number"}}}`, `{"a":"x"}`},
		{`{"type":"object","unevaluatedProperties":false}`, `{"zz":1}`},
		{`{"type":"array","prefixItems":[{"type":"number"}],"unevaluatedItems":false}`, `[1,2]`},
		{`{"type":"array","prefixItems":[{"type":"number"}],"items":false}`, `[1,2]`},
		{`{"type":"array","items":{"type":"number"}}`, `["x"]`},
		{`{"if":{"type":"number"},"then":{"minimum":5},"else":{"type":"string"}}`, `1`},
		{`{"if":{"type":"number"},"then":{"minimum":5},"else":{"type":"string"}}`, `true`},
		{`{"type":"object","dependentSchemas":{"a":{"required":["b"]}}}`, `{"a":1}`},
		{`{"allOf":[{"type":"number"},{"minimum":3}]}`, `1`},
		{`{"$defs":{"n":{"type":"number"}},"$ref":"#/$defs/n"}`, `"x"`},
		{`false`, `1`},
	}
	t.Cleanup(func() { Setup(English) })
	if _, err := Setup(SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		var s jsonschema.Schema
		if err := json.Unmarshal([]byte(tc.schema), &s); err != nil {
			t.Fatal(err)
		}
		resolved, err := s.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal([]byte(tc.value), &v); err != nil {
			t.Fatal(err)
		}
		err = resolved.Validate(v)
		if err == nil {
			t.Errorf("%s accepts %s", tc.schema, tc.value)
			continue
		}
		fe := schema.ExplainValidation(err)
		checkKeysInChinese(t, fe.Problem())
		got := FieldProblem(fe.Problem())
		if got == fe.Message || HasLatinLetter(withoutData(got)) {
			t.Errorf("%s with %s: %q is shown as %q", tc.schema, tc.value, fe.Message, got)
		}
	}
}

// TestFormProblemsHaveTheirChinese: every key of the problems the form
// finds, and of the pairs a command line gives, has its Chinese.
func TestFormProblemsHaveTheirChinese(t *testing.T) {
	props := `{"type":"object","required":["r","b"],"properties":{
		"r":{"type":"string"},
		"b":{"type":"boolean"},
		"s":{"type":"string","minLength":2,"maxLength":3,"pattern":"^a"},
		"one":{"type":"string","minLength":1},
		"d":{"type":"string","format":"date"},
		"i":{"type":"integer","minimum":1,"maximum":3,"multipleOf":2},
		"x":{"type":"number","exclusiveMinimum":1,"exclusiveMaximum":3},
		"n":{"type":"null"},
		"e":{"enum":["red","green"]},
		"m":{"type":"array","items":{"enum":["a","b","c"]},"minItems":2,"maxItems":2,"uniqueItems":true},
		"a":{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":1,"uniqueItems":true},
		"o":{"type":"object","minProperties":2,"maxProperties":1,"additionalProperties":{"type":"number"}},
		"k":{"type":"object","properties":{"p":{"type":"number"}},"additionalProperties":false},
		"raw":{}
	}}`
	cases := [][]string{
		{"s=b", "one=", "d=x", "i=5", "x=1", "m=a,a,a", "a=1,1,1", "o.p=1", "o.q=2"},
		{"i=y", "x=z", "b=maybe", "n=3", "e=blue", "s=a", "a=1"},
		{"k=[1]", "m=[1]", "novalue"},
	}
	for _, pairs := range cases {
		f, err := schema.NewForm(json.RawMessage(props))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.ApplyKeyValues(pairs); err != nil {
			var k Keyed
			if kv, ok := err.(Keyed); ok {
				k = kv
			} else {
				t.Fatalf("%v: %T is not keyed", pairs, err)
			}
			checkKeysInChinese(t, k)
		}
		for _, fe := range f.Validate() {
			checkKeysInChinese(t, fe.Say())
		}
	}
	f, _ := schema.NewForm(json.RawMessage(props))
	for _, args := range []string{`[1]`, `{`} {
		if err := f.Load(json.RawMessage(args)); err != nil {
			checkKeysInChinese(t, err.(Keyed))
		}
	}
}

// checkKeysInChinese wants a Chinese text for m's key and for the keys of
// the messages among its arguments; "{{.Text}}" is a text passed on as it
// was written.
func checkKeysInChinese(t *testing.T, m Keyed) {
	t.Helper()
	zh, err := Messages(SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := zh[m.MessageKey()]; !ok {
		t.Errorf("no Chinese for %q", m.MessageKey())
	}
	for _, v := range m.MessageArgs() {
		if k, ok := v.(Keyed); ok {
			checkKeysInChinese(t, k)
		}
	}
}

// withoutData drops what the problems quote from the schema (quoted key
// names and values, and the words that name allowed values and types),
// keeping the other Latin words.
func withoutData(s string) string {
	var kept []string
	inQuote := false
	word := func(r rune) bool { return r < unicode.MaxASCII && unicode.IsLetter(r) }
	var b strings.Builder
	flush := func() {
		if w := b.String(); w != "" && !dataWords[w] {
			kept = append(kept, w)
		}
		b.Reset()
	}
	for i, r := range s {
		switch {
		case r == '"' && (i == 0 || s[i-1] != '\\'):
			flush()
			inQuote = !inQuote
		case inQuote:
		case word(r):
			b.WriteRune(r)
		default:
			flush()
		}
	}
	flush()
	return strings.Join(kept, " ")
}

var dataWords = map[string]bool{"city": true, "zz": true, "red": true, "green": true, "blue": true, "string": true,
	"null": true, "number": true, "integer": true, "boolean": true, "true": true, "false": true, "a": true, "b": true, "schema": true}

// TestArgumentProblemsOfTheCommandLine: the core's "cannot use the
// arguments given" lists each field's problem, as typed on a command line
// (key=value); each is translated and the value typed is kept.
func TestArgumentProblemsOfTheCommandLine(t *testing.T) {
	f, err := schema.NewForm(json.RawMessage(`{"type":"object","properties":{"a":{"type":"integer"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	typed := f.ApplyKeyValues([]string{"a=x"})
	fieldErr := func(path string, m say.Msg) schema.FieldError {
		return schema.FieldError{Path: path, Label: path, Message: m.String(), Msg: m}
	}
	two := &schema.KeyValueError{Problems: []schema.FieldError{
		fieldErr("a", say.Text("this field is required")),
		fieldErr("b", say.New("must be at least {{.N}}", say.Args{"N": "1"})),
	}}
	own := &schema.KeyValueError{Problems: []schema.FieldError{{Message: "a server's own words"}}}
	checkKeyed(t, Explain, []keyedCase{
		{typed.(Keyed), `cannot use the arguments given: a: must be a whole number, like 3 (got "x")`,
			`无法使用给出的参数：a：必须是整数，例如 3（收到的是 "x"）`},
		{two, `cannot use the arguments given: a: this field is required; b: must be at least 1`,
			`无法使用给出的参数：a：此字段为必填项；b：不能小于 1`},
		{own, `cannot use the arguments given: a server's own words`,
			`无法使用给出的参数：a server's own words`},
	})
}
