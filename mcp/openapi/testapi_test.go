package openapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// A received request, as the test API saw it.
type received struct {
	Method     string
	RequestURI string // the request target exactly as sent, escaping included
	Header     http.Header
	Body       string
}

// testAPI is the HTTP API the tests call: a loopback server that answers the
// paths of testdata/petstore.yaml under /v1, those of remote.yaml under /api,
// serves testdata/ under /spec/, and records every request.
type testAPI struct {
	*httptest.Server
	mu       sync.Mutex
	requests []received
}

// photo is what GET /v1/pets/{id}/photo answers: PNG's signature and some
// bytes that are not UTF-8.
var photo = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")

func newTestAPI(t *testing.T) *testAPI {
	t.Helper()
	api := &testAPI{}
	api.Server = httptest.NewServer(http.HandlerFunc(api.serve))
	t.Cleanup(api.Close)
	return api
}

func (api *testAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	api.mu.Lock()
	api.requests = append(api.requests, received{r.Method, r.RequestURI, r.Header.Clone(), string(body)})
	api.mu.Unlock()

	jsonReply := func(status int, v string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, v)
	}
	path := r.URL.Path
	switch {
	case strings.HasPrefix(path, "/spec/"):
		http.ServeFile(w, r, filepath.Join("testdata", strings.TrimPrefix(path, "/spec/")))
	case path == "/v1/pets" && r.Method == http.MethodGet:
		jsonReply(200, `{"items":[{"id":1,"name":"Rex","tag":null}],"next":""}`)
	case path == "/v1/pets" && r.Method == http.MethodPost:
		var pet map[string]any
		d := json.NewDecoder(strings.NewReader(string(body)))
		d.UseNumber()
		if err := d.Decode(&pet); err != nil {
			jsonReply(400, `{"message":"body is not JSON"}`)
			return
		}
		pet["id"] = 7
		out, _ := json.Marshal(pet)
		jsonReply(201, string(out))
	case path == "/v1/pets/missing":
		jsonReply(404, `{"message":"no such pet"}`)
	case strings.HasSuffix(path, "/photo"):
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Content-Disposition", `attachment; filename="rex.png"`)
		w.Write(photo)
	case strings.HasPrefix(path, "/v1/pets/") && r.Method == http.MethodDelete:
		w.WriteHeader(http.StatusNoContent)
	case strings.HasPrefix(path, "/v1/pets/"):
		jsonReply(200, `{"id":1,"name":"Rex"}`)
	case path == "/v1/shapes":
		jsonReply(200, `[1,2]`)
	case path == "/v1/search":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "found 2")
	case path == "/v1/broken":
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, "<h1>oops</h1>")
	case strings.HasPrefix(path, "/api/things/"):
		jsonReply(200, fmt.Sprintf(`{"id":%q,"size":null}`, strings.TrimPrefix(path, "/api/things/")))
	default:
		jsonReply(200, `{"ok":true}`)
	}
}

// last returns the last request the API received.
func (api *testAPI) last(t *testing.T) received {
	t.Helper()
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.requests) == 0 {
		t.Fatal("the API received no request")
	}
	return api.requests[len(api.requests)-1]
}

// targets lists the request targets received so far.
func (api *testAPI) targets() []string {
	api.mu.Lock()
	defer api.mu.Unlock()
	var list []string
	for _, r := range api.requests {
		list = append(list, r.Method+" "+r.RequestURI)
	}
	return list
}

// loadPetstore loads testdata/petstore.yaml pointed at api.
func loadPetstore(t *testing.T, api *testAPI, change func(*Options)) *Server {
	t.Helper()
	opts := Options{Specs: []string{"testdata/petstore.yaml"}, BaseURL: api.URL + "/v1"}
	if change != nil {
		change(&opts)
	}
	s, err := Load(context.Background(), opts)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return s
}

// closedAddress returns a loopback address where nothing listens.
func closedAddress(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// recordingTransport is an http.RoundTripper that notes every URL it
// carries, as the app's wire view does.
type recordingTransport struct {
	mu   sync.Mutex
	urls []string
}

func (rt *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rt.mu.Lock()
	rt.urls = append(rt.urls, req.Method+" "+req.URL.String())
	rt.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func (rt *recordingTransport) seen() []string {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return append([]string(nil), rt.urls...)
}

// schemaOf decodes a tool's schema for inspection.
func schemaOf(t *testing.T, schema any) map[string]any {
	t.Helper()
	data, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func itoa(i int) string { return fmt.Sprint(i) }

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
