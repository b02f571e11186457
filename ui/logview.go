package ui

import (
	"image/color"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
)

// maxViewEntries bounds what a log or wire view keeps, like the core's own
// logs; the view trims in batches of a quarter so appending stays cheap.
const maxViewEntries = 100_000

// A logView is the "stderr" tab: one server's log, live, in a virtualised list.
type logView struct {
	win  fyne.Window
	log  *transport.ServerLog
	name string

	next    uint64               // the log's sequence number to read from next
	entries []transport.LogEntry // what the view keeps, oldest first
	shown   []int                // indices into entries that match query and minLevel; nil when nothing filters
	query   string
	// minLevel hides notifications/message lines below this rank (see
	// levelRank); 0 shows every level. Other lines are never hidden by it.
	minLevel int
	// following scrolls to the newest line whenever lines arrive, unless a
	// line is selected (pinned): the person is reading it.
	following bool
	pinned    bool
	// wrap shows long lines whole, over several lines (the Wrap check box).
	wrap    bool
	heights map[widget.ListItemID]float32
	wrapBox *widget.Check

	list     *widget.List
	follow   *widget.Button
	clear    *widget.Button
	save     *widget.Button
	search   *widget.Entry
	level    *widget.Select
	count    *widget.Label
	empty    *widget.Label
	selected *widget.Label // the selected line in full
	detail   *fyne.Container
	root     fyne.CanvasObject
}

func newLogView(win fyne.Window) *logView {
	v := &logView{win: win, following: true}
	v.list = widget.NewList(v.length, func() fyne.CanvasObject { return newLogRow() }, v.updateRow)
	v.list.HideSeparators = true
	v.list.OnSelected = v.showSelected
	v.follow = widget.NewButtonWithIcon(lang.L("Pause"), theme.MediaPauseIcon(), func() { v.setFollowing(!v.following) })
	v.clear = widget.NewButtonWithIcon(lang.L("Clear"), theme.ContentClearIcon(), v.clearAll)
	v.save = widget.NewButtonWithIcon(lang.L("Save"), theme.DocumentSaveIcon(), v.saveAll)
	v.search = widget.NewEntry()
	v.search.SetPlaceHolder(lang.L("Search"))
	v.search.OnChanged = v.setQuery
	v.level = widget.NewSelect(levelFilterOptions(), v.setLevelFilter)
	v.level.Selected = v.level.Options[0] // set quietly: the view is not built yet
	v.count = widget.NewLabel("")
	v.count.Importance = widget.LowImportance
	v.empty = widget.NewLabel("")
	v.empty.Importance = widget.LowImportance
	v.empty.Alignment = fyne.TextAlignCenter
	v.empty.Wrapping = fyne.TextWrapWord

	v.selected = widget.NewLabel("")
	v.selected.Wrapping = fyne.TextWrapWord
	v.selected.Selectable = true
	v.selected.TextStyle.Monospace = true
	closeDetail := widget.NewButtonWithIcon("", theme.CancelIcon(), func() { v.list.UnselectAll() })
	closeDetail.Importance = widget.LowImportance
	v.detail = container.NewBorder(widget.NewSeparator(), nil, nil, container.NewVBox(closeDetail), v.selected)
	v.detail.Hide()
	v.list.OnUnselected = func(widget.ListItemID) {
		v.pinned = false
		v.detail.Hide()
	}

	// Two rows: the side panel is narrow, and a search box squeezed beside
	// three buttons has no room to show what was typed.
	v.wrapBox = widget.NewCheck(lang.L("Wrap"), v.setWrap)
	tools := container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(v.follow, v.clear, v.save), v.count),
		container.NewBorder(nil, nil, nil, container.NewHBox(v.level, v.wrapBox), v.search))
	v.root = container.NewBorder(tools, v.detail, nil, nil, container.NewStack(v.list, container.NewPadded(v.empty)))
	v.setLog(nil, "")
	return v
}

func (v *logView) Widget() fyne.CanvasObject { return v.root }

// setLog shows log (nil for none) from its oldest kept line.
func (v *logView) setLog(log *transport.ServerLog, name string) {
	v.log, v.name = log, name
	v.next, v.entries = 0, nil
	v.list.UnselectAll()
	v.filter()
	if log == nil {
		v.save.Disable()
		v.clear.Disable()
	} else {
		v.save.Enable()
		v.clear.Enable()
	}
	v.pull()
	v.changed()
}

// pull reads the log's new lines, keeps them (bounded) and redraws once.
func (v *logView) pull() {
	if v.log == nil {
		return
	}
	fresh, next := v.log.Since(v.next)
	v.next = next
	if len(fresh) == 0 {
		return
	}
	start := len(v.entries)
	v.entries = append(v.entries, fresh...)
	if i := v.droppedByLog(); i > 0 {
		// The log dropped them to stay within its byte budget: so does the view.
		v.entries = append([]transport.LogEntry(nil), v.entries[i:]...)
		v.list.UnselectAll()
		v.filter()
	} else if len(v.entries) > maxViewEntries+maxViewEntries/4 {
		// Copy into a new slice so the dropped lines' memory goes too.
		v.entries = append([]transport.LogEntry(nil), v.entries[len(v.entries)-maxViewEntries:]...)
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

// droppedByLog is how many of the oldest kept entries the log itself no
// longer holds, once that is a quarter of them or more (trimming in batches
// keeps appending cheap); else 0.
func (v *logView) droppedByLog() int {
	return droppedBefore(len(v.entries), func(i int) uint64 { return v.entries[i].Seq }, v.log.NextSeq()-uint64(v.log.Len()))
}

// droppedBefore is how many of n entries (sequence numbers seq(i), oldest
// first) come before first, once that is a quarter of them or more; else 0.
func droppedBefore(n int, seq func(int) uint64, first uint64) int {
	i := sort.Search(n, func(i int) bool { return seq(i) >= first })
	if n == 0 || i < n/4 {
		return 0
	}
	return i
}

// droppedNote says how many older lines the bounded log let go.
func droppedNote(n uint64) string {
	if n == 0 {
		return ""
	}
	return " · " + i18n.L("{{.N}} older dropped", map[string]any{"N": thousands(int(n))})
}

// changed redraws the list and the count, and follows the newest line.
func (v *logView) changed() {
	n := v.length()
	switch {
	case v.log == nil:
		v.count.SetText("")
	case v.shown != nil:
		v.count.SetText(i18n.L("{{.Shown}} of {{.Total}}", map[string]any{"Shown": thousands(n), "Total": thousands(len(v.entries))}))
	default:
		v.count.SetText(i18n.N("{{.N}} lines", n, map[string]any{"N": thousands(n)}) + droppedNote(v.log.Dropped()))
	}
	switch {
	case n > 0:
		v.empty.Hide()
	case v.log == nil:
		v.showEmpty(i18n.L("Select a server to see what it prints."))
	case v.shown != nil && v.query == "":
		v.showEmpty(i18n.L("No lines at level {{.Level}}.", map[string]any{"Level": v.level.Selected}))
	case v.shown != nil:
		v.showEmpty(i18n.L("No lines match “{{.Query}}”.", map[string]any{"Query": v.search.Text}))
	default:
		v.showEmpty(i18n.L("Nothing printed yet. The server's stderr, stdout noise and log messages appear here."))
	}
	v.list.Refresh()
	if v.following && !v.pinned && n > 0 {
		scrollListToBottom(v.list)
	}
}

func (v *logView) showEmpty(s string) {
	v.empty.SetText(s)
	v.empty.Show()
}

func (v *logView) length() int {
	if v.shown != nil {
		return len(v.shown)
	}
	return len(v.entries)
}

func (v *logView) entry(id widget.ListItemID) *transport.LogEntry {
	if v.shown != nil {
		return &v.entries[v.shown[id]]
	}
	return &v.entries[id]
}

func (v *logView) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id >= v.length() {
		return
	}
	row := o.(*logRow)
	row.wrap = v.wrap
	e := v.entry(id)
	if v.wrap {
		v.fitRow(id, e)
	}
	row.set(*e)
}

// fitRow gives row id the height its wrapped text needs at the list's width.
func (v *logView) fitRow(id widget.ListItemID, e *transport.LogEntry) {
	lineH := fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{Monospace: true}).Height
	// The text starts after the time stamp and tag: about 13 and a few characters.
	prefix := 14 + len(e.Level) + len(e.Logger)
	if e.Kind == transport.LogStdoutNoise || e.Kind == transport.LogInfo {
		prefix += 7
	}
	width := v.list.Size().Width - theme.Padding()*2 - 12
	perLine := int(width/charWidth()) - prefix
	n := len(wrapChars(displayLine(e.Text), perLine))
	h := float32(n) * lineH
	if v.heights == nil {
		v.heights = map[widget.ListItemID]float32{}
	}
	if v.heights[id] != h {
		v.heights[id] = h
		v.list.SetItemHeight(id, h)
	}
}

// setWrap turns wrapping of long lines on or off.
func (v *logView) setWrap(on bool) {
	v.wrap = on
	v.resetHeights()
	v.list.Refresh()
}

// resetHeights puts every row the wrap made taller back to one line: the
// rows' numbers change when the filter does.
func (v *logView) resetHeights() {
	if len(v.heights) == 0 {
		return
	}
	one := newLogRow().MinSize().Height
	for id := range v.heights {
		v.list.SetItemHeight(id, one)
	}
	v.heights = nil
}

func (v *logView) showSelected(id widget.ListItemID) {
	if id >= v.length() {
		return
	}
	v.selected.SetText(v.entry(id).String())
	v.detail.Show()
	v.pinned = true
}

// setFollowing turns following the newest line on (scrolling there now) or off.
func (v *logView) setFollowing(on bool) {
	v.following = on
	if on {
		v.follow.SetText(lang.L("Pause"))
		v.follow.SetIcon(theme.MediaPauseIcon())
		v.follow.Importance = widget.MediumImportance
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

func (v *logView) setQuery(q string) {
	v.query = strings.ToLower(strings.TrimSpace(q))
	v.list.UnselectAll()
	v.filter()
	v.changed()
}

// levelFilterOptions are the level filter's choices: everything, then each
// level of logging/setLevel "and above".
func levelFilterOptions() []string {
	out := []string{lang.L("all levels")}
	levels := mcp.LogLevels()
	for i, l := range levels[1:] {
		if i == len(levels)-2 {
			out = append(out, l)
			break
		}
		out = append(out, l+"+")
	}
	return out
}

// setLevelFilter hides log messages below the chosen level.
func (v *logView) setLevelFilter(string) {
	v.minLevel = max(v.level.SelectedIndex(), 0)
	v.list.UnselectAll()
	v.filter()
	v.changed()
}

// levelRank orders notifications/message levels as mcp.LogLevels does
// (debug is 0). A level outside the spec's list ranks as "error": an odd
// level is more likely a server's own word for trouble than for chatter,
// and it then stays visible under most filters.
func levelRank(level string) int {
	level = strings.ToLower(level)
	switch level {
	case "warn":
		level = "warning"
	case "fatal":
		level = "critical"
	}
	for i, l := range mcp.LogLevels() {
		if l == level {
			return i
		}
	}
	return 4
}

// filter rebuilds shown from query and minLevel.
func (v *logView) filter() {
	v.resetHeights()
	if v.query == "" && v.minLevel == 0 {
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

func (v *logView) matches(e *transport.LogEntry) bool {
	if v.minLevel > 0 && e.Kind == transport.LogMessage && levelRank(e.Level) < v.minLevel {
		return false
	}
	return containsFold(e.Text, v.query) || containsFold(e.Level, v.query) ||
		containsFold(e.Logger, v.query) || (e.Kind == transport.LogStdoutNoise && containsFold("stdout", v.query))
}

// clearAll forgets every line, in the view and in the server's log.
func (v *logView) clearAll() {
	if v.log != nil {
		v.log.Clear()
	}
	v.entries = nil
	v.list.UnselectAll()
	v.filter()
	v.changed()
}

// saveAll writes every line the server's log keeps, one per line.
func (v *logView) saveAll() {
	log := v.log
	if log == nil {
		return
	}
	name := "server"
	if v.name != "" {
		name = safeFileName(v.name)
	}
	saveFileDialog(v.win, lang.L("Save server log"), name+"-stderr.log", fileFilter{Desc: "Log files", Exts: []string{"log", "txt"}}, func(path string) {
		saveInBackground(v.win, path, func() ([]byte, error) { return logFileBytes(log), nil })
	})
}

// logFileBytes is every kept line of log as text, one entry per line.
func logFileBytes(log *transport.ServerLog) []byte {
	entries, _ := log.Since(0)
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// scrollListToBottom scrolls l to its last row. List.ScrollToBottom needs
// the list's renderer, which MinSize makes.
func scrollListToBottom(l *widget.List) {
	l.MinSize()
	l.ScrollToBottom()
}

// containsFold reports whether s contains lowerSub (already lower case),
// ignoring case, without allocating: search runs over 100,000 lines per keystroke.
func containsFold(s, lowerSub string) bool {
	n := len(lowerSub)
	if n == 0 {
		return true
	}
	first := lowerSub[0]
	upper := first
	if 'a' <= first && first <= 'z' {
		upper = first - 'a' + 'A'
	}
	ascii := first < 0x80
	for i := 0; i+n <= len(s); i++ {
		if ascii && s[i] != first && s[i] != upper {
			continue
		}
		if strings.EqualFold(s[i:i+n], lowerSub) {
			return true
		}
	}
	return false
}

// A logRow draws one log entry: time, a coloured tag for where the line came
// from, and the text. Call start and end markers are drawn as a tinted band
// with a rule above (start) or below (end), so the lines a call caused sit
// visibly between them.
type logRow struct {
	widget.BaseWidget
	entry transport.LogEntry
	// wrap breaks a long text over as many lines as it needs (the list
	// gives the row their height); off, the line is cut at the edge.
	wrap bool
}

// charWidth is the width of one monospace character at the text size.
func charWidth() float32 {
	return fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{Monospace: true}).Width
}

// wrapChars cuts s into pieces of at most n characters (n < 1: one piece).
func wrapChars(s string, n int) []string {
	if n < 1 {
		return []string{s}
	}
	var out []string
	r := []rune(s)
	for len(r) > n {
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return append(out, string(r))
}

func newLogRow() *logRow {
	r := &logRow{}
	r.ExtendBaseWidget(r)
	return r
}

func (r *logRow) set(e transport.LogEntry) {
	r.entry = e
	r.Refresh()
}

func (r *logRow) CreateRenderer() fyne.WidgetRenderer {
	rr := &logRowRenderer{
		row:   r,
		bg:    canvas.NewRectangle(color.Transparent),
		rule:  canvas.NewLine(color.Transparent),
		stamp: monoText(),
		tag:   monoText(),
		text:  monoText(),
	}
	rr.rule.StrokeWidth = 1
	rr.Refresh()
	return rr
}

func monoText() *canvas.Text {
	t := canvas.NewText("", color.Black)
	t.TextStyle.Monospace = true
	return t
}

type logRowRenderer struct {
	row              *logRow
	bg               *canvas.Rectangle
	rule             *canvas.Line
	stamp, tag, text *canvas.Text
	more             []*canvas.Text // the wrapped lines after the first
	ruleTop          bool
}

func (r *logRowRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.bg, r.rule, r.stamp, r.tag, r.text}
	for _, t := range r.more {
		objs = append(objs, t)
	}
	return objs
}

func (r *logRowRenderer) Destroy() {}

func (r *logRowRenderer) MinSize() fyne.Size {
	return fyne.NewSize(r.stamp.MinSize().Width, r.stamp.MinSize().Height)
}

func (r *logRowRenderer) Layout(size fyne.Size) {
	const gap = 8
	r.bg.Resize(size)
	h := r.stamp.MinSize().Height
	y := (size.Height - h) / 2
	x := float32(4)
	r.stamp.Move(fyne.NewPos(x, y))
	r.stamp.Resize(r.stamp.MinSize())
	x += r.stamp.MinSize().Width + gap
	if r.tag.Text != "" {
		r.tag.Move(fyne.NewPos(x, y))
		r.tag.Resize(r.tag.MinSize())
		x += r.tag.MinSize().Width + gap
	}
	if r.row.wrap {
		y = 0
		lines := wrapChars(displayLine(r.row.entry.Text), int((size.Width-x)/charWidth()))
		r.text.Text = lines[0]
		for len(r.more) < len(lines)-1 {
			r.more = append(r.more, monoText())
		}
		r.more = r.more[:len(lines)-1]
		for i, t := range r.more {
			t.Text, t.Color = lines[i+1], r.text.Color
			t.Move(fyne.NewPos(x, float32(i+1)*h))
			t.Resize(fyne.NewSize(max(0, size.Width-x), h))
		}
	} else {
		r.more = nil
	}
	r.text.Move(fyne.NewPos(x, y))
	r.text.Resize(fyne.NewSize(max(0, size.Width-x), h))
	lineY := float32(0)
	if !r.ruleTop {
		lineY = size.Height
	}
	r.rule.Position1 = fyne.NewPos(0, lineY)
	r.rule.Position2 = fyne.NewPos(size.Width, lineY)
}

func (r *logRowRenderer) Refresh() {
	e := &r.row.entry
	col := func(n fyne.ThemeColorName) color.Color { return themeColor(r.row, n) }
	fg := col(theme.ColorNameForeground)
	r.stamp.Text = ""
	if !e.Time.IsZero() {
		r.stamp.Text = e.Time.Format("15:04:05.000")
	}
	r.stamp.Color = col(theme.ColorNamePlaceHolder)
	// Only plain monospace: themes need not have bold or italic monospace faces.
	r.tag.Text = ""
	r.text.Text = displayLine(e.Text)
	r.text.Color = fg
	r.bg.FillColor = color.Transparent
	r.rule.StrokeColor = color.Transparent

	switch e.Kind {
	case transport.LogStdoutNoise:
		warn := col(theme.ColorNameWarning)
		r.tag.Text, r.tag.Color = lang.L("stdout"), warn
		r.text.Color = warn
		r.bg.FillColor = withAlpha(warn, 0x18)
	case transport.LogMessage:
		r.tag.Text, r.tag.Color = e.Level, col(levelColor(e.Level))
		if e.Logger != "" {
			r.tag.Text += " " + e.Logger
		}
	case transport.LogInfo:
		r.tag.Text, r.tag.Color = lang.L("app"), col(theme.ColorNamePlaceHolder)
		r.text.Color = col(theme.ColorNamePlaceHolder)
	case transport.LogCallStart, transport.LogCallEnd:
		primary := col(theme.ColorNamePrimary)
		r.text.Color = primary
		r.bg.FillColor = withAlpha(primary, 0x22)
		r.rule.StrokeColor = primary
		r.ruleTop = e.Kind == transport.LogCallStart
	}
	r.Layout(r.row.Size())
	for _, o := range r.Objects() {
		o.Refresh()
	}
}

// levelColor colours a notifications/message level (RFC 5424 names).
func levelColor(level string) fyne.ThemeColorName {
	switch strings.ToLower(level) {
	case "debug":
		return theme.ColorNamePlaceHolder
	case "info", "notice":
		return theme.ColorNamePrimary
	case "warning", "warn":
		return theme.ColorNameWarning
	case "error", "critical", "alert", "emergency":
		return theme.ColorNameError
	}
	return theme.ColorNameForeground
}
