package logs

import (
	"runtime"
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
