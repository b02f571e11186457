package tap

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProxyStreamsAndRecords: through the HTTP tap a POST's answer, the
// request's and answer's headers, and a server-sent event stream pass as
// they are, each event as soon as the server flushed it; both ways are
// recorded; a request addressed to another name is refused.
func TestProxyStreamsAndRecords(t *testing.T) {
	second := make(chan struct{})
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Mcp-Session-Id") != "s-1" {
			http.Error(w, "no session header", http.StatusBadRequest)
			return
		}
		w.Header().Set("Mcp-Session-Id", "s-1")
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			if !strings.Contains(string(body), `"tools/list"`) {
				http.Error(w, "unexpected body", http.StatusBadRequest)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/one\"}\n\n")
		w.(http.Flusher).Flush()
		select { // the second event only after the client read the first
		case <-second:
		case <-r.Context().Done():
			return
		}
		io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/two\"}\n\n")
	}))
	defer upstream.Close()
	target, _ := url.Parse(upstream.URL)

	root := t.TempDir()
	rec := NewRecorder(RecorderOptions{Root: root, URL: upstream.URL})
	l, err := ListenLoopback("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- NewProxy(target, rec).Serve(ctx, l) }()
	base := "http://" + l.Addr().String() + "/mcp"

	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	req.Header.Set("Mcp-Session-Id", "s-1")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Mcp-Session-Id") != "s-1" || string(body) != `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}` {
		t.Fatalf("POST through the tap: %s %q %s", resp.Status, resp.Header.Get("Mcp-Session-Id"), body)
	}

	req, _ = http.NewRequestWithContext(ctx, http.MethodGet, base, nil)
	req.Header.Set("Mcp-Session-Id", "s-1")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(resp.Body)
	readEvent := func() string {
		var ev strings.Builder
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				t.Fatalf("stream ended: %v (so far %q)", err, ev.String())
			}
			if line == "\n" {
				return ev.String()
			}
			ev.WriteString(line)
		}
	}
	if ev := readEvent(); !strings.Contains(ev, "notifications/one") {
		t.Fatalf("first event %q", ev)
	}
	close(second)
	if ev := readEvent(); !strings.Contains(ev, "notifications/two") {
		t.Fatalf("second event %q", ev)
	}
	resp.Body.Close()

	req, _ = http.NewRequestWithContext(ctx, http.MethodPost, base, strings.NewReader("{}"))
	req.Host = "attacker.example"
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a request for another name got %s, want 403", resp.Status)
	}

	cancel()
	if err := <-served; err != nil {
		t.Fatal(err)
	}
	rec.Close(nil)
	tl, err := Open(filepath.Join(root, rec.ID()))
	if err != nil {
		t.Fatal(err)
	}
	defer tl.Close()
	var got []string
	for _, r := range tl.Rows {
		got = append(got, r.From+" "+r.Method)
	}
	want := []string{"host tools/list", "server tools/list", "server notifications/one", "server notifications/two"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("recorded %q, want %q", got, want)
	}
	if _, err := ListenLoopback("0.0.0.0:0"); err == nil {
		t.Error("the tap listened on every address")
	}
}
