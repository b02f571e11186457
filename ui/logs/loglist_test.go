package logs

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/widgets"
)

// panelList is one tab of the side panel as the tests below see it: the
// shared list, how to add a short and a long line, and the row type drawn.
type panelList struct {
	name string
	tab  int
	list func(p *SidePanel) listUnderTest
	add  func(t *testing.T, log *transport.ServerLog, wire *transport.WireLog, text string)
}

// listUnderTest is what the tests use of a widgets.LogList, whatever its entries.
type listUnderTest interface {
	Len() int
	Wrap() bool
	SetWrap(bool)
	Heights() map[widget.ListItemID]float32
	TipText() string
}

func (pl panelList) listWidget(p *SidePanel) *widget.List {
	if pl.tab == 1 {
		return p.Wire.List
	}
	return p.Log.List
}

func (pl panelList) wrapBox(p *SidePanel) *widget.Check {
	if pl.tab == 1 {
		return p.Wire.WrapBox
	}
	return p.Log.WrapBox
}

var bothPanels = []panelList{
	{
		name: "stderr", tab: 0,
		list: func(p *SidePanel) listUnderTest { return p.Log.LogList },
		add: func(_ *testing.T, log *transport.ServerLog, _ *transport.WireLog, text string) {
			log.Add(transport.LogStderr, text)
		},
	},
	{
		name: "messages", tab: 1,
		list: func(p *SidePanel) listUnderTest { return p.Wire.LogList },
		add: func(_ *testing.T, _ *transport.ServerLog, wire *transport.WireLog, text string) {
			// An HTTP step's description is as long as its URL.
			wire.RecordHTTP(transport.Sent, text, 10, nil)
		},
	},
}

const longLine = "Error: Cannot find module '/usr/lib/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js' imported from /home/someone/projects/tools/start.js"

// With Wrap on, a long line's row is as tall as its wrapped text; with
// Wrap off every row is one line again. Both panels.
func TestPanelsWrapLongLines(t *testing.T) {
	for _, pl := range bothPanels {
		t.Run(pl.name, func(t *testing.T) {
			test.NewTempApp(t)
			p, log, wire, w := NewPanel(t)
			defer w.Close()
			w.Resize(fyne.NewSize(400, 600))
			p.Tabs.SelectIndex(pl.tab)
			pl.add(t, log, wire, "short")
			pl.add(t, log, wire, longLine)
			p.Refresh()
			l := pl.list(p)
			test.Tap(pl.wrapBox(p))
			w.Canvas().Capture() // lays the rows out
			h := l.Heights()
			if !l.Wrap() || h[1] < 2*h[0] || h[0] == 0 {
				t.Errorf("with Wrap on the long line is %v high, the short one %v", h[1], h[0])
			}
			test.Tap(pl.wrapBox(p))
			if l.Wrap() || len(l.Heights()) != 0 {
				t.Error("Wrap off left rows taller than one line")
			}
		})
	}
}

// Wrap is remembered: a panel made later starts with it as it was left.
func TestPanelsWrapRemembered(t *testing.T) {
	for _, pl := range bothPanels {
		t.Run(pl.name, func(t *testing.T) {
			test.NewTempApp(t)
			p, _, _, w := NewPanel(t)
			test.Tap(pl.wrapBox(p))
			w.Close()
			again, _, _, w2 := NewPanel(t)
			defer w2.Close()
			if !pl.list(again).Wrap() || !pl.wrapBox(again).Checked {
				t.Error("a new panel forgot that Wrap was on")
			}
			other := bothPanels[1-pl.tab]
			if other.list(again).Wrap() {
				t.Errorf("Wrap on in %s turned it on in %s too", pl.name, other.name)
			}
		})
	}
}

// Pointing at a row that cuts its line shows the line whole over the list;
// a line that fits, or any line with Wrap on, shows no tip. Both panels,
// through the canvas's own pointer events.
func TestPanelsPointShowsFullLine(t *testing.T) {
	for _, pl := range bothPanels {
		t.Run(pl.name, func(t *testing.T) {
			test.NewTempApp(t)
			p, log, wire, w := NewPanel(t)
			defer w.Close()
			w.Resize(fyne.NewSize(400, 600))
			p.Tabs.SelectIndex(pl.tab)
			pl.add(t, log, wire, "short")
			pl.add(t, log, wire, longLine)
			p.Refresh()
			p.Log.TipDelay, p.Wire.TipDelay = 0, 0
			w.Canvas().Capture()
			l := pl.list(p)
			rows := panelRows(w, pl.tab)
			if len(rows) != 2 {
				t.Fatalf("%d rows drawn, want 2", len(rows))
			}
			// Row i of the list, one line high each (Wrap is off).
			point := func(i int) {
				pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(pl.listWidget(p))
				h := rows[0].Size().Height
				test.MoveMouse(w.Canvas(), pos.AddXY(20, float32(i)*h+h/2))
			}
			point(1)
			tip := l.TipText()
			if !strings.Contains(tip, longLine) {
				t.Errorf("pointing at the long line shows %q, want it whole", tip)
			}
			point(0)
			if got := l.TipText(); got != "" {
				t.Errorf("pointing at a line that fits shows a tip %q", got)
			}
			l.SetWrap(true)
			w.Canvas().Capture()
			point(1)
			if got := l.TipText(); got != "" {
				t.Errorf("with Wrap on the whole line shows anyway, yet a tip %q", got)
			}
			l.SetWrap(false)
		})
	}
}

// panelRows are the rows the tab's list draws, top to bottom.
func panelRows(w fyne.Window, tab int) []fyne.CanvasObject {
	var rows []fyne.CanvasObject
	for _, o := range test.LaidOutObjects(w.Content()) {
		switch o.(type) {
		case *LogRow:
			if tab == 0 && o.Visible() {
				rows = append(rows, o)
			}
		case *WireRow:
			if tab == 1 && o.Visible() {
				rows = append(rows, o)
			}
		}
	}
	return rows
}

// A selected stderr line shows whole in the strip, and Copy copies it.
func TestLogStripCopiesTheLine(t *testing.T) {
	test.NewTempApp(t)
	p, log, _, w := NewPanel(t)
	defer w.Close()
	log.Add(transport.LogStderr, "short")
	log.Add(transport.LogStderr, longLine)
	p.Refresh()
	if p.Log.Strip.Visible() {
		t.Fatal("the strip shows with nothing selected")
	}
	w.Canvas().Capture()
	full := p.Log.List.Size().Height
	p.Log.List.Select(1)
	if !p.Log.Strip.Visible() || !strings.Contains(p.Log.Selected.Text, longLine) {
		t.Fatalf("the strip shows %q", p.Log.Selected.Text)
	}
	if h := p.Log.List.Size().Height; h >= full {
		t.Errorf("with the strip on show the list is %v high, as high as without (%v)", h, full)
	}
	test.Tap(p.Log.Copy)
	if got := fyne.CurrentApp().Clipboard().Content(); !strings.Contains(got, longLine) {
		t.Errorf("Copy put %q on the clipboard", got)
	}
	// The strip never takes more than 40 % of the panel, however long the line.
	log.Add(transport.LogStderr, strings.Repeat("very long ", 2000))
	p.Refresh()
	p.Log.List.Select(2)
	w.Canvas().Capture()
	if h, all := p.Log.Strip.Size().Height, p.Log.Widget().Size().Height; h > all*0.41 || h == 0 {
		t.Errorf("the strip is %v high in a panel of %v", h, all)
	}
	// What does not fit scrolls: the text is as tall as its wrapped lines.
	if h, sel := p.Log.Selected.MinSize().Height, p.Log.Selected.Size().Height; sel < h || h < 10*widgets.MonoLineHeight() {
		t.Errorf("the strip's text is %v high, its lines need %v", sel, h)
	}
	// Closing it gives the list its room back.
	p.Log.List.UnselectAll()
	if h := p.Log.List.Size().Height; p.Log.Strip.Visible() || h != full {
		t.Errorf("after the strip closed the list is %v high, want %v again", h, full)
	}
}

// The selected message's head names it whole, whatever the row cut.
func TestWireDetailHeadNamesTheMessage(t *testing.T) {
	test.NewTempApp(t)
	p, _, wire, w := NewPanel(t)
	defer w.Close()
	wire.RecordHTTP(transport.Received, longLine, 10, []byte("{}"))
	p.Refresh()
	p.Wire.List.Select(0)
	if !strings.Contains(p.Wire.DetailHead.Text, longLine) || !strings.Contains(p.Wire.DetailHead.Text, "received from the server") {
		t.Errorf("detail head %q", p.Wire.DetailHead.Text)
	}
}

// The count and empty-list words of both panels.
func TestPanelWords(t *testing.T) {
	test.NewTempApp(t)
	cases := []struct {
		got, want string
	}{
		{LogCount(widgets.LogState{Source: true, Shown: 1200}), "1,200 lines"},
		{LogCount(widgets.LogState{Source: true, Shown: 10, Dropped: 5}), "10 lines · 5 older dropped"},
		{LogCount(widgets.LogState{Source: true, Shown: 2, Kept: 303, Filtered: true}), "2 of 303"},
		{WireCount(widgets.LogState{Source: true, Shown: 3}), "3 messages"},
		{LogEmpty(widgets.LogState{}, ""), "Select a server to see what it prints."},
		{LogEmpty(widgets.LogState{Source: true, Filtered: true}, "error+"), "No lines at level error+."},
		{LogEmpty(widgets.LogState{Source: true, Filtered: true, Query: "x"}, "all levels"), "No lines match “x”."},
		{WireEmpty(widgets.LogState{Source: true}), "No messages yet."},
		{WireEmpty(widgets.LogState{Source: true, Filtered: true, Query: "ping"}), "No messages match “ping”."},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
