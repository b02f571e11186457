package i18n

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"mcpbrowser/mcp/schema"
)

func TestFieldProblem(t *testing.T) {
	checkBilingual(t, "FieldProblem", FieldProblem, []struct{ in, zh string }{
		{"this field is required", "此字段为必填项"},
		{"must be a whole number, like 3", "必须是整数，例如 3"},
		{"must be at least 1", "不能小于 1"},
		{"must be at least 1 character long", "至少需要 1 个字符"},
		{"must be at most 5 characters long (it has 7)", "最多 5 个字符（现在有 7 个）"},
		{"needs at least 2 items", "至少需要 2 项"},
		{"does not fit: must be a whole number, like 3", "不符合：必须是整数，例如 3"},
		{"must be a number, not text", "必须是数字，而不是文本"},
		{"must be an object, not a list", "必须是对象，而不是列表"},
		{"is missing what is required: city, country", "缺少必填项：city, country"},
		{"can have at most 3 keys", "最多只能有 3 个键"},
		{"does not match any of the allowed shapes", "不符合任何一种允许的结构"},
		{"the arguments are not valid JSON: unexpected end of JSON input", "参数不是有效的 JSON：JSON 没有写完（缺少右括号或引号？）"},
		{"the arguments must be a JSON object ({…}), not a list", "参数必须是 JSON 对象（{…}），而不是列表"},
		{"cannot switch to the form: invalid character 'x' looking for beginning of value", "无法切换到表单：这里不应出现字符 'x'"},
		{"a server's own words", "a server's own words"},
	})
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
		got := FieldProblem(fe.Message)
		if got == fe.Message || HasLatinLetter(withoutData(got)) {
			t.Errorf("%s with %s: %q is shown as %q", tc.schema, tc.value, fe.Message, got)
		}
	}
}

// withoutData drops what the problems quote from the schema (key names,
// allowed values and type names) and the words that stay Latin.
func withoutData(s string) string {
	return dataWords.ReplaceAllString(s, "")
}

var dataWords = regexp.MustCompile(`"(\\.|[^"\\])*"|\b(city|zz|red|green|blue|string|null|number|integer|boolean|true|false|a|b|schema)\b`)

// TestArgumentProblemsOfTheCommandLine: the core's "cannot use the
// arguments given" lists each field's problem, as typed on a command line
// (key=value); each is translated and the value typed is kept.
func TestArgumentProblemsOfTheCommandLine(t *testing.T) {
	checkBilingual(t, "Explain", explainText, []struct{ in, zh string }{
		{`cannot use the arguments given: a: must be a whole number, like 3 (got "x")`,
			`无法使用给出的参数：a：必须是整数，例如 3（收到的是 "x"）`},
		{`cannot use the arguments given: a: this field is required; b: must be at least 1`,
			`无法使用给出的参数：a：此字段为必填项；b：不能小于 1`},
		{`cannot use the arguments given: a server's own words`,
			`无法使用给出的参数：a server's own words`},
	})
}
