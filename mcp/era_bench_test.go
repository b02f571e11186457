package mcp

import (
	"mcpbrowser/mcp/config"

	"context"
	"path/filepath"
	"testing"

	"mcpbrowser/internal/testservers"
)

// BenchmarkConnectEra measures one connect (start, handshake, tools/list,
// close excluded) of a stdio server by how its protocol version is found:
//
//	pinned-2025-11-25     what the app did before eras were found: initialize at once
//	remembered-2025-11-25 auto, with the version remembered from last time
//	first-ignores-discover auto, first connect, a server that never answers
//	                       server/discover (pays the bounded wait)
//	first-answers-discover auto, first connect, a 2026-07-28 server
func BenchmarkConnectEra(b *testing.B) {
	exe := testservers.Build(b)
	cases := []struct {
		name, mode, pin, remember string
		forget                    bool
	}{
		{name: "pinned-2025-11-25", mode: testservers.ModeIgnoreDiscover, pin: Version20251125},
		{name: "remembered-2025-11-25", mode: testservers.ModeIgnoreDiscover, remember: Version20251125},
		{name: "first-ignores-discover", mode: testservers.ModeIgnoreDiscover, forget: true},
		{name: "first-answers-discover", mode: testservers.ModeEcho, forget: true},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			cfg := &config.ServerConfig{Name: "s", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", tc.mode}, ProtocolVersion: tc.pin}
			cfg.Validate()
			mem := NewEraMemory(filepath.Join(b.TempDir(), "eras.json"))
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Eras: mem})
			defer m.Close()
			s := m.Session("s")
			ctx := context.Background()
			for b.Loop() {
				b.StopTimer()
				if tc.forget {
					mem.Forget(cfg)
				}
				if tc.remember != "" {
					mem.Remember(cfg, tc.remember)
				}
				b.StartTimer()
				if err := s.Connect(ctx); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				s.Close()
				b.StartTimer()
			}
		})
	}
}
