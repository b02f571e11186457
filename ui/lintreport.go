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
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/lint"
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
// (for the output rules) and the last tool list linted, so that redrawing
// the same list does not lint it again.
type qualityState struct {
	mu       sync.Mutex
	observed map[string][]lint.Observation // by server; written from the UI goroutine
	lastList map[string]*sdk.Tool          // first tool of the list last linted, by server
	lastObs  map[string]int
	marks    map[string]map[string]qualityMark

	// button opens the report; it says how many findings there are.
	button *widget.Button
}

func newQualityState(openReport func()) *qualityState {
	q := &qualityState{observed: map[string][]lint.Observation{}, lastList: map[string]*sdk.Tool{}, lastObs: map[string]int{}, marks: map[string]map[string]qualityMark{}}
	q.button = widget.NewButtonWithIcon(lang.L("Quality report"), theme.InfoIcon(), openReport)
	q.button.Importance = widget.LowImportance
	return q
}

// showCounts puts the tool findings' count on the report button.
func (q *qualityState) showCounts(marks map[string]qualityMark) {
	issues, notes := 0, 0
	for _, m := range marks {
		if m.worst == lint.Info {
			notes += m.count
		} else {
			issues += m.count
		}
	}
	var text string
	switch {
	case issues > 0:
		text = i18n.N("Quality report: {{.Count}} issues", issues)
	case notes > 0:
		text = i18n.N("Quality report: {{.Count}} notes", notes)
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
	o, ok := mcp.LintObservation(r)
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

// marksFor lints the session's tools (again only when the list or the
// results changed) and returns each tool's badge.
func (q *qualityState) marksFor(s *mcp.Session) map[string]qualityMark {
	tools := s.Tools()
	var first *sdk.Tool
	if len(tools) > 0 {
		first = tools[0]
	}
	name := s.Name()
	obs := q.observations(name)
	q.mu.Lock()
	if m, ok := q.marks[name]; ok && q.lastList[name] == first && q.lastObs[name] == len(obs) {
		q.mu.Unlock()
		return m
	}
	q.mu.Unlock()
	marks := qualityMarks(lint.Run(lint.Surface{Server: name, Tools: s.LintTools(), Observed: obs}))
	q.mu.Lock()
	q.marks[name], q.lastList[name], q.lastObs[name] = marks, first, len(obs)
	q.mu.Unlock()
	return marks
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
	slot := container.NewCenter(newBadgeObject(badge{"", theme.ColorNamePlaceHolder}))
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
	setBadge(slot.Objects[0].(*fyne.Container), badge{m.badgeText(), severityColor(m.worst)})
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

// updateQuality lints the selected server's tools for the list's badges.
func (w *MainWindow) updateQuality(s *mcp.Session) {
	if s == nil {
		w.tools.setQuality(nil)
		w.quality.button.Hide()
		return
	}
	marks := w.quality.marksFor(s)
	w.tools.setQuality(marks)
	w.quality.showCounts(marks)
	w.quality.button.Show()
}

// showQualityReport lints the selected server in full (prompts and resources
// are asked for, off the UI goroutine) and opens the report window.
func (w *MainWindow) showQualityReport() {
	s := w.manager.Session(w.selected)
	if s == nil || s.Status().State != mcp.StateReady {
		w.showError(lang.L("Quality report"), errors.New(lang.L("connect to a server first")))
		return
	}
	obs := w.quality.observations(s.Name())
	w.goWork(func(ctx context.Context) {
		sf := s.LintSurface(ctx)
		sf.Observed = obs
		rep := lint.Run(sf)
		fyne.Do(func() {
			win := newLintReport(w.app, rep, func(tool string) {
				if w.selected == rep.Server {
					w.SelectTool(tool)
					w.win.RequestFocus()
				}
			})
			win.Show()
		})
	})
}

// newLintReport builds the report window: counts, the findings grouped by
// rule (each rule's why once, each finding a link to its tool), and the cost.
func newLintReport(a fyne.App, rep lint.Report, openTool func(name string)) fyne.Window {
	win := a.NewWindow(i18n.L("Quality of {{.Server}}", map[string]any{"Server": rep.Server}))
	heading := widget.NewLabelWithStyle(i18n.LintSummary(rep), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
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
	closeOnEsc(win)
	return win
}

func ruleSection(g lint.RuleFindings, openTool func(string)) fyne.CanvasObject {
	sev := newBadgeObject(badge{i18n.LintSeverity(g.Rule.Severity), severityColor(g.Rule.Severity)})
	title := widget.NewLabelWithStyle(i18n.LintRuleHeading(g), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	id := canvas.NewText(g.Rule.ID, theme.Color(theme.ColorNamePlaceHolder)) // as the command line and its JSON name the rule
	id.TextSize = theme.CaptionTextSize()
	why := widget.NewLabel(i18n.LintWhy(g.Rule))
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
	msg := widget.NewLabel(i18n.LintMessage(f))
	msg.Wrapping = fyne.TextWrapWord
	if f.Kind != lint.KindTool || f.Target == "" {
		what := i18n.LintWhere(f, false)
		return container.NewBorder(nil, nil, widget.NewLabelWithStyle(what, fyne.TextAlignLeading, fyne.TextStyle{Italic: true}), nil, msg)
	}
	target := f.Target
	link := widget.NewButton(target, func() { openTool(target) })
	link.Importance = widget.LowImportance
	return container.NewBorder(nil, nil, link, nil, msg)
}

func costSection(c lint.Cost, openTool func(string)) fyne.CanvasObject {
	title := widget.NewLabelWithStyle(i18n.LintCost(c), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	note := widget.NewLabel(i18n.LintCostMethod(c))
	note.Wrapping = fyne.TextWrapWord
	note.SizeName = theme.SizeNameCaptionText
	rows := container.New(layout.NewFormLayout()) // names in one column, so the bars share a start
	most := 1
	for _, t := range c.Top {
		most = max(most, t.Tokens)
	}
	for _, t := range c.Top {
		name := t.Tool
		link := widget.NewButton(name, func() { openTool(name) })
		link.Importance = widget.LowImportance
		bar := canvas.NewRectangle(translucent(theme.Color(theme.ColorNamePrimary), 0x90))
		bar.SetMinSize(fyne.NewSize(float32(t.Tokens)/float32(most)*240, 12))
		rows.Add(link)
		rows.Add(container.NewBorder(nil, nil, nil, widget.NewLabel(i18n.N("{{.Count}} tokens", t.Tokens)), container.NewHBox(container.NewCenter(bar))))
	}
	return container.NewVBox(title, note, rows)
}
