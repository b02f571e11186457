package live

import (
	"encoding/json"
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/tap"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A Timeline is one session's rows in the messages panel's list (search,
// follow, wrap: widgets.LogList) with the selected row's JSON below it and
// what can be done with a tools/call.
type Timeline struct {
	deps Deps
	*widgets.LogList[entry]
	src *rowSource
	sum tap.Summary

	Title      *widget.Label
	Kinds      *widget.Select
	SaveChecks *widgets.Button

	current    *tap.Row
	DetailHead *widget.Label
	Detail     *widgets.TextLines
	Copy       *widgets.Button
	OpenTools  *widgets.Button
	SaveCheck  *widgets.Button
	root       fyne.CanvasObject
}

// What the kind filter offers.
var kindChoices = []struct {
	label string
	keep  func(r *tap.Row) bool
}{
	{"Everything", nil},
	{"Tool calls", func(r *tap.Row) bool { return r.Method == "tools/call" }},
	{"Errors", func(r *tap.Row) bool { return r.IsError || r.Kind == tap.RowInvalid }},
	{"The server's questions", func(r *tap.Row) bool { return r.ServerAsked }},
	{"stderr", func(r *tap.Row) bool { return r.Kind == tap.RowStderr }},
}

func newTimeline(deps Deps) *Timeline {
	t := &Timeline{deps: deps}
	var labels []string
	for _, k := range kindChoices {
		labels = append(labels, lang.L(k.label))
	}
	t.Kinds = widget.NewSelect(labels, nil)
	t.Kinds.SetSelectedIndex(0)
	t.LogList = widgets.NewLogList(widgets.LogSpec[entry]{
		Seq: func(e *entry) uint64 { return e.seq },
		Match: func(e *entry, q string) bool {
			return widgets.ContainsFold(RowWords(e.Row), q) || widgets.ContainsFold(e.Haystack(), q)
		},
		Filter:   func(e *entry) bool { return t.keep(&e.Row) },
		FilterOn: func() bool { return t.Kinds.SelectedIndex() > 0 },
		NewRow:   newRow,
		SetRow:   func(o fyne.CanvasObject, e *entry, _ bool) { o.(*row).set(&e.Row) },
		Lines:    func(*entry, float32) int { return 1 },
		Text:     func(e *entry) string { return RowArrow(e.Row) + " " + RowWords(e.Row) },
		Count: func(st widgets.LogState) string {
			if st.Filtered {
				return lang.L("{{.Shown}} of {{.Kept}}", map[string]any{"Shown": view.Thousands(st.Shown), "Kept": view.Thousands(st.Kept)})
			}
			return lang.N("{{.Count}} messages", st.Shown, map[string]any{"Count": view.Thousands(st.Shown)})
		},
		Empty: func(st widgets.LogState) string {
			switch {
			case !st.Source:
				return lang.L("Select a session to see what the host and the server said.")
			case st.Filtered:
				return lang.L("No messages match “{{.Query}}”.", map[string]any{"Query": st.Query})
			}
			return lang.L("No messages yet.")
		},
		TipHint: lang.L("Click the message to see its JSON below, with Copy."),
		OnSelect: func(e *entry) {
			if e == nil {
				t.show(nil)
			} else {
				t.show(&t.Rows()[e.seq])
			}
		},
		Tools: []fyne.CanvasObject{t.Kinds},
	})
	t.Kinds.OnChanged = func(string) { t.Refilter() }
	t.ClearB.Hide() // a recording is not cleared
	t.SaveB.Hide()
	t.Title = widgets.Heading("")
	t.SaveChecks = widgets.NewButton(lang.L("Save as checks…"), theme.ConfirmIcon(), t.saveChecks)
	t.SaveChecks.Disable()
	t.DetailHead = widget.NewLabel("")
	t.DetailHead.Wrapping = fyne.TextWrapWord
	t.Detail = widgets.NewTextLines()
	t.Copy = widgets.NewButton(lang.L("Copy"), theme.ContentCopyIcon(), func() {
		if t.current != nil {
			fyne.CurrentApp().Clipboard().SetContent(view.PrettyJSON([]byte(t.current.Text)))
		}
	})
	t.OpenTools = widgets.NewButton(lang.L("Open in Tools with these arguments"), theme.MediaPlayIcon(), t.openInTools)
	t.SaveCheck = widgets.NewButton(lang.L("Save as check"), theme.ConfirmIcon(), t.saveCheck)
	t.Detail.Extra = []fyne.CanvasObject{t.Copy}
	actions := container.NewHBox(t.OpenTools, t.SaveCheck)
	detail := container.NewBorder(container.NewVBox(t.DetailHead, actions), nil, nil, nil, t.Detail.WithBar(true))
	split := container.NewVSplit(t.LogList.Widget(), detail)
	split.Offset = 0.6
	t.root = container.NewBorder(container.NewBorder(nil, nil, nil, t.SaveChecks, t.Title), nil, nil, nil, split)
	t.show(nil)
	return t
}

func (t *Timeline) keep(r *tap.Row) bool {
	i := t.Kinds.SelectedIndex()
	if i <= 0 || i >= len(kindChoices) {
		return true
	}
	return kindChoices[i].keep(r)
}

// Open shows the session recorded in dir from its first row.
func (t *Timeline) Open(dir string) error {
	t.close()
	tl, err := tap.Open(dir)
	if err != nil {
		t.SetSource(nil)
		return err
	}
	t.src = &rowSource{tl: tl}
	t.summary(tl.Summary)
	t.SetSource(t.src)
	return nil
}

// summary redraws the title from what the session's folder says now.
func (t *Timeline) summary(s tap.Summary) {
	t.sum = s
	t.Title.SetText(SessionTitle(s) + " · " + StateWord(s))
	if len(t.calls()) > 0 {
		t.SaveChecks.Enable()
	} else {
		t.SaveChecks.Disable()
	}
}

// Pull reads what the recording added and shows it.
func (t *Timeline) Pull() {
	if t.src == nil {
		return
	}
	if n, _ := t.src.tl.Refresh(); n > 0 || t.src.sent < len(t.src.tl.Rows) {
		t.LogList.Pull()
		t.summary(t.src.tl.Summary)
	}
}

func (t *Timeline) close() {
	if t.src != nil {
		t.src.tl.Close()
		t.src = nil
	}
}

// Rows is the open session's rows (nil when none is open).
func (t *Timeline) Rows() []tap.Row {
	if t.src == nil {
		return nil
	}
	return t.src.tl.Rows
}

// show puts r's JSON in the detail and offers what can be done with it.
func (t *Timeline) show(r *tap.Row) {
	t.current = r
	t.OpenTools.Hide()
	t.SaveCheck.Hide()
	if r == nil {
		t.DetailHead.SetText(lang.L("Select a message to see its JSON."))
		t.Detail.SetText("")
		t.Detail.Note.SetText("")
		t.Copy.Disable()
		return
	}
	t.Copy.Enable()
	head := RowArrow(*r) + " " + RowWords(*r) + " · " + r.Time.Local().Format("15:04:05.000")
	if r.Method != "" {
		head += " · " + r.Method
	}
	if r.ID != "" {
		head += " · id " + r.ID
	}
	if r.Cut {
		head += " · " + lang.L("only the first {{.Kept}} of {{.Size}} was kept", map[string]any{"Kept": view.Size(len(r.Text)), "Size": view.Size(r.Size)})
	}
	t.DetailHead.SetText(head)
	if json.Valid([]byte(r.Text)) {
		t.Detail.SetText(view.PrettyJSON([]byte(r.Text)))
	} else {
		t.Detail.SetText(r.Text)
	}
	if _, _, ok := t.callOf(r); ok {
		t.OpenTools.Show()
		if t.answerOf(r) != nil {
			t.SaveCheck.Show()
		}
	}
}

// callOf is the tools/call a row is or answers.
func (t *Timeline) callOf(r *tap.Row) (string, json.RawMessage, bool) {
	if r.Kind != tap.RowRequest && r.Pair >= 0 && r.Pair < len(t.Rows()) {
		r = &t.Rows()[r.Pair]
	}
	return r.ToolCall()
}

// answerOf is the answer of the call r is or answers.
func (t *Timeline) answerOf(r *tap.Row) *tap.Row {
	rows := t.Rows()
	if r.Kind == tap.RowAnswer || r.Kind == tap.RowError {
		return r
	}
	if r.Pair >= 0 && r.Pair < len(rows) {
		return &rows[r.Pair]
	}
	return nil
}

func (t *Timeline) openInTools() {
	if t.current == nil || t.deps.OpenInTools == nil {
		return
	}
	if name, args, ok := t.callOf(t.current); ok {
		t.deps.OpenInTools(t.sum, name, args)
	}
}

func (t *Timeline) saveCheck() {
	if t.current == nil || t.deps.SaveCheck == nil {
		return
	}
	r, err := t.recorded(t.current)
	if err != nil {
		widgets.ShowError(err, t.deps.Win)
		return
	}
	t.deps.SaveCheck(t.sum, r)
}

// recorded is the call r is or answers, with its answer, as the core's CallResult.
func (t *Timeline) recorded(r *tap.Row) (*mcp.CallResult, error) {
	name, args, ok := t.callOf(r)
	a := t.answerOf(r)
	if !ok || a == nil {
		return nil, fmt.Errorf("%s", lang.L("This call has no answer in the recording."))
	}
	return mcp.RecordedCall(t.sum.ServerName(), name, args, []byte(a.Text), a.Time.Add(-a.Latency), a.Latency)
}

// calls are the session's tools/call requests that got an answer.
func (t *Timeline) calls() []*mcp.CallResult {
	var out []*mcp.CallResult
	rows := t.Rows()
	for i := range rows {
		if _, _, ok := rows[i].ToolCall(); !ok || rows[i].Pair < 0 {
			continue
		}
		if r, err := t.recorded(&rows[i]); err == nil {
			out = append(out, r)
		}
	}
	return out
}

// An entry is a row as the list holds it: seq is its index in the
// timeline's rows.
type entry struct {
	tap.Row
	seq uint64
}

// A rowSource is the open recording as the list's log: a row's sequence
// number is its index in the timeline, which only grows.
type rowSource struct {
	tl   *tap.Timeline
	sent int // rows the list has been told of
}

func (s *rowSource) At(seq uint64) (entry, bool) {
	if seq >= uint64(len(s.tl.Rows)) {
		return entry{}, false
	}
	return entry{s.tl.Rows[seq], seq}, true
}

func (s *rowSource) Span() (first, next uint64) {
	s.sent = len(s.tl.Rows)
	return 0, uint64(s.sent)
}

func (s *rowSource) Dropped() uint64 { return 0 }
func (s *rowSource) Clear()          {}

// A row draws one timeline row: time, direction, plain words.
type row struct {
	widget.BaseWidget
	stamp, arrow, what *canvas.Text
}

func newRow() fyne.CanvasObject {
	r := &row{stamp: mono(), arrow: mono(), what: mono()}
	r.ExtendBaseWidget(r)
	return r
}

func mono() *canvas.Text {
	t := canvas.NewText("", theme.Color(theme.ColorNameForeground))
	t.TextStyle.Monospace = true
	return t
}

func (r *row) set(e *tap.Row) {
	col := func(n fyne.ThemeColorName) color.Color { return widgets.ThemeColor(r, n) }
	r.stamp.Text = e.Time.Local().Format("15:04:05.000")
	r.stamp.Color = col(theme.ColorNamePlaceHolder)
	r.arrow.Text = RowArrow(*e)
	r.arrow.Color = col(theme.ColorNamePrimary)
	if e.From == tap.FromServer {
		r.arrow.Color = col(theme.ColorNameSuccess)
	}
	r.what.Text = widgets.DisplayLine(RowWords(*e))
	switch {
	case e.IsError || e.Kind == tap.RowInvalid:
		r.what.Color = col(theme.ColorNameError)
	case e.Kind == tap.RowStderr || e.Kind == tap.RowNote:
		r.what.Color = col(theme.ColorNamePlaceHolder)
	case e.ServerAsked:
		r.what.Color = col(theme.ColorNameWarning)
	default:
		r.what.Color = col(theme.ColorNameForeground)
	}
	r.Refresh()
}

func (r *row) CreateRenderer() fyne.WidgetRenderer {
	return &rowRenderer{r}
}

type rowRenderer struct{ r *row }

func (rr *rowRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{rr.r.stamp, rr.r.arrow, rr.r.what}
}
func (rr *rowRenderer) Destroy() {}
func (rr *rowRenderer) MinSize() fyne.Size {
	return fyne.NewSize(100, rr.r.stamp.MinSize().Height)
}
func (rr *rowRenderer) Layout(size fyne.Size) {
	r := rr.r
	h := r.stamp.MinSize().Height
	y := (size.Height - h) / 2
	x := float32(4)
	for _, t := range []*canvas.Text{r.stamp, r.arrow} {
		t.Move(fyne.NewPos(x, y))
		t.Resize(t.MinSize())
		x += fyne.MeasureText("15:04:05.000", t.TextSize, t.TextStyle).Width*boolf(t == r.stamp) + fyne.MeasureText("→", t.TextSize, t.TextStyle).Width*boolf(t != r.stamp) + 8
	}
	r.what.Move(fyne.NewPos(x, y))
	r.what.Resize(fyne.NewSize(max(0, size.Width-x-4), h))
}
func (rr *rowRenderer) Refresh() {
	rr.Layout(rr.r.Size())
	for _, o := range rr.Objects() {
		o.Refresh()
	}
}

func boolf(b bool) float32 {
	if b {
		return 1
	}
	return 0
}
