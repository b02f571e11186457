package mcp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/demo"
	"mcpbrowser/mcp/config"
)

// Over HTTP a slow answer to server/discover is a busy server, not an
// older one: it is waited for (a bound took loaded 2026-07-28 servers for
// older ones, and the app sent them initialize); an older server's refusal
// still makes the app fall back at once.
func TestEraOverHTTP(t *testing.T) {
	for _, tc := range []struct {
		name string
		// What the server does with server/discover before the SDK
		// answers it: wait slow, or refuse it with this HTTP status.
		slow    time.Duration
		refuse  int
		version string
		how     EraHow
		why     string
	}{
		{name: "answers server/discover", version: Version20260728, how: EraDiscovered},
		// Longer than the stdio bound (DiscoverWait): over HTTP no bound applies.
		{name: "busy: answers server/discover after 2s", slow: 2 * time.Second, version: Version20260728, how: EraDiscovered},
		{name: "older: refuses server/discover with HTTP 400", refuse: http.StatusBadRequest, version: Version20251125, how: EraFellBack, why: "server/discover: HTTP 400"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			server, err := demo.NewServer(demo.Options{Root: t.TempDir(), Stderr: &strings.Builder{}})
			if err != nil {
				t.Fatal(err)
			}
			h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{Stateless: true})
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("Mcp-Method") == "server/discover" {
					if tc.refuse != 0 {
						http.Error(w, "unknown method", tc.refuse)
						return
					}
					time.Sleep(tc.slow)
				}
				h.ServeHTTP(w, r)
			}))
			t.Cleanup(ts.Close)
			cfg := &config.ServerConfig{Name: "demo", Type: config.TypeHTTP, URL: ts.URL}
			cfg.Validate()
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
			defer m.Close()
			s := m.Session("demo")
			s.eras.Forget(cfg) // nothing remembered from another case
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := s.Connect(ctx); err != nil {
				t.Fatalf("connect: %v", err)
			}
			era := s.Era()
			if era.Version != tc.version || era.How != tc.how || !strings.Contains(era.Why, tc.why) {
				t.Errorf("era %v, want %s %v (%q)", era, tc.version, tc.how, tc.why)
			}
		})
	}
}
