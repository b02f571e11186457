package mcp

import (
	"context"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
)

// TestHTTPReplyFailuresNamed: a reply the app cannot take is named for what
// is wrong with it, in words, not "the server went away" or "rejected by
// transport (-32005)"; and the session stays usable.
func TestHTTPReplyFailuresNamed(t *testing.T) {
	cases := []struct {
		name  string
		reply testservers.CallReply
		want  string
	}{
		{"body over the limit", testservers.HugeReply(65 << 20), "over the limit of 64 MiB"},
		{"unparseable header", testservers.MalformedHeaderReply, "HTTP header that could not be read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := testservers.RawHTTP(c.reply)
			defer srv.Close()
			cfg := &config.ServerConfig{Name: "raw", Type: config.TypeHTTP, URL: srv.URL}
			cfg.Validate()
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
			defer m.Close()
			s := m.Session("raw")
			ctx := context.Background()
			if err := s.Connect(ctx); err != nil {
				t.Fatal(err)
			}
			r := s.CallTool(ctx, "echo", nil, CallOptions{})
			for _, bad := range []string{"went away", "rejected by transport", "-32005"} {
				if strings.Contains(r.Message, bad) {
					t.Errorf("message says %q: %s", bad, r.Message)
				}
			}
			if !strings.Contains(r.Message, c.want) || r.Layer == LayerNone || r.Layer == LayerProtocol {
				t.Errorf("layer %s, message %q; want it to say %q", r.Layer, r.Message, c.want)
			}
		})
	}
}
