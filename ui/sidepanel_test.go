package ui

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

// newPanel puts a side panel with fresh logs in a window of side-panel size.
func newPanel(t testing.TB) (*SidePanel, *transport.ServerLog, *transport.WireLog, fyne.Window) {
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
func visibleLogRows(w fyne.Window) []*logRow {
	var rows []*logRow
	for _, o := range test.LaidOutObjects(w.Content()) {
		if r, ok := o.(*logRow); ok && r.Visible() {
			rows = append(rows, r)
		}
	}
	return rows
}

func TestLogViewMarksKinds(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, w := newPanel(t)
	log.Add(transport.LogInfo, "started demo (pid 42)")
	log.Add(transport.LogCallStart, "call #1 add started")
	log.Add(transport.LogStderr, "adding 2 and 3")
	log.Add(transport.LogStdoutNoise, "debug: oops on stdout")
	log.AddMessage("error", "db", "connection refused")
	log.Add(transport.LogCallEnd, "call #1 add ended after 3ms: ok")
	p.refresh()

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
	p, log, _, _ := newPanel(t)
	v := p.log
	addLines(log, 500, "line %d")
	p.refresh()
	bottom := v.List.GetScrollOffset()
	if bottom == 0 {
		t.Fatal("following did not scroll to the newest line")
	}

	test.Tap(v.Follow) // pause
	if v.Following() || v.Follow.Text != "Follow" {
		t.Fatalf("after tapping Pause: following=%v, button %q", v.Following(), v.Follow.Text)
	}
	addLines(log, 500, "more %d")
	p.refresh()
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
	p, log, _, w := newPanel(t)
	v := p.log
	addLines(log, 300, "ordinary %d")
	log.Add(transport.LogStderr, "a Needle in the haystack")
	log.Add(transport.LogStdoutNoise, "junk")
	log.AddMessage("warning", "needles", "from a logger")
	p.refresh()

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
	p.refresh()
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
	p, log, _, w := newPanel(t)
	v := p.log
	addLines(log, 50, "line %d")
	p.refresh()
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
	p.refresh()
	if v.Len() != 1 || v.Entry(0).Text != "after clear" {
		t.Error("lines after Clear do not show")
	}
}

func TestLogViewSelectShowsFullLine(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, _ := newPanel(t)
	long := strings.Repeat("x", widgets.MaxRowRunes*2)
	log.Add(transport.LogStderr, long)
	p.refresh()
	p.log.List.Select(0)
	if !p.log.Strip.Visible() || !strings.Contains(p.log.Selected.Text, long) {
		t.Error("selecting a line does not show it in full")
	}
	// A selected line stays in view while more lines arrive.
	offset := p.log.List.GetScrollOffset()
	addLines(log, 200, "more %d")
	p.refresh()
	if got := p.log.List.GetScrollOffset(); got != offset {
		t.Errorf("the view scrolled away from the selected line (%v → %v)", offset, got)
	}
	p.log.List.UnselectAll()
	if p.log.Strip.Visible() {
		t.Error("detail stays after unselecting")
	}
	addLines(log, 10, "after %d")
	p.refresh()
	if got := p.log.List.GetScrollOffset(); got <= offset {
		t.Errorf("following did not resume after unselecting (offset %v)", got)
	}
}

func TestLogViewBounded(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, _ := newPanel(t)
	for range 3 {
		addLines(log, maxViewEntries/2, "line %d")
		p.refresh()
	}
	if n := len(p.log.Kept()); n > maxViewEntries+maxViewEntries/4 {
		t.Errorf("view keeps %d lines, over its bound", n)
	}
	last := p.log.Kept()[len(p.log.Kept())-1].Text
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

func TestNotifyBatchesRefreshes(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	p := NewSidePanel(w)
	w.SetContent(p.Widget())
	log := transport.NewServerLog(nil)
	p.SetLogs(log, nil)

	const writers, each = 4, 250
	var wg sync.WaitGroup
	for g := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				e := transport.LogEntry{Seq: log.Add(transport.LogStderr, fmt.Sprintf("g%d %d", g, i))}
				p.Notify(mcp.Event{Kind: mcp.EventLog, Log: &e})
			}
		}()
	}
	wg.Wait()
	p.Notify(mcp.Event{Kind: mcp.EventState}) // ignored: not a log event
	// Wait (without a time limit the test relies on) until no refresh is pending.
	deadline := time.Now().Add(30 * time.Second)
	for {
		p.mu.Lock()
		idle := !p.scheduled && p.refreshes > 0
		p.mu.Unlock()
		if idle || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	p.mu.Lock()
	refreshes := p.refreshes
	p.mu.Unlock()
	if refreshes == 0 || refreshes >= writers*each {
		t.Errorf("%d refreshes for %d notifications, want batching", refreshes, writers*each)
	}
	fyne.DoAndWait(func() {
		if n := p.log.Len(); n != writers*each {
			t.Errorf("view shows %d lines, want %d", n, writers*each)
		}
	})
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
	p, _, wire, w := newPanel(t)
	wire.Record(transport.Sent, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": map[string]any{"name": "add", "arguments": map[string]any{"a": 2, "b": 3}}}))
	wire.Record(transport.Received, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{"content": []any{map[string]any{"type": "text", "text": "5"}}}}))
	wire.Record(transport.Received, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 2, "error": map[string]any{"code": -32602, "message": "bad"}}))
	p.refresh()
	v := p.wire
	p.tabs.SelectIndex(1)

	var rows []*wireRowRenderer
	for _, o := range test.LaidOutObjects(w.Content()) {
		if r, ok := o.(*wireRow); ok && r.Visible() {
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
	if !strings.Contains(v.detailHead.Text, "sent to the server") {
		t.Errorf("detail head %q", v.detailHead.Text)
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
	p, _, wire, _ := newPanel(t)
	items := make([]int, 5000)
	wire.Record(transport.Received, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 7, "result": map[string]any{"items": items}}))
	p.refresh()
	p.wire.List.Select(0)
	d := p.wire.detail
	if len(d.Lines) > widgets.HeadLines || d.Total <= widgets.HeadLines {
		t.Errorf("huge message: %d lines shown of %d", len(d.Lines), d.Total)
	}
	if !d.ShowAllButton.Visible() || !strings.Contains(d.Note.Text, "Showing the first") {
		t.Error("no offer to see the rest")
	}
}

func TestWireViewSearchAndClear(t *testing.T) {
	test.NewTempApp(t)
	p, _, wire, _ := newPanel(t)
	for i := range 20 {
		wire.Record(transport.Sent, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": i, "method": "ping"}))
	}
	wire.Record(transport.Sent, wireMsg(t, map[string]any{"jsonrpc": "2.0", "id": 99, "method": "tools/list"}))
	p.refresh()
	test.Type(p.wire.Search, "tools/")
	if p.wire.Len() != 1 {
		t.Errorf("search shows %d messages, want 1", p.wire.Len())
	}
	test.Tap(p.wire.ClearB)
	if p.wire.Len() != 0 || wire.Len() != 0 {
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
	p, log, _, _ := newPanel(t)
	log.Add(transport.LogStderr, "x")
	p.refresh()
	p.SetSession(nil)
	if p.log.Len() != 0 || !p.log.SaveB.Disabled() || !strings.Contains(p.log.Empty.Text, "Select a server") {
		t.Error("SetSession(nil) did not clear the panel")
	}
}

func TestSaveInBackgroundWritesFile(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	path := t.TempDir() + "/out.txt"
	done := make(chan struct{})
	widgets.SaveInBackground(w, path, func() ([]byte, error) {
		defer close(done)
		return []byte("hello"), nil
	})
	<-done
	for range 1000 {
		if b, err := os.ReadFile(path); err == nil && string(b) == "hello" {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Error("file not written")
}
