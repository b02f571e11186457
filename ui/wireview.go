package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A wireView is the "messages" tab: one row per JSON-RPC message (or HTTP
// exchange) both ways in a widgets.LogList, and the selected message's JSON below.
type wireView struct {
	*widgets.LogList[transport.WireEntry]
	win  fyne.Window
	wire *transport.WireLog
	name string

	current    *transport.WireEntry // the selected message
	detail     *widgets.TextLines
	detailHead *widget.Label
	copyJSON   *widgets.Button
	saveOne    *widgets.Button
	detailBox  *fyne.Container
	root       fyne.CanvasObject
}

func newWireView(win fyne.Window) *wireView {
	v := &wireView{win: win}
	v.detail = widgets.NewTextLines()
	v.detailHead = widget.NewLabel("")
	v.detailHead.Wrapping = fyne.TextWrapWord
	v.copyJSON = widgets.NewButton(lang.L("Copy"), theme.ContentCopyIcon(), v.copyCurrent)
	v.saveOne = widgets.NewButton(lang.L("Save"), theme.DocumentSaveIcon(), v.saveCurrent)
	v.detail.Extra = []fyne.CanvasObject{v.copyJSON, v.saveOne}
	v.detailBox = container.NewBorder(v.detailHead, nil, nil, nil, v.detail.WithBar(true))
	v.LogList = widgets.NewLogList(widgets.LogSpec[transport.WireEntry]{
		Seq:   func(e *transport.WireEntry) uint64 { return e.Seq },
		Match: wireMatches,
		NewRow: func() fyne.CanvasObject {
			return newWireRow()
		},
		SetRow: func(o fyne.CanvasObject, e *transport.WireEntry, wrap bool) {
			r := o.(*wireRow)
			r.wrap = wrap
			r.set(*e)
		},
		Lines:    wireRowLines,
		Text:     func(e *transport.WireEntry) string { return view.WireWhat(e) },
		Count:    wireCount,
		Empty:    wireEmpty,
		WrapKey:  prefWrapMessages,
		TipHint:  lang.L("Click the message to see its JSON below, with Copy."),
		OnSelect: v.showDetail,
		Save:     v.saveAll,
	})
	split := container.NewVSplit(v.LogList.Widget(), v.detailBox)
	split.Offset = 0.55
	v.root = split
	v.setWire(nil, "")
	return v
}

func (v *wireView) Widget() fyne.CanvasObject { return v.root }

// setWire shows wire (nil for none) from its oldest kept message.
func (v *wireView) setWire(wire *transport.WireLog, name string) {
	v.wire, v.name = wire, name
	if wire == nil {
		v.SetSource(nil) // not a typed nil in the interface
	} else {
		v.SetSource(wire)
	}
	v.showDetail(nil)
}

// wireCount is the messages tab's count.
func wireCount(st widgets.LogState) string {
	if st.Filtered {
		return lang.L("{{.Shown}} of {{.Kept}}", map[string]any{"Shown": view.Thousands(st.Shown), "Kept": view.Thousands(st.Kept)})
	}
	return lang.N("{{.Count}} messages", st.Shown, map[string]any{"Count": view.Thousands(st.Shown)})
}

// wireEmpty says why the messages tab shows no message.
func wireEmpty(st widgets.LogState) string {
	switch {
	case !st.Source:
		return lang.L("Select a server to see the messages it exchanges.")
	case st.Filtered:
		return lang.L("No messages match “{{.Query}}”.", map[string]any{"Query": st.Query})
	}
	return lang.L("No messages yet.")
}

// showDetail shows e's JSON pretty-printed (a head of it for huge ones), or a hint when e is nil.
func (v *wireView) showDetail(e *transport.WireEntry) {
	v.current = e
	if e == nil {
		v.detailHead.SetText(lang.L("Select a message to see its JSON."))
		v.detail.SetText("")
		v.detail.Note.SetText("")
		v.copyJSON.Disable()
		v.saveOne.Disable()
		return
	}
	data := map[string]any{"Arrow": e.Dir.String(), "What": widgets.DisplayLine(view.WireWhat(e)), "Time": e.Time.Format("15:04:05.000"), "Size": view.Size(e.Size), "Kept": view.Size(len(e.JSON))}
	var head string
	switch {
	case e.Dir == transport.Sent && e.Truncated:
		head = lang.L("{{.Arrow}} {{.What}} · sent to the server · {{.Time}} · {{.Size}} · only the first {{.Kept}} of it was kept", data)
	case e.Dir == transport.Sent:
		head = lang.L("{{.Arrow}} {{.What}} · sent to the server · {{.Time}} · {{.Size}}", data)
	case e.Truncated:
		head = lang.L("{{.Arrow}} {{.What}} · received from the server · {{.Time}} · {{.Size}} · only the first {{.Kept}} of it was kept", data)
	default:
		head = lang.L("{{.Arrow}} {{.What}} · received from the server · {{.Time}} · {{.Size}}", data)
	}
	v.detailHead.SetText(head)
	v.detail.SetText(view.PrettyJSON(e.JSON))
	v.copyJSON.Enable()
	v.saveOne.Enable()
}

// wireMatches looks at the row's words first, then into the message itself.
func wireMatches(e *transport.WireEntry, lowerQuery string) bool {
	return widgets.ContainsFold(e.Summary, lowerQuery) || widgets.ContainsFold(e.Method, lowerQuery) ||
		bytesContainFold(e.JSON, lowerQuery)
}

func bytesContainFold(b []byte, lowerSub string) bool {
	if len(b) > 64<<10 {
		b = b[:64<<10] // a search keystroke must not scan megabytes
	}
	return widgets.ContainsFold(string(b), lowerSub)
}

// saveAll writes every kept message as JSON lines.
func (v *wireView) saveAll() {
	wire := v.wire
	if wire == nil {
		return
	}
	saveFileDialog(v.win, lang.L("Save messages"), v.stem()+"-messages.jsonl", fileFilter{Desc: "JSON lines", Exts: []string{"jsonl", "json"}}, func(path string) {
		widgets.SaveInBackground(v.win, path, func() ([]byte, error) { return wireFileBytes(wire) })
	})
}

func (v *wireView) copyCurrent() {
	if v.current != nil {
		fyne.CurrentApp().Clipboard().SetContent(view.PrettyJSON(v.current.JSON))
	}
}

func (v *wireView) saveCurrent() {
	e := v.current
	if e == nil {
		return
	}
	name := fmt.Sprintf("%s-message-%d.json", v.stem(), e.Seq)
	saveFileDialog(v.win, lang.L("Save message"), name, jsonFiles, func(path string) {
		widgets.SaveInBackground(v.win, path, func() ([]byte, error) { return []byte(view.PrettyJSON(e.JSON) + "\n"), nil })
	})
}

func (v *wireView) stem() string {
	if v.name == "" {
		return "server"
	}
	return view.SafeFileName(v.name)
}

// A wireLine is one message in a saved JSON-lines file.
type wireLine struct {
	Seq       uint64          `json:"seq"`
	Time      time.Time       `json:"time"`
	Direction string          `json:"direction"`
	Size      int             `json:"size"`
	Method    string          `json:"method,omitempty"`
	ID        string          `json:"id,omitempty"`
	Summary   string          `json:"summary"`
	Message   json.RawMessage `json:"message,omitempty"`
	// Text holds a body that is not JSON (or was cut), as it is.
	Text      string `json:"text,omitempty"`
	Truncated bool   `json:"truncated,omitempty"`
}

// wireFileBytes renders every kept message as JSON lines.
func wireFileBytes(wire *transport.WireLog) ([]byte, error) {
	entries, _ := wire.Since(0)
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	for _, e := range entries {
		line := wireLine{Seq: e.Seq, Time: e.Time, Direction: "received", Size: e.Size, Method: e.Method,
			ID: e.ID, Summary: e.Summary, Truncated: e.Truncated}
		if e.Dir == transport.Sent {
			line.Direction = "sent"
		}
		if json.Valid(e.JSON) {
			var compact bytes.Buffer
			if err := json.Compact(&compact, e.JSON); err == nil {
				line.Message = compact.Bytes()
			}
		} else {
			line.Text = string(e.JSON)
		}
		if err := enc.Encode(line); err != nil {
			return nil, fmt.Errorf("writing message %d: %w", e.Seq, err)
		}
	}
	return out.Bytes(), nil
}

// A wireRow draws one message: time, direction arrow, what it is, size.
type wireRow struct {
	widget.BaseWidget
	entry transport.WireEntry
	// wrap breaks a long description over as many lines as it needs (the
	// list gives the row their height); off, it is cut with "…".
	wrap bool
}

func newWireRow() *wireRow {
	r := &wireRow{}
	r.ExtendBaseWidget(r)
	return r
}

func (r *wireRow) set(e transport.WireEntry) {
	r.entry = e
	r.Refresh()
}

func (r *wireRow) CreateRenderer() fyne.WidgetRenderer {
	rr := &wireRowRenderer{row: r, stamp: monoText(), arrow: monoText(), what: monoText(), size: monoText()}
	rr.size.Alignment = fyne.TextAlignTrailing
	rr.Refresh()
	return rr
}

type wireRowRenderer struct {
	row                      *wireRow
	stamp, arrow, what, size *canvas.Text
	more                     []*canvas.Text // the wrapped lines after the first
	// whatFull is the whole description; what shows as much as fits.
	whatFull string
}

func (r *wireRowRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.stamp, r.arrow, r.what, r.size}
	for _, t := range r.more {
		objs = append(objs, t)
	}
	return objs
}

// wireRowWhat is where a message row's description starts and how wide it
// may be in a row of width w: between the arrow and the size column.
func wireRowWhat(w float32) (x, width float32) {
	mono := fyne.TextStyle{Monospace: true}
	size := theme.TextSize()
	x = 4 + fyne.MeasureText("15:04:05.000", size, mono).Width + wireRowGap + fyne.MeasureText("→", size, mono).Width + wireRowGap
	sizeW := fyne.MeasureText("1000.0 KB", size, mono).Width
	return x, max(0, w-sizeW-4-wireRowGap-x)
}

const wireRowGap = 8

// wireRowLines is how many lines e's row needs at width when wrapped.
func wireRowLines(e *transport.WireEntry, width float32) int {
	_, w := wireRowWhat(width)
	return widgets.WrappedLines(widgets.DisplayLine(view.WireWhat(e)), int(w/widgets.CharWidth()))
}

func (r *wireRowRenderer) Destroy() {}

func (r *wireRowRenderer) MinSize() fyne.Size { return r.stamp.MinSize() }

func (r *wireRowRenderer) Layout(size fyne.Size) {
	h := r.stamp.MinSize().Height
	y := (size.Height - h) / 2
	if r.row.wrap {
		y = 0 // the first line on top, the rest below it
	}
	x, whatW := wireRowWhat(size.Width)
	r.stamp.Move(fyne.NewPos(4, y))
	r.stamp.Resize(r.stamp.MinSize())
	r.arrow.Move(fyne.NewPos(4+r.stamp.MinSize().Width+wireRowGap, y))
	r.arrow.Resize(r.arrow.MinSize())
	sizeW := fyne.MeasureText("1000.0 KB", r.size.TextSize, r.size.TextStyle).Width
	r.size.Move(fyne.NewPos(size.Width-sizeW-4, y))
	r.size.Resize(fyne.NewSize(sizeW, h))
	r.what.Resize(fyne.NewSize(whatW, h))
	if !r.row.wrap {
		r.more = nil
		// canvas.Text does not clip: cut a long description (an HTTP step's
		// URL) so that it never runs under the size column.
		widgets.SetMonoText(r.what, fitText(r.whatFull, whatW, r.what.TextSize, r.what.TextStyle), fyne.NewPos(x, y))
		return
	}
	lines := widgets.WrapChars(r.whatFull, int(whatW/widgets.CharWidth()))
	widgets.SetMonoText(r.what, lines[0], fyne.NewPos(x, y))
	for len(r.more) < len(lines)-1 {
		r.more = append(r.more, monoText())
	}
	r.more = r.more[:len(lines)-1]
	for i, t := range r.more {
		t.Color = r.what.Color
		widgets.SetMonoText(t, lines[i+1], fyne.NewPos(x, float32(i+1)*h))
		t.Resize(fyne.NewSize(whatW, h))
	}
}

// fitText cuts s, with an ellipsis, to what fits in width.
func fitText(s string, width, textSize float32, style fyne.TextStyle) string {
	if width <= 0 || fyne.MeasureText(s, textSize, style).Width <= width {
		return s
	}
	runes := []rune(s)
	lo, hi := 0, len(runes)
	for lo < hi { // the longest prefix that fits with "…"
		mid := (lo + hi + 1) / 2
		if fyne.MeasureText(string(runes[:mid])+"…", textSize, style).Width <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(runes[:lo]) + "…"
}

func (r *wireRowRenderer) Refresh() {
	e := &r.row.entry
	col := func(n fyne.ThemeColorName) color.Color { return widgets.ThemeColor(r.row, n) }
	r.stamp.Text = ""
	if !e.Time.IsZero() {
		r.stamp.Text = e.Time.Format("15:04:05.000")
	}
	r.stamp.Color = col(theme.ColorNamePlaceHolder)
	r.arrow.Text = e.Dir.String()
	r.arrow.Color = col(theme.ColorNamePrimary)
	if e.Dir == transport.Received {
		r.arrow.Color = col(theme.ColorNameSuccess)
	}
	r.whatFull = widgets.DisplayLine(view.WireWhat(e))
	r.what.Color = col(theme.ColorNameForeground)
	if strings.HasPrefix(e.Summary, "error") {
		r.what.Color = col(theme.ColorNameError)
	}
	r.size.Text = view.Size(e.Size)
	r.size.Color = col(theme.ColorNamePlaceHolder)
	r.Layout(r.row.Size())
	for _, o := range r.Objects() {
		o.Refresh()
	}
}
