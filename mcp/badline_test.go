package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// TestBadLinesAreNoise: a line shaped like JSON-RPC that the SDK cannot take
// is logged as stdout noise with the reason, and the session goes on; a
// malformed reply fails its own call, in plain words, and nothing else.
func TestBadLinesAreNoise(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shares the misbehave rig, which relies on Unix signals")
	}
	exe := testservers.Build(t)
	cases := []struct{ line, reason string }{
		{`{"jsonrpc":"2.0","method":123}`, "method must be a string"},
		{`{"jsonrpc":"2.0","id":3,"error":"notanobject"}`, "error must be an object with a code and a message"},
		{`{"jsonrpc":"2.0","id":{"a":1},"result":{}}`, "id must be a string or a number"},
		{`{"jsonrpc":"2.0","id":3}`, "a reply with neither result nor error"},
		{`{"jsonrpc":"2.0","id":3,"result":{},"error":{"code":1,"message":"x"}}`, "a reply with both result and error"},
		{`{"jsonrpc":"2.0","result":{}}`, "a reply without an id"},
		{`[{"jsonrpc":"2.0","method":123}]`, "method must be a string"},
	}
	for _, tc := range cases {
		t.Run(tc.line, func(t *testing.T) {
			t.Parallel()
			s, ctx := connectMisbehave(t, exe, nil, "-mode", testservers.ModeBadLine, "-bad-line", tc.line)
			for _, msg := range []string{"hi", "MALFORMED", "DEEP", "again"} {
				r := s.CallTool(ctx, "echo", json.RawMessage(`{"message":"`+msg+`"}`), CallOptions{})
				if msg == "MALFORMED" {
					want := "the server's reply to tools/call was not valid: content must be a list"
					if r.OK() || !strings.Contains(r.Message, want) {
						t.Errorf("malformed reply: ok=%v message %q, want it to say %q", r.OK(), r.Message, want)
					}
					if strings.Contains(r.Message, "exited") || strings.Contains(r.Message, "unmarshal") {
						t.Errorf("malformed reply message %q", r.Message)
					}
					continue
				}
				if msg == "DEEP" {
					if r.OK() || !strings.Contains(r.Message, "the server's reply to tools/call was not valid: it is nested deeper") {
						t.Errorf("deep reply: ok=%v message %q", r.OK(), r.Message)
					}
					continue
				}
				if !r.OK() {
					t.Fatalf("echo %s: %s (%v); status %+v", msg, r.Message, r.Err, s.Status())
				}
			}
			if st := s.Status(); st.State != StateReady {
				t.Errorf("status %+v after the bad lines", st)
			}
			found := false
			for _, e := range s.Log.Tail(100, transport.LogStdoutNoise) {
				found = found || strings.Contains(e.Text, tc.reason)
			}
			if !found {
				t.Errorf("no stdout-noise entry says %q: %v", tc.reason, s.Log.Tail(5, transport.LogStdoutNoise))
			}
		})
	}
}

// connectMisbehave connects a session to the misbehave server exe run with
// args (entry, if set, changes its entry first); the session and the context
// for its requests end with the test.
func connectMisbehave(t *testing.T, exe string, entry func(*config.ServerConfig), args ...string) (*Session, context.Context) {
	t.Helper()
	cfg := &config.ServerConfig{Name: "bad", Type: config.TypeStdio, Command: exe, Args: args}
	if entry != nil {
		entry(cfg)
	}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	t.Cleanup(m.Close)
	s := m.Session("bad")
	// A guard against a hang, not a speed check: a 65 MB reply took 42 s of
	// the old 60 s under -race on a loaded machine.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	if err := s.Connect(ctx); err != nil {
		t.Fatalf("connect: %v (%s)", err, s.Status().Reason)
	}
	return s, ctx
}

func buildMisbehave(t *testing.T) string {
	t.Helper()
	return testservers.Build(t)
}

// TestDeepToolListKeepsTheGoodTools: a tools/list reply nested deeper than
// the SDK reads no longer lists nothing (or ends the session): the other
// tools are listed, the deep one is marked, and calls work.
func TestDeepToolListKeepsTheGoodTools(t *testing.T) {
	exe := buildMisbehave(t)
	t.Setenv("MISBEHAVE_DEEP_TOOL", "1")
	s, ctx := connectMisbehave(t, exe, nil, "-mode", testservers.ModeBadLine, "-bad-line", " ")
	if s.Tool("echo") == nil {
		t.Fatalf("echo not listed: %v", s.Tools())
	}
	deep := s.Tool("deep")
	if deep == nil || !strings.Contains(deep.Description, "cannot be used") {
		t.Errorf("the deep tool is not marked: %+v", deep)
	}
	if r := s.CallTool(ctx, "echo", json.RawMessage(`{"message":"hi"}`), CallOptions{}); !r.OK() {
		t.Errorf("echo after the deep list: %s", r.Message)
	}
}

// TestOverSizeReplyFailsAtOnce: a reply over the size limit fails its call at
// once (not after the call's timeout), and the session goes on.
func TestOverSizeReplyFailsAtOnce(t *testing.T) {
	exe := buildMisbehave(t)
	s, ctx := connectMisbehave(t, exe, func(c *config.ServerConfig) { c.CallTimeout = secondsPtr(120) },
		"-mode", testservers.ModeHugeMessage, "-huge-size", fmt.Sprint(transport.MaxMessageSize+1<<20))
	r := s.CallTool(ctx, "huge", nil, CallOptions{})
	if r.OK() || !strings.Contains(r.Message, "over the 64 MB limit") {
		t.Errorf("over-size reply: ok=%v layer %q message %q", r.OK(), r.Layer, r.Message)
	}
	if r := s.CallTool(ctx, "echo", json.RawMessage(`{"message":"hi"}`), CallOptions{}); !r.OK() {
		t.Errorf("echo after the huge reply: %s", r.Message)
	}
}
