package logs

import (
	"fmt"
	"runtime"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp/transport"
)

// BenchmarkLogViewAppend appends lines to a server log the way a flooding
// server does and lets the panel pull them once per 1,000 lines (one frame's
// batch), then paints once. One panel serves every iteration, as in the app. It reports the time per frame's refresh and the
// memory afterwards. The view shows at most maxViewEntries lines whatever
// arrives (lines-shown) and keeps none of them: rows read the log. MB-live-heap also counts
// Fyne's renderer cache: rows the list drops and re-creates (its pool is a
// sync.Pool, emptied by every GC) stay cached until the GL driver's periodic
// cache clean, which the test driver never runs, so that figure grows with
// the run's length here but not in the app.
func BenchmarkLogViewAppend(b *testing.B) {
	test.NewTempApp(b)
	const batch = 1000
	for _, lines := range []int{100_000, 500_000} {
		b.Run(fmt.Sprintf("%dk", lines/1000), func(b *testing.B) {
			texts := make([]string, batch)
			for i := range texts {
				texts[i] = fmt.Sprintf("worker %d: handled request %d in 3.2ms (cache hit)", i%8, i)
			}
			w := test.NewWindow(nil)
			defer w.Close()
			p := NewSidePanel(w)
			w.SetContent(p.Widget())
			w.Resize(fyne.NewSize(500, 800))
			var heap uint64
			var shown int
			b.ReportAllocs()
			for b.Loop() {
				// A fresh log each time, as when the person selects another server.
				log := transport.NewServerLog(nil)
				p.SetLogs(log, nil)
				for i := 0; i < lines; i += batch {
					for _, t := range texts {
						log.Add(transport.LogStderr, t)
					}
					p.Refresh()
				}
				w.Canvas().Capture()
				b.StopTimer()
				if n := p.Log.Len(); n < maxViewEntries {
					b.Fatalf("view shows %d lines", n)
				}
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heap = ms.HeapAlloc
				shown = p.Log.Len()
				runtime.KeepAlive(log)
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines/batch)/1e6, "ms/frame")
			b.ReportMetric(float64(heap)/(1<<20), "MB-live-heap")
			b.ReportMetric(float64(shown), "lines-shown")
		})
	}
}

// BenchmarkLogViewSearch is one keystroke in the search box over 100,000
// lines: filter and redraw.
func BenchmarkLogViewSearch(b *testing.B) {
	test.NewTempApp(b)
	w := test.NewWindow(nil)
	defer w.Close()
	p := NewSidePanel(w)
	w.SetContent(p.Widget())
	w.Resize(fyne.NewSize(500, 800))
	log := transport.NewServerLog(nil)
	for i := range maxViewEntries {
		log.Add(transport.LogStderr, fmt.Sprintf("worker %d: handled request %d in 3.2ms (cache hit)", i%8, i))
	}
	p.SetLogs(log, nil)
	queries := []string{"request 9999", "Cache Miss", "worker 3"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p.Log.Search.SetText(queries[i%len(queries)])
		i++
	}
}

// The level filter hides notifications/message lines below the chosen
// level and never hides stderr or the app's own lines.
func TestLogViewLevelFilter(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	defer w.Close()
	v := NewLogView(w)
	w.SetContent(v.Widget())
	log := transport.NewServerLog(nil)
	log.Add(transport.LogStderr, "plain stderr")
	log.AddMessage("debug", "", "chatter")
	log.AddMessage("info", "net", "connected")
	log.AddMessage("warning", "", "disk nearly full")
	log.AddMessage("error", "", "write failed")
	log.AddMessage("WARN", "", "odd spelling")
	log.AddMessage("verbose", "", "unknown level")
	v.SetLog(log, "srv")

	shown := func() []string {
		var out []string
		for i := range v.Len() {
			out = append(out, v.Entry(i).Text)
		}
		return out
	}
	cases := []struct {
		option string
		query  string
		want   []string
	}{
		{"all levels", "", []string{"plain stderr", "chatter", "connected", "disk nearly full", "write failed", "odd spelling", "unknown level"}},
		{"info+", "", []string{"plain stderr", "connected", "disk nearly full", "write failed", "odd spelling", "unknown level"}},
		{"warning+", "", []string{"plain stderr", "disk nearly full", "write failed", "odd spelling", "unknown level"}},
		{"error+", "", []string{"plain stderr", "write failed", "unknown level"}},
		{"emergency", "", []string{"plain stderr"}},
		{"warning+", "full", []string{"disk nearly full"}},
		{"all levels", "chat", []string{"chatter"}},
	}
	for _, c := range cases {
		v.Search.SetText(c.query)
		v.level.SetSelected(c.option)
		if got := shown(); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s %q: shows %q, want %q", c.option, c.query, got, c.want)
		}
	}
	// New lines are filtered as they arrive.
	v.Search.SetText("")
	v.level.SetSelected("error+")
	log.AddMessage("debug", "", "late chatter")
	log.AddMessage("critical", "", "late crash")
	v.Pull()
	if got := shown(); fmt.Sprint(got) != fmt.Sprint([]string{"plain stderr", "write failed", "unknown level", "late crash"}) {
		t.Errorf("after new lines: %q", got)
	}
}

func TestLogWrapShowsLongLinesWhole(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	defer w.Close()
	p := NewSidePanel(w)
	w.SetContent(p.Widget())
	w.Resize(fyne.NewSize(400, 500))
	log := transport.NewServerLog(nil)
	long := "Error: Cannot find module '/usr/lib/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js' imported from somewhere"
	log.Add(transport.LogStderr, "short")
	log.Add(transport.LogStderr, long)
	p.SetLogs(log, nil)
	p.Refresh()
	test.Tap(p.Log.WrapBox)
	w.Canvas().Capture() // lays the rows out
	if h := p.Log.Heights()[1]; h < 2*p.Log.Heights()[0] || p.Log.Heights()[0] == 0 {
		t.Errorf("with Wrap on the long line is %v high, the short one %v", h, p.Log.Heights()[0])
	}
	test.Tap(p.Log.WrapBox)
	if len(p.Log.Heights()) != 0 {
		t.Error("Wrap off left rows taller than one line")
	}
}
