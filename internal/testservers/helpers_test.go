package testservers_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
)

// pinnedProtocol is the version the app pins for stdio sessions.
const pinnedProtocol = "2025-11-25"

// testContext bounds a test that waits on a process. The bound is a guard
// against a hang, not a speed check: everything here takes well under a second.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// command returns a misbehave command, not yet started.
func command(t *testing.T, args ...string) *exec.Cmd {
	return exec.Command(testservers.Build(t), args...)
}

// connectSDK starts cmd through a plain SDK client, as a bare SDK user would.
func connectSDK(ctx context.Context, cmd *exec.Cmd) (*mcp.ClientSession, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "testservers-test", Version: "0"}, nil)
	return client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: pinnedProtocol})
}

// pidPath returns a fresh path for a pid file.
func pidPath(t *testing.T, name string) string {
	return filepath.Join(t.TempDir(), name+".pid")
}

// A lineLog collects the lines of a stream (here, stderr) and lets a test
// wait for one to appear.
type lineLog struct {
	mu      sync.Mutex
	lines   []string
	size    int
	changed chan struct{} // closed and replaced on every new line
}

func newLineLog() *lineLog { return &lineLog{changed: make(chan struct{})} }

// Write lets a lineLog be an exec.Cmd's Stderr; exec calls it from one goroutine.
func (l *lineLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.size += len(p)
	text := string(p)
	if n := len(l.lines); n > 0 && !strings.HasSuffix(l.lines[n-1], "\n") {
		text = l.lines[n-1] + text
		l.lines = l.lines[:n-1]
	}
	for text != "" {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			l.lines = append(l.lines, text)
			break
		}
		l.lines = append(l.lines, text[:i+1])
		text = text[i+1:]
	}
	close(l.changed)
	l.changed = make(chan struct{})
	return len(p), nil
}

// snapshot returns the lines so far, without their newlines, and the byte count.
func (l *lineLog) snapshot() ([]string, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lines := make([]string, len(l.lines))
	for i, line := range l.lines {
		lines[i] = strings.TrimSuffix(line, "\n")
	}
	return lines, l.size
}

// waitFor waits until a line containing substr has arrived.
func (l *lineLog) waitFor(ctx context.Context, substr string) error {
	for {
		l.mu.Lock()
		changed := l.changed
		for _, line := range l.lines {
			if strings.Contains(line, substr) {
				l.mu.Unlock()
				return nil
			}
		}
		l.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			lines, _ := l.snapshot()
			return fmt.Errorf("no stderr line containing %q; stderr so far: %q: %w", substr, lines, ctx.Err())
		}
	}
}

// A rawServer is a misbehave process driven with hand-written JSON-RPC lines,
// for the modes whose bytes an SDK client would refuse.
type rawServer struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout chan string // one line each, without the newline; closed at EOF
	stderr *lineLog
	done   chan struct{} // closed once the process has been waited for
	state  *os.ProcessState
}

func startRaw(t *testing.T, args ...string) *rawServer {
	t.Helper()
	r := &rawServer{
		t:      t,
		cmd:    command(t, args...),
		stdout: make(chan string, 1024),
		stderr: newLineLog(),
		done:   make(chan struct{}),
	}
	var err error
	if r.stdin, err = r.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := r.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := r.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var readers sync.WaitGroup
	readers.Go(func() {
		defer close(r.stdout)
		lines := bufio.NewReader(stdout)
		for {
			line, err := lines.ReadString('\n')
			if line != "" {
				r.stdout <- strings.TrimSuffix(line, "\n")
			}
			if err != nil {
				return
			}
		}
	})
	readers.Go(func() { io.Copy(r.stderr, stderr) })
	go func() {
		// Wait closes the pipes, so it must come after both readers hit EOF.
		readers.Wait()
		r.cmd.Wait()
		r.state = r.cmd.ProcessState
		close(r.done)
	}()
	t.Cleanup(func() {
		r.cmd.Process.Kill()
		go func() {
			for range r.stdout {
			}
		}()
		<-r.done
	})
	return r
}

func (r *rawServer) send(line string) {
	r.t.Helper()
	if _, err := io.WriteString(r.stdin, line+"\n"); err != nil {
		r.t.Fatalf("writing to the server's stdin: %v", err)
	}
}

func (r *rawServer) closeStdin() {
	r.t.Helper()
	if err := r.stdin.Close(); err != nil {
		r.t.Fatal(err)
	}
}

// nextLine returns the next stdout line, or false at EOF.
func (r *rawServer) nextLine(ctx context.Context) (string, bool) {
	r.t.Helper()
	select {
	case line, ok := <-r.stdout:
		return line, ok
	case <-ctx.Done():
		lines, _ := r.stderr.snapshot()
		r.t.Fatalf("waiting for a stdout line: %v; stderr: %q", ctx.Err(), lines)
		return "", false
	}
}

// readUntilResponse reads stdout until the response with this id, and returns
// the lines before it and the response.
func (r *rawServer) readUntilResponse(ctx context.Context, id int) ([]string, rpcMessage) {
	r.t.Helper()
	var before []string
	for {
		line, ok := r.nextLine(ctx)
		if !ok {
			r.t.Fatalf("stdout ended before the response to id %d; lines before: %q", id, before)
		}
		if msg, ok := parseRPC(line); ok && msg.isResponseTo(id) {
			return before, msg
		}
		before = append(before, line)
	}
}

// handshake sends initialize, reads its response and sends
// notifications/initialized. It returns the lines before the response.
func (r *rawServer) handshake(ctx context.Context) ([]string, rpcMessage) {
	r.t.Helper()
	r.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + pinnedProtocol +
		`","capabilities":{},"clientInfo":{"name":"raw-test","version":"0"}}}`)
	before, resp := r.readUntilResponse(ctx, 1)
	r.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return before, resp
}

// callTool sends tools/call with this id.
func (r *rawServer) callTool(id int, name string, args map[string]any) {
	r.t.Helper()
	msg, err := json.Marshal(map[string]any{
		"jsonrpc": "2.0", "id": id, "method": "tools/call",
		"params": map[string]any{"name": name, "arguments": args},
	})
	if err != nil {
		r.t.Fatal(err)
	}
	r.send(string(msg))
}

// wait waits for the process to end and returns how it ended.
func (r *rawServer) wait(ctx context.Context) *os.ProcessState {
	r.t.Helper()
	go func() {
		for range r.stdout {
		}
	}()
	select {
	case <-r.done:
		return r.state
	case <-ctx.Done():
		lines, _ := r.stderr.snapshot()
		r.t.Fatalf("waiting for the server to exit: %v; stderr: %q", ctx.Err(), lines)
		return nil
	}
}

// rpcMessage is the part of a JSON-RPC message these tests look at.
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// parseRPC reports whether line is one JSON-RPC 2.0 message.
func parseRPC(line string) (rpcMessage, bool) {
	var msg rpcMessage
	if err := json.Unmarshal([]byte(line), &msg); err != nil || msg.JSONRPC != "2.0" {
		return rpcMessage{}, false
	}
	return msg, true
}

func (m rpcMessage) isResponseTo(id int) bool {
	return m.Method == "" && string(m.ID) == fmt.Sprint(id)
}

// callResult decodes the result of a tools/call response.
func (m rpcMessage) callResult(t *testing.T) *mcp.CallToolResult {
	t.Helper()
	if m.Error != nil {
		t.Fatalf("tools/call answered with a JSON-RPC error: %s", m.Error)
	}
	var res mcp.CallToolResult
	if err := json.Unmarshal(m.Result, &res); err != nil {
		t.Fatalf("decoding the tools/call result: %v", err)
	}
	return &res
}

// onlyText returns the text of a result that must be one text block.
func onlyText(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("result has %d content blocks, want 1", len(res.Content))
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("result content is %T, want text", res.Content[0])
	}
	return text.Text
}
