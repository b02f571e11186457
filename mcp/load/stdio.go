package load

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"mcpbrowser/mcp/transport"
)

// A StdioConn drives a local server for load: its own process, speaking
// newline-delimited JSON-RPC with as little work per call as possible. The
// session core goes through the official SDK, whose client costs about
// twice a minimal client's time per call (measured here: each message is
// decoded through a fresh 32 KB buffer, three times) — in a load test that
// is the client's time, not the server's, so load keeps out of its way.
// Only tools/call is spoken after the handshake.
type StdioConn struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser

	wmu    sync.Mutex
	nextID atomic.Int64

	pmu     sync.Mutex
	pending map[int64]chan reply
	readErr error
	closed  chan struct{}
}

type reply struct {
	raw []byte
	err error
}

// StdioServer is how to start the server.
type StdioServer struct {
	Command string
	Args    []string
	// Env is added to this process's environment.
	Env map[string]string
	Dir string
}

// ProtocolVersion is what the handshake asks for.
const ProtocolVersion = "2025-11-25"

// DialStdio starts the server and does the MCP handshake.
func DialStdio(ctx context.Context, srv StdioServer) (*StdioConn, error) {
	cmd := exec.Command(srv.Command, srv.Args...)
	cmd.Dir = srv.Dir
	cmd.Env = os.Environ()
	for k, v := range srv.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stderr = io.Discard
	ownGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := transport.StartCommand(cmd); err != nil {
		return nil, fmt.Errorf("starting %s: %w", srv.Command, err)
	}
	c := &StdioConn{cmd: cmd, stdin: stdin, pending: map[int64]chan reply{}, closed: make(chan struct{})}
	go c.read(stdout)
	init := `{"protocolVersion":"` + ProtocolVersion + `","capabilities":{},"clientInfo":{"name":"mcpbrowser-load","version":"1"}}`
	raw, err := c.request(ctx, "initialize", []byte(init))
	if err == nil {
		var r struct {
			Error *rpcError `json:"error"`
		}
		if json.Unmarshal(raw, &r) == nil && r.Error != nil {
			err = fmt.Errorf("the server refused initialize: %s", r.Error.Message)
		}
	}
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("connecting to %s: %w", srv.Command, err)
	}
	c.write([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"))
	return c, nil
}

type rpcError struct {
	Code    int64  `json:"code"`
	Message string `json:"message"`
}

// Pid is the server process's id.
func (c *StdioConn) Pid() int { return c.cmd.Process.Pid }

func (c *StdioConn) read(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	var err error
	for {
		var line []byte
		line, err = br.ReadBytes('\n')
		if len(line) > 0 {
			c.dispatch(line)
		}
		if err != nil {
			break
		}
	}
	if err == io.EOF {
		err = errors.New("the server closed its output (it exited)")
	}
	c.pmu.Lock()
	c.readErr = err
	for id, ch := range c.pending {
		ch <- reply{err: err}
		delete(c.pending, id)
	}
	c.pmu.Unlock()
	close(c.closed)
}

// dispatch hands a response to its caller; lines that are not responses
// (notifications, noise on stdout) are skipped.
func (c *StdioConn) dispatch(line []byte) {
	var msg struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &msg) != nil || len(msg.ID) == 0 {
		return
	}
	id, err := strconv.ParseInt(string(msg.ID), 10, 64)
	if err != nil {
		return
	}
	c.pmu.Lock()
	ch := c.pending[id]
	delete(c.pending, id)
	c.pmu.Unlock()
	if ch != nil {
		ch <- reply{raw: line}
	}
}

func (c *StdioConn) write(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.stdin.Write(b)
	return err
}

func (c *StdioConn) request(ctx context.Context, method string, params []byte) ([]byte, error) {
	id := c.nextID.Add(1)
	ch := make(chan reply, 1)
	c.pmu.Lock()
	if c.readErr != nil {
		c.pmu.Unlock()
		return nil, c.readErr
	}
	c.pending[id] = ch
	c.pmu.Unlock()
	ids := strconv.FormatInt(id, 10)
	msg := make([]byte, 0, 64+len(method)+len(params))
	msg = append(msg, `{"jsonrpc":"2.0","id":`...)
	msg = append(msg, ids...)
	msg = append(msg, `,"method":"`...)
	msg = append(msg, method...)
	msg = append(msg, `","params":`...)
	msg = append(append(msg, params...), "}\n"...)
	if err := c.write(msg); err != nil {
		c.forget(id)
		return nil, fmt.Errorf("writing to the server: %w", err)
	}
	select {
	case r := <-ch:
		return r.raw, r.err
	case <-ctx.Done():
		c.forget(id)
		// "The sender of the cancellation notification SHOULD ignore any response ... that arrives afterward."
		c.write([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + ids + `}}` + "\n"))
		return nil, ctx.Err()
	}
}

func (c *StdioConn) forget(id int64) {
	c.pmu.Lock()
	delete(c.pending, id)
	c.pmu.Unlock()
}

// Caller returns the runner's call for one tool with fixed arguments,
// spreading the workers over conns.
func Caller(conns []*StdioConn, tool string, args json.RawMessage, timeout time.Duration) CallFunc {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	name, _ := json.Marshal(tool)
	params := []byte(`{"name":` + string(name) + `,"arguments":` + string(args) + `}`)
	return func(ctx context.Context, w int) Outcome {
		if timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		raw, err := conns[w%len(conns)].request(ctx, "tools/call", params)
		return classify(raw, err)
	}
}

// classify reads a tools/call response just enough to say which layer, if
// any, failed.
func classify(raw []byte, err error) Outcome {
	switch {
	case errors.Is(err, context.Canceled):
		return Outcome{Layer: Cancelled, Message: "stopped"}
	case errors.Is(err, context.DeadlineExceeded):
		return Outcome{Layer: Transport, Message: "no answer within the timeout"}
	case err != nil:
		return Outcome{Layer: Transport, Message: err.Error()}
	}
	if !bytes.Contains(raw, []byte(`"error"`)) && !bytes.Contains(raw, []byte(`"isError"`)) && bytes.Contains(raw, []byte(`"result"`)) {
		return Outcome{} // the common case, without decoding the result
	}
	var r struct {
		Error  *rpcError `json:"error"`
		Result *struct {
			IsError bool `json:"isError"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"result"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return Outcome{Layer: Transport, Message: "the server's answer is not valid JSON"}
	}
	switch {
	case r.Error != nil:
		return Outcome{Layer: JSONRPC, Message: fmt.Sprintf("JSON-RPC error %d: %s", r.Error.Code, r.Error.Message)}
	case r.Result == nil:
		return Outcome{Layer: JSONRPC, Message: "the answer has neither result nor error"}
	case r.Result.IsError:
		msg := "the tool reported an error"
		if len(r.Result.Content) > 0 && r.Result.Content[0].Text != "" {
			msg = r.Result.Content[0].Text
		}
		return Outcome{Layer: Tool, Message: msg}
	}
	return Outcome{}
}

// Close ends the server: stdin closed, then the process group killed if it
// has not exited within two seconds.
func (c *StdioConn) Close() error {
	c.stdin.Close()
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		killGroup(c.cmd)
		<-done
	}
	return nil
}
