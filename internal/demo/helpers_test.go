package demo_test

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/demo"
)

// hangGuard bounds every wait in these tests. It is not a timing
// assertion: a correct server answers in milliseconds, and the guard only
// turns a hang into a failure with a message instead of a test timeout.
const hangGuard = 30 * time.Second

// recorder collects what the server sends besides results: progress,
// log messages and stderr lines. Waiters are woken on every change.
type recorder struct {
	mu       sync.Mutex
	changed  chan struct{}
	progress []*sdk.ProgressNotificationParams
	logs     []*sdk.LoggingMessageParams
	stderr   bytes.Buffer
}

func newRecorder() *recorder {
	return &recorder{changed: make(chan struct{})}
}

// update runs f under the lock and wakes every waiter.
func (r *recorder) update(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f()
	close(r.changed)
	r.changed = make(chan struct{})
}

// Write makes the recorder the server's stderr.
func (r *recorder) Write(p []byte) (int, error) {
	r.update(func() { r.stderr.Write(p) })
	return len(p), nil
}

func (r *recorder) stderrText() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stderr.String()
}

func (r *recorder) progressCopy() []sdk.ProgressNotificationParams {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]sdk.ProgressNotificationParams, len(r.progress))
	for i, p := range r.progress {
		out[i] = *p
	}
	return out
}

// waitFor waits until cond, called under the lock, holds.
func (r *recorder) waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if !r.wait(cond) {
		t.Fatalf("gave up waiting for %s", what)
	}
}

// wait waits until cond, called under the lock, holds, and reports
// whether it did. Unlike waitFor it may be used from any goroutine.
func (r *recorder) wait(cond func() bool) bool {
	guard := time.NewTimer(hangGuard)
	defer guard.Stop()
	for {
		r.mu.Lock()
		ok, changed := cond(), r.changed
		r.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-changed:
		case <-guard.C:
			return false
		}
	}
}

// fixture is a demo server in a fresh sandbox, connected to an SDK client
// over in-memory transports.
type fixture struct {
	root    string
	client  *sdk.ClientSession
	events  *recorder
	session *sdk.ServerSession
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	root, err := demo.NewSandbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return connectTo(t, root)
}

func connectTo(t *testing.T, root string) *fixture {
	t.Helper()
	events := newRecorder()
	server, err := demo.NewServer(demo.Options{Root: root, Stderr: events})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	serverTransport, clientTransport := sdk.NewInMemoryTransports()
	session, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "demo-test", Version: "0"}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			events.update(func() { events.progress = append(events.progress, req.Params) })
		},
		LoggingMessageHandler: func(_ context.Context, req *sdk.LoggingMessageRequest) {
			events.update(func() { events.logs = append(events.logs, req.Params) })
		},
	})
	cs, err := client.Connect(ctx, clientTransport, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		session.Wait()
	})
	return &fixture{root: root, client: cs, events: events, session: session}
}

// call calls a tool and fails the test on a protocol error.
func (f *fixture) call(t *testing.T, name string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, err := f.client.CallTool(t.Context(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("calling %s(%v): %v", name, args, err)
	}
	return res
}

// tool returns the listed tool with the given name.
func (f *fixture) tool(t *testing.T, name string) *sdk.Tool {
	t.Helper()
	res, err := f.client.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("tool %q is not listed", name)
	return nil
}

// textOf joins the text blocks of a result.
func textOf(res *sdk.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// asMap re-encodes v (a schema or structured content, as the client
// decoded it) into a generic JSON value.
func asMap(t *testing.T, v any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s is not a JSON object: %v", raw, err)
	}
	return m
}

// validate checks value against a schema as the client received it.
func validate(t *testing.T, schema any, value any) error {
	t.Helper()
	raw, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("schema %s does not decode: %v", raw, err)
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("schema %s does not resolve: %v", raw, err)
	}
	v := any(asMap(t, value))
	return resolved.Validate(&v)
}
