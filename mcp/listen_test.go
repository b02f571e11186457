package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// demoServerExe is the demo server (internal/demoserver), built once.
func demoServerExe(t *testing.T) string { return testservers.Demo.Build(t) }

// sandboxServer is a small 2026-07-28 server over streamable HTTP with one
// resource; subscribe says whether it offers subscriptions.
func sandboxServer(t *testing.T, subscribe bool) (*sdk.Server, *config.ServerConfig) {
	t.Helper()
	opts := &sdk.ServerOptions{}
	if subscribe {
		opts.SubscribeHandler = func(context.Context, *sdk.SubscribeRequest) error { return nil }
		opts.UnsubscribeHandler = func(context.Context, *sdk.UnsubscribeRequest) error { return nil }
	}
	srv := sdk.NewServer(&sdk.Implementation{Name: "remote", Version: "1"}, opts)
	srv.AddResource(&sdk.Resource{URI: "test://clock", Name: "clock"}, func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: "test://clock", Text: time.Now().String()}}}, nil
	})
	// The SDK serves 2026-07-28 over HTTP only when stateless.
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{Stateless: true}))
	t.Cleanup(ts.Close)
	cfg := &config.ServerConfig{Name: "remote", Type: config.TypeHTTP, URL: ts.URL}
	return srv, cfg
}

func connectEntry(t *testing.T, cfg *config.ServerConfig) (*Session, *events) {
	t.Helper()
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	t.Cleanup(m.Close)
	ev := recordEvents(m)
	s := m.Session(cfg.Name)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatalf("connect: %v", err)
	}
	return s, ev
}

// Subscribe works the same on both eras: 2026-07-28 servers are asked
// subscriptions/listen (and must acknowledge the resource), earlier ones
// resources/subscribe; either way the server's updates arrive as
// EventResourceUpdated, and Unsubscribe stops them.
func TestSubscribeOnBothEras(t *testing.T) {
	demo := demoServerExe(t)
	cases := []struct {
		name       string
		cfg        func(t *testing.T) (*config.ServerConfig, func(t *testing.T, s *Session))
		uri        string
		wantMethod string // sent to subscribe
		notMethod  string // never sent
		wantEra    string
	}{
		{name: "demo over stdio, 2026-07-28", uri: "demo://sandbox", wantMethod: "subscriptions/listen", notMethod: "resources/subscribe", wantEra: Version20260728,
			cfg: func(t *testing.T) (*config.ServerConfig, func(*testing.T, *Session)) {
				return &config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: demo}, deleteWelcome
			}},
		{name: "demo over stdio, pinned 2025-11-25", uri: "demo://sandbox", wantMethod: "resources/subscribe", notMethod: "subscriptions/listen", wantEra: Version20251125,
			cfg: func(t *testing.T) (*config.ServerConfig, func(*testing.T, *Session)) {
				return &config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: demo, ProtocolVersion: Version20251125}, deleteWelcome
			}},
		{name: "SDK server over HTTP, 2026-07-28", uri: "test://clock", wantMethod: "subscriptions/listen", notMethod: "resources/subscribe", wantEra: Version20260728,
			cfg: func(t *testing.T) (*config.ServerConfig, func(*testing.T, *Session)) {
				srv, cfg := sandboxServer(t, true)
				return cfg, func(t *testing.T, _ *Session) {
					if err := srv.ResourceUpdated(t.Context(), &sdk.ResourceUpdatedNotificationParams{URI: "test://clock"}); err != nil {
						t.Fatal(err)
					}
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, change := tc.cfg(t)
			s, ev := connectEntry(t, cfg)
			if got := s.Era().Version; got != tc.wantEra {
				dumpWire(t, s)
				t.Fatalf("era %q, want %q", got, tc.wantEra)
			}
			ctx := t.Context()
			if err := s.Subscribe(ctx, tc.uri); err != nil {
				t.Fatalf("subscribe: %v", err)
			}
			if !wireHas(s, transport.Sent, tc.wantMethod) || wireHas(s, transport.Sent, tc.notMethod) {
				dumpWire(t, s)
				t.Fatalf("subscribing did not send %s (or sent %s)", tc.wantMethod, tc.notMethod)
			}
			from := ev.mark()
			change(t, s)
			e := ev.waitFor(t, from, func(e Event) bool { return e.Kind == EventResourceUpdated && e.URI == tc.uri }, "notifications/resources/updated")
			if e.Server != cfg.Name {
				t.Errorf("update from %q", e.Server)
			}
			if err := s.Subscribe(ctx, tc.uri); err != nil {
				t.Errorf("subscribing twice: %v", err)
			}
			if err := s.Unsubscribe(ctx, tc.uri); err != nil {
				t.Fatalf("unsubscribe: %v", err)
			}
			if tc.wantMethod == "subscriptions/listen" {
				waitFor(t, func() bool { return wireHas(s, transport.Sent, "notifications/cancelled") }, "the listen to be cancelled")
			} else if !wireHas(s, transport.Sent, "resources/unsubscribe") {
				t.Error("resources/unsubscribe not sent")
			}
		})
	}
}

// deleteWelcome changes the demo's sandbox, which it reports as an update
// of demo://sandbox.
func deleteWelcome(t *testing.T, s *Session) {
	mustCall(t, s, "delete_file", `{"path":"welcome.txt"}`)
}

// A 2026-07-28 server that acknowledges subscriptions/listen without the
// resource has not agreed to send its updates: Subscribe says so.
func TestSubscribeListenRefused(t *testing.T) {
	_, cfg := sandboxServer(t, false)
	s, _ := connectEntry(t, cfg)
	err := s.Subscribe(t.Context(), "test://clock")
	if err == nil || !strings.Contains(err.Error(), "did not agree to send updates about test://clock") {
		t.Fatalf("subscribe to a server that offers no subscriptions: %v", err)
	}
	if !isLayer(err, LayerProtocol) {
		t.Errorf("layer of %v", err)
	}
}

// A 2026-07-28 server that answers subscriptions/listen with a JSON-RPC
// error (here "method not found"): the SDK does not wait for that answer,
// so Subscribe finds it in the wire log and says so at once.
func TestSubscribeListenAnsweredWithAnError(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if r.Method != http.MethodPost || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, "not here", http.StatusMethodNotAllowed)
			return
		}
		if len(req.ID) == 0 {
			w.WriteHeader(http.StatusAccepted) // a notification
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch req.Method {
		case "server/discover":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"raw","version":"1"}},"ttlMs":0,"cacheScope":"public","supportedVersions":["2026-07-28"],"capabilities":{"resources":{"subscribe":true}}}}`, req.ID)
		case "subscriptions/listen":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, req.ID)
		default:
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"resultType":"complete"}}`, req.ID)
		}
	}))
	defer ts.Close()
	s, _ := connectEntry(t, &config.ServerConfig{Name: "raw", Type: config.TypeHTTP, URL: ts.URL})
	if v := s.Era().Version; v != Version20260728 {
		dumpWire(t, s)
		t.Fatalf("era %q", v)
	}
	err := s.Subscribe(t.Context(), "test://x")
	var re *RequestError
	if !errors.As(err, &re) || re.RPCError == nil || re.RPCError.Code != -32601 || !strings.Contains(err.Error(), "refused subscriptions/listen") {
		dumpWire(t, s)
		t.Fatalf("subscribe: %v", err)
	}
}
