package ui

import (
	"image/color"
	"regexp"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// toolTitle is the name a person reads: title, then annotations.title, then
// name (the spec's display-name precedence).
func toolTitle(t *sdk.Tool) string {
	switch {
	case t.Title != "":
		return t.Title
	case t.Annotations != nil && t.Annotations.Title != "":
		return t.Annotations.Title
	}
	return t.Name
}

// agentNameUnsafe matches what Claude Code replaces in server and tool names
// when it builds the mcp__server__tool names used in permission rules.
var agentNameUnsafe = regexp.MustCompile(`[^a-zA-Z0-9_-]`)

// agentToolName is the tool's name as agents see it: mcp__<server>__<tool>.
func agentToolName(server, tool string) string {
	return "mcp__" + agentNameUnsafe.ReplaceAllString(server, "_") + "__" + agentNameUnsafe.ReplaceAllString(tool, "_")
}

// isDestructive reports whether the tool says it may destroy things. Only an
// explicit destructiveHint: true counts (the spec's default of true for a tool
// with no annotations would make every call ask), and a read-only tool
// destroys nothing whatever its other hints say.
func isDestructive(t *sdk.Tool) bool {
	a := t.Annotations
	return a != nil && !a.ReadOnlyHint && a.DestructiveHint != nil && *a.DestructiveHint
}

// A badge is one annotation a tool declares, as shown beside its name.
type badge struct {
	label string
	color fyne.ThemeColorName
}

// The badges in the order they are shown.
var (
	badgeReadOnly    = badge{"read-only", theme.ColorNameSuccess}
	badgeDestructive = badge{"destructive", theme.ColorNameError}
	badgeIdempotent  = badge{"idempotent", theme.ColorNamePrimary}
	badgeOpenWorld   = badge{"open-world", theme.ColorNameWarning}
	allBadges        = [...]badge{badgeApp, badgeReadOnly, badgeDestructive, badgeIdempotent, badgeOpenWorld}
)

// toolBadges lists the hints the tool states explicitly; defaults the spec
// assumes are not shown, so a badge always means the server said so.
func toolBadges(t *sdk.Tool) []badge {
	out := appBadges(t) // an MCP App view (apps.go)
	a := t.Annotations
	if a == nil {
		return out
	}
	if a.ReadOnlyHint {
		out = append(out, badgeReadOnly)
	}
	if isDestructive(t) {
		out = append(out, badgeDestructive)
	}
	if a.IdempotentHint && !a.ReadOnlyHint {
		out = append(out, badgeIdempotent)
	}
	if a.OpenWorldHint != nil && *a.OpenWorldHint {
		out = append(out, badgeOpenWorld)
	}
	return out
}

// newBadgeObject draws a badge: small coloured text in a thin rounded frame.
func newBadgeObject(b badge) *fyne.Container {
	c := theme.Color(b.color)
	frame := canvas.NewRectangle(color.Transparent)
	frame.StrokeColor = c
	frame.StrokeWidth = 1
	frame.CornerRadius = 4
	text := canvas.NewText(b.label, c)
	text.TextSize = theme.CaptionTextSize()
	return container.New(&badgeLayout{}, frame, text)
}

func setBadge(o *fyne.Container, b badge) {
	c := theme.Color(b.color)
	frame := o.Objects[0].(*canvas.Rectangle)
	text := o.Objects[1].(*canvas.Text)
	frame.StrokeColor = c
	text.Color = c
	text.Text = b.label
	text.TextSize = theme.CaptionTextSize()
	frame.Refresh()
	text.Refresh()
}

// badgeLayout sizes the frame around the text with a little room.
type badgeLayout struct{}

const badgePadX, badgePadY = 5, 1

func (badgeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	t := objs[1].MinSize()
	return fyne.NewSize(t.Width+2*badgePadX, t.Height+2*badgePadY)
}

func (badgeLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	t := objs[1].MinSize()
	objs[0].Resize(size)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[1].Resize(t)
	objs[1].Move(fyne.NewPos((size.Width-t.Width)/2, (size.Height-t.Height)/2))
}

// newBadgeRow makes a row with room for every badge; showBadges fills it.
func newBadgeRow() *fyne.Container {
	row := container.NewHBox()
	for _, b := range allBadges {
		o := newBadgeObject(b)
		o.Hide()
		row.Add(container.NewCenter(o))
	}
	return row
}

func showBadges(row *fyne.Container, bs []badge) {
	for i, o := range row.Objects {
		slot := o.(*fyne.Container)
		if i < len(bs) {
			b := slot.Objects[0].(*fyne.Container)
			setBadge(b, bs[i])
			b.Show()
			slot.Show()
		} else {
			slot.Hide()
		}
	}
	row.Refresh()
}

// A toolEntry is a tool with the lower-cased text the filter searches, built
// once per tool list so that a keystroke only compares strings.
type toolEntry struct {
	tool     *sdk.Tool
	haystack string
	subtitle string
	badges   []badge
}

func indexTools(tools []*sdk.Tool) []toolEntry {
	out := make([]toolEntry, len(tools))
	for i, t := range tools {
		out[i] = toolEntry{
			tool:     t,
			haystack: strings.ToLower(t.Name + "\n" + toolTitle(t) + "\n" + t.Description),
			subtitle: toolSubtitle(t),
			badges:   toolBadges(t),
		}
	}
	return out
}

// toolSubtitle is the row's second line: the title when it says more than
// the name, else the description's first line.
func toolSubtitle(t *sdk.Tool) string {
	if title := toolTitle(t); title != t.Name {
		return clipRunes(title, maxSubtitleRunes)
	}
	d := strings.TrimSpace(t.Description)
	if i := strings.IndexByte(d, '\n'); i >= 0 {
		d = d[:i]
	}
	return clipRunes(d, maxSubtitleRunes)
}

// maxSubtitleRunes is more than a row can show at any sensible column width.
// The label still ends it with an ellipsis to fit; clipping first matters
// because the label shapes the whole text on every redraw, and a long
// description made each keystroke in the filter miss a frame.
const maxSubtitleRunes = 90

func clipRunes(s string, n int) string {
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos]
		}
		i++
	}
	return s
}

// filterTools appends to out the indexes of the entries that contain every
// word of query (any case) in their name, title or description.
func filterTools(entries []toolEntry, query string, out []int) []int {
	words := strings.Fields(strings.ToLower(query))
next:
	for i, e := range entries {
		for _, w := range words {
			if !strings.Contains(e.haystack, w) {
				continue next
			}
		}
		out = append(out, i)
	}
	return out
}

// A toolList is the selected server's tools with a filter box; a virtualised
// widget.List, so a server with thousands of tools costs only the visible rows.
type toolList struct {
	entries  []toolEntry
	shown    []int
	server   string
	selected string // tool name

	filter *widget.Entry
	count  *widget.Label
	list   *widget.List
	root   fyne.CanvasObject

	onSelect  func(*sdk.Tool)
	selecting bool
}

func newToolList(onSelect func(*sdk.Tool)) *toolList {
	l := &toolList{onSelect: onSelect}
	l.filter = widget.NewEntry()
	l.filter.SetPlaceHolder("Filter tools (Ctrl+F)")
	l.filter.ActionItem = widget.NewButtonWithIcon("", theme.ContentClearIcon(), func() { l.filter.SetText("") })
	l.filter.OnChanged = l.applyFilter
	l.filter.OnSubmitted = func(string) {
		if len(l.shown) > 0 {
			l.selectRow(0)
		}
	}
	l.count = widget.NewLabel("")
	l.count.SizeName = theme.SizeNameCaptionText
	l.list = widget.NewList(
		func() int { return len(l.shown) },
		newToolRowObject,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(l.shown) {
				updateToolRowObject(o, &l.entries[l.shown[id]])
			}
		},
	)
	l.list.OnSelected = func(id widget.ListItemID) {
		if l.selecting || id >= len(l.shown) {
			return
		}
		t := l.entries[l.shown[id]].tool
		l.selected = t.Name
		l.onSelect(t)
	}
	heading := widget.NewLabelWithStyle("Tools", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	top := container.NewVBox(container.NewBorder(nil, nil, heading, l.count), l.filter)
	l.root = container.NewBorder(top, nil, nil, nil, l.list)
	return l
}

// setTools shows server's tools, keeping the selection when the same server's
// list is refreshed. It returns the selected tool as it is in the new list
// (nil when none is selected or it is gone).
func (l *toolList) setTools(server string, tools []*sdk.Tool) *sdk.Tool {
	if server != l.server {
		l.server = server
		l.selected = ""
		l.selecting = true
		l.filter.SetText("")
		l.selecting = false
	}
	l.entries = indexTools(tools)
	l.refilter()
	return l.selectedTool()
}

func (l *toolList) selectedTool() *sdk.Tool {
	for i := range l.entries {
		if l.entries[i].tool.Name == l.selected {
			return l.entries[i].tool
		}
	}
	return nil
}

func (l *toolList) applyFilter(string) {
	l.refilter()
}

func (l *toolList) refilter() {
	l.shown = filterTools(l.entries, l.filter.Text, l.shown[:0])
	if len(l.shown) == len(l.entries) {
		l.count.SetText(plural(len(l.entries), "tool", "tools"))
	} else {
		l.count.SetText(plural(len(l.shown), "match", "matches") + " of " + plural(len(l.entries), "tool", "tools"))
	}
	l.list.Refresh()
	l.syncSelection()
}

// syncSelection marks the selected tool's row, wherever filtering moved it.
func (l *toolList) syncSelection() {
	l.selecting = true
	defer func() { l.selecting = false }()
	for i, idx := range l.shown {
		if l.entries[idx].tool.Name == l.selected {
			l.selectRow(i)
			return
		}
	}
	l.list.UnselectAll()
}

// selectRow selects the shown row i. For the first row it also scrolls to
// the top: Select scrolls by estimated row heights before the rows are
// measured (at start-up the list has no height yet), which left the first
// tool's name cut off at the top.
func (l *toolList) selectRow(i int) {
	l.list.Select(i)
	if i == 0 {
		l.list.ScrollToTop()
	}
}

// selectName selects the named tool as if the person had tapped it.
func (l *toolList) selectName(name string) bool {
	for i, idx := range l.shown {
		if l.entries[idx].tool.Name == name {
			l.selectRow(i)
			return true
		}
	}
	return false
}

// newToolRowObject is one row: the name, then the subtitle with the badges
// at its right (the name is what people scan for, so it gets the full width).
func newToolRowObject() fyne.CanvasObject {
	name := widget.NewLabelWithStyle("tool_name", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	sub := widget.NewLabel("subtitle")
	sub.Truncation = fyne.TextTruncateEllipsis
	sub.SizeName = theme.SizeNameCaptionText
	second := container.NewBorder(nil, nil, nil, newBadgeRow(), sub)
	return container.New(&tightVBox{}, name, second)
}

func updateToolRowObject(o fyne.CanvasObject, e *toolEntry) {
	box := o.(*fyne.Container)
	setLabel(box.Objects[0].(*widget.Label), e.tool.Name)
	second := box.Objects[1].(*fyne.Container)
	setLabel(second.Objects[0].(*widget.Label), e.subtitle)
	showBadges(second.Objects[1].(*fyne.Container), e.badges)
}

// setLabel changes a label's text only when it differs: every SetText
// re-shapes the text, the costly part of redrawing a list row.
func setLabel(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}

// A toolHeader introduces the selected tool above its form: title, the name
// agents use (with a copy button), badges and description.
type toolHeader struct {
	app       fyne.App
	win       fyne.Window
	fullDesc  string
	moreBtn   *widget.Button
	more      *fyne.Container // holds moreBtn; hidden whole so it takes no room
	title     *widget.Label
	agentName *widget.Label
	copyBtn   *widget.Button
	badges    *fyne.Container
	desc      *widget.Label
	root      *fyne.Container
	copies    int // bumps on each copy so an older "Copied" reset does not undo a newer one
}

func newToolHeader(a fyne.App, win fyne.Window) *toolHeader {
	h := &toolHeader{app: a, win: win}
	h.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	h.title.SizeName = theme.SizeNameSubHeadingText
	h.title.Wrapping = fyne.TextWrapWord
	h.agentName = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	h.agentName.Selectable = true
	h.agentName.Truncation = fyne.TextTruncateEllipsis
	h.copyBtn = widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), h.copyAgentName)
	h.badges = newBadgeRow()
	h.desc = widget.NewLabel("")
	h.desc.Wrapping = fyne.TextWrapWord
	h.moreBtn = widget.NewButton("More…", h.showFullDescription)
	h.moreBtn.Importance = widget.LowImportance
	nameRow := container.NewBorder(nil, nil, nil, container.NewHBox(h.copyBtn, h.badges), h.agentName)
	h.more = container.NewHBox(h.moreBtn)
	h.more.Hide()
	h.root = container.NewVBox(h.title, nameRow, h.desc, h.more)
	h.root.Hide()
	return h
}

func (h *toolHeader) show(server string, t *sdk.Tool) {
	if t == nil {
		h.root.Hide()
		return
	}
	h.title.SetText(toolTitle(t))
	h.agentName.SetText(agentToolName(server, t.Name))
	h.copyBtn.SetText("Copy")
	showBadges(h.badges, toolBadges(t))
	h.fullDesc = strings.TrimSpace(t.Description)
	// One paragraph: a wrapping label with line breaks in it reports too
	// small a height, and the form below would be drawn over it. More…
	// shows the description with its breaks.
	flat := strings.Join(strings.Fields(h.fullDesc), " ")
	short := clipRunes(flat, maxHeaderDescRunes)
	if short != h.fullDesc {
		short += " …"
		h.more.Show()
	} else {
		h.more.Hide()
	}
	h.desc.SetText(short)
	if short == "" {
		h.desc.Hide()
	} else {
		h.desc.Show()
	}
	h.root.Show()
	// A wrapping label knows its height only once it has its width: lay the
	// header out again on the next frame, or the form is drawn over its last
	// lines until something else moves.
	go fyne.Do(func() {
		h.desc.Refresh()
		h.root.Refresh()
	})
}

// maxHeaderDescRunes keeps a long description from pushing the form out of
// sight; "More…" shows all of it.
const maxHeaderDescRunes = 240

// showFullDescription shows the whole description in a scrollable dialog.
func (h *toolHeader) showFullDescription() {
	text := widget.NewLabel(h.fullDesc)
	text.Wrapping = fyne.TextWrapWord
	text.Selectable = true
	scroll := container.NewVScroll(text)
	scroll.SetMinSize(fyne.NewSize(560, 360))
	dialog.ShowCustom(h.title.Text, "Close", scroll, h.win)
}

// copyAgentName puts mcp__server__tool on the clipboard, for permission rules.
func (h *toolHeader) copyAgentName() {
	h.app.Clipboard().SetContent(h.agentName.Text)
	h.copies++
	n := h.copies
	h.copyBtn.SetText("Copied")
	time.AfterFunc(2*time.Second, func() {
		fyne.Do(func() {
			if h.copies == n {
				h.copyBtn.SetText("Copy")
			}
		})
	})
}
