package cli

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a writer two goroutines may share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func basicAppServer(t *testing.T) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	p := filepath.Join(filepath.Dir(here), "..", "testdata", "npm", "node_modules", "@modelcontextprotocol", "server-basic-vanillajs", "dist", "index.js")
	_, statErr := os.Stat(p)
	_, nodeErr := exec.LookPath("node")
	if statErr != nil || nodeErr != nil {
		if os.Getenv("MCPBROWSER_REQUIRE_PEERS") != "" {
			t.Fatalf("server-basic-vanillajs is not installed (%v, %v)", statErr, nodeErr)
		}
		t.Skip("server-basic-vanillajs not installed; scripts/test.sh installs it")
	}
	return p
}

func TestAppCommandServesUntilCancelled(t *testing.T) {
	entry := basicAppServer(t)
	t.Setenv(HistoryDirEnv, "off")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	code := make(chan int, 1)
	go func() {
		// Node starts slowly on a busy machine: connecting is bounded by
		// --timeout, well past the 30 s default, so that only a hang fails.
		code <- Run(ctx, []string{"app", "--no-open", "--timeout", "10m", "get-time", "--", "node", entry, "--stdio"},
			Env{Stdout: &stdout, Stderr: &stderr, Stdin: strings.NewReader("")})
	}()
	var url string
	deadline := time.Now().Add(time.Minute) // a guard against a hang
	for url == "" {
		if time.Now().After(deadline) {
			t.Fatalf("no address printed; stderr:\n%s", stderr.String())
		}
		select {
		case c := <-code:
			t.Fatalf("app ended early with %d; stderr:\n%s", c, stderr.String())
		case <-time.After(50 * time.Millisecond):
		}
		if line, _, ok := strings.Cut(stdout.String(), "\n"); ok {
			url = line
		}
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.Contains(url, "/s/") {
		t.Fatalf("printed address %q", url)
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "get-time") {
		t.Fatalf("the page: %d\n%s", resp.StatusCode, page)
	}
	cancel()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("exit code %d after Ctrl+C; stderr:\n%s", c, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("app did not stop on cancel")
	}
	hostport := strings.TrimPrefix(url, "http://")
	hostport = hostport[:strings.Index(hostport, "/")]
	if c, err := net.DialTimeout("tcp", hostport, time.Second); err == nil {
		c.Close()
		t.Error("the app's listener outlived the command")
	}
	if !strings.Contains(stderr.String(), "serving get-time's app") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
}

func TestAppCommandUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"app", "--help"}, "Usage: mcpbrowser app"},
		{[]string{"app", "--no-open"}, "needs a TARGET"},
		{[]string{"app", "--bogus", "x"}, "unknown flag"},
	}
	for _, tt := range tests {
		var stdout, stderr syncBuffer
		Run(context.Background(), tt.args, Env{Stdout: &stdout, Stderr: &stderr})
		if got := stdout.String() + stderr.String(); !strings.Contains(got, tt.want) {
			t.Errorf("%v: output %q lacks %q", tt.args, got, tt.want)
		}
	}
}
