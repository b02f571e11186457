package ui

import (
	"context"
	"errors"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/lintwords"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/lint"
	"mcpbrowser/ui/widgets"
)

// This file is the tool-quality report in the window: a badge per tool in
// the list with its count of findings, and a report window that groups a
// server's findings by rule, each linking to its tool.

// A qualityMark is what a tool's badge shows.
type qualityMark struct {
	count int
	worst lint.Severity
}

// qualityState keeps, per server, the results seen in this window's calls
// (for the output rules) and the surface last linted: the same surface
// `mcpbrowser lint` lints (lint.SurfaceOf: the tools, prompts,
// resources and templates), gathered off the UI goroutine, and gathered
// again when the connection, the tool list or another list changes.
type qualityState struct {
	mu       sync.Mutex
	observed map[string][]lint.Observation // by server; written from the UI goroutine

	// UI goroutine only.
	linted  map[string]*lintedSurface
	pending map[string]surfaceKey // a lint.SurfaceOf under way, by server
	gen     map[string]int        // bumped when a list arrives or changes
	// reportWanted is the server whose report window opens once its
	// surface is in ("" none).
	reportWanted string

	// button opens the report; it says how many findings there are.
	button *widgets.Button
}

// A surfaceKey says which lists a surface was gathered from.
type surfaceKey struct {
	conn  *sdk.InitializeResult // one connection
	first *sdk.Tool             // the tool list (a new list is a new slice)
	tools int
	gen   int
}

// A lintedSurface is a server's surface and its report with the results
// seen so far.
type lintedSurface struct {
	key   surfaceKey
	sf    lint.Surface // without Observed
	obs   int          // results the report was made with; -1: none yet
	rep   lint.Report
	marks map[string]qualityMark
}

func newQualityState(openReport func()) *qualityState {
	q := &qualityState{observed: map[string][]lint.Observation{}, linted: map[string]*lintedSurface{},
		pending: map[string]surfaceKey{}, gen: map[string]int{}}
	q.button = widgets.NewButton(lang.L("Quality report"), theme.InfoIcon(), openReport)
	q.button.Importance = widget.LowImportance
	return q
}

// showCounts puts the report's count on the button, in the words of
// `mcpbrowser lint`'s summary: issues are errors and warnings, notes the
// rest, over everything linted (tools, prompts, resources, the server).
// nil: not linted yet, no count.
func (q *qualityState) showCounts(rep *lint.Report) {
	text := lang.L("Quality report")
	switch {
	case rep == nil:
	case rep.Counts.Error+rep.Counts.Warning > 0:
		text = i18n.N("Quality report: {{.Count}} issues", rep.Counts.Error+rep.Counts.Warning)
	case rep.Counts.Info > 0:
		text = i18n.N("Quality report: {{.Count}} notes", rep.Counts.Info)
	default:
		text = i18n.L("Quality report: no findings")
	}
	if q.button.Text != text {
		q.button.SetText(text)
	}
}

// maxObserved bounds the results kept per server.
const maxObserved = 200

// observe keeps a call's result for the output rules.
func (q *qualityState) observe(r *mcp.CallResult) {
	o, ok := lint.ObservationOf(r)
	if !ok {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	obs := append(q.observed[r.Server], o)
	if len(obs) > maxObserved {
		obs = obs[len(obs)-maxObserved:]
	}
	q.observed[r.Server] = obs
}

func (q *qualityState) observations(server string) []lint.Observation {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]lint.Observation(nil), q.observed[server]...)
}

// listsChanged says a server's prompts or resources arrived or changed:
// its surface is gathered again.
func (q *qualityState) listsChanged(server string) { q.gen[server]++ }

func (q *qualityState) keyOf(s *mcp.Session) surfaceKey {
	tools := s.Tools()
	k := surfaceKey{conn: s.InitializeResult(), tools: len(tools), gen: q.gen[s.Name()]}
	if len(tools) > 0 {
		k.first = tools[0]
	}
	return k
}

// report is the server's report as last linted, brought up to date with
// the results seen since (nil: not linted yet), and whether its surface is
// the current one. When it is not, a lint.SurfaceOf is started with work, and
// done is called with the server's name on the UI goroutine when it is in.
func (q *qualityState) report(s *mcp.Session, work func(func(context.Context)), done func(server string)) (*lintedSurface, bool) {
	name := s.Name()
	key := q.keyOf(s)
	cur := q.linted[name]
	if (cur == nil || cur.key != key) && q.pending[name] != key {
		q.pending[name] = key
		work(func(ctx context.Context) {
			sf := lint.SurfaceOf(ctx, s) // what `mcpbrowser lint` lints
			sf.Observed = q.observations(name)
			rep, err := lint.RunContext(ctx, sf) // off the UI goroutine: thousands of tools take a while
			if err != nil {
				return // the window is closing
			}
			fyne.Do(func() {
				if q.pending[name] == key {
					delete(q.pending, name)
				}
				if c := q.linted[name]; c == nil || c.key != key {
					q.linted[name] = &lintedSurface{key: key, sf: sf, rep: rep, marks: qualityMarks(rep), obs: len(sf.Observed)}
				}
				done(name)
			})
		})
	}
	if cur == nil {
		return nil, false
	}
	if obs := q.observations(name); cur.obs != len(obs) {
		// New results for the output rules: linted again, off the UI
		// goroutine too; the badges keep the last report meanwhile.
		cur.obs = len(obs)
		sf := cur.sf
		sf.Observed = obs
		work(func(ctx context.Context) {
			rep, err := lint.RunContext(ctx, sf)
			if err != nil {
				return
			}
			fyne.Do(func() {
				if q.linted[name] == cur && cur.obs == len(obs) {
					cur.rep, cur.marks = rep, qualityMarks(rep)
					done(name)
				}
			})
		})
	}
	return cur, cur.key == key
}

// qualityMarks counts each tool's findings and their worst severity.
func qualityMarks(rep lint.Report) map[string]qualityMark {
	marks := map[string]qualityMark{}
	for _, f := range rep.Findings {
		if f.Kind != lint.KindTool {
			continue
		}
		m := marks[f.Target]
		m.count++
		if m.worst == "" || severityRank(f.Severity) < severityRank(m.worst) {
			m.worst = f.Severity
		}
		marks[f.Target] = m
	}
	return marks
}

func severityRank(s lint.Severity) int {
	switch s {
	case lint.Error:
		return 0
	case lint.Warning:
		return 1
	}
	return 2
}

func severityColor(s lint.Severity) fyne.ThemeColorName {
	switch s {
	case lint.Error:
		return theme.ColorNameError
	case lint.Warning:
		return theme.ColorNameWarning
	}
	return theme.ColorNamePlaceHolder
}

// badgeText is the badge's words: "2 issues", "1 note".
func (m qualityMark) badgeText() string {
	if m.worst == lint.Info {
		return i18n.N("{{.Count}} notes", m.count)
	}
	return i18n.N("{{.Count}} issues", m.count)
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
// newToolRowObject.
func showQualityBadge(row fyne.CanvasObject, m qualityMark) {
	first := row.(*fyne.Container).Objects[0].(*fyne.Container)
	slot := first.Objects[1].(*fyne.Container)
	if m.count == 0 {
		if slot.Visible() {
			slot.Hide()
			first.Refresh()
		}
		return
	}
	widgets.SetBadge(slot.Objects[0].(*fyne.Container), widgets.Badge{Label: m.badgeText(), Color: severityColor(m.worst)})
	if !slot.Visible() {
		slot.Show()
		first.Refresh()
	}
}

// setQuality shows each tool's badge.
func (l *toolList) setQuality(marks map[string]qualityMark) {
	l.quality = marks
	l.list.Refresh()
}

// updateQuality shows the selected server's quality: each tool's badge and
// the count on the report button, from the surface `mcpbrowser lint`
// lints. Until that is gathered the button says no count.
func (w *MainWindow) updateQuality(s *mcp.Session) {
	if s == nil {
		w.tools.setQuality(nil)
		w.quality.button.Hide()
		return
	}
	w.quality.button.Show()
	// No tool list (it failed: notools.go says why): no counts, not "no findings".
	if s.Status().State != mcp.StateReady || s.ToolsError() != nil {
		w.tools.setQuality(nil)
		w.quality.showCounts(nil)
		return
	}
	l, _ := w.quality.report(s, w.goWork, w.qualityLinted)
	if l == nil {
		w.tools.setQuality(nil)
		w.quality.showCounts(nil)
		return
	}
	w.tools.setQuality(l.marks)
	w.quality.showCounts(&l.rep)
}

// qualityLinted takes a server's newly gathered surface: the badges, and
// the report window if the person asked for it meanwhile.
func (w *MainWindow) qualityLinted(server string) {
	if w.selected == server {
		w.updateQuality(w.manager.Session(server))
	}
	if w.quality.reportWanted == server {
		w.quality.reportWanted = ""
		w.showQualityReport()
	}
}

// qualityListsChanged takes a server's new prompts or resources (listed
// in a tab, or announced by the server) into its quality report.
func (w *MainWindow) qualityListsChanged(server string) {
	w.quality.listsChanged(server)
	if w.selected == server {
		w.updateQuality(w.manager.Session(server))
	}
}

// showQualityReport opens the report window on the selected server's
// surface, the one its badges count (once it is gathered, if it is not yet).
func (w *MainWindow) showQualityReport() {
	s := w.manager.Session(w.selected)
	if s == nil || s.Status().State != mcp.StateReady {
		w.showError(lang.L("Quality report"), errors.New(lang.L("connect to a server first")))
		return
	}
	l, current := w.quality.report(s, w.goWork, w.qualityLinted)
	if !current {
		w.quality.reportWanted = s.Name()
		return
	}
	rep := l.rep
	win := newLintReport(w.app, rep, func(tool string) {
		if w.selected == rep.Server {
			w.SelectTool(tool)
			w.win.RequestFocus()
		}
	})
	win.Show()
}

// newLintReport builds the report window: counts, the findings grouped by
// rule (each rule's why once, each finding a link to its tool), and the cost.
func newLintReport(a fyne.App, rep lint.Report, openTool func(name string)) fyne.Window {
	win := a.NewWindow(i18n.L("Quality of {{.Server}}", map[string]any{"Server": rep.Server}))
	heading := widget.NewLabelWithStyle(lintwords.Summary(rep), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	body := container.NewVBox(heading)
	if len(rep.Findings) == 0 {
		body.Add(widget.NewLabel(lang.L("No rule found anything to say about this server's tools.")))
	}
	for _, g := range rep.ByRule() {
		body.Add(ruleSection(g, openTool))
	}
	body.Add(widget.NewSeparator())
	body.Add(costSection(rep.Cost, openTool))
	win.SetContent(container.NewScroll(container.NewPadded(body)))
	win.Resize(fyne.NewSize(720, 560))
	widgets.CloseOnEsc(win)
	return win
}

func ruleSection(g lint.RuleFindings, openTool func(string)) fyne.CanvasObject {
	sev := widgets.NewBadge(widgets.Badge{Label: lintwords.Severity(g.Rule.Severity), Color: severityColor(g.Rule.Severity)})
	title := widget.NewLabelWithStyle(lintwords.RuleHeading(g), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	id := canvas.NewText(g.Rule.ID, theme.Color(theme.ColorNamePlaceHolder)) // as the command line and its JSON name the rule
	id.TextSize = theme.CaptionTextSize()
	why := widget.NewLabel(lintwords.Why(g.Rule))
	why.Wrapping = fyne.TextWrapWord
	items := container.NewVBox()
	for _, f := range g.Findings {
		items.Add(findingRow(f, openTool))
	}
	bar := canvas.NewRectangle(theme.Color(severityColor(g.Rule.Severity)))
	bar.SetMinSize(fyne.NewSize(3, 0))
	return container.NewBorder(nil, nil, bar, nil,
		container.NewVBox(container.NewHBox(container.NewCenter(sev), title, container.NewCenter(id)), why, items))
}

// findingRow is one finding: its tool as a link, then what is wrong.
func findingRow(f lint.Finding, openTool func(string)) fyne.CanvasObject {
	msg := widget.NewLabel(lintwords.Message(f))
	msg.Wrapping = fyne.TextWrapWord
	if f.Kind != lint.KindTool || f.Target == "" {
		what := lintwords.Where(f, false)
		return container.NewBorder(nil, nil, widget.NewLabelWithStyle(what, fyne.TextAlignLeading, fyne.TextStyle{Italic: true}), nil, msg)
	}
	target := f.Target
	link := widgets.NewButton(target, nil, func() { openTool(target) })
	link.Importance = widget.LowImportance
	return container.NewBorder(nil, nil, link, nil, msg)
}

func costSection(c lint.Cost, openTool func(string)) fyne.CanvasObject {
	title := widget.NewLabelWithStyle(lintwords.Cost(c), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	note := widget.NewLabel(lintwords.CostMethod(c))
	note.Wrapping = fyne.TextWrapWord
	note.SizeName = theme.SizeNameCaptionText
	rows := container.New(layout.NewFormLayout()) // names in one column, so the bars share a start
	most := 1
	for _, t := range c.Top {
		most = max(most, t.Tokens)
	}
	for _, t := range c.Top {
		name := t.Tool
		link := widgets.NewButton(name, nil, func() { openTool(name) })
		link.Importance = widget.LowImportance
		bar := canvas.NewRectangle(widgets.Translucent(theme.Color(theme.ColorNamePrimary), 0x90))
		bar.SetMinSize(fyne.NewSize(float32(t.Tokens)/float32(most)*240, 12))
		rows.Add(link)
		rows.Add(container.NewBorder(nil, nil, nil, widget.NewLabel(i18n.N("{{.Count}} tokens", t.Tokens)), container.NewHBox(container.NewCenter(bar))))
	}
	return container.NewVBox(title, note, rows)
}
