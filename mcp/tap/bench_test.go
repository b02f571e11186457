package tap

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/load"
)

// tapBinary is the tap the benchmarks measure: the lean tap that ships
// beside mcpbrowser (cmd/mcpbrowser-tap), MCPTAP_BENCH_LEAN (a lean tap
// built elsewhere, say from an older commit, to compare with), or
// MCPTAP_BENCH_BIN, a built mcpbrowser run as `mcpbrowser tap -- …` with no
// lean tap beside it (the tap inside the whole app, as on Windows).
func tapBinary(b *testing.B, root string) (string, []string, map[string]string) {
	env := map[string]string{"XDG_STATE_HOME": root}
	if bin := os.Getenv("MCPTAP_BENCH_BIN"); bin != "" {
		return bin, []string{"tap", "--"}, env
	}
	if bin := os.Getenv("MCPTAP_BENCH_LEAN"); bin != "" {
		return bin, []string{"--"}, env
	}
	return testservers.LeanTap.Build(b), []string{"--"}, env
}

// benchRound is how many calls go one way before the other way has its
// turn: small enough that both ways see the same machine (on a shared
// machine the load changes from one second to the next), large enough
// that concurrency 8 keeps its 8 calls in flight.
const benchRound = 200

// BenchmarkThroughTap is `mcpbrowser load`'s client (mcp/load's stdio
// client and runner) calling the echo tool of the demo server and of
// server-everything at concurrency 1 and 8, directly and through the tap in
// the same run: both connections stay open and take turns, benchRound calls
// at a time, b.N calls each. It reports both ways' calls/s and median
// latency, tapped/direct (goal ≥ 0.95) and the median the tap adds (goal ≤
// 0.1 ms). Every call must be answered with a JSON-RPC result within 10 s:
// a byte lost or doubled on the way breaks a line's JSON, and its call is
// never answered.
//
//	go test -run '^$' -bench ThroughTap -count 8 ./mcp/tap/ | tee new.txt
//	benchstat old.txt new.txt
//
// To compare with another tap in the same conditions, build it and run
// with MCPTAP_BENCH_LEAN=/path/to/mcpbrowser-tap.
func BenchmarkThroughTap(b *testing.B) {
	servers := []struct {
		name string
		cmd  func(b *testing.B) []string
	}{
		{"demo", func(b *testing.B) []string { return []string{testservers.Demo.Build(b)} }},
		{"everything", func(b *testing.B) []string { return []string{"node", testservers.Everything(b)} }},
	}
	for _, srv := range servers {
		for _, conc := range []int{1, 8} {
			b.Run(fmt.Sprintf("server=%s/concurrency=%d", srv.name, conc), func(b *testing.B) {
				cmd := srv.cmd(b)
				bin, pre, env := tapBinary(b, b.TempDir())
				direct := benchDial(b, load.StdioServer{Command: cmd[0], Args: cmd[1:]}, conc)
				tapped := benchDial(b, load.StdioServer{Command: bin, Args: append(pre, cmd...), Env: env}, conc)
				var d, t benchSide
				b.ResetTimer()
				for left := b.N; left > 0; left -= benchRound {
					n := min(left, benchRound)
					d.run(b, direct, conc, n)
					t.run(b, tapped, conc, n)
				}
				b.StopTimer()
				b.ReportMetric(d.callsPerSecond(), "direct-calls/s")
				b.ReportMetric(t.callsPerSecond(), "tapped-calls/s")
				b.ReportMetric(t.callsPerSecond()/d.callsPerSecond(), "tapped/direct")
				b.ReportMetric(d.p50ms(), "direct-p50-ms")
				b.ReportMetric(t.p50ms(), "tapped-p50-ms")
				b.ReportMetric(t.p50ms()-d.p50ms(), "added-p50-ms")
			})
		}
	}
}

// benchDial starts a server for BenchmarkThroughTap and warms it up (the
// first calls of a Node server run its code unoptimized).
func benchDial(b *testing.B, s load.StdioServer, conc int) load.CallFunc {
	conn, err := load.DialStdio(context.Background(), s)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { conn.Close() })
	call := load.Caller([]*load.StdioConn{conn}, "echo", json.RawMessage(`{"message":"hello"}`), 10*time.Second)
	load.Start(context.Background(), load.Options{Concurrency: conc, Requests: 200}, call).Wait()
	return call
}

// benchSide is one way's calls over the rounds.
type benchSide struct {
	wall time.Duration
	lats []time.Duration
}

func (s *benchSide) run(b *testing.B, call load.CallFunc, conc, n int) {
	r := load.Start(context.Background(), load.Options{Concurrency: conc, Requests: n}, call)
	sum := r.Wait()
	if ok := sum.Calls - sum.Failed(); ok != n {
		b.Fatalf("%d of %d calls answered: %v", ok, n, sum.ErrorMessages)
	}
	s.wall += sum.Wall
	for _, sample := range r.Samples(0) {
		s.lats = append(s.lats, sample.Latency)
	}
}

func (s *benchSide) callsPerSecond() float64 { return float64(len(s.lats)) / s.wall.Seconds() }

func (s *benchSide) p50ms() float64 {
	slices.Sort(s.lats)
	return float64(load.Percentile(s.lats, 50)) / float64(time.Millisecond)
}

// BenchmarkTapMemory reports the tap process's resident memory idle (after
// the handshake with the demo server) and its peak while 500 MB go through
// it on the server's stdout and on its stderr, and checks that the host got
// every byte. Linux only (it reads /proc).
//
//	go test -run '^$' -bench BenchmarkTapMemory -benchtime 1x ./mcp/tap/
//
// and the tap inside the whole app (no lean tap beside it):
//
//	go build -tags no_emoji,no_animations -o /tmp/mcpbrowser . &&
//	MCPTAP_BENCH_BIN=/tmp/mcpbrowser go test -run '^$' -bench BenchmarkTapMemory -benchtime 1x ./mcp/tap/
func BenchmarkTapMemory(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads /proc")
	}
	const flood = 500 << 20
	b.Run("idle", func(b *testing.B) {
		bin, pre, env := tapBinary(b, b.TempDir())
		demo := testservers.Demo.Build(b)
		for range b.N {
			conn, err := load.DialStdio(context.Background(), load.StdioServer{Command: bin, Args: append(pre, demo), Env: env})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(procKB(conn.Pid(), "VmRSS"))/1024, "rss-MB")
			conn.Close()
		}
	})
	for _, to := range []string{"stdout", "stderr"} {
		b.Run("flood="+to, func(b *testing.B) {
			for range b.N {
				bin, pre, env := tapBinary(b, b.TempDir())
				cmd := exec.Command(bin, append(pre, os.Args[0])...)
				cmd.Env = append(os.Environ(), "MCPTAP_FLOOD="+strconv.Itoa(flood), "MCPTAP_FLOOD_TO="+to, "MCPTAP_SERVER_MODE=flood")
				for k, v := range env {
					cmd.Env = append(cmd.Env, k+"="+v)
				}
				cmd.Env = append(cmd.Env, helperEnv+"=flood") // the server (this test binary) learns its mode
				stdin, _ := cmd.StdinPipe()
				out, _ := cmd.StdoutPipe()
				errOut, _ := cmd.StderrPipe()
				if err := cmd.Start(); err != nil {
					b.Fatal(err)
				}
				// The server waits for stdin to end after its flood: read
				// exactly the flood, then the tap's peak, then end it.
				flooded, other := io.Reader(out), io.Reader(errOut)
				if to == "stderr" {
					flooded, other = errOut, out
				}
				go io.Copy(io.Discard, other)
				got, _ := io.CopyN(io.Discard, bufio.NewReaderSize(flooded, 1<<20), flood)
				peak := procKB(cmd.Process.Pid, "VmHWM")
				stdin.Close()
				if rest, _ := io.Copy(io.Discard, flooded); rest != 0 || got != flood {
					b.Fatalf("the host got %d bytes of %d on %s", got+rest, flood, to)
				}
				cmd.Wait()
				b.ReportMetric(float64(peak)/1024, "peak-rss-MB")
			}
		})
	}
}

// procKB reads a field (VmRSS, VmHWM) of /proc/PID/status, in kB.
func procKB(pid int, field string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return -1
}
