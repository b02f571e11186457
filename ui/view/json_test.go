package view

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/schema"
)

func TestOutputSchemaProblemUnreadableSchema(t *testing.T) {
	got := OutputSchemaProblem(map[string]any{"type": 5}, map[string]any{})
	if got == "" || !strings.Contains(got, "outputSchema") {
		t.Errorf("problem = %q, want words about the schema", got)
	}
}

func TestOutputSchemaProblemNamesTheFieldInWords(t *testing.T) {
	sum := map[string]any{"type": "object", "properties": map[string]any{"sum": map[string]any{"type": "number"}}}
	got := func() string { return OutputSchemaProblem(sum, map[string]any{"sum": "five"}) }
	checkWordings(t, []wording{
		{"wrong type", got,
			"The structured content does not match the tool's outputSchema: structuredContent.sum: must be a number, not text",
			"结构化内容与该工具的 outputSchema 不符：structuredContent.sum：必须是数字，而不是文本"},
		{"matches", func() string { return OutputSchemaProblem(sum, map[string]any{"sum": 5}) }, "", ""},
	})
}

func TestIndentHeadMatchesJSONIndent(t *testing.T) {
	docs := []string{
		`{"a":1,"b":[true,false,null],"c":{},"d":[],"e":{"f":"g"}}`,
		` [ 1 , 2 , { "x" : [ ] } ] `,
		`{"s":"a \"quoted\" {brace}, [bracket]: colon \\ backslash","u":"é ü \u00e9"}`,
		`[[[[]]],{"":{"":""}}]`,
		`{"n":-1.5e10,"t":true}`,
	}
	for _, doc := range docs {
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(strings.TrimSpace(doc)), "", "  "); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		got, complete := IndentHead(strings.TrimSpace(doc), 1000, 1<<20)
		if got != want.String() || !complete {
			t.Errorf("IndentHead(%s) =\n%s\nwant\n%s", doc, got, want.String())
		}
		// A head is the first lines of the whole.
		wantLines := strings.Split(want.String(), "\n")
		if len(wantLines) > 3 {
			head, complete := IndentHead(strings.TrimSpace(doc), 3, 1<<20)
			if head != strings.Join(wantLines[:3], "\n") || complete {
				t.Errorf("3-line head of %s = %q (complete %v), want %q", doc, head, complete, strings.Join(wantLines[:3], "\n"))
			}
		}
	}
}

// FuzzIndentHead checks that the head indenter never panics and, for valid
// JSON, writes exactly what json.Indent writes.
func FuzzIndentHead(f *testing.F) {
	for _, s := range []string{`{}`, `[1,[2,{}]]`, `{"a":"\"}"}`, `{"a":`, `]]]`, `[{"x":[1,2,3],"y":{"z":null}}]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, _ := IndentHead(s, 1<<30, 1<<30)
		if !LooksLikeJSON(s) || !json.Valid([]byte(s)) {
			return
		}
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(strings.TrimSpace(s)), "", "  "); err != nil {
			t.Fatal(err)
		}
		if got != want.String() {
			t.Errorf("IndentHead(%q) = %q, want %q", s, got, want.String())
		}
	})
}

func TestJSONText(t *testing.T) {
	for _, c := range []struct {
		in, pretty string
		isJSON     bool
	}{
		{`{"b":1,"a":[2]}`, "{\n  \"b\": 1,\n  \"a\": [\n    2\n  ]\n}", true},
		{`  [1]`, "[\n  1\n]", true},
		{`{broken`, `{broken`, false},
		{`plain text`, `plain text`, false},
	} {
		got, isJSON := PrettyJSONText(c.in)
		if got != c.pretty || isJSON != c.isJSON {
			t.Errorf("PrettyJSONText(%q) = %q, %v; want %q, %v", c.in, got, isJSON, c.pretty, c.isJSON)
		}
		if LooksLikeJSON(c.in) != (c.in != "plain text") {
			t.Errorf("LooksLikeJSON(%q) = %v", c.in, LooksLikeJSON(c.in))
		}
	}
	if got := string(CompactJSON(" { \"a\" : [ 1, 2 ] } ")); got != `{"a":[1,2]}` {
		t.Errorf("CompactJSON = %s", got)
	}
	if got := string(CompactJSON("{not json")); got != "{not json" {
		t.Errorf("CompactJSON of broken text = %s, want it as it was", got)
	}
	if got := PrettyJSON([]byte(`{"z":1.50,"a":2}`)); got != "{\n  \"z\": 1.50,\n  \"a\": 2\n}" {
		t.Errorf("PrettyJSON keeps neither order nor digits: %s", got)
	}
}

func TestRequiredSkeleton(t *testing.T) {
	form, err := schema.NewForm(json.RawMessage(`{"type":"object","required":["path","n","on","kind","opts","list","set"],"properties":{
		"path":{"type":"string"},"n":{"type":"integer"},"on":{"type":"boolean"},"kind":{"enum":["a","b"]},
		"opts":{"type":"object"},"list":{"type":"array"},"set":{"type":"string","default":"x"},"optional":{"type":"string"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"path":"","n":0,"on":false,"kind":"a","opts":{},"list":[],"set":"x"}`
	if got := string(RequiredSkeleton(form.Root)); got != want {
		t.Errorf("RequiredSkeleton = %s\nwant %s", got, want)
	}
}

// An outputSchema the validator cannot use is said in plain words in both
// languages, not in Go's ("json: cannot unmarshal number into Go struct
// field …").
func TestOutputSchemaProblemOfABadSchema(t *testing.T) {
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	latin := regexp.MustCompile(`outputSchema|JSON Schema|\$ref`)
	for _, bad := range []string{`{"type":3}`, `{"minLength":"x"}`, `{"$ref":"#/$defs/nope"}`} {
		var s any
		if err := json.Unmarshal([]byte(bad), &s); err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{i18n.English, i18n.SimplifiedChinese} {
			i18n.Setup(lang)
			got := OutputSchemaProblem(s, map[string]any{})
			if strings.Contains(got, "Go struct") || strings.Contains(got, "unmarshal") || strings.Contains(got, "no key") {
				t.Errorf("%s, %s: Go's words in %q", bad, lang, got)
			}
			if lang == i18n.SimplifiedChinese && i18n.HasLatinLetter(latin.ReplaceAllString(got, "")) {
				t.Errorf("%s: English in %q", bad, got)
			}
		}
	}
}
