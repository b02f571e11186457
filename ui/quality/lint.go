package quality

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
// the list with its count of findings (the tool list shows the badges it is
// given, LintDeps.ShowBadges), and a report window that groups a server's
// findings by rule, each linking to its tool (LintDeps.OpenTool).

// A qualityMark is what a tool's badge shows.
type qualityMark struct {
	count int
	worst lint.Severity
}

// LintDeps is what the quality report needs from the window.
type LintDeps struct {
	App fyne.App
	// Selected is the selected server's name ("" none); Session is the
	// window's session of a configured server, or nil.
	Selected func() string
	Session  func(name string) *mcp.Session
	// GoWork runs f in the background; ctx ends when the window closes.
	GoWork func(f func(ctx context.Context))
	// ShowBadges gives the tool list each tool's quality badge (nil: none).
	ShowBadges func(map[string]widgets.Badge)
	// ShowError reports a failed action.
	ShowError func(what string, err error)
	// OpenTool selects a tool of server in the window (a report's link).
	OpenTool func(server, tool string)
}

// Lint keeps, per server, the results seen in this window's calls
// (for the output rules) and the surface last linted: the same surface
// `mcpbrowser lint` lints (lint.SurfaceOf: the tools, prompts,
// resources and templates), gathered off the UI goroutine, and gathered
// again when the connection, the tool list or another list changes.
type Lint struct {
	deps     LintDeps
	mu       sync.Mutex
	observed map[string][]lint.Observation // by server; written from the UI goroutine

	// UI goroutine only.
	linted  map[string]*lintedSurface
	pending map[string]surfaceKey // a lint.SurfaceOf under way, by server
	gen     map[string]int        // bumped when a list arrives or changes
	// reportWanted is the server whose report window opens once its
	// surface is in ("" none).
	reportWanted string

	// Button opens the report; it says how many findings there are.
	Button *widgets.Button
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

// NewLint makes the quality state and its report button.
func NewLint(deps LintDeps) *Lint {
	q := &Lint{deps: deps, observed: map[string][]lint.Observation{}, linted: map[string]*lintedSurface{},
		pending: map[string]surfaceKey{}, gen: map[string]int{}}
	q.Button = widgets.NewButton(lang.L("Quality report"), theme.InfoIcon(), q.ShowReport)
	q.Button.Importance = widget.LowImportance
	return q
}

// ButtonText is the report button's words for rep, in the words of
// `mcpbrowser lint`'s summary: issues are errors and warnings, notes the
// rest, over everything linted (tools, prompts, resources, the server).
// nil: not linted yet, no count.
func ButtonText(rep *lint.Report) string {
	switch {
	case rep == nil:
		return lang.L("Quality report")
	case rep.Counts.Error+rep.Counts.Warning > 0:
		return i18n.N("Quality report: {{.Count}} issues", rep.Counts.Error+rep.Counts.Warning)
	case rep.Counts.Info > 0:
		return i18n.N("Quality report: {{.Count}} notes", rep.Counts.Info)
	}
	return i18n.L("Quality report: no findings")
}

// showCounts puts the report's count on the button (ButtonText).
func (q *Lint) showCounts(rep *lint.Report) {
	if text := ButtonText(rep); q.Button.Text != text {
		q.Button.SetText(text)
	}
}

// maxObserved bounds the results kept per server.
const maxObserved = 200

// Observe keeps a call's result for the output rules.
func (q *Lint) Observe(r *mcp.CallResult) {
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

func (q *Lint) observations(server string) []lint.Observation {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]lint.Observation(nil), q.observed[server]...)
}

// Gen is the generation of server's lists its last report was linted
// from: it grows when a list arrives or changes (-1: not linted yet).
func (q *Lint) Gen(server string) int {
	if l := q.linted[server]; l != nil {
		return l.key.gen
	}
	return -1
}

// Settled reports whether server's surface is linted and no lint is under way.
func (q *Lint) Settled(server string) bool { return q.linted[server] != nil && len(q.pending) == 0 }

func (q *Lint) keyOf(s *mcp.Session) surfaceKey {
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
func (q *Lint) report(s *mcp.Session, work func(func(context.Context)), done func(server string)) (*lintedSurface, bool) {
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

// badge is the tool's badge in the list: its count of findings, coloured
// by the worst.
func (m qualityMark) badge() widgets.Badge {
	return widgets.Badge{Label: m.badgeText(), Color: severityColor(m.worst)}
}

// badges are the tool list's quality badges for marks.
func badges(marks map[string]qualityMark) map[string]widgets.Badge {
	if marks == nil {
		return nil
	}
	out := make(map[string]widgets.Badge, len(marks))
	for name, m := range marks {
		out[name] = m.badge()
	}
	return out
}

// Update shows the selected server's quality: each tool's badge and
// the count on the report button, from the surface `mcpbrowser lint`
// lints. Until that is gathered the button says no count.
func (q *Lint) Update(s *mcp.Session) {
	if s == nil {
		q.deps.ShowBadges(nil)
		q.Button.Hide()
		return
	}
	q.Button.Show()
	// No tool list (it failed: the tool form's notice says why): no counts, not "no findings".
	if s.Status().State != mcp.StateReady || s.ToolsError() != nil {
		q.deps.ShowBadges(nil)
		q.showCounts(nil)
		return
	}
	l, _ := q.report(s, q.deps.GoWork, q.lintDone)
	if l == nil {
		q.deps.ShowBadges(nil)
		q.showCounts(nil)
		return
	}
	q.deps.ShowBadges(badges(l.marks))
	q.showCounts(&l.rep)
}

// lintDone takes a server's newly gathered surface: the badges, and
// the report window if the person asked for it meanwhile.
func (q *Lint) lintDone(server string) {
	if q.deps.Selected() == server {
		q.Update(q.deps.Session(server))
	}
	if q.reportWanted == server {
		q.reportWanted = ""
		q.ShowReport()
	}
}

// ListsChanged takes a server's new prompts or resources (listed
// in a tab, or announced by the server) into its quality report: its
// surface is gathered again.
func (q *Lint) ListsChanged(server string) {
	q.gen[server]++
	if q.deps.Selected() == server {
		q.Update(q.deps.Session(server))
	}
}

// ShowReport opens the report window on the selected server's
// surface, the one its badges count (once it is gathered, if it is not yet).
func (q *Lint) ShowReport() {
	s := q.deps.Session(q.deps.Selected())
	if s == nil || s.Status().State != mcp.StateReady {
		q.deps.ShowError(lang.L("Quality report"), errors.New(lang.L("connect to a server first")))
		return
	}
	l, current := q.report(s, q.deps.GoWork, q.lintDone)
	if !current {
		q.reportWanted = s.Name()
		return
	}
	rep := l.rep
	win := NewLintReport(q.deps.App, rep, func(tool string) { q.deps.OpenTool(rep.Server, tool) })
	win.Show()
}

// NewLintReport builds the report window: counts, the findings grouped by
// rule (each rule's why once, each finding a link to its tool), and the cost.
func NewLintReport(a fyne.App, rep lint.Report, openTool func(name string)) fyne.Window {
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
