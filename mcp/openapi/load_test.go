package openapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

func TestMalformedDocuments(t *testing.T) {
	tests := []struct {
		spec         string
		want         string // the whole message
		line, column int
	}{
		{"syntax.yaml",
			`syntax.yaml:9:16: YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence that starts at line 8, column 13)`,
			9, 16},
		{"syntax.json",
			`syntax.json:7:3: JSON syntax error: invalid character '"' after object key:value pair`,
			7, 3},
		{"ref.yaml",
			`ref.yaml:14:23: $ref "#/components/schemas/Missing" points to nothing: there is no "Missing" in components > schemas (at paths > /a > get > responses > 200 > content > application/json > schema)`,
			14, 23},
		{"nopaths.yaml",
			`nopaths.yaml: the document has no "paths" object, so it has no operations to offer as tools`,
			0, 0},
		{"swagger.yaml",
			`swagger.yaml:1:10: this is a Swagger 2.0 document; only OpenAPI 3.x is supported (convert it to OpenAPI 3 first) (at swagger)`,
			1, 10},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			s, err := Load(t.Context(), Options{Specs: []string{tt.spec}, BaseDir: filepath.Join("testdata", "bad")})
			if err == nil {
				t.Fatalf("Load = %d tools, want an error", len(s.Tools()))
			}
			if err.Error() != tt.want {
				t.Errorf("error =\n%s\nwant\n%s", err, tt.want)
			}
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("error is %T, not a *SpecError", err)
			}
			if se.Spec != tt.spec || se.Line != tt.line || se.Column != tt.column {
				t.Errorf("SpecError at %s:%d:%d, want %s:%d:%d", se.Spec, se.Line, se.Column, tt.spec, tt.line, tt.column)
			}
		})
	}
}

func TestSpecLocations(t *testing.T) {
	abs, err := filepath.Abs("testdata/remote.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		spec    string
		baseDir string
	}{
		{"relative to the working folder", "testdata/remote.yaml", ""},
		{"relative to the config folder", "remote.yaml", "testdata"},
		{"absolute", abs, "/somewhere/else"},
		{"file URL", "file://" + filepath.ToSlash(abs), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load(t.Context(), Options{Specs: []string{tt.spec}, BaseDir: tt.baseDir})
			if err != nil {
				t.Fatal(err)
			}
			// The $ref to shared.yaml, a file beside it, is resolved.
			out := schemaOf(t, toolByName(t, s, "getThing").OutputSchema)
			props, _ := out["properties"].(map[string]any)
			if _, ok := props["size"]; !ok {
				t.Errorf("outputSchema = %v", out)
			}
		})
	}
}

func TestUnreadableDocument(t *testing.T) {
	_, err := Load(t.Context(), Options{Specs: []string{"testdata/nowhere.yaml"}})
	if err == nil || !strings.HasPrefix(err.Error(), "cannot read the OpenAPI document testdata/nowhere.yaml: ") ||
		!errors.Is(err, syscall.ENOENT) {
		t.Errorf("Load = %v", err)
	}
}

func TestBadOptions(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"no spec", Options{}, `no OpenAPI document: set "spec" to a file path or URL`},
		{"baseUrl not http", Options{Specs: []string{"testdata/petstore.yaml"}, BaseURL: "ftp://x"},
			`baseUrl "ftp://x" is not an http(s) URL such as https://api.example.com/v1`},
		{"unknown auth", Options{Specs: []string{"testdata/petstore.yaml"}, Auth: &Auth{Type: "oauth"}},
			`auth: type "oauth" is not known; use "bearer", "basic" or "apiKey"`},
		{"API key without a name", Options{Specs: []string{"testdata/petstore.yaml"}, Auth: &Auth{Type: "apiKey", Value: "k"}},
			`auth: an apiKey needs "name", the header or query parameter it goes in`},
		{"API key in a bad place", Options{Specs: []string{"testdata/petstore.yaml"}, Auth: &Auth{Type: "apiKey", Name: "k", In: "body"}},
			`auth: "in" is "body"; use "header", "query" or "cookie"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(t.Context(), tt.opts)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Load = %v, want %s", err, tt.want)
			}
		})
	}
}

// TestWarnings: what validation finds does not stop the rest from working,
// and says where it is.
func TestWarnings(t *testing.T) {
	s, err := Load(t.Context(), Options{Specs: []string{"testdata/bad/warning.yaml"}})
	if err != nil {
		t.Fatal(err)
	}
	w := s.Warnings()
	want := `testdata/bad/warning.yaml:12:11: parameter can't have 'in' value "body" (at paths > /a > get)`
	if len(w) != 1 || w[0].Error() != want {
		t.Fatalf("warnings = %v, want [%s]", w, want)
	}
	// The parameter with an unknown location is left out of the tool.
	got := schemaOf(t, toolByName(t, s, "getA").InputSchema)
	if !reflect.DeepEqual(got, map[string]any{"type": "object", "properties": map[string]any{}}) {
		t.Errorf("inputSchema = %v", got)
	}
}

// TestSpecByURL loads a document over HTTP through the entry's client, with
// a relative server URL and a $ref to a second document beside it.
func TestSpecByURL(t *testing.T) {
	api := newTestAPI(t)
	rt := &recordingTransport{}
	s, err := Load(t.Context(), Options{
		Specs:      []string{api.URL + "/spec/remote.yaml"},
		HTTPClient: &http.Client{Transport: rt},
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Call(t.Context(), "getThing", json.RawMessage(`{"id":"x1"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := api.last(t).RequestURI; got != "/api/things/x1" {
		t.Errorf("request target = %s; the server URL /api should resolve against the document's URL", got)
	}
	if got, _ := json.Marshal(res.StructuredContent); string(got) != `{"id":"x1","size":null}` {
		t.Errorf("structuredContent = %s", got)
	}
	out := schemaOf(t, toolByName(t, s, "getThing").OutputSchema)
	wantOut := map[string]any{"type": "object", "properties": map[string]any{
		"id": map[string]any{"type": "string"}, "size": map[string]any{"type": []any{"integer", "null"}}}}
	if !reflect.DeepEqual(out, wantOut) {
		t.Errorf("outputSchema (from shared.yaml) = %v", out)
	}
	wantSeen := []string{
		"GET " + api.URL + "/spec/remote.yaml",
		"GET " + api.URL + "/spec/shared.yaml",
		"GET " + api.URL + "/api/things/x1",
	}
	if seen := rt.seen(); !reflect.DeepEqual(seen, wantSeen) {
		t.Errorf("the client carried %q, want %q", seen, wantSeen)
	}
}

func TestURLSpecMayNotReadFiles(t *testing.T) {
	api := newTestAPI(t)
	_, err := Load(t.Context(), Options{Specs: []string{api.URL + "/spec/remote_fileref.yaml"}})
	if err == nil || !strings.Contains(err.Error(), "a document loaded from a URL may only refer to other URLs") {
		t.Errorf("Load = %v", err)
	}
}

func TestSpecURLErrors(t *testing.T) {
	api := newTestAPI(t)
	closed := "http://" + closedAddress(t) + "/openapi.yaml"

	_, err := Load(t.Context(), Options{Specs: []string{closed}})
	var netErr *NetworkError
	if !errors.As(err, &netErr) || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("Load from a closed port = %v; want a *NetworkError", err)
	}

	_, err = Load(t.Context(), Options{Specs: []string{api.URL + "/spec/nowhere.yaml"}})
	want := "cannot read the OpenAPI document " + api.URL + "/spec/nowhere.yaml: fetching " + api.URL + "/spec/nowhere.yaml: the server answered HTTP 404 Not Found"
	if err == nil || err.Error() != want {
		t.Errorf("Load of a missing URL = %v\nwant %s", err, want)
	}
}

// TestTwoSpecs merges the operations of a YAML and a JSON document; each
// keeps its own servers, and a name used by both is made unique.
func TestTwoSpecs(t *testing.T) {
	s, err := Load(t.Context(), Options{Specs: []string{"petstore.yaml", "status.json"}, BaseDir: "testdata"})
	if err != nil {
		t.Fatal(err)
	}
	tools := s.Tools()
	var last []string
	for _, tool := range tools[len(tools)-2:] {
		last = append(last, tool.Name)
	}
	if !reflect.DeepEqual(last, []string{"getStatus", "listPets_2"}) {
		t.Errorf("the second document's tools = %q", last)
	}
	bases := map[string]string{}
	for _, name := range []string{"listPets", "getStatus", "listPets_2"} {
		bases[name] = s.ops[name].baseURL.String()
	}
	wantBases := map[string]string{
		// petstore.yaml's server URL with its variables' defaults.
		"listPets":   "https://pets.example.invalid/v1",
		"getStatus":  "https://status.example.invalid",
		"listPets_2": "https://status.example.invalid",
	}
	if !reflect.DeepEqual(bases, wantBases) {
		t.Errorf("base URLs = %v, want %v", bases, wantBases)
	}
	if name, _, _ := s.Info(); name != "Petstore + Status" {
		t.Errorf("name = %q", name)
	}
}

func TestTwoSpecsOnTheTestAPI(t *testing.T) {
	api := newTestAPI(t)
	s, err := Load(t.Context(), Options{
		Specs:   []string{"testdata/petstore.yaml", api.URL + "/spec/status.json"},
		BaseURL: api.URL,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, call := range []struct{ tool, args, target string }{
		{"getStatus", `{}`, "GET /status"},
		{"getPet", `{"petId":"2"}`, "GET /pets/2"},
	} {
		if _, err := s.Call(t.Context(), call.tool, json.RawMessage(call.args)); err != nil {
			t.Fatal(err)
		}
		if got := api.last(t); got.Method+" "+got.RequestURI != call.target {
			t.Errorf("%s sent %s %s, want %s", call.tool, got.Method, got.RequestURI, call.target)
		}
	}
}
