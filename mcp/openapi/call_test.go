package openapi

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// textOf returns the text of a result's first content, which every result
// from Call has.
func textOf(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatal("result has no content")
	}
	tc, ok := res.Content[0].(*sdk.TextContent)
	if !ok {
		t.Fatalf("first content is %T, not text", res.Content[0])
	}
	return tc.Text
}

func TestCallBuildsTheRequest(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	tests := []struct {
		name       string
		tool       string
		args       string
		wantTarget string            // method and request target, escaping included
		wantHeader map[string]string // headers the API must have received
		wantBody   string
	}{
		{
			name:       "query parameters: a $ref'd integer, arrays exploded and not, and a header",
			tool:       "listPets",
			args:       `{"limit":5,"tags":["a","b c"],"status":["available","sold"],"X-Request-Id":"r-1"}`,
			wantTarget: "GET /v1/pets?limit=5&tags=a&tags=b%20c&status=available,sold",
			wantHeader: map[string]string{"X-Request-Id": "r-1", "Accept": "application/json"},
		},
		{
			name:       "optional parameters left out",
			tool:       "listPets",
			args:       `{"X-Request-Id":"r-2","tags":null}`,
			wantTarget: "GET /v1/pets",
		},
		{
			name:       "a path parameter is escaped into one segment",
			tool:       "getPet",
			args:       `{"petId":"a/b c?d#e"}`,
			wantTarget: "GET /v1/pets/a%2Fb%20c%3Fd%23e",
		},
		{
			name:       "JSON body, large integers kept exactly",
			tool:       "createPet",
			args:       `{"body":{"name":"Rex","tag":null,"chip":12345678901234567890}}`,
			wantTarget: "POST /v1/pets",
			wantHeader: map[string]string{"Content-Type": "application/json"},
			wantBody:   `{"chip":12345678901234567890,"name":"Rex","tag":null}`,
		},
		{
			name:       "path-level parameter and a body, no operationId",
			tool:       "put_pets_petId",
			args:       `{"petId":"7","body":{"name":"Tom"}}`,
			wantTarget: "PUT /v1/pets/7",
			wantBody:   `{"name":"Tom"}`,
		},
		{
			name:       "integer path parameter and a query number",
			tool:       "get_pets_petId_photo",
			args:       `{"petId":3,"size":2}`,
			wantTarget: "GET /v1/pets/3/photo?size=2",
			wantHeader: map[string]string{"Accept": "image/png"},
		},
		{
			name:       "deepObject, pipeDelimited and a cookie",
			tool:       "search",
			args:       `{"filter":{"color":"dark red","size":3},"ids":[1,2,3],"session":"s1"}`,
			wantTarget: "GET /v1/search?filter[color]=dark%20red&filter[size]=3&ids=1|2|3",
			wantHeader: map[string]string{"Cookie": "session=s1"},
		},
		{
			name:       "form-encoded body",
			tool:       "login",
			args:       `{"body":{"user":"ann b","scopes":["read","write"]}}`,
			wantTarget: "POST /v1/login",
			wantHeader: map[string]string{"Content-Type": "application/x-www-form-urlencoded"},
			wantBody:   "scopes=read&scopes=write&user=ann+b",
		},
		{
			name:       "text body",
			tool:       "addNote",
			args:       `{"body":"hello\nworld"}`,
			wantTarget: "POST /v1/notes",
			wantHeader: map[string]string{"Content-Type": "text/plain"},
			wantBody:   "hello\nworld",
		},
		{
			name:       "label style array in the path",
			tool:       "retrieveTheQuarterlyFinancialReportForTheGivenRegionAndFiscalYea",
			args:       `{"year":2024,"region":["eu","us"]}`,
			wantTarget: "GET /v1/reports/2024/.eu,us",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.Call(t.Context(), tt.tool, json.RawMessage(tt.args)); err != nil {
				t.Fatalf("Call: %v", err)
			}
			got := api.last(t)
			if target := got.Method + " " + got.RequestURI; target != tt.wantTarget {
				t.Errorf("request = %s\n     want %s", target, tt.wantTarget)
			}
			for k, v := range tt.wantHeader {
				if got.Header.Get(k) != v {
					t.Errorf("header %s = %q, want %q", k, got.Header.Get(k), v)
				}
			}
			if got.Body != tt.wantBody {
				t.Errorf("body = %s, want %s", got.Body, tt.wantBody)
			}
		})
	}
}

func TestCallResults(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	tests := []struct {
		name           string
		tool, args     string
		wantError      bool
		wantText       string
		wantStructured string // JSON, "" for none
		wantBlob       []byte
		wantMIME       string
	}{
		{
			name: "JSON object: structured content and indented text", tool: "getPet", args: `{"petId":"1"}`,
			wantText: "{\n  \"id\": 1,\n  \"name\": \"Rex\"\n}", wantStructured: `{"id":1,"name":"Rex"}`,
		},
		{
			name: "201 with a JSON body", tool: "createPet", args: `{"body":{"name":"Tom"}}`,
			wantText: "{\n  \"id\": 7,\n  \"name\": \"Tom\"\n}", wantStructured: `{"id":7,"name":"Tom"}`,
		},
		{
			name: "JSON array: text only", tool: "draw_shape", args: `{"body":{"kind":"circle","radius":2}}`,
			wantText: "[\n  1,\n  2\n]",
		},
		{
			name: "404 is a tool error with status and body", tool: "getPet", args: `{"petId":"missing"}`,
			wantError: true, wantText: "HTTP 404 Not Found\n\n{\n  \"message\": \"no such pet\"\n}",
		},
		{
			name: "500 with an HTML body", tool: "fail", args: `{}`,
			wantError: true, wantText: "HTTP 500 Internal Server Error\n\n<h1>oops</h1>",
		},
		{
			name: "204 says so", tool: "deletePet", args: `{"petId":"1"}`,
			wantText: "HTTP 204 No Content",
		},
		{
			name: "text/plain", tool: "search", args: `{}`,
			wantText: "found 2",
		},
		{
			name: "binary: an embedded resource to save", tool: "get_pets_petId_photo", args: `{"petId":1}`,
			wantText: `HTTP 200 OK: 18 bytes of image/png (file name "rex.png")`, wantBlob: photo, wantMIME: "image/png",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := s.Call(t.Context(), tt.tool, json.RawMessage(tt.args))
			if err != nil {
				t.Fatalf("Call: %v", err)
			}
			if res.IsError != tt.wantError {
				t.Errorf("IsError = %v, want %v", res.IsError, tt.wantError)
			}
			if text := textOf(t, res); text != tt.wantText {
				t.Errorf("text = %q\n want %q", text, tt.wantText)
			}
			if tt.wantStructured == "" {
				if res.StructuredContent != nil {
					t.Errorf("structuredContent = %v, want none", res.StructuredContent)
				}
			} else {
				got, _ := json.Marshal(res.StructuredContent)
				if string(got) != tt.wantStructured {
					t.Errorf("structuredContent = %s, want %s", got, tt.wantStructured)
				}
			}
			if tt.wantBlob != nil {
				if len(res.Content) != 2 {
					t.Fatalf("content has %d parts, want text and a resource", len(res.Content))
				}
				er, ok := res.Content[1].(*sdk.EmbeddedResource)
				if !ok {
					t.Fatalf("second content is %T", res.Content[1])
				}
				if !reflect.DeepEqual(er.Resource.Blob, tt.wantBlob) || er.Resource.MIMEType != tt.wantMIME {
					t.Errorf("resource = %q (%s), want %q (%s)", er.Resource.Blob, er.Resource.MIMEType, tt.wantBlob, tt.wantMIME)
				}
				if !strings.HasSuffix(er.Resource.URI, "/v1/pets/1/photo") {
					t.Errorf("resource URI = %q", er.Resource.URI)
				}
				// On the wire the blob is base64, as MCP says.
				wire, _ := json.Marshal(er)
				if !strings.Contains(string(wire), base64.StdEncoding.EncodeToString(photo)) {
					t.Errorf("resource on the wire: %s", wire)
				}
			}
		})
	}
}

// TestHeadShowsHeaders: a HEAD answer has no body; its headers are what
// was asked for.
func TestHeadShowsHeaders(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	res, err := s.Call(t.Context(), "checkNotes", nil)
	if err != nil {
		t.Fatal(err)
	}
	text := textOf(t, res)
	if !strings.HasPrefix(text, "HTTP 200 OK\n") || !strings.Contains(text, "\nContent-Type: application/json") {
		t.Errorf("text = %q", text)
	}
	if got := api.last(t); got.Method != http.MethodHead || got.RequestURI != "/v1/notes" {
		t.Errorf("request = %s %s", got.Method, got.RequestURI)
	}
}

func TestAuthAndEntryHeaders(t *testing.T) {
	api := newTestAPI(t)
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte("ann:s3cret"))
	tests := []struct {
		name       string
		auth       *Auth
		wantTarget string
		wantHeader map[string]string
	}{
		{"bearer", &Auth{Type: "bearer", Token: "tok-1"},
			"GET /v1/pets/1?locale=fi", map[string]string{"Authorization": "Bearer tok-1"}},
		{"basic", &Auth{Type: "basic", Username: "ann", Password: "s3cret"},
			"GET /v1/pets/1?locale=fi", map[string]string{"Authorization": basic}},
		{"API key in a header (the default)", &Auth{Type: "apiKey", Name: "X-API-Key", Value: "k-1"},
			"GET /v1/pets/1?locale=fi", map[string]string{"X-API-Key": "k-1", "Authorization": "from the entry"}},
		{"API key in the query", &Auth{Type: "apiKey", Name: "api_key", In: "query", Value: "k 2"},
			"GET /v1/pets/1?locale=fi&api_key=k%202", map[string]string{"Authorization": "from the entry"}},
		{"API key in a cookie", &Auth{Type: "apiKey", Name: "sid", In: "cookie", Value: "k3"},
			"GET /v1/pets/1?locale=fi", map[string]string{"Cookie": "sid=k3", "Authorization": "from the entry"}},
		{"none", nil,
			"GET /v1/pets/1?locale=fi", map[string]string{"Authorization": "from the entry"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := loadPetstore(t, api, func(o *Options) {
				o.Auth = tt.auth
				o.Headers = map[string]string{"X-Tenant": "t1", "Authorization": "from the entry"}
				o.Query = map[string]string{"locale": "fi"}
			})
			if _, err := s.Call(t.Context(), "getPet", json.RawMessage(`{"petId":"1"}`)); err != nil {
				t.Fatal(err)
			}
			got := api.last(t)
			if target := got.Method + " " + got.RequestURI; target != tt.wantTarget {
				t.Errorf("request = %s, want %s", target, tt.wantTarget)
			}
			if got.Header.Get("X-Tenant") != "t1" {
				t.Errorf("the entry's header X-Tenant = %q", got.Header.Get("X-Tenant"))
			}
			for k, v := range tt.wantHeader {
				if got.Header.Get(k) != v {
					t.Errorf("header %s = %q, want %q", k, got.Header.Get(k), v)
				}
			}
		})
	}
}

func TestArgumentsWinOverEntryQuery(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, func(o *Options) { o.Query = map[string]string{"limit": "1", "locale": "fi"} })
	if _, err := s.Call(t.Context(), "listPets", json.RawMessage(`{"limit":9,"X-Request-Id":"r"}`)); err != nil {
		t.Fatal(err)
	}
	if got := api.last(t).RequestURI; got != "/v1/pets?locale=fi&limit=9" {
		t.Errorf("request target = %s", got)
	}
}

func TestCallErrors(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	tests := []struct {
		name, tool, args string
		wantMessage      string
	}{
		{"unknown tool", "nope", `{}`, `unknown tool "nope"`},
		{"arguments not an object", "getPet", `[1]`, "the arguments must be a JSON object"},
		{"missing path parameter", "getPet", `{}`, `missing required path parameter "petId"`},
		{"null path parameter", "getPet", `{"petId":null}`, `missing required path parameter "petId"`},
		{"missing required header", "listPets", `{"limit":1}`, `missing required header parameter "X-Request-Id"`},
		{"missing required body", "createPet", `{}`, `missing the request body "body"`},
		{"form body not an object", "login", `{"body":[1]}`, `the request body "body" must be an object`},
		{"empty path parameter", "getPet", `{"petId":""}`, `path parameter "petId" is empty`},
		{"line break in a header", "listPets", `{"X-Request-Id":"a\r\nX-Evil: 1"}`, `header parameter "X-Request-Id" holds a line break`},
		{"control character in a cookie", "search", `{"session":"a\u0000"}`, `cookie parameter "session" holds a line break`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(api.targets())
			res, err := s.Call(t.Context(), tt.tool, json.RawMessage(tt.args))
			var rpcErr *jsonrpc.Error
			if !errors.As(err, &rpcErr) {
				t.Fatalf("Call = %v, %v; want a JSON-RPC error", res, err)
			}
			if rpcErr.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpcErr.Message, tt.wantMessage) {
				t.Errorf("error = %d %q, want %d containing %q", rpcErr.Code, rpcErr.Message, jsonrpc.CodeInvalidParams, tt.wantMessage)
			}
			if after := len(api.targets()); after != before {
				t.Errorf("a request was sent anyway")
			}
		})
	}
}

func TestNetworkError(t *testing.T) {
	closed := "http://" + closedAddress(t)
	s, err := Load(t.Context(), Options{
		Specs:   []string{"testdata/petstore.yaml"},
		BaseURL: closed + "/v1",
		Auth:    &Auth{Type: "apiKey", Name: "api_key", In: "query", Value: "very-secret"},
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Call(t.Context(), "getPet", json.RawMessage(`{"petId":"1"}`))
	var netErr *NetworkError
	if !errors.As(err, &netErr) {
		t.Fatalf("Call = %v, %v; want a *NetworkError", res, err)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("error %v does not say the connection was refused", err)
	}
	if netErr.Method != http.MethodGet || netErr.URL != closed+"/v1/pets/1?api_key=REDACTED" {
		t.Errorf("NetworkError = %s %s", netErr.Method, netErr.URL)
	}
	wantPrefix := "cannot reach the API at " + closed + "/v1/pets/1?api_key=REDACTED (GET): dial tcp "
	if !strings.HasPrefix(err.Error(), wantPrefix) {
		t.Errorf("message = %q\nwant it to start %q", err, wantPrefix)
	}
	if strings.Contains(err.Error(), "very-secret") {
		t.Errorf("the message shows the API key: %v", err)
	}
}

func TestCallWithEndedContext(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := s.Call(ctx, "getPet", json.RawMessage(`{"petId":"1"}`))
	var netErr *NetworkError
	if !errors.Is(err, context.Canceled) || errors.As(err, &netErr) {
		t.Errorf("Call with a cancelled context = %v; want context.Canceled, not a network error", err)
	}
}

func TestNoServerURL(t *testing.T) {
	// A file document whose server URL is relative has nowhere to send
	// calls until the entry sets baseUrl.
	path := t.TempDir() + "/relative.yaml"
	writeFile(t, path, "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nservers: [{url: /api}]\n"+
		"paths:\n  /x:\n    get:\n      operationId: getX\n      responses: {'200': {description: ok}}\n")
	s, err := Load(t.Context(), Options{Specs: []string{path}})
	if err != nil {
		t.Fatal(err)
	}
	if w := s.Warnings(); len(w) != 1 || !strings.Contains(w[0].Problem, `set "baseUrl"`) {
		t.Errorf("warnings = %v", w)
	}
	_, err = s.Call(t.Context(), "getX", nil)
	if err == nil || !strings.Contains(err.Error(), `set "baseUrl" in the server entry`) {
		t.Errorf("Call = %v", err)
	}
}
