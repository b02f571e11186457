package mcp

import (
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"

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
	for _, l := range s.Log.Tail(20, transport.LogInfo) {
		t.Logf("log: %s", l.Text)
	}
}

// TestEraAuto connects, with no version in the entry, to servers of each
// kind of era behaviour and checks the version and how it was found, then
// connects again and checks that the remembered version is used.
func TestEraAuto(t *testing.T) {
	exe := testservers.Build(t)
	cases := []struct {
		name, mode  string
		flags       []string
		pin         string
		wantVersion string
		wantHow     EraHow
		wantWhy     string
		wantAgain   EraHow // how the second connect goes
	}{
		{name: "answers server/discover", mode: testservers.ModeEcho,
			wantVersion: Version20260728, wantHow: EraDiscovered, wantAgain: EraRemembered},
		{name: "ignores server/discover", mode: testservers.ModeIgnoreDiscover,
			wantVersion: Version20251125, wantHow: EraFellBack, wantWhy: "no answer to server/discover within", wantAgain: EraRemembered},
		{name: "exits on server/discover", mode: testservers.ModeExitOnDiscover,
			wantVersion: Version20251125, wantHow: EraFellBack, wantWhy: "exited when asked server/discover", wantAgain: EraRemembered},
		{name: "slow to start, then answers server/discover", mode: testservers.ModeSlowStart, flags: []string{"-delay", "2s"},
			wantVersion: Version20260728, wantHow: EraDiscovered, wantWhy: "answered late", wantAgain: EraRemembered},
		{name: "pinned", mode: testservers.ModeEcho, pin: "2025-06-18",
			wantVersion: "2025-06-18", wantHow: EraPinned, wantAgain: EraPinned},
		{name: "pinned auto", mode: testservers.ModeEcho, pin: VersionAuto,
			wantVersion: Version20260728, wantHow: EraDiscovered, wantAgain: EraRemembered},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"-mode", tc.mode}, tc.flags...)
			cfg := &config.ServerConfig{Name: "era", Type: config.TypeStdio, Command: exe, Args: append(args, "-pidfile", filepath.Join(t.TempDir(), "pid")), ProtocolVersion: tc.pin}
			cfg.Validate()
			mem := NewEraMemory(filepath.Join(t.TempDir(), "eras.json"))
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Eras: mem})
			s := m.Session("era")
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			for round, want := range []EraHow{tc.wantHow, tc.wantAgain} {
				if err := s.Connect(ctx); err != nil {
					dumpWire(t, s)
					t.Fatalf("connect %d: %v", round+1, err)
				}
				era := s.Era()
				if era.Version != tc.wantVersion || era.How != want {
					dumpWire(t, s)
					t.Errorf("connect %d: era = %s, want %s %s", round+1, era, tc.wantVersion, want)
				}
				if round == 0 && !strings.Contains(era.Why, tc.wantWhy) {
					t.Errorf("why = %q, want %q", era.Why, tc.wantWhy)
				}
				if r := s.CallTool(ctx, "echo", []byte(`{"message":"hi"}`), CallOptions{}); !r.OK() {
					t.Errorf("connect %d: echo: %s", round+1, r.Message)
				}
				s.Close()
			}
		})
	}
}

// TestEraRememberedFails checks that a remembered version that no longer
// works is forgotten and the server asked afresh.
func TestEraRememberedFails(t *testing.T) {
	exe := testservers.Build(t)
	cfg := &config.ServerConfig{Name: "era", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", testservers.ModeBadProtocolVersion}}
	cfg.Validate()
	mem := NewEraMemory(filepath.Join(t.TempDir(), "eras.json"))
	if err := mem.Remember(cfg, "2025-06-18"); err != nil {
		t.Fatal(err)
	}
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Eras: mem})
	s := m.Session("era")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err == nil {
		t.Fatal("connected to a server with a bad version")
	}
	if !wireHas(s, transport.Sent, "server/discover") {
		t.Error("the server was not asked afresh after the remembered version failed")
	}
	if v := mem.Lookup(cfg); v != "" {
		t.Errorf("still remembered %q", v)
	}
}

func TestEraMemory(t *testing.T) {
	dir := t.TempDir()
	mem := NewEraMemory(filepath.Join(dir, "sub", "eras.json"))
	a := &config.ServerConfig{Name: "a", Type: config.TypeStdio, Command: "srv", Args: []string{"--token", "secret"}}
	b := &config.ServerConfig{Name: "b", Type: config.TypeHTTP, URL: "http://127.0.0.1:1/mcp"}
	renamed := &config.ServerConfig{Name: "renamed", Type: config.TypeStdio, Command: "srv", Args: []string{"--token", "secret"}}
	if v := mem.Lookup(a); v != "" {
		t.Fatalf("empty memory has %q", v)
	}
	mem.Remember(a, Version20251125)
	mem.Remember(b, Version20260728)
	again := NewEraMemory(filepath.Join(dir, "sub", "eras.json"))
	for _, c := range []struct {
		cfg  *config.ServerConfig
		want string
	}{{a, Version20251125}, {b, Version20260728}, {renamed, Version20251125}} {
		if v := again.Lookup(c.cfg); v != c.want {
			t.Errorf("%s: %q, want %q", c.cfg.Name, v, c.want)
		}
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "sub", "eras.json"))
	if strings.Contains(string(raw), "secret") || strings.Contains(string(raw), "127.0.0.1") {
		t.Errorf("the memory file holds a server's arguments in clear: %s", raw)
	}
	again.Forget(a)
	if v := mem.Lookup(a); v != "" {
		t.Errorf("forgotten, still %q", v)
	}
	os.WriteFile(filepath.Join(dir, "sub", "eras.json"), []byte("{not json"), 0o600)
	if v := mem.Lookup(b); v != "" {
		t.Errorf("damaged file gave %q", v)
	}
}

func TestEraString(t *testing.T) {
	cases := []struct {
		era  Era
		want string
	}{
		{Era{}, ""},
		{Era{Version: "2025-11-25"}, "2025-11-25"},
		{Era{Version: "2026-07-28", How: EraDiscovered}, "2026-07-28 (discovered)"},
		{Era{Version: "2025-11-25", How: EraFellBack, Why: "server/discover: method not found"}, "2025-11-25 (fell back: server/discover: method not found)"},
		{Era{Version: "2025-06-18", How: EraPinned}, "2025-06-18 (pinned)"},
	}
	for _, c := range cases {
		if got := c.era.String(); got != c.want {
			t.Errorf("%#v = %q, want %q", c.era, got, c.want)
		}
	}
}
