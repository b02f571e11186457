package logs

import (
	"encoding/json"
	"fmt"
	"image/color"
	"mcpbrowser/ui/widgets"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
)

// NewPanel puts a side panel with fresh logs in a window of side-panel size.
func NewPanel(t testing.TB) (*SidePanel, *transport.ServerLog, *transport.WireLog, fyne.Window) {
	t.Helper()
	w := test.NewWindow(nil)
	p := NewSidePanel(w)
	w.SetContent(p.Widget())
	w.Resize(fyne.NewSize(500, 700))
	log, wire := transport.NewServerLog(nil), transport.NewWireLog(nil)
	p.SetLogs(log, wire)
	return p, log, wire, w
}

// visibleLogRows are the log rows the list has drawn, top to bottom.
func visibleLogRows(w fyne.Window) []*LogRow {
	var rows []*LogRow
	for _, o := range test.LaidOutObjects(w.Content()) {
		if r, ok := o.(*LogRow); ok && r.Visible() {
			rows = append(rows, r)
		}
	}
	return rows
}

func TestLogViewMarksKinds(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, w := NewPanel(t)
	log.Add(transport.LogInfo, "started demo (pid 42)")
	log.Add(transport.LogCallStart, "call #1 add started")
	log.Add(transport.LogStderr, "adding 2 and 3")
	log.Add(transport.LogStdoutNoise, "debug: oops on stdout")
	log.AddMessage("error", "db", "connection refused")
	log.Add(transport.LogCallEnd, "call #1 add ended after 3ms: ok")
	p.Refresh()

	rows := visibleLogRows(w)
	byText := map[string]*logRowRenderer{}
	for _, r := range rows {
		byText[r.entry.Text] = test.WidgetRenderer(r).(*logRowRenderer)
	}
	if len(byText) != 6 {
		t.Fatalf("%d distinct rows drawn, want 6", len(byText))
	}
	colour := func(n fyne.ThemeColorName) color.Color { return theme.Color(n) }
	same := func(a, b color.Color) bool {
		r1, g1, b1, _ := a.RGBA()
		r2, g2, b2, _ := b.RGBA()
		return r1 == r2 && g1 == g2 && b1 == b2
	}

	noise := byText["debug: oops on stdout"]
	if noise.tag.Text != "stdout" || !same(noise.tag.Color, colour(theme.ColorNameWarning)) || !same(noise.text.Color, colour(theme.ColorNameWarning)) {
		t.Errorf("stdout noise drawn with tag %q in %v, text in %v; want a warning-coloured \"stdout\" tag", noise.tag.Text, noise.tag.Color, noise.text.Color)
	}
	plain := byText["adding 2 and 3"]
	if plain.tag.Text != "" || !same(plain.text.Color, colour(theme.ColorNameForeground)) {
		t.Errorf("a stderr line has tag %q and colour %v; want no tag, normal colour", plain.tag.Text, plain.text.Color)
	}
	msg := byText["connection refused"]
	if msg.tag.Text != "error db" || !same(msg.tag.Color, colour(theme.ColorNameError)) {
		t.Errorf("log message tag %q in %v, want \"error db\" in the error colour", msg.tag.Text, msg.tag.Color)
	}
	start, end := byText["call #1 add started"], byText["call #1 add ended after 3ms: ok"]
	for name, m := range map[string]*logRowRenderer{"start": start, "end": end} {
		if !same(m.rule.StrokeColor, colour(theme.ColorNamePrimary)) || !same(m.text.Color, colour(theme.ColorNamePrimary)) || m.bg.FillColor == color.Transparent {
			t.Errorf("call %s marker is not drawn as a tinted band with a primary-coloured rule and text", name)
		}
	}
	if !start.ruleTop || end.ruleTop {
		t.Error("the start marker's rule should be above it and the end marker's below, bracketing the call's lines")
	}
	if plain.rule.StrokeColor != color.Transparent {
		t.Error("an ordinary line has a rule")
	}
	if got := rows[0].entry.Text; got != "started demo (pid 42)" {
		t.Errorf("first row %q, want the log in order", got)
	}
}

func addLines(log *transport.ServerLog, n int, format string) {
	for i := range n {
		log.Add(transport.LogStderr, fmt.Sprintf(format, i))
	}
}

func TestLogViewFollowAndPause(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, _ := NewPanel(t)
	v := p.Log
	addLines(log, 500, "line %d")
	p.Refresh()
	bottom := v.List.GetScrollOffset()
	if bottom == 0 {
		t.Fatal("following did not scroll to the newest line")
	}

	test.Tap(v.Follow) // pause
	if v.Following() || v.Follow.Text != "Follow" {
		t.Fatalf("after tapping Pause: following=%v, button %q", v.Following(), v.Follow.Text)
	}
	addLines(log, 500, "more %d")
	p.Refresh()
	if got := v.List.GetScrollOffset(); got != bottom {
		t.Errorf("paused view scrolled from %v to %v", bottom, got)
	}
	if v.Len() != 1000 {
		t.Errorf("paused view has %d lines, want 1000 (pausing stops scrolling, not reading)", v.Len())
	}

	test.Tap(v.Follow) // follow again
	if got := v.List.GetScrollOffset(); got <= bottom {
		t.Errorf("following again left the offset at %v, want past %v", got, bottom)
	}
}

func TestLogViewSearch(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, w := NewPanel(t)
	v := p.Log
	addLines(log, 300, "ordinary %d")
	log.Add(transport.LogStderr, "a Needle in the haystack")
	log.Add(transport.LogStdoutNoise, "junk")
	log.AddMessage("warning", "needles", "from a logger")
	p.Refresh()

	test.Type(v.Search, "NEEDLE")
	if v.Len() != 2 {
		t.Fatalf("search shows %d lines, want 2", v.Len())
	}
	if v.Count.Text != "2 of 303" {
		t.Errorf("count = %q", v.Count.Text)
	}
	for _, r := range visibleLogRows(w) {
		if !strings.Contains(strings.ToLower(r.entry.Text+r.entry.Logger), "needle") {
			t.Errorf("row %q shown while searching for needle", r.entry.Text)
		}
	}
	// Lines arriving while searching are filtered too.
	log.Add(transport.LogStderr, "another needle")
	log.Add(transport.LogStderr, "hay")
	p.Refresh()
	if v.Len() != 3 {
		t.Errorf("after new lines the search shows %d, want 3", v.Len())
	}

	v.Search.SetText("stdout")
	if v.Len() != 1 || v.Entry(0).Text != "junk" {
		t.Errorf("searching \"stdout\" should find the stdout-noise line")
	}
	v.Search.SetText("nothing like this")
	if v.Len() != 0 || !v.Empty.Visible() || !strings.Contains(v.Empty.Text, "No lines match") {
		t.Errorf("no-match state: length %d, empty %v %q", v.Len(), v.Empty.Visible(), v.Empty.Text)
	}
	v.Search.SetText("")
	if v.Len() != 305 {
		t.Errorf("clearing the search shows %d, want all 305", v.Len())
	}
}

func TestLogViewClear(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, w := NewPanel(t)
	v := p.Log
	addLines(log, 50, "line %d")
	p.Refresh()
	test.Tap(v.ClearB)
	if v.Len() != 0 || log.Len() != 0 {
		t.Errorf("after Clear: view %d lines, log %d", v.Len(), log.Len())
	}
	if len(visibleLogRows(w)) != 0 {
		t.Error("rows still drawn after Clear")
	}
	if !v.Empty.Visible() {
		t.Error("no empty-state words after Clear")
	}
	log.Add(transport.LogStderr, "after clear")
	p.Refresh()
	if v.Len() != 1 || v.Entry(0).Text != "after clear" {
		t.Error("lines after Clear do not show")
	}
}

func TestLogViewSelectShowsFullLine(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, _ := NewPanel(t)
	long := strings.Repeat("x", widgets.MaxRowRunes*2)
	log.Add(transport.LogStderr, long)
	p.Refresh()
	p.Log.List.Select(0)
	if !p.Log.Strip.Visible() || !strings.Contains(p.Log.Selected.Text, long) {
		t.Error("selecting a line does not show it in full")
	}
	// A selected line stays in view while more lines arrive.
	offset := p.Log.List.GetScrollOffset()
	addLines(log, 200, "more %d")
	p.Refresh()
	if got := p.Log.List.GetScrollOffset(); got != offset {
		t.Errorf("the view scrolled away from the selected line (%v → %v)", offset, got)
	}
	p.Log.List.UnselectAll()
	if p.Log.Strip.Visible() {
		t.Error("detail stays after unselecting")
	}
	addLines(log, 10, "after %d")
	p.Refresh()
	if got := p.Log.List.GetScrollOffset(); got <= offset {
		t.Errorf("following did not resume after unselecting (offset %v)", got)
	}
}

func TestLogViewBounded(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, _ := NewPanel(t)
	for range 3 {
		addLines(log, maxViewEntries/2, "line %d")
		p.Refresh()
	}
	if n := p.Log.Len(); n > maxViewEntries {
		t.Errorf("view shows %d lines, over its bound", n)
	}
	last := p.Log.Entry(p.Log.Len() - 1).Text
	if last != fmt.Sprintf("line %d", maxViewEntries/2-1) {
		t.Errorf("newest kept line %q", last)
	}
}

func TestLogFileBytes(t *testing.T) {
	log := transport.NewServerLog(nil)
	log.Add(transport.LogStderr, "one")
	log.Add(transport.LogStdoutNoise, "two")
	got := string(logFileBytes(log))
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], " one") || !strings.HasSuffix(lines[1], "[stdout noise] two") {
		t.Errorf("saved log = %q", got)
	}
}

// settle waits until no refresh of p is scheduled or under way, and says how
// many were done.
func settle(p *SidePanel) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.scheduled || p.running > 0 {
		p.settled.Wait()
	}
	return p.refreshes
}

func TestNotifyBatchesRefreshes(t *testing.T) {
	const writers, each = 4, 250
	for _, c := range []struct {
		name      string
		kind      mcp.EventKind
		scheduled int // refreshes scheduled for writers*each events
	}{
		{"log", mcp.EventLog, 1},
		{"wire", mcp.EventWire, 1},
		{"state", mcp.EventState, 0}, // not a log event
	} {
		t.Run(c.name, func(t *testing.T) {
			test.NewTempApp(t)
			p, log, _, _ := NewPanel(t)
			var mu sync.Mutex
			var queued []func()
			p.after = func(_ time.Duration, f func()) { // frames run by hand
				mu.Lock()
				defer mu.Unlock()
				queued = append(queued, f)
			}
			var wg sync.WaitGroup
			for g := range writers {
				wg.Go(func() {
					for i := range each {
						log.Add(transport.LogStderr, fmt.Sprintf("g%d %d", g, i))
						p.Notify(mcp.Event{Kind: c.kind})
					}
				})
			}
			wg.Wait()
			if len(queued) != c.scheduled {
				t.Fatalf("%d refreshes scheduled for %d events, want %d", len(queued), writers*each, c.scheduled)
			}
			for _, f := range queued {
				f()
			}
			if n, want := p.Log.Len(), c.scheduled*writers*each; n != want {
				t.Errorf("view shows %d lines after the frame, want %d", n, want)
			}
			p.Notify(mcp.Event{Kind: c.kind})
			if len(queued) != 2*c.scheduled {
				t.Errorf("a notification after the frame scheduled %d refreshes in all, want %d", len(queued), 2*c.scheduled)
			}
		})
	}
}

// A driver may run fyne.Do on the caller's goroutine, as Fyne's test driver
// does on each frame timer's: refreshes from many goroutines at once, while
// the log grows, show every line once.
func TestRefreshesFromManyGoroutinesShowEveryLine(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, _ := NewPanel(t)
	const writers, each = 4, 250
	var wg sync.WaitGroup
	for g := range writers {
		wg.Go(func() {
			for i := range each {
				log.Add(transport.LogStderr, fmt.Sprintf("g%d %d", g, i))
				p.Notify(mcp.Event{Kind: mcp.EventLog})
				if i%25 == 0 {
					p.Refresh()
				}
			}
		})
	}
	wg.Wait()
	settle(p) // the last Notify's frame has pulled every line
	if n := p.Log.Len(); n != writers*each {
		t.Errorf("view shows %d lines, want %d", n, writers*each)
	}
}

func wireMsg(t testing.TB, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWireViewRowsAndSelection(t *testing.T) {
	test.NewTempApp(t)
	p, _, wire, w := NewPanel(t)
	wire.Record(transport.Sent, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": map[string]any{"name": "add", "arguments": map[string]any{"a": 2, "b": 3}}}))
	wire.Record(transport.Received, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{"content": []any{map[string]any{"type": "text", "text": "5"}}}}))
	wire.Record(transport.Received, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 2, "error": map[string]any{"code": -32602, "message": "bad"}}))
	p.Refresh()
	v := p.Wire
	p.Tabs.SelectIndex(1)

	var rows []*wireRowRenderer
	for _, o := range test.LaidOutObjects(w.Content()) {
		if r, ok := o.(*WireRow); ok && r.Visible() {
			rows = append(rows, test.WidgetRenderer(r).(*wireRowRenderer))
		}
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows drawn, want 3", len(rows))
	}
	if rows[0].arrow.Text != "→" || rows[0].what.Text != "tools/call #1" || rows[1].arrow.Text != "←" || rows[1].what.Text != "result #1" {
		t.Errorf("rows: %q %q / %q %q", rows[0].arrow.Text, rows[0].what.Text, rows[1].arrow.Text, rows[1].what.Text)
	}
	if !strings.HasSuffix(rows[0].size.Text, "B") {
		t.Errorf("size column %q", rows[0].size.Text)
	}

	if v.copyJSON.Disabled() == false {
		t.Error("Copy enabled with nothing selected")
	}
	v.List.Select(0)
	shown := strings.Join(v.detail.Lines, "\n")
	if !strings.Contains(shown, `"method": "tools/call"`) || !strings.Contains(shown, "\n      \"a\": 2") {
		t.Errorf("selected message shown as %q, want it pretty-printed", shown)
	}
	if !strings.Contains(v.DetailHead.Text, "sent to the server") {
		t.Errorf("detail head %q", v.DetailHead.Text)
	}
	test.Tap(v.copyJSON)
	if got := fyne.CurrentApp().Clipboard().Content(); !strings.Contains(got, `"name": "add"`) {
		t.Errorf("copied %q", got)
	}
	v.List.Select(2)
	if !strings.Contains(strings.Join(v.detail.Lines, "\n"), `"code": -32602`) {
		t.Error("selecting another row did not change the JSON shown")
	}
}

func TestWireViewHugeMessageShowsHead(t *testing.T) {
	test.NewTempApp(t)
	p, _, wire, _ := NewPanel(t)
	items := make([]int, 5000)
	wire.Record(transport.Received, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 7, "result": map[string]any{"items": items}}))
	p.Refresh()
	p.Wire.List.Select(0)
	d := p.Wire.detail
	if len(d.Lines) > widgets.HeadLines || d.Total <= widgets.HeadLines {
		t.Errorf("huge message: %d lines shown of %d", len(d.Lines), d.Total)
	}
	if !d.ShowAllButton.Visible() || !strings.Contains(d.Note.Text, "Showing the first") {
		t.Error("no offer to see the rest")
	}
}

func TestWireViewSearchAndClear(t *testing.T) {
	test.NewTempApp(t)
	p, _, wire, _ := NewPanel(t)
	for i := range 20 {
		wire.Record(transport.Sent, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": i, "method": "ping"}))
	}
	wire.Record(transport.Sent, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 99, "method": "tools/list"}))
	p.Refresh()
	test.Type(p.Wire.Search, "tools/")
	if p.Wire.Len() != 1 {
		t.Errorf("search shows %d messages, want 1", p.Wire.Len())
	}
	test.Tap(p.Wire.ClearB)
	if p.Wire.Len() != 0 || wire.Len() != 0 {
		t.Error("Clear did not empty the messages")
	}
}

func TestWireFileBytes(t *testing.T) {
	wire := transport.NewWireLog(nil)
	wire.Record(transport.Sent, []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`))
	wire.RecordHTTP(transport.Received, "POST /mcp → 500", 9, []byte("not json!"))
	b, err := wireFileBytes(wire)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines: %q", len(lines), b)
	}
	var first, second wireLine
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &second); err != nil {
		t.Fatal(err)
	}
	if first.Direction != "sent" || first.Method != "initialize" || string(first.Message) != `{"jsonrpc":"2.0","id":1,"method":"initialize"}` {
		t.Errorf("first line %+v", first)
	}
	if second.Direction != "received" || second.Text != "not json!" || second.Message != nil {
		t.Errorf("second line %+v", second)
	}
}

func TestSetSessionNil(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, _ := NewPanel(t)
	log.Add(transport.LogStderr, "x")
	p.Refresh()
	p.SetSession(nil)
	if p.Log.Len() != 0 || !p.Log.SaveB.Disabled() || !strings.Contains(p.Log.Empty.Text, "Select a server") {
		t.Error("SetSession(nil) did not clear the panel")
	}
}

func TestSaveInBackgroundWritesFile(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	path := t.TempDir() + "/out.txt"
	<-widgets.SaveInBackground(w, path, func() ([]byte, error) { return []byte("hello"), nil })
	if b, err := os.ReadFile(path); err != nil || string(b) != "hello" {
		t.Errorf("file holds %q (%v), want hello", b, err)
	}
}
