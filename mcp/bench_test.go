package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// BenchmarkCallTool compares sequential tools/call through our session (own
// process handling, stdout filter, wire log, call bookkeeping) with a bare SDK
// client over the SDK's CommandTransport, against two processes of the same
// echo server. The two are measured in pairs, call by call, alternating which
// goes first: on a shared machine the speed drifts by ±15 % from second to
// second, which separate runs would take for a difference. Each sub-benchmark
// reports both per-call times and "vs-bare", the bare client's time over ours
// (= our calls/s as a fraction of the bare client's; goal ≥ 0.9).
//
//	go test -run '^$' -bench BenchmarkCallTool -benchtime 3000x -count 10 ./mcp/ | benchstat -
func BenchmarkCallTool(b *testing.B) {
	exe := testservers.Build(b)
	args := json.RawMessage(`{"message":"hello"}`)
	ctx := context.Background()

	c := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
	bare, err := c.Connect(ctx, &sdk.CommandTransport{Command: exec.Command(exe, "-mode", "echo")},
		&sdk.ClientSessionOptions{ProtocolVersion: DefaultProtocolVersion})
	if err != nil {
		b.Fatal(err)
	}
	defer bare.Close()
	bareCall := func() {
		if _, err := bare.CallTool(ctx, &sdk.CallToolParams{Name: "echo", Arguments: args}); err != nil {
			b.Fatal(err)
		}
	}

	cfg := &config.ServerConfig{Name: "echo", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "echo"}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("echo")
	if err := s.Connect(ctx); err != nil {
		b.Fatal(err)
	}
	// The SDK's client over our transport alone: how much of a difference is
	// the transport (filter, wire log) and how much the session.
	p, err := transport.StartStdio(cfg, transport.NewPathResolver(), transport.NewServerLog(nil), transport.NewWireLog(nil))
	if err != nil {
		b.Fatal(err)
	}
	defer p.Stop()
	overOurs, err := c.Connect(ctx, p.Transport, &sdk.ClientSessionOptions{ProtocolVersion: DefaultProtocolVersion})
	if err != nil {
		b.Fatal(err)
	}
	defer overOurs.Close()

	for _, ours := range []struct {
		name string
		call func()
	}{
		{"mcpbrowser", func() {
			if r := s.CallTool(ctx, "echo", args, CallOptions{}); !r.OK() {
				b.Fatal(r.Message)
			}
		}},
		{"sdk-over-our-transport", func() {
			if _, err := overOurs.CallTool(ctx, &sdk.CallToolParams{Name: "echo", Arguments: args}); err != nil {
				b.Fatal(err)
			}
		}},
	} {
		b.Run(ours.name, func(b *testing.B) {
			var oursTime, bareTime time.Duration
			n := 0
			timed := func(f func(), total *time.Duration) {
				t := time.Now()
				f()
				*total += time.Since(t)
			}
			for b.Loop() {
				if n%2 == 0 {
					timed(ours.call, &oursTime)
					timed(bareCall, &bareTime)
				} else {
					timed(bareCall, &bareTime)
					timed(ours.call, &oursTime)
				}
				n++
			}
			b.ReportMetric(float64(oursTime.Microseconds())/float64(n), "µs/call")
			b.ReportMetric(float64(bareTime.Microseconds())/float64(n), "bare-µs/call")
			b.ReportMetric(float64(bareTime)/float64(oursTime), "vs-bare")
		})
	}
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
				cfg := &config.Config{}
				for i := range n {
					sc := &config.ServerConfig{Name: fmt.Sprint("slow", i), Type: config.TypeStdio, Command: exe,
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
