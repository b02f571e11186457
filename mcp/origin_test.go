package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/oauth"
)

// Secrets an entry sends as configured headers and query parameters.
const (
	originHeaderSecret = "Bearer SECRET-HEADER"
	originKeySecret    = "SECRET-APIKEY"
	originQuerySecret  = "SECRET-QUERY"
)

// A seenRequest is one request an origin received.
type seenRequest struct {
	origin, method, path, query string
	header                      http.Header
}

type requestLog struct {
	mu   sync.Mutex
	reqs []seenRequest
}

func (l *requestLog) record(origin string, r *http.Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.reqs = append(l.reqs, seenRequest{origin, r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone()})
}

func (l *requestLog) all() []seenRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]seenRequest(nil), l.reqs...)
}

func (r seenRequest) carriesSecret() bool {
	for _, vs := range r.header {
		for _, v := range vs {
			if strings.Contains(v, "SECRET-") {
				return true
			}
		}
	}
	return strings.Contains(r.query, "SECRET-")
}

// TestCredentialsKeepToTheirOrigin: the entry's headers and query parameters
// reach the MCP endpoint's requests and no other: not the protected resource
// or authorization server metadata, not registration, not another origin —
// whether the authorization server is the MCP server's origin or another, over
// streamable HTTP and over SSE (whose message endpoint the server names).
func TestCredentialsKeepToTheirOrigin(t *testing.T) {
	for _, tc := range []struct {
		name      string
		transport string
		asOrigin  string // "same" or "other"
	}{
		{"streamable HTTP, authorization server on another origin", config.TypeHTTP, "other"},
		{"streamable HTTP, authorization server on the same origin", config.TypeHTTP, "same"},
		{"SSE, message endpoint on another origin", config.TypeSSE, "other"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Each case waits out its connect timeout: side by side, the
			// waits overlap.
			t.Parallel()
			var log requestLog
			var a, b *httptest.Server
			as := func() string {
				if tc.asOrigin == "same" {
					return a.URL
				}
				return b.URL
			}
			serveAS := func(w http.ResponseWriter, r *http.Request) bool {
				switch {
				case strings.HasPrefix(r.URL.Path, "/.well-known/oauth-protected-resource"):
					writeTestJSON(w, 200, map[string]any{"resource": a.URL + "/mcp", "authorization_servers": []string{as()}})
				case strings.HasPrefix(r.URL.Path, "/.well-known/oauth-authorization-server"):
					writeTestJSON(w, 200, map[string]any{"issuer": as(), "authorization_endpoint": as() + "/authorize",
						"token_endpoint": as() + "/token", "registration_endpoint": as() + "/register",
						"response_types_supported": []string{"code"}, "code_challenge_methods_supported": []string{"S256"}})
				case r.URL.Path == "/register":
					writeTestJSON(w, 201, map[string]any{"client_id": "c1", "redirect_uris": []string{"http://127.0.0.1/cb"}})
				default:
					return false
				}
				return true
			}
			a = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				log.record("A", r)
				switch {
				case r.URL.Path == "/mcp":
					w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+as()+`/.well-known/oauth-protected-resource"`)
					w.WriteHeader(401)
				case r.URL.Path == "/sse":
					w.Header().Set("Content-Type", "text/event-stream")
					fmt.Fprintf(w, "event: endpoint\ndata: %s/message\n\n", b.URL)
					w.(http.Flusher).Flush()
					<-r.Context().Done()
				case tc.asOrigin == "same" && serveAS(w, r):
				default:
					w.WriteHeader(404)
				}
			}))
			defer a.Close()
			b = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				log.record("B", r)
				if r.URL.Path == "/message" {
					w.WriteHeader(202)
					return
				}
				if !serveAS(w, r) {
					w.WriteHeader(404)
				}
			}))
			defer b.Close()

			timeout := 3.0
			cfg := &config.ServerConfig{Name: "x", Type: tc.transport, URL: a.URL + "/mcp", ConnectTimeout: &timeout,
				Headers: map[string]string{"Authorization": originHeaderSecret, "X-Api-Key": originKeySecret},
				Query:   map[string]string{"key": originQuerySecret}}
			if tc.transport == config.TypeSSE {
				cfg.URL = a.URL + "/sse"
			}
			cfg.Validate()
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{
				Tokens:      oauth.NewTokenStore(filepath.Join(t.TempDir(), "tokens")),
				OpenBrowser: func(context.Context, string) error { return errors.New("no browser in this test") },
			})
			defer m.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			m.Session("x").Connect(ctx)

			reqs := log.all()
			var endpointSeen, others int
			for _, r := range reqs {
				endpoint := r.origin == "A" && (r.path == "/mcp" || r.path == "/sse")
				if endpoint {
					endpointSeen++
					if r.header.Get("Authorization") != originHeaderSecret || r.header.Get("X-Api-Key") != originKeySecret ||
						!strings.Contains(r.query, originQuerySecret) {
						t.Errorf("the MCP endpoint's %s %s lacks the configured credentials", r.method, r.path)
					}
					continue
				}
				others++
				if r.carriesSecret() {
					t.Errorf("origin %s got the entry's credentials on %s %s?%s (headers %v)", r.origin, r.method, r.path, r.query, r.header)
				}
			}
			if endpointSeen == 0 || others == 0 {
				t.Fatalf("the test saw %d endpoint and %d other requests; it proves nothing: %+v", endpointSeen, others, reqs)
			}
		})
	}
}

func writeTestJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
