package load_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/load"
)

// BenchmarkLoad compares the load mode — driver=stdio, what `mcpbrowser
// load` uses for a local server (load.Caller over a StdioConn, run by
// load.Start), and driver=session, what the window's Run N times uses (the
// app's session) — with a minimal hand-written JSON-RPC-over-stdio client that
// drives another process of the same demo server at the same concurrency.
// driver=ref is that reference against a second copy of itself (an A/A
// run): whatever it reports beyond 1.00 is the method's own noise.
// Reported: each side's calls/s and p50/p90/p99, ours over the reference's
// (goal: calls/s ≥ 0.8, percentiles within ±10 %), and each side's
// allocations and GC cycles per 1000 calls.
//
// The two sides take turns in short batches (batchRounds rounds of every
// worker's calls, alternating which goes first) for b.N pairs. On a shared
// machine the tail is other processes holding the cores (each call waits
// longer for a core, on average, than it takes): long batches let a burst of
// that land on one side only, which then owns the top 1 % — with 400-call
// batches p99 swung by ±40–75 %, for the reference against itself as much as
// for ours. Compare p99-vs-ref with the A/A run's before reading anything
// into it.
//
//	go test -run '^$' -bench 'BenchmarkLoad/driver=(stdio|ref)/concurrency=1$' -benchtime 1000x -count 10 ./mcp/load/ > c1.txt
//	go test -run '^$' -bench 'BenchmarkLoad/driver=(stdio|ref)/concurrency=8$' -benchtime 250x -count 10 ./mcp/load/ > c8.txt
//	benchstat -col /driver c1.txt c8.txt
func BenchmarkLoad(b *testing.B) {
	exe := buildDemo(b)
	args := json.RawMessage(`{"message":"hello"}`)
	for _, driver := range []string{"stdio", "session", "ref"} {
		for _, conc := range []int{1, 8} {
			b.Run(fmt.Sprintf("driver=%s/concurrency=%d", driver, conc), func(b *testing.B) {
				benchLoad(b, exe, driver, conc, args)
			})
		}
	}
}

// batchRounds is how many calls each worker makes per batch: short enough
// that the machine's bursts hit both sides alike.
var batchRounds = envInt("LOAD_BENCH_BATCH_ROUNDS", 10)

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// A side makes n calls, conc at a time, and returns each call's latency and
// the wall time.
type side func(conc, n int) ([]time.Duration, time.Duration)

func benchLoad(b *testing.B, exe, driver string, conc int, args json.RawMessage) {
	ctx := context.Background()
	runner := func(call load.CallFunc) side {
		return func(conc, n int) ([]time.Duration, time.Duration) {
			r := load.Start(ctx, load.Options{Concurrency: conc, Requests: n}, call)
			sum := r.Wait()
			if sum.Failed() > 0 {
				b.Fatalf("our calls failed: %v %v", sum.Errors, sum.ErrorMessages)
			}
			lats := make([]time.Duration, 0, n)
			for _, x := range r.Samples(0) {
				lats = append(lats, x.Latency)
			}
			return lats, sum.Wall
		}
	}
	var ours side
	switch driver {
	case "stdio":
		conn, err := load.DialStdio(ctx, load.StdioServer{Command: exe})
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		ours = runner(load.Caller([]*load.StdioConn{conn}, "echo", args, 0))
	case "session":
		cfg := &config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: exe}
		cfg.Validate()
		m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, mcp.ManagerOptions{})
		defer m.Close()
		s := m.Session("demo")
		if err := s.Connect(ctx); err != nil {
			b.Fatal(err)
		}
		ours = runner(load.SessionCaller([]*mcp.Session{s}, "echo", args, 0))
	case "ref":
		twin := startRawClient(b, exe)
		defer twin.close()
		ours = func(conc, n int) ([]time.Duration, time.Duration) { return twin.run(b, conc, n, args) }
	}
	ref := startRawClient(b, exe)
	defer ref.close()
	refSide := func(conc, n int) ([]time.Duration, time.Duration) { return ref.run(b, conc, n, args) }

	o, r := pairs(b, conc, batchRounds*conc, ours, refSide)
	b.ReportMetric(o.rate(), "calls/s")
	b.ReportMetric(r.rate(), "ref-calls/s")
	b.ReportMetric(o.rate()/r.rate(), "vs-ref")
	for _, p := range []float64{50, 90, 99} {
		op, rp := load.Percentile(o.lats, p), load.Percentile(r.lats, p)
		b.ReportMetric(float64(op.Microseconds()), fmt.Sprintf("p%.0f-µs", p))
		b.ReportMetric(float64(rp.Microseconds()), fmt.Sprintf("ref-p%.0f-µs", p))
		b.ReportMetric(float64(op)/float64(rp), fmt.Sprintf("p%.0f-vs-ref", p))
	}
	b.ReportMetric(o.per1000(o.mallocs), "allocs/1000calls")
	b.ReportMetric(r.per1000(r.mallocs), "ref-allocs/1000calls")
	b.ReportMetric(o.per1000(o.gcs), "gc/1000calls")
	b.ReportMetric(r.per1000(r.gcs), "ref-gc/1000calls")
	if o.runq > 0 {
		b.ReportMetric(float64(o.runq.Microseconds())/float64(len(o.lats)), "runq-µs/call")
		b.ReportMetric(float64(r.runq.Microseconds())/float64(len(r.lats)), "ref-runq-µs/call")
	}
}

// tally is what one side did over a benchmark.
type tally struct {
	lats         []time.Duration // sorted at the end
	wall         time.Duration
	mallocs, gcs uint64
	// runq is how long this process's threads were ready to run but waited
	// for a core (Linux's schedstat), summed over the side's batches.
	runq time.Duration
}

func (t *tally) rate() float64 { return float64(len(t.lats)) / t.wall.Seconds() }

func (t *tally) per1000(n uint64) float64 { return float64(n) * 1000 / float64(len(t.lats)) }

// pairs runs b.N pairs of batches of n calls, conc at a time: one of a, one of
// ref, alternating which goes first, and sums up each side. The process's
// allocations and GC cycles during a batch are counted to its side (both
// clients live in this process).
func pairs(b *testing.B, conc, n int, a, ref side) (*tally, *tally) {
	var ta, tr tally
	var ms runtime.MemStats
	batch := func(s side, t *tally) {
		q0 := runqueueWait() // outside the memory counts: it allocates too
		runtime.ReadMemStats(&ms)
		m0, g0 := ms.Mallocs, ms.NumGC
		lats, wall := s(conc, n)
		runtime.ReadMemStats(&ms)
		q1 := runqueueWait()
		t.mallocs += ms.Mallocs - m0
		t.gcs += uint64(ms.NumGC - g0)
		t.runq += q1 - q0
		t.lats = append(t.lats, lats...)
		t.wall += wall
	}
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			batch(a, &ta)
			batch(ref, &tr)
		} else {
			batch(ref, &tr)
			batch(a, &ta)
		}
		i++
	}
	slices.Sort(ta.lats)
	slices.Sort(tr.lats)
	return &ta, &tr
}

// runqueueWait is the time this process's threads have spent waiting for a
// core so far (the second field of /proc/self/task/*/schedstat); 0 where
// there is no such file.
func runqueueWait() time.Duration {
	tasks, _ := filepath.Glob("/proc/self/task/*/schedstat")
	var sum time.Duration
	for _, f := range tasks {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if fields := strings.Fields(string(data)); len(fields) >= 2 {
			ns, _ := strconv.ParseInt(fields[1], 10, 64)
			sum += time.Duration(ns)
		}
	}
	return sum
}

func buildDemo(b *testing.B) string { return testservers.Demo.Build(b) }

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
