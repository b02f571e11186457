package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

func secondsPtr(v float64) *float64 { return &v }

// misbehaving describes one misbehaving server and what the person must see.
type misbehaving struct {
	name  string
	mode  string
	flags []string
	entry func(*config.ServerConfig)
	// wantState is the state after Connect; wantReason words that must be in Status.Reason.
	wantState  State
	wantReason []string
	// call, when set, is made after a successful connect.
	call     string
	callArgs string
	callOpts CallOptions
	// wantLayer and wantMessage describe the call's outcome.
	wantLayer   ErrorLayer
	wantMessage []string
	// wantNoise are texts that must show up as stdout-noise log entries.
	wantNoise []string
	check     func(t *testing.T, s *Session, r *CallResult)
}

func TestMisbehavingServers(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the misbehaving modes rely on Unix signals")
	}
	exe := testservers.Build(t)
	cases := []misbehaving{
		{name: "junk text on stdout", mode: "junk-stdout", wantState: StateReady,
			call: "echo", callArgs: `{"message":"hi"}`, wantLayer: LayerNone, wantNoise: []string{""}},
		{name: "JSON that is not JSON-RPC on stdout", mode: "non-jsonrpc-json", wantState: StateReady,
			call: "echo", callArgs: `{"message":"hi"}`, wantLayer: LayerNone, wantNoise: []string{`"level"`}},
		{name: "a truncated line", mode: "truncated-line", wantState: StateReady,
			call: "echo", callArgs: `{"message":"hi"}`, wantLayer: LayerNone, wantNoise: []string{`"jsonrpc"`}},
		{name: "crash mid-call", mode: "crash-mid-call", wantState: StateReady,
			call: "crash", wantLayer: LayerConnection, wantMessage: []string{"exited with code 3", "panic: something broke"},
			check: func(t *testing.T, s *Session, _ *CallResult) {
				waitFor(t, func() bool { return s.Status().State == StateExited }, "state exited")
				if st := s.Status(); st.ExitCode != 3 || !strings.Contains(st.Reason, "panic: something broke") {
					t.Errorf("status after crash = %+v", st)
				}
			}},
		{name: "never answers initialize", mode: "no-initialize",
			entry:     func(c *config.ServerConfig) { c.ConnectTimeout = secondsPtr(1) },
			wantState: StateFailed, wantReason: []string{"did not answer initialize within 1s"}},
		{name: "never answers a call (timeout)", mode: "never-answers-call", wantState: StateReady,
			entry: func(c *config.ServerConfig) { c.CallTimeout = secondsPtr(0.5) },
			call:  "echo", callArgs: `{"message":"hi"}`, wantLayer: LayerTimeout, wantMessage: []string{"did not answer within 500ms"},
			check: func(t *testing.T, s *Session, _ *CallResult) {
				// The SDK sends it off the caller's path, just after the call returns.
				waitFor(t, func() bool { return wireHas(s, transport.Sent, "notifications/cancelled") }, "notifications/cancelled after the timeout")
			}},
		{name: "10 MB of stderr at once", mode: "stderr-flood", wantState: StateReady,
			call: "echo", callArgs: `{"message":"hi"}`, wantLayer: LayerNone,
			check: func(t *testing.T, s *Session, _ *CallResult) {
				if n := len(s.Log.Tail(1000, transport.LogStderr)); n < 1000 {
					t.Errorf("only %d stderr lines kept", n)
				}
			}},
		{name: "a 20 MB message", mode: "huge-message", wantState: StateReady,
			// No call timeout: under -race on a loaded machine, reading 20 MB
			// of JSON took longer than the default 60 s; the test's context
			// still guards against a hang.
			entry: func(c *config.ServerConfig) { c.CallTimeout = secondsPtr(-1) },
			call:  "huge", wantLayer: LayerNone,
			check: func(t *testing.T, s *Session, r *CallResult) {
				if r.Result == nil || len(r.Result.Content) == 0 {
					t.Fatalf("no result: %s", r.Message)
				}
				if n := len(r.Result.Content[0].(*sdk.TextContent).Text); n < 20<<20 {
					t.Errorf("huge text is %d bytes", n)
				}
			}},
		{name: "silent for 7 s before answering", mode: "slow-start", flags: []string{"-delay", "7s"}, wantState: StateReady},
		{name: "exits at start with an error", mode: "exit-at-start",
			wantState: StateFailed, wantReason: []string{"exited with code 1", "missing API key FOO_TOKEN"}},
		{name: "bad protocol version", mode: "bad-protocol-version",
			wantState: StateFailed, wantReason: []string{"protocol version", "protocolVersion"}},
		{name: "ignores stdin EOF", mode: "ignore-stdin-eof", wantState: StateReady},
		{name: "ignores SIGTERM", mode: "ignore-sigterm", wantState: StateReady},
		{name: "spawns a grandchild", mode: "grandchild", wantState: StateReady},
		{name: "command not found",
			entry:     func(c *config.ServerConfig) { c.Command = "mcpbrowser-no-such-program"; c.Args = nil },
			wantState: StateFailed, wantReason: []string{`"mcpbrowser-no-such-program" was not found`, "PATH searched"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			pidFile := filepath.Join(dir, "server.pid")
			grandchildFile := filepath.Join(dir, "grandchild.pid")
			args := append([]string{"-mode", tc.mode, "-pidfile", pidFile, "-grandchild-pidfile", grandchildFile}, tc.flags...)
			cfg := &config.ServerConfig{Name: "bad", Type: config.TypeStdio, Command: exe, Args: args}
			if tc.entry != nil {
				tc.entry(cfg)
			}
			cfg.Validate()
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
			s := m.Session("bad")
			// A guard against a hang, not a speed check.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()

			err := s.Connect(ctx)
			st := s.Status()
			if st.State != tc.wantState {
				t.Fatalf("state = %v (%s), want %v; connect error %v", st.State, st.Reason, tc.wantState, err)
			}
			for _, w := range tc.wantReason {
				if !strings.Contains(st.Reason, w) {
					t.Errorf("reason %q lacks %q", st.Reason, w)
				}
			}
			var r *CallResult
			if tc.call != "" {
				r = s.CallTool(ctx, tc.call, json.RawMessage(tc.callArgs), tc.callOpts)
				if r.Layer != tc.wantLayer {
					t.Errorf("call layer = %q (%s), want %q", r.Layer, r.Message, tc.wantLayer)
				}
				for _, w := range tc.wantMessage {
					if !strings.Contains(r.Message, w) {
						t.Errorf("call message %q lacks %q", r.Message, w)
					}
				}
			}
			for _, w := range tc.wantNoise {
				found := false
				for _, e := range s.Log.Tail(100, transport.LogStdoutNoise) {
					found = found || strings.Contains(e.Text, w)
				}
				if !found {
					t.Errorf("no stdout-noise entry containing %q", w)
				}
			}
			if tc.check != nil {
				tc.check(t, s, r)
			}
			pids := startedPIDs(t, pidFile, grandchildFile)
			m.Close()
			for _, pid := range pids {
				if testservers.ProcessAlive(pid) {
					t.Errorf("process %d outlived the stop", pid)
				}
			}
		})
	}
}

// startedPIDs returns the PIDs the server wrote (itself, and its grandchild).
func startedPIDs(t *testing.T, files ...string) []int {
	var pids []int
	for _, f := range files {
		if pid, err := testservers.ReadPIDFile(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

func wireHas(s *Session, dir transport.Direction, method string) bool {
	entries, _ := s.Wire.Since(0)
	for _, e := range entries {
		if e.Dir == dir && e.Method == method {
			return true
		}
	}
	return false
}

// waitFor polls cond until it holds or 10 s pass.
func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestCancelSendsNotificationsCancelled(t *testing.T) {
	exe := testservers.Build(t)
	cfg := &config.ServerConfig{Name: "hang", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "never-answers-call"}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("hang")
	if err := s.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan *CallResult)
	go func() { done <- s.CallTool(ctx, "hang", nil, CallOptions{}) }()
	waitFor(t, func() bool { return wireHas(s, transport.Sent, "tools/call") }, "the call to be sent")
	cancel()
	r := <-done
	if r.Layer != LayerCancelled {
		t.Fatalf("layer %q: %s", r.Layer, r.Message)
	}
	waitFor(t, func() bool { return wireHas(s, transport.Sent, "notifications/cancelled") }, "notifications/cancelled")
	// The empty arguments went out as {}, not null.
	entries, _ := s.Wire.Since(0)
	for _, e := range entries {
		if e.Method == "tools/call" && !strings.Contains(string(e.JSON), `"arguments":{}`) {
			t.Errorf("tools/call sent %s", e.JSON)
		}
	}
	if s.Status().State != StateReady {
		t.Errorf("session state after cancel: %v", s.Status().State)
	}
}

func TestManagerIsolatesFailures(t *testing.T) {
	exe := testservers.Build(t)
	good := &config.ServerConfig{Name: "good", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "echo"}}
	bad := &config.ServerConfig{Name: "bad", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "exit-at-start"}}
	missing := &config.ServerConfig{Name: "missing", Type: config.TypeStdio, Command: "no-such-mcp-server"}
	off := &config.ServerConfig{Name: "off", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "echo"}, Disabled: true}
	cfg := &config.Config{Servers: []*config.ServerConfig{good, bad, missing, off}}
	for _, s := range cfg.Servers {
		s.Validate()
	}
	m := NewManager(cfg, ManagerOptions{})
	defer m.Close()
	err := m.ConnectAll(context.Background())
	var ce *ConnectError
	if !errors.As(err, &ce) {
		t.Fatalf("ConnectAll error %v", err)
	}
	want := map[string]State{"good": StateReady, "bad": StateFailed, "missing": StateFailed, "off": StateStopped}
	for name, st := range want {
		if got := m.Session(name).Status().State; got != st {
			t.Errorf("%s: state %v, want %v", name, got, st)
		}
	}
	if r := m.Session("good").CallTool(context.Background(), "echo", json.RawMessage(`{"message":"x"}`), CallOptions{}); !r.OK() {
		t.Errorf("good server's call failed: %s", r.Message)
	}
}

// Lines a tool writes to stderr just before answering belong to the call,
// although stderr and stdout are separate pipes read by separate goroutines.
func TestStderrDuringCallStaysInsideTheCall(t *testing.T) {
	exe := testservers.Build(t)
	cfg := &config.ServerConfig{Name: "talky", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "echo", "-call-stderr-lines", "3"}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("talky")
	if err := s.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		r := s.CallTool(context.Background(), "echo", json.RawMessage(`{"message":"x"}`), CallOptions{})
		n := 0
		for _, e := range r.Log {
			if e.Kind == transport.LogStderr {
				n++
			}
		}
		if !r.OK() || n != 3 {
			t.Fatalf("call %d: %d stderr lines inside the call, want 3 (%s)", i, n, r.Message)
		}
	}
}

// TestToolsListNeverAnsweredIsNamed: a server that answers initialize and
// then never tools/list fails to connect with words that say so, not
// "did not answer initialize".
func TestToolsListNeverAnsweredIsNamed(t *testing.T) {
	exe := testservers.Build(t)
	secs := 2.0
	cfg := &config.ServerConfig{Name: "silent-list", Type: config.TypeStdio, Command: exe,
		Args: []string{"-mode", testservers.ModeRaw, "-silent", "tools/list"}, ConnectTimeout: &secs}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	err := m.Session("silent-list").Connect(context.Background())
	if err == nil {
		t.Fatal("connected")
	}
	if msg := err.Error(); !strings.Contains(msg, "answered initialize but did not answer tools/list within 2s") || strings.Contains(msg, "did not answer initialize") {
		t.Errorf("got %q", msg)
	}
}
