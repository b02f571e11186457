package toolform

import (
	"encoding/json"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/apps"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// The badges in the order they are shown.
var (
	// badgeApp marks a tool whose _meta names an MCP App view (a ui:// page).
	badgeApp         = widgets.Badge{Label: "App", Color: theme.ColorNameHyperlink, Key: true}
	badgeReadOnly    = widgets.Badge{Label: "read-only", Color: theme.ColorNameSuccess, Key: true}
	badgeDestructive = widgets.Badge{Label: "destructive", Color: theme.ColorNameError, Key: true}
	badgeIdempotent  = widgets.Badge{Label: "idempotent", Color: theme.ColorNamePrimary, Key: true}
	badgeOpenWorld   = widgets.Badge{Label: "open-world", Color: theme.ColorNameWarning, Key: true}
	allBadges        = [...]widgets.Badge{badgeApp, badgeReadOnly, badgeDestructive, badgeIdempotent, badgeOpenWorld}
)

// toolBadges lists the hints the tool states explicitly; defaults the spec
// assumes are not shown, so a badge always means the server said so.
func toolBadges(t *sdk.Tool) []widgets.Badge {
	var out []widgets.Badge
	if apps.ResourceURI(t.Meta) != "" { // an MCP App view
		out = append(out, badgeApp)
	}
	a := t.Annotations
	if a == nil {
		return out
	}
	if a.ReadOnlyHint {
		out = append(out, badgeReadOnly)
	}
	if view.IsDestructive(t) {
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

// newBadgeRow makes a row with room for every badge; showBadges fills it.
func newBadgeRow() *fyne.Container {
	row := container.NewHBox()
	for _, b := range allBadges {
		o := widgets.NewBadge(b)
		o.Hide()
		row.Add(container.NewCenter(o))
	}
	return row
}

func showBadges(row *fyne.Container, bs []widgets.Badge) {
	for i, o := range row.Objects {
		slot := o.(*fyne.Container)
		if i < len(bs) {
			b := slot.Objects[0].(*fyne.Container)
			widgets.SetBadge(b, bs[i])
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
	ranked   view.RankedTool
	haystack string
	subtitle string
	badges   []widgets.Badge
}

func indexTools(tools []*sdk.Tool) []toolEntry {
	out := make([]toolEntry, len(tools))
	for i, t := range tools {
		out[i] = toolEntry{
			tool:     t,
			ranked:   view.RankedTool{Name: t.Name, Title: view.ToolTitle(t), Description: t.Description},
			haystack: view.Haystack(t.Name, view.ToolTitle(t), t.Description),
			subtitle: view.ToolSubtitle(t),
			badges:   toolBadges(t),
		}
	}
	return out
}

// filterTools appends to out the indexes of the entries that contain every
// word of query (any case) in their name, title or description, best fit
// first (view.RankTools: names that start with it, then names containing
// it, then the rest).
func filterTools(entries []toolEntry, query string, out []int) []int {
	start := len(out)
	out = view.NewFilter(query).Indexes(len(entries), func(i int) string { return entries[i].haystack }, out)
	view.RankTools(query, out[start:], func(i int) view.RankedTool { return entries[i].ranked })
	return out
}

// A ToolList is the selected server's tools with a filter box; a virtualised
// widget.List, so a server with thousands of tools costs only the visible rows.
type ToolList struct {
	entries  []toolEntry
	shown    []int
	server   string
	selected string // tool name

	Filter *widget.Entry
	count  *widget.Label
	list   *widget.List
	Root   fyne.CanvasObject

	onSelect  func(*sdk.Tool)
	selecting bool
	// onChosen, if set, is called after Enter in the filter chose a tool
	// (the window puts the keyboard in its form).
	onChosen func()
	quality  map[string]widgets.Badge // tool name → quality badge (ui/quality gives them)
}

func newToolList(onSelect func(*sdk.Tool)) *ToolList {
	l := &ToolList{onSelect: onSelect}
	l.Filter = widgets.NewFilterEntry(lang.L("Filter tools (Ctrl+F)"), func(view.Filter) { l.refilter() })
	l.Filter.OnSubmitted = func(string) {
		if len(l.shown) > 0 {
			l.SelectRow(0) // the best fit: the rows are ranked (filterTools)
			if l.onChosen != nil {
				l.onChosen()
			}
		}
	}
	l.count = widget.NewLabel("")
	l.count.SizeName = theme.SizeNameCaptionText
	l.list = widget.NewList(
		func() int { return len(l.shown) },
		func() fyne.CanvasObject { return newToolRowObject() },
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(l.shown) {
				e := &l.entries[l.shown[id]]
				updateToolRowObject(o, e)
				showQualityBadge(o, l.quality[e.tool.Name])
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
	heading := widget.NewLabelWithStyle(lang.L("Tools"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	top := container.NewVBox(container.NewBorder(nil, nil, heading, l.count), l.Filter)
	l.Root = widgets.NewBorder(top, nil, nil, nil, l.list)
	return l
}

// SetTools shows server's tools, keeping the selection when the same server's
// list is refreshed. It returns the selected tool as it is in the new list
// (nil when none is selected or it is gone).
func (l *ToolList) SetTools(server string, tools []*sdk.Tool) *sdk.Tool {
	if server != l.server {
		l.server = server
		l.selected = ""
		l.selecting = true
		l.Filter.SetText("")
		l.selecting = false
	}
	l.entries = indexTools(tools)
	l.refilter()
	return l.selectedTool()
}

// Server is the server whose tools the list shows.
func (l *ToolList) Server() string { return l.server }

// Len is how many tools the server has.
func (l *ToolList) Len() int { return len(l.entries) }

// Names are the server's tools' names, in its order.
func (l *ToolList) Names() []string {
	names := make([]string, len(l.entries))
	for i := range l.entries {
		names[i] = l.entries[i].tool.Name
	}
	return names
}

// Shown is how many tools the filter lets through.
func (l *ToolList) Shown() int { return len(l.shown) }

func (l *ToolList) selectedTool() *sdk.Tool {
	for i := range l.entries {
		if l.entries[i].tool.Name == l.selected {
			return l.entries[i].tool
		}
	}
	return nil
}

func (l *ToolList) refilter() {
	l.shown = filterTools(l.entries, l.Filter.Text, l.shown[:0])
	l.count.SetText(view.CountOf(len(l.shown), len(l.entries), "tool", "tools"))
	l.list.Refresh()
	l.syncSelection()
}

// syncSelection marks the selected tool's row, wherever filtering moved it.
func (l *ToolList) syncSelection() {
	l.selecting = true
	defer func() { l.selecting = false }()
	for i, idx := range l.shown {
		if l.entries[idx].tool.Name == l.selected {
			l.SelectRow(i)
			return
		}
	}
	l.list.UnselectAll()
}

// SelectRow selects the shown row i. For the first row it also scrolls to
// the top: Select scrolls by estimated row heights before the rows are
// measured (at start-up the list has no height yet), which left the first
// tool's name cut off at the top.
func (l *ToolList) SelectRow(i int) {
	l.list.Select(i)
	if i == 0 {
		l.list.ScrollToTop()
	}
}

// SelectName selects the named tool as if the person had tapped it.
func (l *ToolList) SelectName(name string) bool {
	for i, idx := range l.shown {
		if l.entries[idx].tool.Name == name {
			l.SelectRow(i)
			return true
		}
	}
	return false
}

// newToolRowObject is one row: the name (with the quality badge at its
// right, see showQualityBadge), then the subtitle with the badges at its
// right (the name is what people scan for, so it gets the rest of the width).
func newToolRowObject() fyne.CanvasObject {
	name := widget.NewLabelWithStyle(lang.L("tool_name"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	sub := widget.NewLabel(lang.L("subtitle"))
	sub.Truncation = fyne.TextTruncateEllipsis
	sub.SizeName = theme.SizeNameCaptionText
	first := container.NewBorder(nil, nil, nil, newQualitySlot(), name)
	second := container.NewBorder(nil, nil, nil, newBadgeRow(), sub)
	return container.New(&widgets.TightVBox{}, first, second)
}

func updateToolRowObject(o fyne.CanvasObject, e *toolEntry) {
	box := o.(*fyne.Container)
	widgets.SetLabel(box.Objects[0].(*fyne.Container).Objects[0].(*widget.Label), e.tool.Name)
	second := box.Objects[1].(*fyne.Container)
	widgets.SetLabel(second.Objects[0].(*widget.Label), e.subtitle)
	showBadges(second.Objects[1].(*fyne.Container), e.badges)
}

// A Header introduces the selected tool above its form: title and
// badges, the name agents use (with a copy button) and the description,
// two lines of it until the person asks for More (it opens in place and
// scrolls with the form).
type Header struct {
	app       fyne.App
	win       fyne.Window
	fullDesc  string
	MoreBtn   *widgets.Button
	Title     *widget.Label
	agentName *widget.Label
	copyBtn   *widgets.Button
	Badges    *fyne.Container
	desc      *widgets.WrapText
	Root      *fyne.Container
	copies    int // bumps on each copy so an older "Copied" reset does not undo a newer one
	// rawTool returns the tool as the server sent it (see rawtool.go); nil: the SDK's reading.
	rawTool func(server, tool string) json.RawMessage
	server  string
	tool    *sdk.Tool
	// relayout lays the form out again when the description's height changes.
	relayout func()
}

// descLines is how many lines of the description show before More.
const descLines = 2

func newToolHeader(a fyne.App, win fyne.Window) *Header {
	h := &Header{app: a, win: win}
	h.Title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	h.Title.SizeName = theme.SizeNameSubHeadingText
	h.Title.Truncation = fyne.TextTruncateEllipsis
	h.agentName = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	h.agentName.Selectable = true
	h.agentName.Truncation = fyne.TextTruncateEllipsis
	h.copyBtn = widgets.NewButton(lang.L("Copy"), theme.ContentCopyIcon(), h.copyAgentName)
	h.copyBtn.Importance = widget.LowImportance
	rawBtn := widgets.NewButton(lang.L("Raw"), nil, func() {
		var raw json.RawMessage
		if h.rawTool != nil && h.tool != nil {
			raw = h.rawTool(h.server, h.tool.Name)
		}
		showRawTool(h.win, h.Title.Text, view.RawToolText(raw, h.tool))
	})

	rawBtn.Importance = widget.LowImportance
	h.Badges = newBadgeRow()
	h.desc = widgets.NewWrapText("", descLines)
	h.MoreBtn = widgets.NewButton(lang.L("More"), nil, h.toggleDescription)
	h.MoreBtn.Importance = widget.LowImportance
	h.MoreBtn.Hide()
	h.desc.OnCut = func(bool) { h.syncMore() }
	h.desc.OnHeight = func() {
		if h.relayout != nil {
			h.relayout()
		}
	}
	titleRow := container.NewBorder(nil, nil, nil, h.Badges, h.Title)
	nameRow := container.NewBorder(nil, nil, nil, container.NewHBox(h.copyBtn, rawBtn), h.agentName)
	h.Root = container.NewVBox(titleRow, nameRow, h.desc)
	h.Root.Hide()
	return h
}

// syncMore shows More when lines are cut, Less when the whole description
// is open, nothing when it fits.
func (h *Header) syncMore() {
	switch {
	case h.desc.MaxLines == 0:
		h.MoreBtn.SetText(lang.L("Less"))
		h.MoreBtn.Show()
	case h.desc.Cut():
		h.MoreBtn.SetText(lang.L("More"))
		h.MoreBtn.Show()
	default:
		h.MoreBtn.Hide()
	}
}

// toggleDescription opens or closes the whole description in place.
func (h *Header) toggleDescription() {
	if h.desc.MaxLines == 0 {
		h.desc.SetMaxLines(descLines)
	} else {
		h.desc.SetMaxLines(0)
	}
	h.syncMore()
	if h.relayout != nil {
		h.relayout()
	}
}

// Show shows tool t of server (nil: hides the header).
func (h *Header) Show(server string, t *sdk.Tool) {
	if t == nil {
		h.Root.Hide()
		return
	}
	h.server, h.tool = server, t
	h.Title.SetText(view.ToolTitle(t))
	h.agentName.SetText(view.AgentToolName(server, t.Name))
	h.copyBtn.SetText(lang.L("Copy"))
	showBadges(h.Badges, toolBadges(t))
	h.fullDesc = strings.TrimSpace(t.Description)
	h.desc.MaxLines = descLines
	h.desc.SetText(h.fullDesc)
	if h.fullDesc == "" {
		h.desc.Hide()
	} else {
		h.desc.Show()
	}
	h.syncMore()
	h.Root.Show()
}

// copyAgentName puts mcp__server__tool on the clipboard, for permission rules.
func (h *Header) copyAgentName() {
	h.app.Clipboard().SetContent(h.agentName.Text)
	h.copies++
	n := h.copies
	h.copyBtn.SetText(lang.L("Copied"))
	time.AfterFunc(2*time.Second, func() {
		fyne.Do(func() {
			if h.copies == n {
				h.copyBtn.SetText(lang.L("Copy"))
			}
		})
	})
}

// newQualitySlot is the place of a tool row's quality badge, at the right
// of the name's line: hidden, it takes no room; shown, the name is cut
// short before it rather than run under it.
func newQualitySlot() fyne.CanvasObject {
	slot := container.NewCenter(widgets.NewBadge(widgets.Badge{Label: "", Color: theme.ColorNamePlaceHolder}))
	slot.Hide()
	return slot
}

// showQualityBadge fills the quality badge of a row made by
// newToolRowObject (b without a label: none).
func showQualityBadge(row fyne.CanvasObject, b widgets.Badge) {
	first := row.(*fyne.Container).Objects[0].(*fyne.Container)
	slot := first.Objects[1].(*fyne.Container)
	if b.Label == "" {
		if slot.Visible() {
			slot.Hide()
			first.Refresh()
		}
		return
	}
	widgets.SetBadge(slot.Objects[0].(*fyne.Container), b)
	if !slot.Visible() {
		slot.Show()
		first.Refresh()
	}
}

// SetQuality shows each tool's quality badge, as the quality report gives them.
func (l *ToolList) SetQuality(badges map[string]widgets.Badge) {
	l.quality = badges
	l.list.Refresh()
}
