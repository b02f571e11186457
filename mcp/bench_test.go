package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
)

// BenchmarkCallTool compares sequential tools/call through our session (own
// process handling, stdout filter, wire log) with a bare SDK client over the
// SDK's CommandTransport, against the same echo server process, in one run.
//
//	go test -run '^$' -bench BenchmarkCallTool -count 6 ./mcp/ | benchstat -
func BenchmarkCallTool(b *testing.B) {
	exe := testservers.Build(b)
	args := json.RawMessage(`{"message":"hello"}`)
	b.Run("mcpbrowser", func(b *testing.B) {
		cfg := &ServerConfig{Name: "echo", Type: TypeStdio, Command: exe, Args: []string{"-mode", "echo"}}
		cfg.Validate()
		m := NewManager(&Config{Servers: []*ServerConfig{cfg}}, ManagerOptions{})
		defer m.Close()
		s := m.Session("echo")
		if err := s.Connect(context.Background()); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for b.Loop() {
			if r := s.CallTool(context.Background(), "echo", args, CallOptions{}); !r.OK() {
				b.Fatal(r.Message)
			}
		}
	})
	// The SDK's client over our transport alone: how much of the difference
	// is the transport (filter, wire log) and how much the session.
	b.Run("sdk-over-our-transport", func(b *testing.B) {
		cfg := &ServerConfig{Name: "echo", Type: TypeStdio, Command: exe, Args: []string{"-mode", "echo"}}
		p, err := startStdio(cfg, newPathResolver(), NewServerLog(nil), NewWireLog(nil))
		if err != nil {
			b.Fatal(err)
		}
		defer p.Stop()
		c := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
		cs, err := c.Connect(context.Background(), p.Transport, &sdk.ClientSessionOptions{ProtocolVersion: DefaultProtocolVersion})
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		b.ResetTimer()
		for b.Loop() {
			if _, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "echo", Arguments: args}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bare-sdk", func(b *testing.B) {
		c := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
		cs, err := c.Connect(context.Background(), &sdk.CommandTransport{Command: exec.Command(exe, "-mode", "echo")},
			&sdk.ClientSessionOptions{ProtocolVersion: DefaultProtocolVersion})
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		b.ResetTimer()
		for b.Loop() {
			if _, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "echo", Arguments: args}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkConnectServers connects servers that each take 300 ms to start:
// one alone, and ten at once through the manager. Goal: ten ≤ 1.3 × one.
//
//	go test -run '^$' -bench BenchmarkConnectServers -count 6 ./mcp/ | benchstat -
func BenchmarkConnectServers(b *testing.B) {
	exe := testservers.Build(b)
	for _, n := range []int{1, 10} {
		b.Run(fmt.Sprintf("servers=%d", n), func(b *testing.B) {
			for b.Loop() {
				cfg := &Config{}
				for i := range n {
					sc := &ServerConfig{Name: fmt.Sprint("slow", i), Type: TypeStdio, Command: exe,
						Args: []string{"-mode", "echo", "-start-delay", "300ms"}}
					sc.Validate()
					cfg.Servers = append(cfg.Servers, sc)
				}
				m := NewManager(cfg, ManagerOptions{})
				if err := m.ConnectAll(context.Background()); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				m.Close()
				b.StartTimer()
			}
		})
	}
}
