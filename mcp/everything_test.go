package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// everythingServer returns the path of the pinned @modelcontextprotocol/server-everything
// entry point, installed by scripts/test.sh, or skips when it is not installed
// (MCPBROWSER_REQUIRE_PEERS=1, set by the test script, turns the skip into a failure).
func everythingServer(t testing.TB) string { return testservers.Everything(t) }

// startEverythingHTTP runs server-everything with an HTTP transport on a free
// loopback port, behind a proxy that records the headers and query of every
// request, and returns the proxy's base URL and the recorded requests.
func startEverythingHTTP(t *testing.T, kind string) (string, func() []*http.Request) {
	entry := everythingServer(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command("node", entry, kind)
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	stderr, _ := cmd.StderrPipe()
	transport.ConfigureCommand(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	group := transport.NewProcessGroup(cmd)
	t.Cleanup(func() {
		group.Terminate(time.Second)
		cmd.Wait()
	})
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		once := sync.Once{}
		for sc.Scan() {
			if strings.Contains(sc.Text(), fmt.Sprint(port)) {
				once.Do(func() { close(ready) })
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(30 * time.Second):
		t.Fatal("server-everything did not start listening")
	}
	target, _ := url.Parse(fmt.Sprintf("http://127.0.0.1:%d", port))
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.FlushInterval = -1 // stream SSE through at once
	var mu sync.Mutex
	var seen []*http.Request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Clone(context.Background()))
		mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []*http.Request {
		mu.Lock()
		defer mu.Unlock()
		return append([]*http.Request(nil), seen...)
	}
}

func TestEverything(t *testing.T) {
	cases := []struct {
		name  string
		entry func(t *testing.T) (*config.ServerConfig, func() []*http.Request)
	}{
		{"stdio", func(t *testing.T) (*config.ServerConfig, func() []*http.Request) {
			return &config.ServerConfig{Name: "everything", Type: config.TypeStdio, Command: "node", Args: []string{everythingServer(t), "stdio"}}, nil
		}},
		{"streamable HTTP", func(t *testing.T) (*config.ServerConfig, func() []*http.Request) {
			base, seen := startEverythingHTTP(t, "streamableHttp")
			return &config.ServerConfig{Name: "everything", Type: config.TypeHTTP, URL: base + "/mcp",
				Headers: map[string]string{"X-Mcpbrowser-Test": "header-arrived"}, Query: map[string]string{"probe": "query-arrived"}}, seen
		}},
		{"SSE", func(t *testing.T) (*config.ServerConfig, func() []*http.Request) {
			base, seen := startEverythingHTTP(t, "sse")
			return &config.ServerConfig{Name: "everything", Type: config.TypeSSE, URL: base + "/sse",
				Headers: map[string]string{"X-Mcpbrowser-Test": "header-arrived"}, Query: map[string]string{"probe": "query-arrived"}}, seen
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg, seen := tc.entry(t)
			cfg.Validate()
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
			defer m.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			s := m.Session("everything")
			if err := s.Connect(ctx); err != nil {
				t.Fatalf("connect: %v", err)
			}
			if got := s.InitializeResult().ProtocolVersion; got != DefaultProtocolVersion {
				t.Errorf("negotiated protocol %q, want %q", got, DefaultProtocolVersion)
			}
			for _, name := range []string{"echo", "get-sum", "trigger-long-running-operation", "get-tiny-image", "get-structured-content"} {
				if s.Tool(name) == nil {
					t.Fatalf("tool %q not listed", name)
				}
			}
			// The raw schema keeps the server's property order (the SDK's map would sort it).
			if raw := string(s.InputSchema("trigger-long-running-operation")); strings.Index(raw, `"duration"`) > strings.Index(raw, `"steps"`) {
				t.Errorf("raw schema lost property order: %s", raw)
			}

			call := func(tool, args string, opts CallOptions) *CallResult {
				r := s.CallTool(ctx, tool, json.RawMessage(args), opts)
				if !r.OK() {
					t.Fatalf("%s: %s", tool, r.Message)
				}
				return r
			}
			if r := call("echo", `{"message":"hello"}`, CallOptions{}); firstText(r.Result) != "Echo: hello" {
				t.Errorf("echo: %q", firstText(r.Result))
			}
			if r := call("get-sum", `{"a":2,"b":40}`, CallOptions{}); !strings.Contains(firstText(r.Result), "42") {
				t.Errorf("get-sum: %q", firstText(r.Result))
			}
			var mu sync.Mutex
			var progress []Progress
			call("trigger-long-running-operation", `{"duration":1,"steps":4}`, CallOptions{OnProgress: func(p Progress) {
				mu.Lock()
				progress = append(progress, p)
				mu.Unlock()
			}})
			mu.Lock()
			if len(progress) < 3 || progress[len(progress)-1].Total != 4 {
				t.Errorf("progress notifications: %+v", progress)
			}
			mu.Unlock()
			img := call("get-tiny-image", `{}`, CallOptions{})
			var sawImage bool
			for _, c := range img.Result.Content {
				if ic, ok := c.(*sdk.ImageContent); ok && ic.MIMEType == "image/png" && len(ic.Data) > 0 {
					sawImage = true
				}
			}
			if !sawImage {
				t.Error("get-tiny-image returned no PNG image content")
			}
			structured := call("get-structured-content", `{"location":"Chicago"}`, CallOptions{})
			if sc, ok := structured.Result.StructuredContent.(map[string]any); !ok || sc["temperature"] == nil {
				t.Errorf("structured content: %#v", structured.Result.StructuredContent)
			}
			if seen != nil {
				var header, query bool
				for _, r := range seen() {
					header = header || r.Header.Get("X-Mcpbrowser-Test") == "header-arrived"
					query = query || r.URL.Query().Get("probe") == "query-arrived"
				}
				if !header || !query {
					t.Errorf("configured header arrived: %v, query parameter arrived: %v", header, query)
				}
				if !wireHas(s, transport.Sent, "tools/call") || !wireHas(s, transport.Received, "") {
					t.Error("the wire log did not record the HTTP traffic as JSON-RPC messages")
				}
			}
		})
	}
}
