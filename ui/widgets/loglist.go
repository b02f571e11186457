package widgets

import (
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// MaxLogEntries is how many entries the core's logs keep at most, and so
// how many a LogList shows.
const MaxLogEntries = 100_000

// A LogSource is a bounded, append-only log read by sequence number: the
// server's stderr log and its wire log. A LogList keeps none of its entries:
// it reads the few a row shows where the log keeps them.
type LogSource[E any] interface {
	// At returns the entry with sequence number seq, if the log still keeps it.
	At(seq uint64) (E, bool)
	// Span is the sequence numbers the log keeps: first to next, next excluded.
	Span() (first, next uint64)
	// Dropped is how many older entries it let go to stay within its bounds.
	Dropped() uint64
	// Clear forgets every entry.
	Clear()
}

// LogState is what a LogList's count and empty-list words are made from.
type LogState struct {
	Source   bool   // a log is on show
	Shown    int    // entries that pass the search and the filter
	Kept     int    // entries the log keeps
	Filtered bool   // a search or a filter is on (Shown counts only what matches)
	Query    string // the search as typed
	Dropped  uint64 // older entries the log let go
}

// A LogSpec says what a LogList's entries are and how a row draws one.
type LogSpec[E any] struct {
	// Seq is the entry's sequence number in its source.
	Seq func(e *E) uint64
	// Match reports whether e matches the search (lowerQuery is lower case
	// and not empty).
	Match func(e *E, lowerQuery string) bool
	// Filter, if set, hides the entries for which it is false while
	// FilterOn reports true; call Refilter when either changes.
	Filter   func(e *E) bool
	FilterOn func() bool
	// NewRow makes a row; SetRow shows e in it, wrapped over several lines
	// or cut at the edge.
	NewRow func() fyne.CanvasObject
	SetRow func(row fyne.CanvasObject, e *E, wrap bool)
	// Lines is how many lines e's row needs at width when wrapped; more
	// than one means the row is cut when not.
	Lines func(e *E, width float32) int
	// Text is e as one line of text, whole: what pointing at a cut row
	// shows, the strip shows and Copy copies.
	Text func(e *E) string
	// Count and Empty are the words for the count beside the buttons and
	// for a list with nothing to show.
	Count func(LogState) string
	Empty func(LogState) string
	// WrapKey is the preference that remembers the Wrap check box ("": not remembered).
	WrapKey string
	// TipHint is the small line under a pointed-at line shown whole (what
	// clicking it does).
	TipHint string
	// Strip shows the selected entry whole under the list, with Copy.
	Strip bool
	// OnSelect, if set, is told the selected entry (nil when none).
	OnSelect func(e *E)
	// Save writes the log to a file (the Save button).
	Save func()
	// Tools are more controls, placed beside the search box (a level filter).
	Tools []fyne.CanvasObject
}

// A LogList is a live, virtualised list of a log's entries: it follows the
// newest one (Pause stops that), shows what the log keeps, searches and
// filters, wraps long lines on request, shows a cut line whole when pointed
// at and the selected one with Copy. The owner calls Pull once per frame at
// most; each Pull takes in every new entry at once and redraws once.
//
// The list keeps no copy of the log: its rows are the log's sequence
// numbers first to next as they were at the last Pull, and a row reads its
// entry from the log when drawn. A server flooding stderr so costs the
// window the log's own bounded memory, and no garbage per frame.
type LogList[E any] struct {
	spec LogSpec[E]
	src  LogSource[E]

	first, next uint64   // the source's kept sequence numbers at the last Pull, next excluded
	shown       []uint64 // sequence numbers that pass search and filter; nil when nothing filters
	query       string   // lower case
	// filtering: the spec's Filter is on (see filter).
	filtering bool
	// following scrolls to the newest entry whenever entries arrive, unless
	// one is selected (pinned): the person is reading it.
	following bool
	pinned    bool
	current   *E // the selected entry
	selID     widget.ListItemID
	// muted makes the selection handlers ignore a reselection the list
	// makes itself (rows renumbered under the selected one).
	muted   bool
	wrap    bool
	heights map[widget.ListItemID]float32
	oneLine float32

	List    *widget.List
	Follow  *Button
	ClearB  *Button
	SaveB   *Button
	Search  *widget.Entry
	Count   *widget.Label
	Empty   *widget.Label
	WrapBox *widget.Check
	// The strip: the selected entry whole, with Copy and a close button.
	Selected *MonoLines
	Copy     *Button
	Strip    *fyne.Container

	tip *hoverTip
	// TipDelay is how long the pointer rests on a cut row before it shows whole.
	TipDelay time.Duration
	hoverGen int
	rootC    *fyne.Container
	root     fyne.CanvasObject
}

// NewLogList makes an empty list; SetSource gives it a log.
func NewLogList[E any](spec LogSpec[E]) *LogList[E] {
	l := &LogList[E]{spec: spec, following: true, TipDelay: 400 * time.Millisecond}
	if spec.WrapKey != "" {
		l.wrap = fyne.CurrentApp().Preferences().BoolWithFallback(spec.WrapKey, false)
	}
	l.List = widget.NewList(l.Len, l.newItem, l.updateItem)
	l.List.HideSeparators = true
	l.List.OnSelected = l.selected
	l.List.OnUnselected = func(widget.ListItemID) {
		if !l.muted {
			l.showSelected(nil)
		}
	}
	l.Follow = NewButton(lang.L("Pause"), theme.MediaPauseIcon(), func() { l.SetFollowing(!l.following) })
	l.ClearB = NewButton(lang.L("Clear"), theme.ContentClearIcon(), l.ClearAll)
	l.SaveB = NewButton(lang.L("Save"), theme.DocumentSaveIcon(), func() {
		if spec.Save != nil {
			spec.Save()
		}
	})
	l.Search = widget.NewEntry()
	l.Search.SetPlaceHolder(lang.L("Search"))
	l.Search.OnChanged = l.setQuery
	l.Count = widget.NewLabel("")
	l.Count.Importance = widget.LowImportance
	l.Count.SizeName = theme.SizeNameCaptionText
	l.Count.Truncation = fyne.TextTruncateEllipsis
	l.Empty = widget.NewLabel("")
	l.Empty.Importance = widget.LowImportance
	l.Empty.Alignment = fyne.TextAlignCenter
	l.Empty.Wrapping = fyne.TextWrapWord
	l.WrapBox = widget.NewCheck(lang.L("Wrap"), nil)
	l.WrapBox.Checked = l.wrap // quietly: nothing to redraw yet
	l.WrapBox.OnChanged = l.SetWrap

	l.Selected = NewMonoLines()
	l.Copy = NewButton(lang.L("Copy"), theme.ContentCopyIcon(), l.copySelected)
	closeStrip := NewButton("", theme.CancelIcon(), func() { l.List.UnselectAll() })
	closeStrip.Importance = widget.LowImportance
	l.Strip = container.NewBorder(widget.NewSeparator(), nil, nil,
		container.NewVBox(l.Copy, closeStrip), container.NewVScroll(l.Selected))
	l.Strip.Hide()

	l.tip = newHoverTip()
	// Two rows: the side panel is narrow, and a search box squeezed beside
	// three buttons has no room to show what was typed.
	// The count goes under the list: beside three buttons in a narrow
	// panel it was cut off.
	tools := container.NewVBox(
		container.NewHBox(l.Follow, l.ClearB, l.SaveB),
		container.NewBorder(nil, nil, nil, container.NewHBox(append(append([]fyne.CanvasObject{}, spec.Tools...), l.WrapBox)...), l.Search))
	body := container.NewBorder(nil, l.Count, nil, nil, container.NewStack(l.List, container.NewPadded(l.Empty), l.tip.layer))
	l.rootC = container.New(&stripLayout{want: l.stripHeight}, tools, body, l.Strip)
	l.root = l.rootC
	l.SetSource(nil)
	return l
}

// Widget is the list with its buttons, search box and strip.
func (l *LogList[E]) Widget() fyne.CanvasObject { return l.root }

// SetSource shows src (nil for none) from its oldest kept entry.
func (l *LogList[E]) SetSource(src LogSource[E]) {
	l.src = src
	l.first, l.next = 0, 0
	l.List.UnselectAll()
	l.hideTip()
	l.filter()
	if src == nil {
		l.SaveB.Disable()
		l.ClearB.Disable()
	} else {
		l.SaveB.Enable()
		l.ClearB.Enable()
	}
	l.Pull()
	l.changed()
}

// Pull takes in the source's new entries and lets go of those it dropped,
// and redraws once. Rows the log dropped leave the top of the list; the
// rows below keep their place on screen and the selection stays on its
// entry.
func (l *LogList[E]) Pull() {
	if l.src == nil {
		return
	}
	first, next := l.src.Span()
	if first == l.first && next == l.next {
		return
	}
	from := max(l.next, first) // the first entry the list has not seen
	var gone int               // rows that left the top
	if l.shown != nil {
		gone = sort.Search(len(l.shown), func(i int) bool { return l.shown[i] >= first })
		l.shown = l.shown[gone:]
		for seq := from; seq < next; seq++ {
			if e, ok := l.src.At(seq); ok && l.matches(&e) {
				l.shown = append(l.shown, seq)
			}
		}
	} else if first > l.first {
		gone = int(min(first, l.next) - l.first)
	}
	l.first, l.next = first, next
	if gone > 0 {
		l.shifted(gone)
	}
	l.changed()
}

// shifted follows n rows leaving the top: the rows' numbers went down by n,
// so the heights wrapping gave go, the selection moves with its entry (or
// goes with it), and a list that does not follow scrolls up by their
// height so the rows on screen stay where they are.
func (l *LogList[E]) shifted(n int) {
	gap := l.List.Theme().Size(theme.SizeNamePadding) // the list's room between rows
	h := float32(0)
	for id := range n {
		if rh, ok := l.heights[id]; ok {
			h += rh + gap
		} else {
			h += l.oneLine + gap
		}
	}
	l.resetHeights()
	l.hideTip()
	if !l.following || l.pinned {
		l.List.ScrollToOffset(max(l.List.GetScrollOffset()-h, 0))
	}
	if l.current != nil {
		if id := l.selID - n; id >= 0 && id < l.Len() {
			l.muted = true // the same entry: nothing to tell
			l.List.Select(id)
			l.muted = false
			l.selID = id
		} else {
			l.List.UnselectAll()
		}
	}
}

// State is what the count and the empty-list words are made from.
func (l *LogList[E]) State() LogState {
	st := LogState{Source: l.src != nil, Shown: l.Len(), Kept: int(l.next - l.first), Filtered: l.shown != nil, Query: l.Search.Text}
	if l.src != nil {
		st.Dropped = l.src.Dropped()
	}
	return st
}

// changed redraws the list and the count, and follows the newest entry.
func (l *LogList[E]) changed() {
	st := l.State()
	if st.Source {
		l.Count.SetText(l.spec.Count(st))
	} else {
		l.Count.SetText("")
	}
	if st.Shown > 0 {
		l.Empty.Hide()
	} else {
		l.Empty.SetText(l.spec.Empty(st))
		l.Empty.Show()
	}
	l.List.Refresh()
	if l.following && !l.pinned && st.Shown > 0 {
		l.hideTip() // the rows move under the pointer
		if l.wrap {
			l.fitLast()
		}
		scrollListToBottom(l.List)
	}
}

// Refollow scrolls to the newest entry again if the list follows: for a list
// that was not on show (another tab) while entries arrived, whose wrapped
// rows had no width to be measured at.
func (l *LogList[E]) Refollow() {
	if l.following && !l.pinned && l.Len() > 0 {
		if l.wrap {
			l.resetHeights()
			l.fitLast()
		}
		scrollListToBottom(l.List)
	}
}

// fitLast gives the last screenful of rows their wrapped heights before the
// list scrolls to the bottom: rows get them only when drawn, and the bottom
// worked out without them is short of the last row.
func (l *LogList[E]) fitLast() {
	room := l.List.Size().Height
	if room <= 0 {
		room = 1500 // a tab not on show yet: about a screen
	}
	for id := l.Len() - 1; id >= 0 && room > 0; id-- {
		l.fitRow(id, l.Entry(id))
		room -= l.heights[id]
	}
}

// scrollListToBottom scrolls list to its last row. List.ScrollToBottom needs
// the list's renderer, which MinSize makes.
func scrollListToBottom(list *widget.List) {
	list.MinSize()
	list.ScrollToBottom()
}

// Len is how many entries show.
func (l *LogList[E]) Len() int {
	if l.shown != nil {
		return len(l.shown)
	}
	return int(l.next - l.first)
}

// Entry is the id-th entry on show, read from the log: a copy. An entry the
// log dropped since the last Pull is an empty one until the next Pull
// takes its row away.
func (l *LogList[E]) Entry(id widget.ListItemID) *E {
	seq := l.first + uint64(id)
	if l.shown != nil {
		seq = l.shown[id]
	}
	var e E
	if l.src != nil {
		e, _ = l.src.At(seq)
	}
	return &e
}

// Wrap reports whether long lines wrap.
func (l *LogList[E]) Wrap() bool { return l.wrap }

// Current is the selected entry, or nil.
func (l *LogList[E]) Current() *E { return l.current }

func (l *LogList[E]) newItem() fyne.CanvasObject {
	it := newLogItem(l.spec.NewRow(), l.hovered)
	if l.oneLine == 0 {
		l.oneLine = it.row.MinSize().Height
	}
	return it
}

func (l *LogList[E]) updateItem(id widget.ListItemID, o fyne.CanvasObject) {
	if id >= l.Len() {
		return
	}
	it := o.(*logItem)
	it.id = id
	e := l.Entry(id)
	if l.wrap {
		l.fitRow(id, e)
	}
	l.spec.SetRow(it.row, e, l.wrap)
}

// fitRow gives row id the height its wrapped text needs at the list's width.
func (l *LogList[E]) fitRow(id widget.ListItemID, e *E) {
	if l.oneLine == 0 {
		l.oneLine = l.spec.NewRow().MinSize().Height
	}
	h := float32(max(l.spec.Lines(e, l.List.Size().Width), 1)) * l.oneLine
	if l.heights == nil {
		l.heights = map[widget.ListItemID]float32{}
	}
	if l.heights[id] != h {
		l.heights[id] = h
		l.List.SetItemHeight(id, h)
	}
}

// Heights are the heights Wrap gave rows, by row (for tests).
func (l *LogList[E]) Heights() map[widget.ListItemID]float32 { return l.heights }

// SetWrap turns wrapping of long lines on or off, and remembers it.
func (l *LogList[E]) SetWrap(on bool) {
	if l.WrapBox.Checked != on {
		l.WrapBox.SetChecked(on) // calls back here
		return
	}
	l.wrap = on
	if l.spec.WrapKey != "" {
		fyne.CurrentApp().Preferences().SetBool(l.spec.WrapKey, on)
	}
	l.hideTip()
	l.resetHeights()
	l.List.Refresh()
}

// resetHeights puts every row the wrap made taller back to one line: the
// rows' numbers change when the filter does.
func (l *LogList[E]) resetHeights() {
	if len(l.heights) == 0 {
		return
	}
	for id := range l.heights {
		l.List.SetItemHeight(id, l.oneLine)
	}
	l.heights = nil
}

func (l *LogList[E]) selected(id widget.ListItemID) {
	if l.muted || id >= l.Len() {
		return
	}
	l.selID = id
	e := *l.Entry(id)
	l.showSelected(&e)
}

// showSelected shows e (nil: none) in the strip and tells the owner.
func (l *LogList[E]) showSelected(e *E) {
	l.current, l.pinned = e, e != nil
	l.hideTip()
	if l.spec.Strip {
		was := l.Strip.Visible()
		if e != nil {
			l.Selected.SetText(stripText(l.spec.Text(e)))
			l.Strip.Show()
		} else {
			l.Strip.Hide()
		}
		if was || e != nil {
			// Showing or hiding it does not lay the panel out again by itself.
			l.rootC.Layout.Layout(l.rootC.Objects, l.rootC.Size())
			l.Strip.Refresh()
		}
	}
	if l.spec.OnSelect != nil {
		l.spec.OnSelect(e)
	}
}

// stripMaxRunes bounds what the strip shows of a line: a label wraps a
// huge text slowly. Copy copies all of it.
const stripMaxRunes = 4000

func stripText(s string) string {
	if len(s) <= stripMaxRunes {
		return s
	}
	n := 0
	for i := range s {
		if n == stripMaxRunes {
			return s[:i] + " …"
		}
		n++
	}
	return s
}

func (l *LogList[E]) copySelected() {
	if l.current != nil {
		fyne.CurrentApp().Clipboard().SetContent(l.spec.Text(l.current))
	}
}

// SetFollowing turns following the newest entry on (scrolling there now,
// and letting go of the selection) or off.
func (l *LogList[E]) SetFollowing(on bool) {
	l.following = on
	if on {
		l.Follow.SetText(lang.L("Pause"))
		l.Follow.SetIcon(theme.MediaPauseIcon())
		l.Follow.Importance = widget.MediumImportance
		l.List.UnselectAll()
		if l.Len() > 0 {
			scrollListToBottom(l.List)
		}
	} else {
		l.Follow.SetText(lang.L("Follow"))
		l.Follow.SetIcon(theme.MediaPlayIcon())
		l.Follow.Importance = widget.HighImportance
	}
	l.Follow.Refresh()
}

// Following reports whether the list follows the newest entry.
func (l *LogList[E]) Following() bool { return l.following }

func (l *LogList[E]) setQuery(q string) {
	l.query = strings.ToLower(strings.TrimSpace(q))
	l.List.UnselectAll()
	l.filter()
	l.changed()
}

// Refilter applies the search and the filter again (the filter changed).
func (l *LogList[E]) Refilter() {
	l.List.UnselectAll()
	l.filter()
	l.changed()
}

// filter rebuilds shown from the search and the filter.
func (l *LogList[E]) filter() {
	l.resetHeights()
	l.hideTip()
	l.filtering = l.spec.Filter != nil && l.spec.FilterOn != nil && l.spec.FilterOn()
	if l.query == "" && !l.filtering {
		l.shown = nil
		return
	}
	l.shown = make([]uint64, 0, 256)
	if l.src == nil {
		return
	}
	for seq := l.first; seq < l.next; seq++ {
		if e, ok := l.src.At(seq); ok && l.matches(&e) {
			l.shown = append(l.shown, seq)
		}
	}
}

func (l *LogList[E]) matches(e *E) bool {
	if l.filtering && !l.spec.Filter(e) {
		return false
	}
	return l.query == "" || l.spec.Match(e, l.query)
}

// ClearAll forgets every entry, in the list and in the source.
func (l *LogList[E]) ClearAll() {
	if l.src != nil {
		l.src.Clear()
		l.first, l.next = l.src.Span()
	}
	l.List.UnselectAll()
	l.filter()
	l.changed()
}

// ContainsFold reports whether s contains lowerSub (already lower case),
// ignoring case, without allocating: search runs over 100,000 lines per keystroke.
func ContainsFold(s, lowerSub string) bool {
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

// stripHeight is the height the strip needs to show the selected entry
// whole at width w: its wrapped lines, at least the buttons' height.
func (l *LogList[E]) stripHeight(w float32) float32 {
	buttons := l.Strip.MinSize().Height
	textW := w - l.Copy.MinSize().Width - theme.Padding() // beside the buttons
	n := len(l.Selected.pieces(textW))
	text := float32(n)*MonoLineHeight() + 2*theme.InnerPadding() + theme.SeparatorThicknessSize()
	return max(buttons, text)
}

// A stripLayout places [tools, body, strip]: the tools on top, the strip
// (when shown) at the bottom with the height it wants, at most 40 % of the
// whole, and the body between.
type stripLayout struct {
	want func(width float32) float32
}

func (s *stripLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	tools, body, strip := objs[0], objs[1], objs[2]
	th := tools.MinSize().Height
	tools.Move(fyne.NewPos(0, 0))
	tools.Resize(fyne.NewSize(size.Width, th))
	sh := float32(0)
	if strip.Visible() {
		sh = min(s.want(size.Width), size.Height*0.4)
		strip.Move(fyne.NewPos(0, size.Height-sh))
		strip.Resize(fyne.NewSize(size.Width, sh))
	}
	body.Move(fyne.NewPos(0, th))
	body.Resize(fyne.NewSize(size.Width, max(size.Height-th-sh, 0)))
}

func (s *stripLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	tools := objs[0].MinSize()
	return fyne.NewSize(max(tools.Width, objs[1].MinSize().Width), tools.Height+objs[1].MinSize().Height)
}

// CharWidth is the width of one monospace character at the text size.
func CharWidth() float32 {
	return fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{Monospace: true}).Width
}

// MonoLineHeight is the height of one line of monospace text.
func MonoLineHeight() float32 {
	return fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{Monospace: true}).Height
}

// WrapChars cuts s into pieces of at most n characters (n < 1: one piece),
// a CJK character counting as two.
func WrapChars(s string, n int) []string {
	if n < 1 {
		return []string{s}
	}
	var out []string
	if !narrowOnly(s) {
		wrapCols(s, n, &out) // CJK characters take two columns
		return out
	}
	r := []rune(s)
	for len(r) > n {
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return append(out, string(r))
}

// WrappedLines is len(WrapChars(s, n)) without making the pieces.
func WrappedLines(s string, n int) int {
	if n < 1 {
		return 1
	}
	if !narrowOnly(s) {
		return wrapCols(s, n, nil)
	}
	return max((utf8.RuneCountInString(s)+n-1)/n, 1)
}
