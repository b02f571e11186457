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
	"strconv"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/load"
)

// tapBinary is the tap the benchmarks measure: the lean tap that ships
// beside mcpbrowser (cmd/mcpbrowser-tap), or MCPTAP_BENCH_BIN, a built
// mcpbrowser run as `mcpbrowser tap -- …` with no lean tap beside it (the
// tap inside the whole app, as on Windows).
func tapBinary(b *testing.B, root string) (string, []string, map[string]string) {
	env := map[string]string{"XDG_STATE_HOME": root}
	if bin := os.Getenv("MCPTAP_BENCH_BIN"); bin != "" {
		return bin, []string{"tap", "--"}, env
	}
	return testservers.LeanTap.Build(b), []string{"--"}, env
}

// BenchmarkThroughTap compares `mcpbrowser load`'s client (mcp/load's lean
// stdio client and runner) calling the echo tool directly and through the
// tap, in the same run, for the demo server and server-everything at
// concurrency 1 and 8. Goal: tapped calls/s ≥ 0.95 × direct, median +≤ 0.1 ms.
//
//	go test -run '^$' -bench BenchmarkThroughTap -benchtime 2000x -count 6 ./mcp/tap/ > tap.txt
//	benchstat -col /path tap.txt
func BenchmarkThroughTap(b *testing.B) {
	demo := testservers.Demo.Build(b)
	servers := []struct {
		name string
		cmd  []string
	}{{"demo", []string{demo}}}
	servers = append(servers, struct {
		name string
		cmd  []string
	}{"everything", []string{"node", testservers.Everything(b)}})
	args := json.RawMessage(`{"message":"hello"}`)
	for _, srv := range servers {
		for _, conc := range []int{1, 8} {
			for _, path := range []string{"direct", "tapped"} {
				b.Run(fmt.Sprintf("server=%s/path=%s/concurrency=%d", srv.name, path, conc), func(b *testing.B) {
					s := load.StdioServer{Command: srv.cmd[0], Args: srv.cmd[1:]}
					if path == "tapped" {
						bin, pre, env := tapBinary(b, b.TempDir())
						s = load.StdioServer{Command: bin, Args: append(pre, srv.cmd...), Env: env}
					}
					ctx := context.Background()
					conn, err := load.DialStdio(ctx, s)
					if err != nil {
						b.Fatal(err)
					}
					defer conn.Close()
					call := load.Caller([]*load.StdioConn{conn}, "echo", args, 0)
					load.Start(ctx, load.Options{Concurrency: conc, Requests: 50}, call).Wait() // warm up
					b.ResetTimer()
					sum := load.Start(ctx, load.Options{Concurrency: conc, Requests: b.N}, call).Wait()
					b.StopTimer()
					if n := sum.Calls - sum.Errors[load.Transport] - sum.Errors[load.JSONRPC]; n != b.N {
						b.Fatalf("%d of %d calls answered: %v", n, b.N, sum.ErrorMessages)
					}
					b.ReportMetric(sum.CallsPerSecond, "calls/s")
					b.ReportMetric(float64(sum.P50.Microseconds())/1000, "p50-ms")
				})
			}
		}
	}
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
