package tabs

import (
	"context"
	"errors"
	"fmt"
	"mcpbrowser/ui/result"
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

// A SkillsPane is the Skills tab, there only for a server that offers the
// skills extension (SEP-2640). It lists the server's skills (skills/list,
// when the tab is first looked at) and shows what the listing says of one;
// nothing of a skill is read before the person presses Load, and what is
// read is shown only once it matched the listing's sizes, digests and front
// matter ("Hosts MUST NOT retrieve a skill's files ahead of need").
type SkillsPane struct {
	deps    SkillsDeps
	Tab     *container.TabItem
	session *mcp.Session
	conn    *sdk.InitializeResult
	stale   bool

	Skills   []mcp.Skill
	selected *mcp.Skill
	listSeq  int
	loadSeq  int

	Filter   *widget.Entry
	rows     widgets.Filtered // the skills the filter lets through (filter.go)
	List     *widget.List
	Count    *widget.Label
	listNote *widget.Label
	title    *widget.Label
	uriLabel *widget.Label
	desc     *widget.Label
	Listing  *widget.Label // front matter and files, as listed
	LoadBtn  *widgets.Button
	Contents *fyne.Container
	detail   fyne.CanvasObject
	hint     fyne.CanvasObject
	root     fyne.CanvasObject

	// For tests: the last load's outcome.
	LastLoaded *mcp.LoadedSkill
	LastErr    error
}

// SkillsDeps is what the pane needs from the window.
type SkillsDeps struct {
	Win  fyne.Window
	Tabs *container.AppTabs
	// before is the tab the Skills tab goes in front of (Checks), if any.
	Before *container.TabItem
	GoWork func(func(context.Context))
}

func NewSkillsPane(d SkillsDeps) *SkillsPane {
	p := &SkillsPane{deps: d}
	p.Count = widgets.SmallLabel()
	p.listNote = widgets.ErrorNote()
	p.Filter = widgets.NewFilterEntry(lang.L("Filter skills (Ctrl+F)"), func(q view.Filter) {
		p.rows.Apply(q)
		p.List.Refresh()
		p.reselect()
	})
	p.List = newRowList(&p.rows, func() []mcp.Skill { return p.Skills },
		func(sk mcp.Skill) (string, string, string) { return sk.Name(), view.SkillDescription(sk), "" },
		p.selectSkill, nil)
	head := container.NewVBox(widgets.ListHeading(lang.L("Skills"), p.Count, p.load), p.Filter, p.listNote)
	lists := widgets.NewBorder(head, nil, nil, nil, p.List)

	p.title = widgets.BoldLabel("")
	p.title.SizeName = theme.SizeNameSubHeadingText
	p.uriLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	p.uriLabel.Selectable = true
	p.uriLabel.Wrapping = fyne.TextWrapBreak
	p.desc = widget.NewLabel("")
	p.desc.Wrapping = fyne.TextWrapWord
	p.Listing = widget.NewLabel("")
	p.Listing.Wrapping = fyne.TextWrapBreak
	p.Listing.SizeName = theme.SizeNameCaptionText
	p.LoadBtn = widgets.NewButton(lang.L("Load and verify"), theme.DownloadIcon(), p.loadSelected)
	p.LoadBtn.Importance = widget.HighImportance
	why := widget.NewLabel(lang.L("Nothing of the skill is read until you press Load and verify; its files are then checked against the sizes, digests and front matter listed above, and shown only if they match."))
	why.Wrapping = fyne.TextWrapWord
	why.SizeName = theme.SizeNameCaptionText
	top := container.NewVBox(p.title, p.uriLabel, p.desc, p.Listing, container.NewHBox(p.LoadBtn), why, widget.NewSeparator())
	p.Contents = container.NewStack()
	p.detail = container.NewBorder(container.NewPadded(top), nil, nil, nil, p.Contents)
	p.detail.Hide()
	p.hint = widgets.CentredNote(lang.L("Select a skill on the left."))
	split := container.NewHSplit(lists, container.NewStack(p.detail, p.hint))
	split.SetOffset(0.32)
	p.root = split
	p.Tab = container.NewTabItemWithIcon(lang.L("Skills"), theme.DocumentIcon(), p.root)
	return p
}

// offers reports whether s declared the skills extension.
func offersSkills(s *mcp.Session) bool {
	return s != nil && s.Capabilities().HasExtension(mcp.SkillsExtension)
}

// show follows the selected server: the tab is there only when the server
// offers skills, and a new connection starts the pane over.
func (p *SkillsPane) Show(s *mcp.Session) {
	p.placeTab(offersSkills(s))
	conn := ConnectionOf(s)
	if s == p.session && conn == p.conn {
		return
	}
	p.session, p.conn = s, conn
	p.listSeq++
	p.loadSeq++
	p.Skills, p.selected = nil, nil
	p.List.UnselectAll()
	p.Filter.SetText("")
	p.rows.SetItems(0, nil)
	p.List.Refresh()
	p.Count.SetText("")
	p.listNote.Hide()
	p.showDetail(false)
	p.stale = true
	if p.deps.Tabs.Selected() == p.Tab {
		p.Shown()
	}
}

// placeTab adds the tab (before Checks, after the others) or takes it away.
func (p *SkillsPane) placeTab(on bool) {
	bar := p.deps.Tabs
	at := slices.Index(bar.Items, p.Tab)
	switch {
	case on && at < 0:
		i := slices.Index(bar.Items, p.deps.Before)
		if i < 0 {
			i = len(bar.Items)
		}
		bar.Items = slices.Insert(bar.Items, i, p.Tab)
		bar.Refresh()
	case !on && at >= 0:
		if bar.Selected() == p.Tab {
			bar.SelectIndex(0)
		}
		bar.Remove(p.Tab)
	}
}

// shown lists the skills the first time the tab is looked at.
func (p *SkillsPane) Shown() {
	s := p.session
	if !p.stale || s == nil || s.Status().State != mcp.StateReady {
		return
	}
	p.stale = false
	p.load()
}

// load asks skills/list (every page). It reads no skill file.
func (p *SkillsPane) load() {
	s := p.session
	if s == nil {
		return
	}
	p.listSeq++
	n := p.listSeq
	p.Count.SetText(lang.L("listing skills …"))
	p.deps.GoWork(func(ctx context.Context) {
		skills, err := s.Skills(ctx)
		fyne.Do(func() {
			if n != p.listSeq || s != p.session {
				return
			}
			p.Skills = skills
			p.rows.SetItems(len(skills), func(i int) []string {
				return []string{skills[i].Name(), view.SkillDescription(skills[i]), skills[i].URI}
			})
			p.Count.SetText(lang.N("{{.Count}} skills", len(skills), map[string]any{"Count": len(skills)}))
			if err != nil {
				p.Count.SetText("")
				p.listNote.SetText(lang.L("The skills could not be listed: {{.Err}}", map[string]any{"Err": i18n.Explain(mcp.AsRequestError("skills/list", err))}))
				p.listNote.Show()
			} else {
				p.listNote.Hide()
			}
			p.List.Refresh()
			p.reselect()
		})
	})
}

// reselect keeps the selected skill selected in a new list.
func (p *SkillsPane) reselect() {
	if p.selected == nil {
		return
	}
	i := slices.IndexFunc(p.Skills, func(sk mcp.Skill) bool { return sk.URI == p.selected.URI })
	if i < 0 {
		p.selected = nil
		p.showDetail(false)
		return
	}
	widgets.SelectRow(p.List, p.rows.Row(i)) // none when the filter hides it
}

func (p *SkillsPane) showDetail(on bool) { widgets.ShowDetailOrHint(on, p.detail, p.hint, p.Contents) }

// selectSkill shows what the listing says of sk; it reads nothing.
func (p *SkillsPane) selectSkill(sk mcp.Skill) {
	if p.selected != nil && p.selected.URI == sk.URI && p.detail.Visible() {
		return
	}
	p.loadSeq++
	p.selected = &sk
	p.title.SetText(sk.Name())
	p.uriLabel.SetText(sk.URI)
	p.desc.SetText(view.SkillDescription(sk))
	p.Listing.SetText(view.SkillListing(sk))
	p.LoadBtn.Enable()
	p.Contents.Objects = nil
	p.Contents.Refresh()
	p.showDetail(true)
}

// loadSelected reads the selected skill's files and shows them once
// verified; a mismatch is refused, and nothing of it is shown.
func (p *SkillsPane) loadSelected() {
	s, sk := p.session, p.selected
	if s == nil || sk == nil {
		return
	}
	p.loadSeq++
	n := p.loadSeq
	p.LoadBtn.Disable()
	p.Contents.Objects = []fyne.CanvasObject{widgets.CentredNote(lang.L("Reading and verifying {{.URI}} …", map[string]any{"URI": sk.URI}))}
	p.Contents.Refresh()
	p.deps.GoWork(func(ctx context.Context) {
		loaded, err := s.LoadSkill(ctx, *sk)
		fyne.Do(func() {
			if n != p.loadSeq || s != p.session {
				return
			}
			p.LoadBtn.Enable()
			p.LastLoaded, p.LastErr = loaded, err
			p.showLoad(loaded, err)
		})
	})
}

func (p *SkillsPane) showLoad(loaded *mcp.LoadedSkill, err error) {
	var rows []fyne.CanvasObject
	var se *mcp.SkillError
	switch {
	case errors.As(err, &se):
		rows = append(rows, widgets.OutcomeBand(false, lang.L("Refused: the skill does not match its listing"), view.WithStop(i18n.Explain(se)), nil, 0))
	case err != nil:
		rows = append(rows, widgets.OutcomeBand(false, lang.L("The skill could not be read"), i18n.Explain(mcp.AsRequestError("resources/read", err)), nil, 0))
	default:
		rows = append(rows, widgets.OutcomeBand(true, lang.L("Verified"),
			lang.N("{{.Count}} files match the sizes, digests and front matter of the server's listing.", len(loaded.Files), map[string]any{"Count": len(loaded.Files)}), nil, 0))
		rv := result.NewResultView(p.deps.Win)
		for i, f := range loaded.Files {
			rows = append(rows, widgets.Heading(f.URI+" · "+view.Size(len(f.Text))), rv.TextBlock(fmt.Sprintf("skill-file-%d", i+1), f.Text))
		}
	}
	p.Contents.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(container.NewVBox(rows...)))}
	p.Contents.Refresh()
}
