package ui

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/apps"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A resourcesTab lists the selected server's resources and resource
// templates. Selecting a resource reads it; selecting a template shows a
// small form of its {variables} (with the server's completions) that makes
// the URI to read. Servers that declare subscribe get a Subscribe toggle,
// and updates they send are shown as they arrive.
type resourcesTab struct {
	deps    resourcesDeps
	session *mcp.Session
	conn    *sdk.InitializeResult
	stale   bool
	forced  bool

	resources []*sdk.Resource
	templates []*sdk.ResourceTemplate
	// updated is when the server last said a resource changed, by URI.
	updated map[string]time.Time
	// subscribed are the URIs this connection is subscribed to.
	subscribed map[string]bool

	selRes  *sdk.Resource
	selTmpl *sdk.ResourceTemplate
	// openURI is the URI whose contents are on show (re-read when it changes).
	openURI string
	listSeq int
	readSeq int

	absent    *absentNotice
	filter    *widget.Entry
	resRows   widgets.Filtered // the resources and templates the filter lets through (resources_filter.go)
	tmplRows  widgets.Filtered
	resList   *widget.List
	tmplList  *widget.List
	resCount  *widget.Label
	tmplCount *widget.Label
	listNote  *widget.Label
	tmplNote  *widget.Label
	// resFresh and tmplFresh say how long the lists stay fresh (ttlMs).
	resFresh  *widget.Label
	tmplFresh *widget.Label
	// listColumn holds the filter and both lists under their headings; a
	// heading that grows (a freshness line shown) must push its list down.
	listColumn *fyne.Container

	title     *widget.Label
	uriLabel  *widget.Label
	desc      *widget.Label
	badge     *widget.Label // "updated 12:03:04"
	readBtn   *widgets.Button
	subBtn    *widgets.Button
	note      *widget.Label
	tmplForm  *argForm
	tmplBox   *fyne.Container
	contents  *fyne.Container
	detail    fyne.CanvasObject
	hint      fyne.CanvasObject
	body      fyne.CanvasObject
	root      *fyne.Container
	selecting bool

	// For tests: the last read and the view that drew its contents.
	lastRead *mcp.ReadResult
	view     *ResultView
}

// resourcesDeps is what the Resources tab needs from the window.
type resourcesDeps struct {
	win  fyne.Window
	work worker
	// visible reports whether the tab is on show.
	visible func() bool
	// got is told of every read the person asked for, on the job's
	// goroutine (Record calls in the Checks tab writes it down).
	got func(r *mcp.ReadResult)
	// historyChanged says that server's history grew.
	historyChanged func(server string)
	// listed says the server's lists came from the server (not from the
	// cache), for the quality report (may be nil).
	listed func(server string)
}

func newResourcesTab(deps resourcesDeps) *resourcesTab {
	t := &resourcesTab{deps: deps, updated: map[string]time.Time{}, subscribed: map[string]bool{}}
	t.absent = newAbsentNotice(t.tryAnyway)

	t.resCount = widgets.SmallLabel()
	t.tmplCount = widgets.SmallLabel()
	t.listNote = widgets.ErrorNote()
	t.tmplNote = widgets.ErrorNote()
	t.filter = widgets.NewFilterEntry(lang.L("Filter resources (Ctrl+F)"), t.refilter)
	t.resFresh, t.tmplFresh = freshnessNote(), freshnessNote()
	t.resList = widget.NewList(
		t.resRows.Rows,
		widgets.NewTwoLineRow,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if i := t.resRows.Item(id); i >= 0 && i < len(t.resources) {
				r := t.resources[i]
				widgets.SetTwoLineRow(o, view.ResourceName(r.Name, r.Title), view.ResourceSubtitle(r), t.updatedNote(r.URI))
			}
		})
	t.resList.OnSelected = func(id widget.ListItemID) {
		if i := t.resRows.Item(id); !t.selecting && i >= 0 && i < len(t.resources) {
			t.selectResource(t.resources[i])
		}
	}
	t.tmplList = widget.NewList(
		t.tmplRows.Rows,
		widgets.NewTwoLineRow,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if i := t.tmplRows.Item(id); i >= 0 && i < len(t.templates) {
				tm := t.templates[i]
				widgets.SetTwoLineRow(o, view.ResourceName(tm.Name, tm.Title), tm.URITemplate, "")
			}
		})
	t.tmplList.OnSelected = func(id widget.ListItemID) {
		if i := t.tmplRows.Item(id); !t.selecting && i >= 0 && i < len(t.templates) {
			t.selectTemplate(t.templates[i])
		}
	}
	resHead := container.NewVBox(widgets.ListHeading(lang.L("Resources"), t.resCount, t.refresh), t.resFresh, t.listNote)
	tmplHead := container.NewVBox(widgets.ListHeading(lang.L("Templates"), t.tmplCount, nil), t.tmplFresh, t.tmplNote)
	split2 := container.NewVSplit(
		widgets.NewBorder(resHead, nil, nil, nil, t.resList),
		widgets.NewBorder(tmplHead, nil, nil, nil, t.tmplList))
	split2.SetOffset(0.62)
	t.listColumn = widgets.NewBorder(t.filter, nil, nil, nil, split2)

	t.title = widgets.BoldLabel("")
	t.title.SizeName = theme.SizeNameSubHeadingText
	t.title.Wrapping = fyne.TextWrapWord
	t.uriLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	t.uriLabel.Selectable = true
	t.uriLabel.Wrapping = fyne.TextWrapBreak
	t.desc = widget.NewLabel("")
	t.desc.Wrapping = fyne.TextWrapWord
	t.badge = widget.NewLabel("")
	t.badge.Importance = widget.WarningImportance
	t.badge.Hide()
	t.readBtn = widgets.NewButton(lang.L("Read"), theme.MediaPlayIcon(), t.readSelected)
	t.readBtn.Importance = widget.HighImportance
	t.subBtn = widgets.NewButton(lang.L("Subscribe"), theme.VisibilityIcon(), t.toggleSubscription)
	t.subBtn.Hide()
	t.note = widget.NewLabel("")
	t.note.Wrapping = fyne.TextWrapWord
	t.note.SizeName = theme.SizeNameCaptionText
	t.tmplForm = newArgForm(deps.work, t.readSelected)
	t.tmplBox = container.NewVBox(t.tmplForm.box)
	t.tmplBox.Hide()
	actions := container.NewVBox(container.NewBorder(nil, nil, container.NewHBox(t.readBtn, t.subBtn), t.badge), t.note)
	head := container.NewVBox(t.title, t.uriLabel, t.desc, t.tmplBox, actions, widget.NewSeparator())
	t.contents = container.NewStack()
	t.detail = container.NewBorder(container.NewPadded(head), nil, nil, nil, t.contents)
	t.detail.Hide()
	t.hint = widgets.CentredNote(lang.L("Select a resource or a template on the left."))
	split := container.NewHSplit(t.listColumn, container.NewStack(t.detail, t.hint))
	split.SetOffset(0.32)
	t.body = split
	t.root = container.NewStack(t.body, t.absent.root)
	t.absent.root.Hide()
	return t
}

func (t *resourcesTab) updatedNote(uri string) string {
	if at, ok := t.updated[uri]; ok {
		return "updated " + at.Format("15:04:05")
	}
	return ""
}

// setSession follows the selected server. Lists, subscriptions and update
// marks belong to one connection, so a new one starts the tab over.
func (t *resourcesTab) setSession(s *mcp.Session, visible bool) {
	conn := connectionOf(s)
	if s == t.session && conn == t.conn {
		return
	}
	t.session, t.conn = s, conn
	t.tmplForm.stopCompletions()
	t.listSeq++
	t.readSeq++
	t.resources, t.templates, t.forced = nil, nil, false
	t.updated, t.subscribed = map[string]time.Time{}, map[string]bool{}
	t.selRes, t.selTmpl, t.openURI = nil, nil, ""
	t.unselectAll()
	t.clearFilter()
	t.resList.Refresh()
	t.tmplList.Refresh()
	t.resCount.SetText("")
	t.tmplCount.SetText("")
	t.listNote.Hide()
	t.tmplNote.Hide()
	t.resFresh.Hide()
	t.tmplFresh.Hide()
	t.showDetail(false)
	t.stale = true
	if visible {
		t.shown()
	}
}

func (t *resourcesTab) unselectAll() {
	t.selecting = true
	t.resList.UnselectAll()
	t.tmplList.UnselectAll()
	t.selecting = false
}

// shown fetches the lists if they are stale; a resources capability the
// server did not declare is shown as absent instead.
func (t *resourcesTab) shown() {
	if !t.stale {
		return
	}
	s := t.session
	if s == nil || s.Status().State != mcp.StateReady {
		return
	}
	t.stale = false
	if c := s.Capabilities(); c.Known && !c.Resources && !t.forced {
		t.absent.set("resources", "resources/list")
		t.body.Hide()
		t.absent.root.Show()
		return
	}
	t.absent.root.Hide()
	t.body.Show()
	t.load()
}

// listChanged refetches after notifications/resources/list_changed (which
// also ends the lists' freshness).
func (t *resourcesTab) listChanged(server string) {
	if t.session == nil || t.session.Name() != server {
		return
	}
	if t.deps.visible() && t.body.Visible() {
		t.fetch(true)
	} else {
		t.stale = true
	}
}

// load shows the lists: from the session's cache while the server's ttlMs
// says they are fresh, else fetched (every page of resources/list and
// resources/templates/list).
func (t *resourcesTab) load() { t.fetch(false) }

// refresh asks the server for the lists whatever their ttlMs said (the
// header's Refresh button).
func (t *resourcesTab) refresh() { t.fetch(true) }

func (t *resourcesTab) fetch(refresh bool) {
	s := t.session
	if s == nil {
		return
	}
	t.listSeq++
	n := t.listSeq
	t.resCount.SetText(lang.L("loading …"))
	t.tmplCount.SetText(lang.L("loading …"))
	t.deps.work.goWork(func(ctx context.Context) {
		resources, rfresh, rerr := s.ResourcesList(ctx, refresh)
		templates, tfresh, terr := s.ResourceTemplatesList(ctx, refresh)
		fyne.Do(func() {
			if n == t.listSeq && s == t.session {
				t.setLists(resources, rerr, templates, terr)
				showFreshness(t.resFresh, rfresh)
				showFreshness(t.tmplFresh, tfresh)
				t.listColumn.Refresh()
			}
			if t.deps.listed != nil && (!rfresh.Cached && rerr == nil || !tfresh.Cached && terr == nil) {
				t.deps.listed(s.Name())
			}
		})
	})
}

func (t *resourcesTab) setLists(resources []*sdk.Resource, rerr error, templates []*sdk.ResourceTemplate, terr error) {
	show := func(l *widget.Label, err error) {
		if err != nil {
			l.SetText(i18n.L("The list could not be fetched: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
			l.Show()
		} else {
			l.Hide()
		}
	}
	show(t.listNote, rerr)
	show(t.tmplNote, terr)
	t.resources, t.templates = resources, templates
	t.indexForFilter()
	if rerr != nil {
		t.resCount.SetText("")
	}
	if terr != nil {
		t.tmplCount.SetText("")
	}
	t.resList.Refresh()
	t.tmplList.Refresh()
	t.syncSelection()
}

// syncSelection marks the selected resource or template in the new lists.
func (t *resourcesTab) syncSelection() {
	t.selecting = true
	defer func() { t.selecting = false }()
	if t.selRes != nil {
		if i := slices.IndexFunc(t.resources, func(r *sdk.Resource) bool { return r.URI == t.selRes.URI }); i >= 0 {
			t.selRes = t.resources[i]
			widgets.SelectRow(t.resList, t.resRows.Row(i))
		}
	}
	if t.selTmpl != nil {
		if i := slices.IndexFunc(t.templates, func(r *sdk.ResourceTemplate) bool { return r.URITemplate == t.selTmpl.URITemplate }); i >= 0 {
			t.selTmpl = t.templates[i]
			widgets.SelectRow(t.tmplList, t.tmplRows.Row(i))
		}
	}
}

// tryAnyway sends resources/list to a server that did not declare resources.
func (t *resourcesTab) tryAnyway() {
	s := t.session
	if s == nil {
		return
	}
	t.absent.trying("resources/list")
	t.deps.work.goWork(func(ctx context.Context) {
		resources, err := s.Resources(ctx)
		fyne.Do(func() {
			if s != t.session {
				return
			}
			if err != nil {
				t.absent.answered(err, "")
				return
			}
			t.absent.answered(nil, i18n.N("The server answered resources/list anyway, with {{.Count}} resources.", len(resources)))
			if len(resources) > 0 {
				t.forced = true
				t.absent.root.Hide()
				t.body.Show()
				t.load()
			}
		})
	})
}

func (t *resourcesTab) showDetail(on bool) {
	widgets.ShowDetailOrHint(on, t.detail, t.hint, t.contents)
}

// selectResource shows the resource and reads it.
func (t *resourcesTab) selectResource(r *sdk.Resource) {
	t.selecting = true
	t.tmplList.UnselectAll()
	t.selecting = false
	t.tmplForm.stopCompletions()
	t.selRes, t.selTmpl = r, nil
	t.title.SetText(view.ResourceName(r.Name, r.Title))
	t.uriLabel.SetText(r.URI)
	t.setDesc(r.Description)
	t.tmplBox.Hide()
	t.readBtn.SetText(lang.L("Read again"))
	t.note.SetText("")
	t.showSubscribe(r.URI)
	t.showBadge(r.URI)
	t.showDetail(true)
	t.read(r.URI)
}

func (t *resourcesTab) setDesc(d string) {
	t.desc.SetText(strings.TrimSpace(d))
	if t.desc.Text == "" {
		t.desc.Hide()
	} else {
		t.desc.Show()
	}
}

// selectTemplate shows the template's variables as a form; Read fills the
// template with them and reads the URI it makes.
func (t *resourcesTab) selectTemplate(tm *sdk.ResourceTemplate) {
	t.selecting = true
	t.resList.UnselectAll()
	t.selecting = false
	t.selRes, t.selTmpl = nil, tm
	t.readSeq++
	t.openURI = ""
	t.title.SetText(view.ResourceName(tm.Name, tm.Title))
	t.uriLabel.SetText(tm.URITemplate)
	t.setDesc(tm.Description)
	var specs []argSpec
	for _, v := range mcp.TemplateVars(tm.URITemplate) {
		specs = append(specs, argSpec{Name: v.Name, Required: !v.Optional})
	}
	completes := t.session != nil && t.session.Capabilities().Completions
	none := "This template has no {variables}; Read reads it as it is."
	t.tmplForm.set(t.session, mcp.TemplateRef(tm.URITemplate), completes, specs, none)
	t.tmplBox.Show()
	t.readBtn.SetText(lang.L("Read"))
	t.subBtn.Hide()
	t.badge.Hide()
	t.note.SetText(view.TemplateNote(len(specs) > 0, completes))
	t.contents.Objects = nil
	t.contents.Refresh()
	t.showDetail(true)
}

// readSelected reads the selected resource again, or fills the selected
// template and reads what it names.
func (t *resourcesTab) readSelected() {
	switch {
	case t.selRes != nil:
		t.read(t.selRes.URI)
	case t.selTmpl != nil:
		uri, err := mcp.ExpandTemplate(t.selTmpl.URITemplate, t.tmplForm.values())
		if err != nil {
			t.note.SetText(i18n.L("Not read: {{.Reason}}.", map[string]any{"Reason": i18n.Explain(err)}))
			return
		}
		t.note.SetText(i18n.L("URI: {{.URI}}", map[string]any{"URI": uri}))
		t.read(uri)
	}
}

// read sends resources/read for uri on a goroutine and shows the contents;
// the read goes into the history.
func (t *resourcesTab) read(uri string) { t.readAgain(uri, true) }

// readAgain reads uri; record is false for a read the app makes by itself
// (a subscribed resource changed), which would otherwise fill the history.
func (t *resourcesTab) readAgain(uri string, record bool) {
	s := t.session
	if s == nil {
		return
	}
	t.readSeq++
	n := t.readSeq
	t.openURI = uri
	t.readBtn.Disable()
	t.contents.Objects = []fyne.CanvasObject{widgets.CentredNote("Reading " + uri + " …")}
	t.contents.Refresh()
	t.deps.work.goWork(func(ctx context.Context) {
		if !record {
			ctx = mcp.WithoutHistory(ctx)
		}
		r := s.ReadResource(ctx, uri) // the core keeps it in the history
		if record {
			t.deps.got(r)
		}
		fyne.Do(func() {
			t.deps.historyChanged(r.Server)
			if n != t.readSeq {
				return
			}
			t.readBtn.Enable()
			t.lastRead = r
			t.showRead(r)
		})
	})
}

// showRead draws a read's contents: text (JSON pretty), images, and other
// blobs as a line with Save.
func (t *resourcesTab) showRead(r *mcp.ReadResult) {
	rv := NewResultView(t.deps.win)
	stem := view.SafeFileName(path.Base(strings.TrimRight(r.URI, "/")))
	if stem == "" || stem == "." {
		stem = "resource"
	}
	rv.result = &mcp.CallResult{Tool: stem} // names saved files after the resource
	t.view = rv
	var rows []fyne.CanvasObject
	if !r.OK() {
		rows = append(rows, widgets.OutcomeBand(false, i18n.L("resources/read failed"), r.Message, r.RPCError, r.Duration))
	} else {
		n := len(r.Result.Contents)
		rows = append(rows, widgets.OutcomeBand(true, i18n.L("Read {{.URI}}", map[string]any{"URI": r.URI}), i18n.N("The server sent {{.Count}} content items.", n), nil, r.Duration))
		for i, c := range r.Result.Contents {
			rows = append(rows, t.contentsBlock(rv, i, c, r.URI))
		}
		if n == 0 {
			rows = append(rows, widgets.LowLabel(lang.L("The resource has no contents.")))
		}
	}
	t.contents.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(container.NewVBox(rows...)))}
	t.contents.Refresh()
}

// contentsBlock shows one item of a read: its URI and type, then the text
// or the picture, or a Save button for other data.
func (t *resourcesTab) contentsBlock(rv *ResultView, i int, c *sdk.ResourceContents, asked string) fyne.CanvasObject {
	var parts []string
	if c.URI != asked {
		parts = append(parts, c.URI) // the band above names the URI that was read
	}
	parts = append(parts, view.OrUnknown(c.MIMEType))
	if apps.IsAppResource(c.URI, c.MIMEType) {
		parts = append(parts, "an MCP App's page: its tool's Open app shows it")
	}
	info := strings.Join(parts, " · ")
	if c.Blob != nil {
		if strings.HasPrefix(c.MIMEType, "image/") {
			return rv.imageBlock(i, c.Blob, c.MIMEType)
		}
		name := path.Base(c.URI)
		if name == "." || name == "/" || name == "" || !strings.Contains(name, ".") {
			name = fmt.Sprintf("contents-%d%s", i+1, view.ExtensionFor(c.MIMEType))
		}
		return rv.binaryBlock(info+" · "+view.Size(len(c.Blob)), name, c.Blob)
	}
	return container.NewVBox(widgets.Heading(info+" · "+view.Size(len(c.Text))), rv.textBlock(fmt.Sprintf("contents-%d", i+1), c.Text))
}

// showSubscribe offers Subscribe/Unsubscribe for servers that declare subscribe.
func (t *resourcesTab) showSubscribe(uri string) {
	if t.session == nil || !t.session.Capabilities().ResourcesSubscribe {
		t.subBtn.Hide()
		return
	}
	if t.subscribed[uri] {
		t.subBtn.SetText(lang.L("Unsubscribe"))
		t.subBtn.SetIcon(theme.VisibilityOffIcon())
	} else {
		t.subBtn.SetText(lang.L("Subscribe"))
		t.subBtn.SetIcon(theme.VisibilityIcon())
	}
	t.subBtn.Enable()
	t.subBtn.Show()
}

func (t *resourcesTab) showBadge(uri string) {
	if note := t.updatedNote(uri); note != "" {
		t.badge.SetText(note)
		t.badge.Show()
	} else {
		t.badge.Hide()
	}
}

// toggleSubscription subscribes to the selected resource, or unsubscribes.
func (t *resourcesTab) toggleSubscription() {
	s, r := t.session, t.selRes
	if s == nil || r == nil {
		return
	}
	uri, on := r.URI, !t.subscribed[r.URI]
	t.subBtn.Disable()
	t.deps.work.goWork(func(ctx context.Context) {
		var err error
		if on {
			err = s.Subscribe(ctx, uri)
		} else {
			err = s.Unsubscribe(ctx, uri)
		}
		fyne.Do(func() {
			if s != t.session {
				return
			}
			if err == nil {
				t.subscribed[uri] = on
			}
			if t.selRes != nil && t.selRes.URI == uri {
				t.showSubscribe(uri)
				switch {
				case err != nil:
					t.note.SetText(view.Capitalise(err.Error()))
				case on:
					t.note.SetText(lang.L("Subscribed: changes the server reports are shown here and the resource is read again."))
				default:
					t.note.SetText(lang.L("Unsubscribed."))
				}
			}
		})
	})
}

// resourceUpdated marks uri as changed and reads it again when it is on show.
func (t *resourcesTab) resourceUpdated(server, uri string) {
	if t.session == nil || t.session.Name() != server {
		return
	}
	t.updated[uri] = time.Now()
	t.resList.Refresh()
	if t.selRes != nil && t.selRes.URI == uri {
		t.showBadge(uri)
	}
	if t.openURI == uri {
		t.readAgain(uri, false)
	}
}

// selectURI shows uri: the listed resource with that URI, or a read of it
// as it is (a history entry's resource may come from a template).
func (t *resourcesTab) selectURI(uri string) {
	for i, r := range t.resources {
		if r.URI == uri {
			if t.resRows.Row(i) < 0 {
				t.clearFilter() // the resource asked for must be in sight
			}
			t.selecting = true // one read, below: not a second from OnSelected
			t.resList.Select(t.resRows.Row(i))
			t.selecting = false
			if t.selRes != r {
				t.selectResource(r)
			} else {
				t.read(uri)
			}
			return
		}
	}
	t.unselectAll()
	t.selRes, t.selTmpl = &sdk.Resource{URI: uri, Name: uri}, nil
	t.title.SetText(uri)
	t.uriLabel.SetText(uri)
	t.setDesc("")
	t.tmplBox.Hide()
	t.readBtn.SetText(lang.L("Read again"))
	t.showSubscribe(uri)
	t.showBadge(uri)
	t.note.SetText("")
	t.showDetail(true)
	t.read(uri)
}
