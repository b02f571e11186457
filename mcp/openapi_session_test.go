package mcp

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"mcpbrowser/mcp/config"
)

// An openapi entry is a session like any other: tools listed, calls made,
// HTTP traffic in the wire log, and the error layers kept apart.
func TestOpenAPISession(t *testing.T) {
	var gotAuth, gotRequestID string
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotAuth, gotRequestID = r.Header.Get("Authorization"), r.Header.Get("X-Request-Id")
		switch r.URL.Path {
		case "/v1/pets":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"items":[{"id":1,"name":"Rex"}],"next":null}`))
		default:
			http.Error(w, `{"error":"no such pet"}`, http.StatusNotFound)
		}
	}))
	defer api.Close()
	spec, _ := filepath.Abs("openapi/testdata/petstore.yaml")
	cfgPath := filepath.Join(t.TempDir(), "servers.json")
	entry := &config.ServerConfig{Name: "pets", Type: config.TypeOpenAPI, Spec: config.StringList{spec}, BaseURL: api.URL + "/v1",
		Auth: &config.APIAuth{Type: "bearer", Token: "s3cret"}}
	entry.Validate()
	m := NewManager(&config.Config{Path: cfgPath, Servers: []*config.ServerConfig{entry}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("pets")
	ctx := context.Background()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if s.Tool("listPets") == nil || s.Tool("getPet") == nil {
		t.Fatalf("tools: %d listed, listPets/getPet missing", len(s.Tools()))
	}
	r := s.CallTool(ctx, "listPets", json.RawMessage(`{"X-Request-Id":"abc"}`), CallOptions{})
	if b, _ := json.Marshal(r.Result); !r.OK() || !strings.Contains(string(b), "Rex") {
		t.Fatalf("listPets: %s %v", r.Message, r.Result)
	}
	if gotAuth != "Bearer s3cret" || gotRequestID != "abc" {
		t.Errorf("API saw Authorization %q, X-Request-Id %q", gotAuth, gotRequestID)
	}
	notFound := s.CallTool(ctx, "getPet", json.RawMessage(`{"petId":7}`), CallOptions{})
	if b, _ := json.Marshal(notFound.Result); notFound.Layer != LayerTool || !strings.Contains(string(b), "404") {
		t.Errorf("404: layer %q, %s", notFound.Layer, firstText(notFound.Result))
	}
	var sawHTTP, sawCall bool
	entries, _ := s.Wire.Since(0)
	for _, e := range entries {
		sawHTTP = sawHTTP || strings.HasPrefix(e.Summary, "GET "+api.URL+"/v1/pets")
		sawCall = sawCall || e.Method == "tools/call"
	}
	if !sawHTTP || !sawCall {
		t.Errorf("wire log: HTTP request recorded %v, tools/call recorded %v", sawHTTP, sawCall)
	}

	// An API that cannot be reached is a network error, not a tool error.
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := "http://" + l.Addr().String()
	l.Close()
	down := entry.Clone()
	down.Name, down.BaseURL = "down", closed
	if err := m.PutServer(ctx, "", down, false); err != nil {
		t.Fatal(err)
	}
	ds := m.Session("down")
	if err := ds.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	nr := ds.CallTool(ctx, "listPets", json.RawMessage(`{"X-Request-Id":"abc"}`), CallOptions{})
	if nr.Layer != LayerNetwork || !strings.Contains(nr.Message, "cannot reach the API") {
		t.Errorf("unreachable API: layer %q: %s", nr.Layer, nr.Message)
	}

	// A malformed document fails the connect with the place it is wrong.
	bad := &config.ServerConfig{Name: "bad", Type: config.TypeOpenAPI, Spec: config.StringList{filepath.Join(t.TempDir(), "missing.yaml")}}
	bad.Validate()
	if err := m.PutServer(ctx, "", bad, false); err != nil {
		t.Fatal(err)
	}
	if err := m.Session("bad").Connect(ctx); err == nil || !strings.Contains(m.Session("bad").Status().Reason, "could not use the OpenAPI document") {
		t.Errorf("bad document: %v / %q", err, m.Session("bad").Status().Reason)
	}
}
