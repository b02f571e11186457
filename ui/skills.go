package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A skillsPane is the Skills tab, there only for a server that offers the
// skills extension (SEP-2640). It lists the server's skills (skills/list,
// when the tab is first looked at) and shows what the listing says of one;
// nothing of a skill is read before the person presses Load, and what is
// read is shown only once it matched the listing's sizes, digests and front
// matter ("Hosts MUST NOT retrieve a skill's files ahead of need").
type skillsPane struct {
	deps    skillsDeps
	tab     *container.TabItem
	session *mcp.Session
	conn    *sdk.InitializeResult
	stale   bool

	skills   []mcp.Skill
	selected *mcp.Skill
	listSeq  int
	loadSeq  int

	filter   *widget.Entry
	rows     widgets.Filtered // the skills the filter lets through (filter.go)
	list     *widget.List
	count    *widget.Label
	listNote *widget.Label
	title    *widget.Label
	uriLabel *widget.Label
	desc     *widget.Label
	listing  *widget.Label // front matter and files, as listed
	loadBtn  *widgets.Button
	contents *fyne.Container
	detail   fyne.CanvasObject
	hint     fyne.CanvasObject
	root     fyne.CanvasObject

	// For tests: the last load's outcome.
	lastLoaded *mcp.LoadedSkill
	lastErr    error
}

// skillsDeps is what the pane needs from the window.
type skillsDeps struct {
	win  fyne.Window
	tabs *container.AppTabs
	// before is the tab the Skills tab goes in front of (Checks), if any.
	before *container.TabItem
	goWork func(func(context.Context))
}

func newSkillsPane(d skillsDeps) *skillsPane {
	p := &skillsPane{deps: d}
	p.count = widgets.SmallLabel()
	p.listNote = widgets.ErrorNote()
	p.filter = widgets.NewFilterEntry(lang.L("Filter skills (Ctrl+F)"), func(q view.Filter) {
		p.rows.Apply(q)
		p.list.Refresh()
		p.reselect()
	})
	p.list = widget.NewList(
		p.rows.Rows,
		widgets.NewTwoLineRow,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if i := p.rows.Item(id); i >= 0 && i < len(p.skills) {
				sk := p.skills[i]
				widgets.SetTwoLineRow(o, sk.Name(), view.SkillDescription(sk), "")
			}
		})
	p.list.OnSelected = func(id widget.ListItemID) {
		if i := p.rows.Item(id); i >= 0 && i < len(p.skills) {
			p.selectSkill(p.skills[i])
		}
	}
	head := container.NewVBox(widgets.ListHeading(lang.L("Skills"), p.count, p.load), p.filter, p.listNote)
	lists := widgets.NewBorder(head, nil, nil, nil, p.list)

	p.title = widgets.BoldLabel("")
	p.title.SizeName = theme.SizeNameSubHeadingText
	p.uriLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	p.uriLabel.Selectable = true
	p.uriLabel.Wrapping = fyne.TextWrapBreak
	p.desc = widget.NewLabel("")
	p.desc.Wrapping = fyne.TextWrapWord
	p.listing = widget.NewLabel("")
	p.listing.Wrapping = fyne.TextWrapBreak
	p.listing.SizeName = theme.SizeNameCaptionText
	p.loadBtn = widgets.NewButton(lang.L("Load and verify"), theme.DownloadIcon(), p.loadSelected)
	p.loadBtn.Importance = widget.HighImportance
	why := widget.NewLabel(lang.L("Nothing of the skill is read until you press Load and verify; its files are then checked against the sizes, digests and front matter listed above, and shown only if they match."))
	why.Wrapping = fyne.TextWrapWord
	why.SizeName = theme.SizeNameCaptionText
	top := container.NewVBox(p.title, p.uriLabel, p.desc, p.listing, container.NewHBox(p.loadBtn), why, widget.NewSeparator())
	p.contents = container.NewStack()
	p.detail = container.NewBorder(container.NewPadded(top), nil, nil, nil, p.contents)
	p.detail.Hide()
	p.hint = widgets.CentredNote(lang.L("Select a skill on the left."))
	split := container.NewHSplit(lists, container.NewStack(p.detail, p.hint))
	split.SetOffset(0.32)
	p.root = split
	p.tab = container.NewTabItemWithIcon(lang.L("Skills"), theme.DocumentIcon(), p.root)
	return p
}

// offers reports whether s declared the skills extension.
func offersSkills(s *mcp.Session) bool {
	return s != nil && s.Capabilities().HasExtension(mcp.SkillsExtension)
}

// show follows the selected server: the tab is there only when the server
// offers skills, and a new connection starts the pane over.
func (p *skillsPane) show(s *mcp.Session) {
	p.placeTab(offersSkills(s))
	conn := connectionOf(s)
	if s == p.session && conn == p.conn {
		return
	}
	p.session, p.conn = s, conn
	p.listSeq++
	p.loadSeq++
	p.skills, p.selected = nil, nil
	p.list.UnselectAll()
	p.filter.SetText("")
	p.rows.SetItems(0, nil)
	p.list.Refresh()
	p.count.SetText("")
	p.listNote.Hide()
	p.showDetail(false)
	p.stale = true
	if p.deps.tabs.Selected() == p.tab {
		p.shown()
	}
}

// placeTab adds the tab (before Checks, after the others) or takes it away.
func (p *skillsPane) placeTab(on bool) {
	tabs := p.deps.tabs
	at := slices.Index(tabs.Items, p.tab)
	switch {
	case on && at < 0:
		i := slices.Index(tabs.Items, p.deps.before)
		if i < 0 {
			i = len(tabs.Items)
		}
		tabs.Items = slices.Insert(tabs.Items, i, p.tab)
		tabs.Refresh()
	case !on && at >= 0:
		if tabs.Selected() == p.tab {
			tabs.SelectIndex(0)
		}
		tabs.Remove(p.tab)
	}
}

// shown lists the skills the first time the tab is looked at.
func (p *skillsPane) shown() {
	s := p.session
	if !p.stale || s == nil || s.Status().State != mcp.StateReady {
		return
	}
	p.stale = false
	p.load()
}

// load asks skills/list (every page). It reads no skill file.
func (p *skillsPane) load() {
	s := p.session
	if s == nil {
		return
	}
	p.listSeq++
	n := p.listSeq
	p.count.SetText(lang.L("listing skills …"))
	p.deps.goWork(func(ctx context.Context) {
		skills, err := s.Skills(ctx)
		fyne.Do(func() {
			if n != p.listSeq || s != p.session {
				return
			}
			p.skills = skills
			p.rows.SetItems(len(skills), func(i int) []string {
				return []string{skills[i].Name(), view.SkillDescription(skills[i]), skills[i].URI}
			})
			p.count.SetText(lang.N("{{.Count}} skills", len(skills), map[string]any{"Count": len(skills)}))
			if err != nil {
				p.count.SetText("")
				p.listNote.SetText(lang.L("The skills could not be listed: {{.Err}}", map[string]any{"Err": i18n.Explain(mcp.AsRequestError("skills/list", err).Error())}))
				p.listNote.Show()
			} else {
				p.listNote.Hide()
			}
			p.list.Refresh()
			p.reselect()
		})
	})
}

// reselect keeps the selected skill selected in a new list.
func (p *skillsPane) reselect() {
	if p.selected == nil {
		return
	}
	i := slices.IndexFunc(p.skills, func(sk mcp.Skill) bool { return sk.URI == p.selected.URI })
	if i < 0 {
		p.selected = nil
		p.showDetail(false)
		return
	}
	widgets.SelectRow(p.list, p.rows.Row(i)) // none when the filter hides it
}

func (p *skillsPane) showDetail(on bool) { widgets.ShowDetailOrHint(on, p.detail, p.hint, p.contents) }

// selectSkill shows what the listing says of sk; it reads nothing.
func (p *skillsPane) selectSkill(sk mcp.Skill) {
	if p.selected != nil && p.selected.URI == sk.URI && p.detail.Visible() {
		return
	}
	p.loadSeq++
	p.selected = &sk
	p.title.SetText(sk.Name())
	p.uriLabel.SetText(sk.URI)
	p.desc.SetText(view.SkillDescription(sk))
	p.listing.SetText(view.SkillListing(sk))
	p.loadBtn.Enable()
	p.contents.Objects = nil
	p.contents.Refresh()
	p.showDetail(true)
}

// loadSelected reads the selected skill's files and shows them once
// verified; a mismatch is refused, and nothing of it is shown.
func (p *skillsPane) loadSelected() {
	s, sk := p.session, p.selected
	if s == nil || sk == nil {
		return
	}
	p.loadSeq++
	n := p.loadSeq
	p.loadBtn.Disable()
	p.contents.Objects = []fyne.CanvasObject{widgets.CentredNote(lang.L("Reading and verifying {{.URI}} …", map[string]any{"URI": sk.URI}))}
	p.contents.Refresh()
	p.deps.goWork(func(ctx context.Context) {
		loaded, err := s.LoadSkill(ctx, *sk)
		fyne.Do(func() {
			if n != p.loadSeq || s != p.session {
				return
			}
			p.loadBtn.Enable()
			p.lastLoaded, p.lastErr = loaded, err
			p.showLoad(loaded, err)
		})
	})
}

func (p *skillsPane) showLoad(loaded *mcp.LoadedSkill, err error) {
	var rows []fyne.CanvasObject
	var se *mcp.SkillError
	switch {
	case errors.As(err, &se):
		rows = append(rows, widgets.OutcomeBand(false, lang.L("Refused: the skill does not match its listing"), view.WithStop(i18n.Explain(se)), nil, 0))
	case err != nil:
		rows = append(rows, widgets.OutcomeBand(false, lang.L("The skill could not be read"), i18n.Explain(mcp.AsRequestError("resources/read", err).Error()), nil, 0))
	default:
		rows = append(rows, widgets.OutcomeBand(true, lang.L("Verified"),
			lang.N("{{.Count}} files match the sizes, digests and front matter of the server's listing.", len(loaded.Files), map[string]any{"Count": len(loaded.Files)}), nil, 0))
		rv := NewResultView(p.deps.win)
		for i, f := range loaded.Files {
			rows = append(rows, widgets.Heading(f.URI+" · "+view.Size(len(f.Text))), rv.textBlock(fmt.Sprintf("skill-file-%d", i+1), f.Text))
		}
	}
	p.contents.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(container.NewVBox(rows...)))}
	p.contents.Refresh()
}

// addSkillsTab makes the Skills pane; its tab comes and goes with the
// selected server (skillsPane.show).
func (w *MainWindow) addSkillsTab() {
	var before *container.TabItem
	if w.checks != nil {
		before = w.checks.tab
	}
	w.skills = newSkillsPane(skillsDeps{win: w.win, tabs: w.features.tabs, before: before, goWork: w.goWork})
	w.features.setFilter(w.skills.tab, w.skills.filter)
	prev := w.features.tabs.OnSelected
	w.features.tabs.OnSelected = func(t *container.TabItem) {
		if prev != nil {
			prev(t)
		}
		if t == w.skills.tab {
			w.skills.shown()
		}
	}
}
