package load_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/load"
)

// BenchmarkLoad compares the load mode — driver=stdio, what `mcpbrowser
// load` uses for a local server (load.Caller over a StdioConn, run by
// load.Start), and driver=session, what the window's Run N times uses (the
// app's session) — with a minimal hand-written JSON-RPC-over-stdio client that
// drives another process of the same demo server at the same concurrency. The
// two are run in alternating batches so that the machine's drift hits both.
// Reported: each side's calls/s and p50/p90/p99, and ours over the
// reference's (goal: calls/s ≥ 0.8, percentiles within ±10 %).
//
//	go test -run '^$' -bench BenchmarkLoad -benchtime 20x -count 6 ./mcp/load/ | benchstat -
func BenchmarkLoad(b *testing.B) {
	exe := buildDemo(b)
	args := json.RawMessage(`{"message":"hello"}`)
	for _, driver := range []string{"stdio", "session"} {
		for _, conc := range []int{1, 8} {
			b.Run(fmt.Sprintf("driver=%s/concurrency=%d", driver, conc), func(b *testing.B) {
				benchLoad(b, exe, driver, conc, args)
			})
		}
	}
}

func benchLoad(b *testing.B, exe, driver string, conc int, args json.RawMessage) {
	const batch = 400
	ctx := context.Background()
	var ours load.CallFunc
	switch driver {
	case "stdio":
		conn, err := load.DialStdio(ctx, load.StdioServer{Command: exe})
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		ours = load.Caller([]*load.StdioConn{conn}, "echo", args, 0)
	case "session":
		cfg := &config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: exe}
		cfg.Validate()
		m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, mcp.ManagerOptions{})
		defer m.Close()
		s := m.Session("demo")
		if err := s.Connect(ctx); err != nil {
			b.Fatal(err)
		}
		ours = mcp.LoadCaller([]*mcp.Session{s}, "echo", args, 0)
	}
	ref := startRawClient(b, exe)
	defer ref.close()

	var oursLat, refLat []time.Duration
	var oursWall, refWall time.Duration
	runOurs := func() {
		r := load.Start(ctx, load.Options{Concurrency: conc, Requests: batch}, ours)
		sum := r.Wait()
		if sum.Failed() > 0 {
			b.Fatalf("our calls failed: %v %v", sum.Errors, sum.ErrorMessages)
		}
		for _, x := range r.Samples(0) {
			oursLat = append(oursLat, x.Latency)
		}
		oursWall += sum.Wall
	}
	runRef := func() {
		lats, wall := ref.run(b, conc, batch, args)
		refLat = append(refLat, lats...)
		refWall += wall
	}
	n := 0
	for b.Loop() {
		if n%2 == 0 {
			runOurs()
			runRef()
		} else {
			runRef()
			runOurs()
		}
		n++
	}
	slices.Sort(oursLat)
	slices.Sort(refLat)
	oursRate := float64(len(oursLat)) / oursWall.Seconds()
	refRate := float64(len(refLat)) / refWall.Seconds()
	b.ReportMetric(oursRate, "calls/s")
	b.ReportMetric(refRate, "ref-calls/s")
	b.ReportMetric(oursRate/refRate, "vs-ref")
	for _, p := range []float64{50, 90, 99} {
		o, r := load.Percentile(oursLat, p), load.Percentile(refLat, p)
		b.ReportMetric(float64(o.Microseconds()), fmt.Sprintf("p%.0f-µs", p))
		b.ReportMetric(float64(r.Microseconds()), fmt.Sprintf("ref-p%.0f-µs", p))
		b.ReportMetric(float64(o)/float64(r), fmt.Sprintf("p%.0f-vs-ref", p))
	}
}

func buildDemo(b *testing.B) string {
	exe := filepath.Join(b.TempDir(), "demo")
	if out, err := exec.Command("go", "build", "-o", exe, "mcpbrowser/internal/demoserver").CombinedOutput(); err != nil {
		b.Fatalf("building the demo server: %v\n%s", err, out)
	}
	return exe
}

// rawClient is the reference: newline-delimited JSON-RPC written by hand,
// one reader goroutine handing each response to the waiting caller by id.
type rawClient struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	wmu    sync.Mutex
	nextID atomic.Int64
	pmu    sync.Mutex
	wait   map[int64]chan []byte
}

func startRawClient(b *testing.B, exe string) *rawClient {
	cmd := exec.Command(exe)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	c := &rawClient{cmd: cmd, stdin: stdin, wait: map[int64]chan []byte{}}
	go c.read(stdout)
	init := `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}`
	if resp := c.request("initialize", json.RawMessage(init)); !json.Valid(resp) {
		b.Fatalf("initialize: %s", resp)
	}
	c.send([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"))
	return c
}

func (c *rawClient) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var msg struct {
			ID *int64 `json:"id"`
		}
		line := sc.Bytes()
		if json.Unmarshal(line, &msg) != nil || msg.ID == nil {
			continue // notifications
		}
		c.pmu.Lock()
		ch := c.wait[*msg.ID]
		delete(c.wait, *msg.ID)
		c.pmu.Unlock()
		if ch != nil {
			ch <- append([]byte(nil), line...)
		}
	}
	c.pmu.Lock()
	for id, ch := range c.wait {
		close(ch)
		delete(c.wait, id)
	}
	c.pmu.Unlock()
}

func (c *rawClient) send(b []byte) {
	c.wmu.Lock()
	c.stdin.Write(b)
	c.wmu.Unlock()
}

func (c *rawClient) request(method string, params json.RawMessage) []byte {
	id := c.nextID.Add(1)
	ch := make(chan []byte, 1)
	c.pmu.Lock()
	c.wait[id] = ch
	c.pmu.Unlock()
	msg := []byte(`{"jsonrpc":"2.0","id":` + strconv.FormatInt(id, 10) + `,"method":"` + method + `","params":`)
	msg = append(append(msg, params...), "}\n"...)
	c.send(msg)
	return <-ch
}

// run makes n tools/call echo calls, conc at a time, and returns each
// call's latency and the wall time.
func (c *rawClient) run(b *testing.B, conc, n int, args json.RawMessage) ([]time.Duration, time.Duration) {
	params := json.RawMessage(`{"name":"echo","arguments":` + string(args) + `}`)
	var left atomic.Int64
	left.Store(int64(n))
	lats := make([][]time.Duration, conc)
	start := time.Now()
	var wg sync.WaitGroup
	for w := range conc {
		wg.Go(func() {
			for left.Add(-1) >= 0 {
				t := time.Now()
				resp := c.request("tools/call", params)
				lats[w] = append(lats[w], time.Since(t))
				var r struct {
					Result *struct {
						IsError bool `json:"isError"`
					} `json:"result"`
				}
				if json.Unmarshal(resp, &r) != nil || r.Result == nil || r.Result.IsError {
					b.Errorf("reference call failed: %s", resp)
					return
				}
			}
		})
	}
	wg.Wait()
	wall := time.Since(start)
	var all []time.Duration
	for _, l := range lats {
		all = append(all, l...)
	}
	return all, wall
}

func (c *rawClient) close() {
	c.stdin.Close()
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}
