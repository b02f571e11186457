package mcp

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
)

// A server that exits at start is started twice (the era probe asks
// server/discover, and a server that exits then gets a fresh start asked
// only initialize), but what it wrote to stderr is told once: the reason
// quotes the last run's lines, not both runs'.
func TestExitAtStartTellsItsStderrOnce(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the misbehaving modes rely on Unix signals")
	}
	exe := testservers.Build(t)
	cfg := &config.ServerConfig{Name: "bad", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", testservers.ModeExitAtStart}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	t.Cleanup(m.Close)
	s := m.Session("bad")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	err := s.Connect(ctx)
	if err == nil {
		t.Fatal("a server that exits at start connected")
	}
	for name, text := range map[string]string{"the status": s.Status().Reason, "the error": err.Error()} {
		if n := strings.Count(text, "missing API key FOO_TOKEN"); n != 1 {
			t.Errorf("%s quotes the server's stderr %d times, want once:\n%s", name, n, text)
		}
	}
}
