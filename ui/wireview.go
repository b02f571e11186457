package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"fyne.io/fyne/v2/lang"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/transport"
)

// A wireView is the "messages" tab: one row per JSON-RPC message (or HTTP
// exchange) both ways, and the selected message's JSON below.
type wireView struct {
	win  fyne.Window
	wire *transport.WireLog
	name string

	next      uint64
	entries   []transport.WireEntry
	shown     []int // indices into entries matching query; nil when there is no query
	query     string
	following bool
	current   *transport.WireEntry // the selected message

	list   *widget.List
	follow *widget.Button
	clear  *widget.Button
	save   *widget.Button
	search *widget.Entry
	count  *widget.Label
	empty  *widget.Label

	detail     *textLines
	detailHead *widget.Label
	copyJSON   *widget.Button
	saveOne    *widget.Button
	detailBox  *fyne.Container
	root       fyne.CanvasObject
}

func newWireView(win fyne.Window) *wireView {
	v := &wireView{win: win, following: true}
	v.list = widget.NewList(v.length, func() fyne.CanvasObject { return newWireRow() }, v.updateRow)
	v.list.HideSeparators = true
	v.list.OnSelected = v.selectRow
	v.list.OnUnselected = func(widget.ListItemID) { v.showDetail(nil) }
	v.follow = widget.NewButtonWithIcon(lang.L("Pause"), theme.MediaPauseIcon(), func() { v.setFollowing(!v.following) })
	v.clear = widget.NewButtonWithIcon(lang.L("Clear"), theme.ContentClearIcon(), v.clearAll)
	v.save = widget.NewButtonWithIcon(lang.L("Save"), theme.DocumentSaveIcon(), v.saveAll)
	v.search = widget.NewEntry()
	v.search.SetPlaceHolder(lang.L("Search"))
	v.search.OnChanged = v.setQuery
	v.count = widget.NewLabel("")
	v.count.Importance = widget.LowImportance
	v.empty = widget.NewLabel("")
	v.empty.Importance = widget.LowImportance
	v.empty.Alignment = fyne.TextAlignCenter
	v.empty.Wrapping = fyne.TextWrapWord

	v.detail = newTextLines()
	v.detailHead = widget.NewLabel("")
	v.detailHead.Wrapping = fyne.TextWrapWord
	v.copyJSON = widget.NewButtonWithIcon(lang.L("Copy"), theme.ContentCopyIcon(), v.copyCurrent)
	v.saveOne = widget.NewButtonWithIcon(lang.L("Save"), theme.DocumentSaveIcon(), v.saveCurrent)
	v.detail.extra = []fyne.CanvasObject{v.copyJSON, v.saveOne}
	v.detailBox = container.NewBorder(v.detailHead, nil, nil, nil, v.detail.withBar(true))

	// Two rows: the side panel is narrow, and a search box squeezed beside
	// three buttons has no room to show what was typed.
	tools := container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(v.follow, v.clear, v.save), v.count),
		v.search)
	top := container.NewBorder(tools, nil, nil, nil, container.NewStack(v.list, container.NewPadded(v.empty)))
	split := container.NewVSplit(top, v.detailBox)
	split.Offset = 0.55
	v.root = split
	v.setWire(nil, "")
	return v
}

func (v *wireView) Widget() fyne.CanvasObject { return v.root }

// setWire shows wire (nil for none) from its oldest kept message.
func (v *wireView) setWire(wire *transport.WireLog, name string) {
	v.wire, v.name = wire, name
	v.next, v.entries = 0, nil
	v.list.UnselectAll()
	v.showDetail(nil)
	v.filter()
	if wire == nil {
		v.save.Disable()
		v.clear.Disable()
	} else {
		v.save.Enable()
		v.clear.Enable()
	}
	v.pull()
	v.changed()
}

// pull reads new messages, keeps them (bounded) and redraws once.
func (v *wireView) pull() {
	if v.wire == nil {
		return
	}
	fresh, next := v.wire.Since(v.next)
	v.next = next
	if len(fresh) == 0 {
		return
	}
	start := len(v.entries)
	v.entries = append(v.entries, fresh...)
	if i := droppedBefore(len(v.entries), func(i int) uint64 { return v.entries[i].Seq }, next-uint64(v.wire.Len())); i > 0 {
		// The wire log dropped them to stay within its byte budget: so does the view.
		v.entries = append([]transport.WireEntry(nil), v.entries[i:]...)
		v.list.UnselectAll()
		v.filter()
	} else if len(v.entries) > maxViewEntries+maxViewEntries/4 {
		v.entries = append([]transport.WireEntry(nil), v.entries[len(v.entries)-maxViewEntries:]...)
		v.list.UnselectAll()
		v.filter()
	} else if v.shown != nil {
		for i := start; i < len(v.entries); i++ {
			if v.matches(&v.entries[i]) {
				v.shown = append(v.shown, i)
			}
		}
	}
	v.changed()
}

func (v *wireView) changed() {
	n := v.length()
	switch {
	case v.wire == nil:
		v.count.SetText("")
	case v.shown != nil:
		v.count.SetText(i18n.L("{{.Shown}} of {{.Total}}", map[string]any{"Shown": thousands(n), "Total": thousands(len(v.entries))}))
	default:
		v.count.SetText(i18n.N("{{.N}} messages", n, map[string]any{"N": thousands(n)}))
	}
	switch {
	case n > 0:
		v.empty.Hide()
	case v.wire == nil:
		v.showEmpty(i18n.L("Select a server to see the messages it exchanges."))
	case v.shown != nil:
		v.showEmpty(i18n.L("No messages match “{{.Query}}”.", map[string]any{"Query": v.search.Text}))
	default:
		v.showEmpty(i18n.L("No messages yet."))
	}
	v.list.Refresh()
	if v.following && n > 0 && v.current == nil {
		scrollListToBottom(v.list)
	}
}

func (v *wireView) showEmpty(s string) {
	v.empty.SetText(s)
	v.empty.Show()
}

func (v *wireView) length() int {
	if v.shown != nil {
		return len(v.shown)
	}
	return len(v.entries)
}

func (v *wireView) entry(id widget.ListItemID) *transport.WireEntry {
	if v.shown != nil {
		return &v.entries[v.shown[id]]
	}
	return &v.entries[id]
}

func (v *wireView) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id >= v.length() {
		return
	}
	o.(*wireRow).set(*v.entry(id))
}

func (v *wireView) selectRow(id widget.ListItemID) {
	if id >= v.length() {
		return
	}
	e := *v.entry(id)
	v.showDetail(&e)
}

// showDetail shows e's JSON pretty-printed (a head of it for huge ones), or a hint when e is nil.
func (v *wireView) showDetail(e *transport.WireEntry) {
	v.current = e
	if e == nil {
		v.detailHead.SetText(lang.L("Select a message to see its JSON."))
		v.detail.SetText("")
		v.detail.note.SetText("")
		v.copyJSON.Disable()
		v.saveOne.Disable()
		return
	}
	head := fmt.Sprintf("%s %s · %s · %s", e.Dir, directionWord(e.Dir), e.Time.Format("15:04:05.000"), humanSize(e.Size))
	if e.Truncated {
		head += " · " + i18n.L("only the first {{.Size}} of it was kept", map[string]any{"Size": humanSize(len(e.JSON))})
	}
	v.detailHead.SetText(head)
	v.detail.SetText(prettyMessage(e.JSON))
	v.copyJSON.Enable()
	v.saveOne.Enable()
}

func directionWord(d transport.Direction) string {
	if d == transport.Sent {
		return i18n.L("sent to the server")
	}
	return i18n.L("received from the server")
}

// prettyMessage indents a message's JSON; a cut or non-JSON body is shown as it is.
func prettyMessage(raw []byte) string {
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return string(raw)
	}
	return out.String()
}

func (v *wireView) setFollowing(on bool) {
	v.following = on
	if on {
		v.follow.SetText(lang.L("Pause"))
		v.follow.SetIcon(theme.MediaPauseIcon())
		v.follow.Importance = widget.MediumImportance
		v.list.UnselectAll()
		if v.length() > 0 {
			scrollListToBottom(v.list)
		}
	} else {
		v.follow.SetText(lang.L("Follow"))
		v.follow.SetIcon(theme.MediaPlayIcon())
		v.follow.Importance = widget.HighImportance
	}
	v.follow.Refresh()
}

func (v *wireView) setQuery(q string) {
	v.query = strings.ToLower(strings.TrimSpace(q))
	v.list.UnselectAll()
	v.filter()
	v.changed()
}

func (v *wireView) filter() {
	if v.query == "" {
		v.shown = nil
		return
	}
	v.shown = make([]int, 0, 256)
	for i := range v.entries {
		if v.matches(&v.entries[i]) {
			v.shown = append(v.shown, i)
		}
	}
}

// matches looks at the row's words first, then into the message itself.
func (v *wireView) matches(e *transport.WireEntry) bool {
	return containsFold(e.Summary, v.query) || containsFold(e.Method, v.query) ||
		bytesContainFold(e.JSON, v.query)
}

func bytesContainFold(b []byte, lowerSub string) bool {
	if len(b) > 64<<10 {
		b = b[:64<<10] // a search keystroke must not scan megabytes
	}
	return containsFold(string(b), lowerSub)
}

// clearAll forgets every message, in the view and in the server's wire log.
func (v *wireView) clearAll() {
	if v.wire != nil {
		v.wire.Clear()
	}
	v.entries = nil
	v.list.UnselectAll()
	v.showDetail(nil)
	v.filter()
	v.changed()
}

// saveAll writes every kept message as JSON lines.
func (v *wireView) saveAll() {
	wire := v.wire
	if wire == nil {
		return
	}
	saveFileDialog(v.win, lang.L("Save messages"), v.stem()+"-messages.jsonl", fileFilter{Desc: "JSON lines", Exts: []string{"jsonl", "json"}}, func(path string) {
		saveInBackground(v.win, path, func() ([]byte, error) { return wireFileBytes(wire) })
	})
}

func (v *wireView) copyCurrent() {
	if v.current != nil {
		fyne.CurrentApp().Clipboard().SetContent(prettyMessage(v.current.JSON))
	}
}

func (v *wireView) saveCurrent() {
	e := v.current
	if e == nil {
		return
	}
	name := fmt.Sprintf("%s-message-%d.json", v.stem(), e.Seq)
	saveFileDialog(v.win, lang.L("Save message"), name, jsonFiles, func(path string) {
		saveInBackground(v.win, path, func() ([]byte, error) { return []byte(prettyMessage(e.JSON) + "\n"), nil })
	})
}

func (v *wireView) stem() string {
	if v.name == "" {
		return "server"
	}
	return safeFileName(v.name)
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
	// whatFull is the whole description; what shows as much as fits.
	whatFull string
}

func (r *wireRowRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.stamp, r.arrow, r.what, r.size}
}

func (r *wireRowRenderer) Destroy() {}

func (r *wireRowRenderer) MinSize() fyne.Size { return r.stamp.MinSize() }

func (r *wireRowRenderer) Layout(size fyne.Size) {
	const gap = 8
	h := r.stamp.MinSize().Height
	y := (size.Height - h) / 2
	x := float32(4)
	r.stamp.Move(fyne.NewPos(x, y))
	r.stamp.Resize(r.stamp.MinSize())
	x += r.stamp.MinSize().Width + gap
	r.arrow.Move(fyne.NewPos(x, y))
	r.arrow.Resize(r.arrow.MinSize())
	x += r.arrow.MinSize().Width + gap
	sizeW := fyne.MeasureText("1000.0 KB", r.size.TextSize, r.size.TextStyle).Width
	r.size.Move(fyne.NewPos(size.Width-sizeW-4, y))
	r.size.Resize(fyne.NewSize(sizeW, h))
	r.what.Move(fyne.NewPos(x, y))
	whatW := max(0, size.Width-sizeW-4-gap-x)
	r.what.Resize(fyne.NewSize(whatW, h))
	// canvas.Text does not clip: cut a long description (an HTTP step's URL)
	// so that it never runs under the size column.
	r.what.Text = fitText(r.whatFull, whatW, r.what.TextSize, r.what.TextStyle)
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
	col := func(n fyne.ThemeColorName) color.Color { return themeColor(r.row, n) }
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
	r.whatFull = displayLine(wireWhat(e))
	r.what.Text = r.whatFull
	r.what.Color = col(theme.ColorNameForeground)
	if strings.HasPrefix(e.Summary, "error") {
		r.what.Color = col(theme.ColorNameError)
	}
	r.size.Text = humanSize(e.Size)
	r.size.Color = col(theme.ColorNamePlaceHolder)
	r.Layout(r.row.Size())
	for _, o := range r.Objects() {
		o.Refresh()
	}
}

// wireWhat is the row's description: the core's summary, else method or id.
func wireWhat(e *transport.WireEntry) string {
	switch {
	case e.Summary != "":
		return e.Summary
	case e.Method != "":
		return e.Method
	case e.ID != "":
		return "#" + e.ID
	}
	return "message"
}
