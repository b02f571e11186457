package openapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// TestParameterStyles follows the examples of OpenAPI's "Style Examples"
// table (values: string "blue", array ["blue","black","brown"], object
// {"R":100,"G":200,"B":150}; keys come out in name order here).
func TestParameterStyles(t *testing.T) {
	const (
		str = `"blue"`
		arr = `["blue","black","brown"]`
		obj = `{"R":100,"G":200,"B":150}`
	)
	tests := []struct {
		in, style string
		explode   *bool
		value     string
		want      string // path: the segment; query: pairs joined by &; header/cookie: the value
	}{
		{"path", "", nil, str, "blue"},
		{"path", "", nil, arr, "blue,black,brown"},
		{"path", "", nil, obj, "B,150,G,200,R,100"},
		{"path", "simple", ptr(true), obj, "B=150,G=200,R=100"},
		{"path", "label", nil, str, ".blue"},
		{"path", "label", nil, arr, ".blue,black,brown"},
		{"path", "label", ptr(true), arr, ".blue.black.brown"},
		{"path", "label", ptr(true), obj, ".B=150.G=200.R=100"},
		{"path", "matrix", nil, str, ";color=blue"},
		{"path", "matrix", nil, arr, ";color=blue,black,brown"},
		{"path", "matrix", ptr(true), arr, ";color=blue;color=black;color=brown"},
		{"path", "matrix", nil, obj, ";color=B,150,G,200,R,100"},
		{"path", "matrix", ptr(true), obj, ";B=150;G=200;R=100"},
		{"path", "", nil, `"a b/c"`, "a%20b%2Fc"},
		{"query", "", nil, str, "color=blue"},
		{"query", "", nil, arr, "color=blue&color=black&color=brown"},
		{"query", "form", ptr(false), arr, "color=blue,black,brown"},
		{"query", "", nil, obj, "B=150&G=200&R=100"},
		{"query", "form", ptr(false), obj, "color=B,150,G,200,R,100"},
		{"query", "spaceDelimited", nil, arr, "color=blue%20black%20brown"},
		{"query", "pipeDelimited", nil, arr, "color=blue|black|brown"},
		{"query", "deepObject", ptr(true), obj, "color[B]=150&color[G]=200&color[R]=100"},
		{"query", "", nil, `"a&b=c d"`, "color=a%26b%3Dc%20d"},
		{"query", "", nil, `true`, "color=true"},
		{"query", "", nil, `12345678901234567890`, "color=12345678901234567890"},
		{"header", "", nil, str, "blue"},
		{"header", "", nil, arr, "blue,black,brown"},
		{"header", "", nil, obj, "B,150,G,200,R,100"},
		{"header", "simple", ptr(true), obj, "B=150,G=200,R=100"},
		{"cookie", "", nil, str, "blue"},
		{"cookie", "form", ptr(false), arr, "blue,black,brown"},
	}
	for _, tt := range tests {
		name := tt.in + "/" + tt.style + "/" + tt.value
		if tt.explode != nil {
			name += map[bool]string{true: "/explode", false: "/no-explode"}[*tt.explode]
		}
		t.Run(name, func(t *testing.T) {
			p := &openapi3.Parameter{Name: "color", In: tt.in, Style: tt.style, Explode: tt.explode,
				Schema: &openapi3.SchemaRef{Value: &openapi3.Schema{}}}
			v, err := decodeArguments(json.RawMessage(`{"v":` + tt.value + `}`))
			if err != nil {
				t.Fatal(err)
			}
			var got string
			switch tt.in {
			case "path":
				got = pathValue(p, v["v"])
			case "query":
				got = strings.Join(queryPairs(p, v["v"]), "&")
			default:
				got = simpleValue(p, v["v"])
			}
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestContentParameter: a parameter described by content is sent as JSON.
func TestContentParameter(t *testing.T) {
	p := &openapi3.Parameter{Name: "q", In: "query", Content: openapi3.Content{
		"application/json": &openapi3.MediaType{Schema: &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"object"}}}},
	}}
	v, _ := decodeArguments(json.RawMessage(`{"v":{"a":[1,2]}}`))
	if got := queryPairs(p, v["v"]); !reflect.DeepEqual(got, []string{"q=%7B%22a%22%3A%5B1%2C2%5D%7D"}) {
		t.Errorf("pairs = %q", got)
	}
	schema := parameterSchema(newSchemaConverter(true), p)
	if schema["type"] != "object" {
		t.Errorf("schema = %v", schema)
	}
}
