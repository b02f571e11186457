package ui

import (
	"fmt"
	"fyne.io/fyne/v2/lang"
	"image/color"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// panelFrame is how often, at most, the side panel redraws for new log lines or
// messages: a server that floods stderr costs one refresh per frame, not
// one per line.
const panelFrame = 16 * time.Millisecond

// A SidePanel shows the selected server's log ("stderr") and wire log
// ("messages") in two tabs, live.
type SidePanel struct {
	win  fyne.Window
	tabs *container.AppTabs
	log  *logView
	wire *wireView

	mu        sync.Mutex
	scheduled bool // a refresh is on its way
	refreshes int  // refreshes done, for tests that wait for one
}

// NewSidePanel makes the panel; win parents its dialogs.
func NewSidePanel(win fyne.Window) *SidePanel {
	p := &SidePanel{win: win, log: newLogView(win), wire: newWireView(win)}
	p.tabs = container.NewAppTabs(
		container.NewTabItem(lang.L("stderr"), p.log.Widget()),
		container.NewTabItem(lang.L("messages"), p.wire.Widget()),
	)
	// A tab that comes on show follows its newest line again, after it has
	// been laid out at its size.
	p.tabs.OnSelected = func(*container.TabItem) {
		fyne.Do(func() {
			p.log.Refollow()
			p.wire.Refollow()
		})
	}
	return p
}

// search is the search box of the tab on show.
func (p *SidePanel) search() fyne.Focusable {
	if p.tabs.SelectedIndex() == 1 {
		return p.wire.Search
	}
	return p.log.Search
}

// Widget is the panel's canvas object.
func (p *SidePanel) Widget() fyne.CanvasObject { return p.tabs }

// SetSession shows s's Log and Wire; nil clears the panel.
func (p *SidePanel) SetSession(s *mcp.Session) {
	if s == nil {
		p.setLogs(nil, nil, "")
		return
	}
	p.setLogs(s.Log, s.Wire, s.Name())
}

// SetLogs shows the given logs (either may be nil), as SetSession does for a
// session's own.
func (p *SidePanel) SetLogs(log *transport.ServerLog, wire *transport.WireLog) {
	p.setLogs(log, wire, "")
}

// setLogs is SetLogs with the server's name, which names saved files.
func (p *SidePanel) setLogs(log *transport.ServerLog, wire *transport.WireLog, name string) {
	p.log.setLog(log, name)
	p.wire.setWire(wire, name)
}

// Notify tells the panel that its logs may have grown. It is safe from any
// goroutine and cheap: it only schedules one refresh for the next frame,
// which then reads every new entry at once.
func (p *SidePanel) Notify(e mcp.Event) {
	if e.Kind != mcp.EventLog && e.Kind != mcp.EventWire {
		return
	}
	p.mu.Lock()
	if p.scheduled {
		p.mu.Unlock()
		return
	}
	p.scheduled = true
	p.mu.Unlock()
	time.AfterFunc(panelFrame, func() { fyne.Do(p.refresh) })
}

// refresh pulls new entries into both tabs; it runs on the UI goroutine.
func (p *SidePanel) refresh() {
	p.mu.Lock()
	p.scheduled = false
	p.mu.Unlock()
	p.log.Pull()
	p.wire.Pull()
	p.mu.Lock()
	p.refreshes++
	p.mu.Unlock()
}

// textLines shows a long text as a virtualised list of monospace lines. At
// first only a head is split and shown (headLines lines or headBytes bytes,
// whichever comes first), with an offer to show all of it.
type textLines struct {
	text    string
	lines   []string // the lines on show: the head, or all after showAll
	total   int      // lines in text
	list    *widget.List
	note    *widget.Label
	showAll *escButton
	// extra are buttons the owner adds to the bar (Save …).
	extra []fyne.CanvasObject
	// full, when set, makes the whole text on Show all; text is only a head
	// of it meanwhile (see SetHead), and size is the whole text's size.
	full func() string
	size int
}

const (
	headLines = 2000
	headBytes = 200 << 10
	// maxRowRunes cuts what one row draws; the full line is in Save / Copy.
	maxRowRunes = 1000
)

func newTextLines() *textLines {
	t := &textLines{note: widget.NewLabel("")}
	t.note.Wrapping = fyne.TextWrapWord
	t.list = widget.NewList(
		func() int { return len(t.lines) },
		func() fyne.CanvasObject {
			txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
			txt.TextStyle.Monospace = true
			return txt
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			txt := o.(*canvas.Text)
			txt.Text = displayLine(t.lines[id])
			txt.Color = theme.Color(theme.ColorNameForeground)
			txt.Refresh()
		},
	)
	t.list.HideSeparators = true
	t.showAll = newButtonWithIcon(lang.L("Show all"), theme.MoreVerticalIcon(), t.ShowAll)
	return t
}

// SetText replaces the text and shows its head.
func (t *textLines) SetText(s string) {
	t.full = nil
	t.text = strings.TrimSuffix(s, "\n")
	t.size = len(t.text)
	t.total = strings.Count(t.text, "\n") + 1
	t.lines = splitHead(t.text, headLines, headBytes)
	t.update()
}

// SetHead shows head, the first lines of a text of size bytes that is too
// big to prepare whole before it is asked for; full makes the whole text
// when the person taps Show all.
func (t *textLines) SetHead(head string, size int, full func() string) {
	t.SetText(head)
	t.full, t.size = full, size
	t.update()
}

// ShowAll shows every line.
func (t *textLines) ShowAll() {
	if t.full != nil {
		t.SetText(t.full())
	}
	if len(t.lines) < t.total {
		t.lines = strings.Split(t.text, "\n")
	}
	t.update()
}

func (t *textLines) update() {
	if t.full != nil {
		t.note.SetText(i18n.L("Showing the first {{.N}} lines of {{.Size}}.", map[string]any{"N": thousands(len(t.lines)), "Size": humanSize(t.size)}))
		t.note.Show()
		t.showAll.Show()
	} else if len(t.lines) < t.total {
		t.note.SetText(i18n.L("Showing the first {{.N}} of {{.Total}} lines ({{.Size}}).", map[string]any{"N": thousands(len(t.lines)), "Total": thousands(t.total), "Size": humanSize(len(t.text))}))
		t.note.Show()
		t.showAll.Show()
	} else {
		t.note.SetText(i18n.L("{{.N}} lines, {{.Size}}.", map[string]any{"N": thousands(t.total), "Size": humanSize(len(t.text))}))
		t.showAll.Hide()
	}
	t.list.Refresh()
}

// withBar is the list with its note and buttons above it; fill asks for no
// minimum height. Tab goes to the buttons before the lines (widgets.NewBorder).
func (t *textLines) withBar(fill bool) fyne.CanvasObject {
	buttons := container.NewHBox(append([]fyne.CanvasObject{t.showAll}, t.extra...)...)
	bar := widgets.NewBorder(nil, nil, nil, buttons, t.note)
	var body fyne.CanvasObject = t.list
	if !fill {
		body = container.New(minHeight{360}, t.list)
	}
	return widgets.NewBorder(bar, nil, nil, nil, body)
}

// splitHead splits s into lines, stopping after maxLines lines or maxBytes bytes.
func splitHead(s string, maxLines, maxBytes int) []string {
	var out []string
	used := 0
	for len(out) < maxLines && (used < maxBytes || len(out) == 0) {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i])
		s = s[i+1:]
		used += i + 1
	}
	return out
}

// displayLine makes one line drawable as a single canvas.Text: tabs
// expanded, terminal colour codes and carriage returns dropped, cut to maxRowRunes.
func displayLine(s string) string {
	if len(s) > maxRowRunes*4 {
		s = s[:maxRowRunes*4]
	}
	if strings.ContainsAny(s, "\t\r\x1b") {
		s = stripANSI(strings.ReplaceAll(strings.ReplaceAll(s, "\t", "    "), "\r", ""))
	}
	if utf8.RuneCountInString(s) > maxRowRunes {
		n := 0
		for i := range s {
			if n == maxRowRunes {
				return s[:i] + " …"
			}
			n++
		}
	}
	return s
}

// stripANSI drops CSI escape sequences (colours, cursor moves) that servers
// write for terminals.
func stripANSI(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
		}
	}
	return b.String()
}

// A tint is a rectangle in a theme colour at low opacity, following theme changes.
type tint struct {
	widget.BaseWidget
	name  fyne.ThemeColorName
	alpha uint8
}

func newTint(name fyne.ThemeColorName, alpha uint8) *tint {
	t := &tint{name: name, alpha: alpha}
	t.ExtendBaseWidget(t)
	return t
}

func (t *tint) CreateRenderer() fyne.WidgetRenderer {
	rect := canvas.NewRectangle(color.Transparent)
	r := &tintRenderer{t: t, rect: rect}
	r.Refresh()
	return r
}

type tintRenderer struct {
	t    *tint
	rect *canvas.Rectangle
}

func (r *tintRenderer) Layout(s fyne.Size)           { r.rect.Resize(s) }
func (r *tintRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (r *tintRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.rect} }
func (r *tintRenderer) Destroy()                     {}
func (r *tintRenderer) Refresh() {
	r.rect.FillColor = withAlpha(themeColor(r.t, r.t.name), r.t.alpha)
	r.rect.Refresh()
}

// themeColor is the named colour of the theme o is drawn with, in the current variant.
func themeColor(o fyne.Widget, name fyne.ThemeColorName) color.Color {
	th := theme.Current()
	if w, ok := o.(interface{ Theme() fyne.Theme }); ok {
		th = w.Theme()
	}
	return th.Color(name, fyne.CurrentApp().Settings().ThemeVariant())
}

func withAlpha(c color.Color, a uint8) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = a
	return n
}

// saveInBackground writes what content returns to path off the UI goroutine
// and reports a failure in a dialog.
func saveInBackground(win fyne.Window, path string, content func() ([]byte, error)) {
	go func() {
		data, err := content()
		if err == nil {
			err = os.WriteFile(path, data, 0o644)
		}
		if err != nil {
			fyne.Do(func() {
				showErrorDialog(fmt.Errorf("could not save %s: %w; try another folder or file name", path, err), win)
			})
		}
	}()
}

// humanSize is a byte count in the units a person expects.
func humanSize(n int) string { return view.Size(n) }

// thousands writes n with thousands separators: 154,321.
func thousands(n int) string { return view.Thousands(n) }
