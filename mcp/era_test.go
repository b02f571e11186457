package mcp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adrg/xdg"

	"mcpbrowser/internal/testservers"
)

// TestMain keeps what the package's sessions remember (their protocol eras)
// out of the person's state directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcpbrowser-mcp-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	xdg.Reload()
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func dumpWire(t *testing.T, s *Session) {
	entries, _ := s.Wire.Since(0)
	for _, e := range entries {
		t.Logf("%s %v %s", e.Time.Format("15:04:05.000"), e.Dir, strings.TrimSpace(string(e.JSON)))
	}
	for _, l := range s.Log.Tail(20, LogInfo) {
		t.Logf("log: %s", l.Text)
	}
}

func TestEraSlowStart(t *testing.T) {
	exe := testservers.Build(t)
	cfg := &ServerConfig{Name: "slow", Type: TypeStdio, Command: exe, Args: []string{"-mode", "slow-start", "-delay", "3s"}}
	cfg.Validate()
	s := newSession(cfg, newPathResolver(), Handlers{}, func(Event) {})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := s.Connect(ctx)
	defer s.Close()
	if err != nil {
		dumpWire(t, s)
		t.Fatal(err)
	}
	t.Log(s.Era())
}

func TestEraBadVersion(t *testing.T) {
	exe := testservers.Build(t)
	cfg := &ServerConfig{Name: "bad", Type: TypeStdio, Command: exe, Args: []string{"-mode", "bad-protocol-version"}}
	cfg.Validate()
	s := newSession(cfg, newPathResolver(), Handlers{}, func(Event) {})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := s.Connect(ctx)
	defer s.Close()
	dumpWire(t, s)
	t.Log(s.Era(), err)
}
