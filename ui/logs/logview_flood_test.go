package logs

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp/transport"
)

// TestLogViewFloodRetains: a server writing 500 MB of long stderr lines while
// its log is on show leaves the log and the view holding a bounded amount of
// memory — the view keeps no line the log has let go — and the count says how
// many older lines were dropped.
func TestLogViewFloodRetains(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 500 MB of lines")
	}
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	defer w.Close()
	p := NewSidePanel(w)
	w.SetContent(p.Widget())
	w.Resize(fyne.NewSize(500, 800))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	log := transport.NewServerLog(nil)
	p.SetLogs(log, nil)
	line := strings.Repeat("y", 4999)
	for n := 0; n < 500<<20; n += 5000 {
		log.Add(transport.LogStderr, string([]byte(line)))
		if n%(1000*5000) == 0 {
			p.Refresh() // one frame's batch
		}
	}
	p.Refresh()
	runtime.GC()
	runtime.ReadMemStats(&after)
	retained := float64(after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc)) / (1 << 20)
	t.Logf("500 MB in 5 KB lines: log keeps %d, view %d, %d dropped; %.1f MB retained", log.Len(), len(p.Log.Kept()), log.Dropped(), retained)
	if retained > 60 {
		t.Errorf("log and view retain %.1f MB after a 500 MB flood, want at most 60 MB", retained)
	}
	if got := p.Log.Count.Text; !strings.Contains(got, "older dropped") {
		t.Errorf("count says %q, want the dropped lines counted", got)
	}
	runtime.KeepAlive(log)
}

// BenchmarkStderrFloodPeak measures the peak heap (in use and held from the
// OS, sampled every frame) above idle while 500 MB of stderr passes
// through a server's log into the side panel on show, a frame's batch at a
// time: what the open window pays for a server that floods. peak-MB is
// the figure the issue asks to keep under 100.
func BenchmarkStderrFloodPeak(b *testing.B) {
	for _, tt := range []struct {
		size int
		view bool
	}{{100, false}, {100, true}, {5000, false}, {5000, true}} {
		size := tt.size
		name := fmt.Sprintf("line=%dB", size)
		if !tt.view {
			name += "/log-only"
		}
		b.Run(name, func(b *testing.B) {
			test.NewTempApp(b)
			w := test.NewWindow(nil)
			defer w.Close()
			p := NewSidePanel(w)
			w.SetContent(p.Widget())
			w.Resize(fyne.NewSize(500, 800))
			line := strings.Repeat("y", size-1)
			// A frame's worth of lines at the rate a pipe delivers them
			// (about 1 GB/s): 16 MB.
			perFrame := (16 << 20) / size
			// Idle is the window with its fonts loaded: a few lines drawn.
			warm := transport.NewServerLog(nil)
			for range 100 {
				warm.Add(transport.LogStderr, line)
			}
			p.SetLogs(warm, nil)
			p.Refresh()
			w.Canvas().Capture()
			p.SetLogs(nil, nil)
			var peak, idleMB float64
			for b.Loop() {
				log := transport.NewServerLog(nil)
				if tt.view {
					p.SetLogs(log, nil)
				}
				debug.FreeOSMemory()
				idle := heapHeld()
				idleMB = idle
				for n := 0; n < 500<<20; n += size {
					log.Add(transport.LogStderr, string([]byte(line)))
					if (n/size)%perFrame == 0 {
						p.Refresh()
						peak = max(peak, heapHeld()-idle)
					}
				}
				p.Refresh()
				peak = max(peak, heapHeld()-idle)
				p.SetLogs(nil, nil)
			}
			b.ReportMetric(peak, "peak-MB")
			b.ReportMetric(idleMB, "idle-MB")
		})
	}
}

// heapHeld is the heap the process holds from the OS, in MB.
func heapHeld() float64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapSys-ms.HeapReleased) / (1 << 20)
}
