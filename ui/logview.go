package ui

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// maxViewEntries bounds what a log or wire view keeps (see widgets.LogList).
const maxViewEntries = widgets.MaxLogEntries

// Preference keys remembering the panels' Wrap check boxes.
const (
	prefWrapStderr   = "panel.stderr.wrap"
	prefWrapMessages = "panel.messages.wrap"
)

// A logView is the "stderr" tab: one server's log, live, in a widgets.LogList.
type logView struct {
	*widgets.LogList[transport.LogEntry]
	win  fyne.Window
	log  *transport.ServerLog
	name string
	// minLevel hides notifications/message lines below this rank (see
	// levelRank); 0 shows every level. Other lines are never hidden by it.
	minLevel int
	level    *widget.Select
}

func newLogView(win fyne.Window) *logView {
	v := &logView{win: win}
	v.level = widget.NewSelect(levelFilterOptions(), v.setLevelFilter)
	v.level.Selected = v.level.Options[0] // set quietly: the view is not built yet
	v.LogList = widgets.NewLogList(widgets.LogSpec[transport.LogEntry]{
		Seq:   func(e *transport.LogEntry) uint64 { return e.Seq },
		Match: logMatches,
		Filter: func(e *transport.LogEntry) bool {
			return e.Kind != transport.LogMessage || levelRank(e.Level) >= v.minLevel
		},
		FilterOn: func() bool { return v.minLevel > 0 },
		NewRow:   func() fyne.CanvasObject { return newLogRow() },
		SetRow: func(o fyne.CanvasObject, e *transport.LogEntry, wrap bool) {
			r := o.(*logRow)
			r.wrap = wrap
			r.set(*e)
		},
		Lines:   logRowLines,
		Text:    logEntryLine,
		Count:   logCount,
		Empty:   func(st widgets.LogState) string { return logEmpty(st, v.level.Selected) },
		WrapKey: prefWrapStderr,
		TipHint: lang.L("Click the line to keep it below, with Copy."),
		Strip:   true,
		Save:    v.saveAll,
		Tools:   []fyne.CanvasObject{v.level},
	})
	return v
}

// setLog shows log (nil for none) from its oldest kept line.
func (v *logView) setLog(log *transport.ServerLog, name string) {
	v.log, v.name = log, name
	if log == nil {
		v.SetSource(nil) // not a typed nil in the interface
		return
	}
	v.SetSource(log)
}

// logCount is the stderr tab's count: lines, and how many older ones the
// bounded log let go.
func logCount(st widgets.LogState) string {
	switch {
	case st.Filtered:
		return lang.L("{{.Shown}} of {{.Kept}}", map[string]any{"Shown": view.Thousands(st.Shown), "Kept": view.Thousands(st.Kept)})
	case st.Dropped > 0:
		return lang.N("{{.Count}} lines · {{.Dropped}} older dropped", st.Shown,
			map[string]any{"Count": view.Thousands(st.Shown), "Dropped": view.Thousands(int(st.Dropped))})
	}
	return lang.N("{{.Count}} lines", st.Shown, map[string]any{"Count": view.Thousands(st.Shown)})
}

// logEmpty says why the stderr tab shows no line.
func logEmpty(st widgets.LogState, level string) string {
	switch {
	case !st.Source:
		return lang.L("Select a server to see what it prints.")
	case st.Filtered && strings.TrimSpace(st.Query) == "":
		return lang.L("No lines at level {{.Level}}.", map[string]any{"Level": level})
	case st.Filtered:
		return lang.L("No lines match “{{.Query}}”.", map[string]any{"Query": st.Query})
	}
	return lang.L("Nothing printed yet. The server's stderr, stdout noise and log messages appear here.")
}

// logRowLines is how many lines e's row needs at width when wrapped.
func logRowLines(e *transport.LogEntry, width float32) int {
	x := logRowTextX(e)
	return widgets.WrappedLines(widgets.DisplayLine(logLineText(e)), int((width-x-rowScrollbar)/widgets.CharWidth()))
}

// rowScrollbar keeps a row's text clear of the list's scroll bar.
const rowScrollbar = 12

// logRowGap is the room between a row's columns.
const logRowGap = 8

// logRowTextX is where a row's text starts: after the time stamp and the tag.
func logRowTextX(e *transport.LogEntry) float32 {
	mono := fyne.TextStyle{Monospace: true}
	x := 4 + fyne.MeasureText("15:04:05.000", theme.TextSize(), mono).Width + logRowGap
	if tag := logTag(e); tag != "" {
		x += fyne.MeasureText(tag, theme.TextSize(), mono).Width + logRowGap
	}
	return x
}

// logTag is the coloured word before a line's text: where it came from.
func logTag(e *transport.LogEntry) string {
	switch e.Kind {
	case transport.LogStdoutNoise:
		return lang.L("stdout")
	case transport.LogMessage:
		if e.Logger != "" {
			return e.Level + " " + e.Logger
		}
		return e.Level
	case transport.LogInfo:
		return lang.L("app")
	}
	return ""
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
	if v.LogList != nil {
		v.Refilter()
	}
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

// logMatches reports whether a line matches the search (lowerQuery): its
// text, level, logger, or "stdout" for stdout noise.
func logMatches(e *transport.LogEntry, lowerQuery string) bool {
	return widgets.ContainsFold(e.Text, lowerQuery) || widgets.ContainsFold(e.Level, lowerQuery) ||
		widgets.ContainsFold(e.Logger, lowerQuery) || (e.Kind == transport.LogStdoutNoise && widgets.ContainsFold("stdout", lowerQuery))
}

// saveAll writes every line the server's log keeps, one per line.
func (v *logView) saveAll() {
	log := v.log
	if log == nil {
		return
	}
	name := "server"
	if v.name != "" {
		name = view.SafeFileName(v.name)
	}
	saveFileDialog(v.win, lang.L("Save server log"), name+"-stderr.log", fileFilter{Desc: "Log files", Exts: []string{"log", "txt"}}, func(path string) {
		widgets.SaveInBackground(v.win, path, func() ([]byte, error) { return logFileBytes(log), nil })
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
	// line is the entry's text as one line; text shows it (its first
	// wrapped piece when the row wraps).
	line string
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
	const gap = logRowGap
	r.bg.Resize(size)
	h := r.stamp.MinSize().Height
	y := (size.Height - h) / 2
	if r.row.wrap {
		y = 0 // the time and tag beside the first line
	}
	x := float32(4)
	r.stamp.Move(fyne.NewPos(x, y))
	r.stamp.Resize(r.stamp.MinSize())
	x += r.stamp.MinSize().Width + gap
	if tag := widgets.MonoText(r.tag); tag != "" {
		size := fyne.MeasureText(tag, r.tag.TextSize, r.tag.TextStyle)
		widgets.SetMonoText(r.tag, tag, fyne.NewPos(x, y)) // "应用" in Chinese
		r.tag.Resize(size)
		x += size.Width + gap
	}
	first := r.line
	if r.row.wrap {
		y = 0
		lines := widgets.WrapChars(r.line, int((size.Width-x-rowScrollbar)/widgets.CharWidth()))
		first = lines[0]
		for len(r.more) < len(lines)-1 {
			r.more = append(r.more, monoText())
		}
		r.more = r.more[:len(lines)-1]
		for i, t := range r.more {
			t.Color = r.text.Color
			widgets.SetMonoText(t, lines[i+1], fyne.NewPos(x, float32(i+1)*h))
			t.Resize(fyne.NewSize(max(0, size.Width-x), h))
		}
	} else {
		r.more = nil
	}
	widgets.SetMonoText(r.text, first, fyne.NewPos(x, y))
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
	col := func(n fyne.ThemeColorName) color.Color { return widgets.ThemeColor(r.row, n) }
	fg := col(theme.ColorNameForeground)
	r.stamp.Text = ""
	if !e.Time.IsZero() {
		r.stamp.Text = e.Time.Format("15:04:05.000")
	}
	r.stamp.Color = col(theme.ColorNamePlaceHolder)
	// Only plain monospace: themes need not have bold or italic monospace faces.
	r.tag.Text = ""
	r.line = widgets.DisplayLine(logLineText(e))
	r.text.Color = fg
	r.bg.FillColor = color.Transparent
	r.rule.StrokeColor = color.Transparent

	switch e.Kind {
	case transport.LogStdoutNoise:
		warn := col(theme.ColorNameWarning)
		r.tag.Text, r.tag.Color = logTag(e), warn
		r.text.Color = warn
		r.bg.FillColor = widgets.WithAlpha(warn, 0x18)
	case transport.LogMessage:
		r.tag.Text, r.tag.Color = logTag(e), col(levelColor(e.Level))
	case transport.LogInfo:
		r.tag.Text, r.tag.Color = logTag(e), col(theme.ColorNamePlaceHolder)
		r.text.Color = col(theme.ColorNamePlaceHolder)
	case transport.LogCallStart, transport.LogCallEnd:
		primary := col(theme.ColorNamePrimary)
		r.text.Color = primary
		r.bg.FillColor = widgets.WithAlpha(primary, 0x22)
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
