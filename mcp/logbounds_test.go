package mcp

import (
	"context"
	"encoding/json"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// floodLog adds total bytes of 250-byte stderr lines to a fresh log.
func floodLog(total int) *transport.ServerLog {
	l := transport.NewServerLog(nil)
	line := strings.Repeat("x", 249)
	for n := 0; n < total; n += len(line) + 1 {
		// A fresh string per line, as the stderr pump makes them.
		l.Add(transport.LogStderr, string([]byte(line)))
	}
	return l
}

func retainedBy(f func() any) (kept any, bytes uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	kept = f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return kept, after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
}

// TestServerLogFloodRetains: 500 MB of stderr leaves the log holding a
// bounded amount of memory (well under the 100 MB the window may grow by),
// with the number of dropped lines known.
func TestServerLogFloodRetains(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 500 MB of lines")
	}
	kept, retained := retainedBy(func() any { return floodLog(500 << 20) })
	l := kept.(*transport.ServerLog)
	t.Logf("500 MB of stderr: %d lines kept, %d dropped, %.1f MB retained", l.Len(), l.Dropped(), float64(retained)/(1<<20))
	if retained > 40<<20 {
		t.Errorf("the log retains %.1f MB after a 500 MB flood, want at most 40 MB", float64(retained)/(1<<20))
	}
	if l.Dropped() == 0 || l.Len()+int(l.Dropped()) < 2_000_000 {
		t.Errorf("kept %d + dropped %d lines, want all 2,097,152 accounted for", l.Len(), l.Dropped())
	}
	runtime.KeepAlive(l)
}

// BenchmarkServerLogFlood reports the bytes a log retains after a flood of
// 500 MB (retained-MB), the figure the memory bound is about.
func BenchmarkServerLogFlood(b *testing.B) {
	for b.Loop() {
		kept, retained := retainedBy(func() any { return floodLog(500 << 20) })
		b.ReportMetric(float64(retained)/(1<<20), "retained-MB")
		runtime.KeepAlive(kept)
	}
}

// TestCallStderrSliceComplete: every stderr line a tool printed before its
// reply is inside the call's slice, even tens of thousands of them.
func TestCallStderrSliceComplete(t *testing.T) {
	exe := buildMisbehave(t)
	cfg := &config.ServerConfig{Name: "talky", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "echo", "-call-stderr-lines", "50000"}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("talky")
	if err := s.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	r := s.CallTool(context.Background(), "echo", json.RawMessage(`{"message":"x"}`), CallOptions{})
	n := 0
	for _, e := range r.Log {
		if e.Kind == transport.LogStderr {
			n++
		}
	}
	if !r.OK() || n != 50000 {
		t.Errorf("%d stderr lines inside the call, want 50000 (%s)", n, r.Message)
	}
}

// TestLogTeeToFile: with MCPBROWSER_LOG_DIR set, everything is also written
// to NAME.log there, beyond what memory keeps.
func TestLogTeeToFile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(transport.LogDirEnv, dir)
	exe := buildMisbehave(t)
	cfg := &config.ServerConfig{Name: "talky", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "echo", "-stderr-lines", "5"}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	if err := m.Session("talky").Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	m.Close()
	data, err := os.ReadFile(filepath.Join(dir, "talky.log"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "stderr line 5 of 5") {
		t.Errorf("log file holds:\n%s", data)
	}
}
