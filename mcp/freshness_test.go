package mcp

import (
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

func countSent(s *Session, method string) int {
	entries, _ := s.Wire.Since(0)
	n := 0
	for _, e := range entries {
		if e.Dir == transport.Sent && e.Method == method {
			n++
		}
	}
	return n
}

// A list the server says is fresh for a while (ttlMs) is not asked for
// again until then, unless refreshed; a server that gives no ttlMs is
// asked every time.
func TestListFreshness(t *testing.T) {
	t.Run("demo, ttlMs 30000", func(t *testing.T) {
		s, _ := connectEntry(t, &config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: demoServerExe(t)})
		ctx := t.Context()
		first, fresh, err := s.ResourcesList(ctx, false)
		if err != nil || len(first) == 0 {
			t.Fatalf("resources/list: %v", err)
		}
		if fresh.TTL != 30*time.Second || fresh.Scope != "public" || fresh.Cached {
			t.Errorf("first list: %+v", fresh)
		}
		again, fresh2, err := s.ResourcesList(ctx, false)
		if err != nil || len(again) != len(first) || !fresh2.Cached || !fresh2.Fetched.Equal(fresh.Fetched) {
			t.Errorf("second list: %d resources, %+v, %v", len(again), fresh2, err)
		}
		if n := countSent(s, "resources/list"); n != 1 {
			t.Errorf("resources/list sent %d times while fresh, want 1", n)
		}
		_, fresh3, err := s.ResourcesList(ctx, true)
		if err != nil || fresh3.Cached {
			t.Errorf("refresh: %+v, %v", fresh3, err)
		}
		if n := countSent(s, "resources/list"); n != 2 {
			t.Errorf("resources/list sent %d times after a refresh, want 2", n)
		}
		// The SDK's own cache is out of the way: a read goes to the server.
		s.ReadResource(ctx, "demo://readme")
		s.ReadResource(ctx, "demo://readme")
		if n := countSent(s, "resources/read"); n != 2 {
			t.Errorf("resources/read sent %d times for two reads", n)
		}
	})
	t.Run("server-everything, no ttlMs", func(t *testing.T) {
		s, _ := connectEverything(t, Handlers{}, nil)
		ctx := t.Context()
		for range 2 {
			if _, fresh, err := s.ResourcesList(ctx, false); err != nil || fresh.TTL != 0 || fresh.Cached || fresh.Scope != "" {
				t.Fatalf("resources/list: %+v, %v", fresh, err)
			}
		}
		if n := countSent(s, "resources/list"); n != 2 {
			t.Errorf("resources/list sent %d times, want 2", n)
		}
	})
}

func TestCacheHintPages(t *testing.T) {
	tests := []struct {
		name  string
		pages []sdk.Cacheable
		want  ListFreshness
	}{
		{"none", nil, ListFreshness{}},
		{"one page", []sdk.Cacheable{{TTLMs: 5000, CacheScope: "public"}}, ListFreshness{TTL: 5 * time.Second, Scope: "public"}},
		{"shortest page wins, private wins", []sdk.Cacheable{{TTLMs: 5000, CacheScope: "private"}, {TTLMs: 2000, CacheScope: "public"}}, ListFreshness{TTL: 2 * time.Second, Scope: "private"}},
		{"negative is zero", []sdk.Cacheable{{TTLMs: -5, CacheScope: "public"}}, ListFreshness{Scope: "public"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &cacheHint{}
			for _, p := range tt.pages {
				h.add(p)
			}
			if got := h.freshness(time.Time{}); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
