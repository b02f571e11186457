package transport

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// countingBody is a response body of n bytes made by repeating a pattern,
// counting what was read of it.
type countingBody struct {
	pattern []byte
	left    int
	read    int
	closed  bool
}

func (b *countingBody) Read(p []byte) (int, error) {
	if b.left == 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && b.left > 0 {
		c := copy(p[n:min(len(p), n+b.left)], b.pattern[(b.read)%len(b.pattern):])
		n += c
		b.read += c
		b.left -= c
	}
	return n, nil
}

func (b *countingBody) Close() error { b.closed = true; return nil }

// TestSSETapCutsAnEventThatNeverEnds feeds the tap event streams whose
// last event goes on for eight times the bound: it must stop reading and
// say why soon after the bound, whatever shape the event has.
func TestSSETapCutsAnEventThatNeverEnds(t *testing.T) {
	const limit = 64 << 10
	for _, tt := range []struct {
		name    string
		prefix  string // complete events before the endless one
		pattern string // repeated with no blank line
	}{
		{"data lines and no blank line", "", "data: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"},
		{"one line with no newline", "", "x"},
		{"comment lines", "", ": keep-alive but never a blank line\n"},
		{"after good events", "data: {\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n\ndata: {}\n\n", "data: yyyyyyyyyyyyyyyyyyyyyyyyyyyy\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			endless := &countingBody{pattern: []byte(tt.pattern), left: 8 * limit}
			body := io.MultiReader(strings.NewReader(tt.prefix), endless)
			wire := NewWireLog(nil)
			tap := &sseTap{ReadCloser: struct {
				io.Reader
				io.Closer
			}{body, endless}, wire: wire, limit: limit}
			buf := make([]byte, 4096)
			var err error
			for err == nil {
				_, err = tap.Read(buf)
			}
			if !errors.Is(err, ErrEventTooLarge) {
				t.Fatalf("the stream ended with %v after %d bytes of the endless event, want ErrEventTooLarge", err, endless.read)
			}
			if endless.read > limit+len(buf) {
				t.Errorf("read %d bytes of the endless event, want at most the limit %d and one read", endless.read, limit)
			}
			if !endless.closed {
				t.Error("the body was not closed")
			}
			if tap.data.Cap() > 0 || cap(tap.pending) > 0 {
				t.Errorf("the tap still holds %d+%d bytes of the event", tap.data.Cap(), cap(tap.pending))
			}
			entries, _ := wire.Since(0)
			if len(entries) == 0 || !strings.Contains(entries[len(entries)-1].Summary, "without ending it") {
				t.Errorf("the wire log does not say why the stream closed: %+v", entries)
			}
		})
	}
}

// endlessServer is a streamable-HTTP MCP server that answers initialize and
// then, on the session's GET stream or on a tools/call's reply stream,
// starts an event and never ends it. It reports whether it stopped
// because the client went away (stopped) or because it wrote flood bytes
// without being stopped (flooded).
type endlessServer struct {
	onGet, onCall    bool
	flood            int
	stopped, flooded chan struct{}
	once             sync.Once
}

func (s *endlessServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodDelete:
		return
	case http.MethodGet:
		if !s.onGet {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		s.endless(w)
		return
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	b, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(b, &msg)
	switch {
	case msg.ID == nil:
		w.WriteHeader(http.StatusAccepted)
	case msg.Method == "initialize":
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "s1")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(msg.ID) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"endless","version":"1"}}}`))
	case msg.Method == "tools/call" && s.onCall:
		s.endless(w)
	default:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(msg.ID) + `,"result":{"tools":[]}}`))
	}
}

// endless writes data lines without the blank line that would end the event.
func (s *endlessServer) endless(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	line := []byte("data: " + strings.Repeat("x", 1018) + "\n")
	for written := 0; ; written += len(line) {
		if written > s.flood {
			s.once.Do(func() { close(s.flooded) })
			return
		}
		if _, err := w.Write(line); err != nil {
			s.once.Do(func() { close(s.stopped) })
			return
		}
		w.(http.Flusher).Flush()
	}
}

// TestEndlessEventEndsTheStream runs the SDK's streamable client through
// the tap against a server whose event never ends, on the session's GET
// stream (no call timeout bounds it) and on a call's reply stream: the
// client must stop reading near the bound, not drain the stream forever.
// Both outcomes are events: the server's write fails (the client closed the
// stream) or the server has written 64 times the bound. Which of the SDK
// (its failure cancels the request) and the tap (it cuts the drain) closes
// the stream first is a race; either way it closes.
func TestEndlessEventEndsTheStream(t *testing.T) {
	const limit = 1 << 20
	for _, tt := range []struct {
		name          string
		onGet, onCall bool
	}{
		{"the session's GET stream", true, false},
		{"a call's reply stream", false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := &endlessServer{onGet: tt.onGet, onCall: tt.onCall, flood: 64 * limit, stopped: make(chan struct{}), flooded: make(chan struct{})}
			srv := httptest.NewServer(s)
			defer srv.Close()
			hc := &http.Client{Transport: &tapTransport{base: http.DefaultTransport, wire: NewWireLog(nil), maxEvent: limit}}
			client := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cs, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: hc, MaxRetries: 1, MaxEventSize: limit}, nil)
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer cs.Close()
			callErr := make(chan error, 1)
			if tt.onCall {
				go func() {
					_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "x"})
					callErr <- err
				}()
			}
			select {
			case <-s.stopped:
			case <-s.flooded:
				t.Fatalf("the client read %d MB of one event without stopping", s.flood>>20)
			}
			if tt.onCall {
				if err := <-callErr; err == nil || !strings.Contains(err.Error(), "SSE event exceeded") {
					t.Errorf("the call ended with %v, want the SDK's event-size failure", err)
				}
			}
		})
	}
}
