package tabs

import (
	"context"
	"fmt"
	"mcpbrowser/ui/result"
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

// A ResourcesTab lists the selected server's resources and resource
// templates. Selecting a resource reads it; selecting a template shows a
// small form of its {variables} (with the server's completions) that makes
// the URI to read. Servers that declare subscribe get a Subscribe toggle,
// and updates they send are shown as they arrive.
type ResourcesTab struct {
	listTab // the session, the lists' fetching, freshness and "Try anyway" (listtab.go)
	deps    ResourcesDeps

	Resources []*sdk.Resource
	Templates []*sdk.ResourceTemplate
	// updated is when the server last said a resource changed, by URI.
	updated map[string]time.Time
	// subscribed are the URIs this connection is subscribed to.
	Subscribed map[string]bool

	selRes  *sdk.Resource
	selTmpl *sdk.ResourceTemplate
	// openURI is the URI whose contents are on show (re-read when it changes).
	openURI string
	readSeq int

	Filter    *widget.Entry
	ResRows   widgets.Filtered // the resources and templates the filter lets through (resources_filter.go)
	TmplRows  widgets.Filtered
	ResList   *widget.List
	TmplList  *widget.List
	resCount  *widget.Label
	tmplCount *widget.Label
	listNote  *widget.Label
	tmplNote  *widget.Label
	// resFresh and tmplFresh say how long the lists stay fresh (ttlMs).
	ResFresh  *widget.Label
	TmplFresh *widget.Label

	title     *widget.Label
	uriLabel  *widget.Label
	desc      *widget.Label
	Badge     *widget.Label // "updated 12:03:04"
	ReadBtn   *widgets.Button
	SubBtn    *widgets.Button
	Note      *widget.Label
	TmplForm  *argForm
	tmplBox   *fyne.Container
	Contents  *fyne.Container
	detail    fyne.CanvasObject
	hint      fyne.CanvasObject
	selecting bool

	// For tests: the last read and the view that drew its contents.
	LastRead *mcp.ReadResult
	View     *result.ResultView
}

// ResourcesDeps is what the Resources tab needs from the window.
type ResourcesDeps struct {
	Win  fyne.Window
	Work widgets.Worker
	// visible reports whether the tab is on show.
	Visible func() bool
	// got is told of every read the person asked for, on the job's
	// goroutine (Record calls in the Checks tab writes it down).
	Got func(r *mcp.ReadResult)
	// historyChanged says that server's history grew.
	HistoryChanged func(server string)
	// listed says the server's lists came from the server (not from the
	// cache), for the quality report (may be nil).
	Listed func(server string)
}

func NewResourcesTab(deps ResourcesDeps) *ResourcesTab {
	t := &ResourcesTab{deps: deps, updated: map[string]time.Time{}, Subscribed: map[string]bool{}}
	t.init(listKind{
		Work: deps.Work, Visible: deps.Visible, Listed: deps.Listed,
		Feature: "resources", Method: "resources/list",
		Declared: func(c mcp.Capabilities) bool { return c.Resources },
		Reset:    t.reset,
		Loading: func() {
			t.resCount.SetText(lang.L("loading …"))
			t.tmplCount.SetText(lang.L("loading …"))
		},
		List: func(ctx context.Context, s *mcp.Session, refresh bool) (func(), bool) {
			resources, rfresh, rerr := s.ResourcesList(ctx, refresh)
			templates, tfresh, terr := s.ResourceTemplatesList(ctx, refresh)
			return func() {
				t.setLists(resources, rerr, templates, terr)
				showFreshness(t.ResFresh, rfresh)
				showFreshness(t.TmplFresh, tfresh)
			}, !rfresh.Cached && rerr == nil || !tfresh.Cached && terr == nil
		},
		Try: func(ctx context.Context, s *mcp.Session) (int, func(), error) {
			resources, err := s.Resources(ctx)
			return len(resources), t.load, err
		},
		Answered: func(n int) string {
			return i18n.N("The server answered resources/list anyway, with {{.Count}} resources.", n)
		},
	})

	t.resCount = widgets.SmallLabel()
	t.tmplCount = widgets.SmallLabel()
	t.listNote = widgets.ErrorNote()
	t.tmplNote = widgets.ErrorNote()
	t.Filter = widgets.NewFilterEntry(lang.L("Filter resources (Ctrl+F)"), t.refilter)
	t.ResFresh, t.TmplFresh = freshnessNote(), freshnessNote()
	t.ResList = newRowList(&t.ResRows, func() []*sdk.Resource { return t.Resources },
		func(r *sdk.Resource) (string, string, string) {
			return view.ResourceName(r.Name, r.Title), view.ResourceSubtitle(r), t.updatedNote(r.URI)
		}, t.selectResource, &t.selecting)
	t.TmplList = newRowList(&t.TmplRows, func() []*sdk.ResourceTemplate { return t.Templates },
		func(tm *sdk.ResourceTemplate) (string, string, string) {
			return view.ResourceName(tm.Name, tm.Title), tm.URITemplate, ""
		}, t.selectTemplate, &t.selecting)
	resHead := container.NewVBox(widgets.ListHeading(lang.L("Resources"), t.resCount, t.Refresh), t.ResFresh, t.listNote)
	tmplHead := container.NewVBox(widgets.ListHeading(lang.L("Templates"), t.tmplCount, nil), t.TmplFresh, t.tmplNote)
	split2 := container.NewVSplit(
		widgets.NewBorder(resHead, nil, nil, nil, t.ResList),
		widgets.NewBorder(tmplHead, nil, nil, nil, t.TmplList))
	split2.SetOffset(0.62)
	listColumn := widgets.NewBorder(t.Filter, nil, nil, nil, split2)

	t.title = widgets.BoldLabel("")
	t.title.SizeName = theme.SizeNameSubHeadingText
	t.title.Wrapping = fyne.TextWrapWord
	t.uriLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	t.uriLabel.Selectable = true
	t.uriLabel.Wrapping = fyne.TextWrapBreak
	t.desc = widget.NewLabel("")
	t.desc.Wrapping = fyne.TextWrapWord
	t.Badge = widget.NewLabel("")
	t.Badge.Importance = widget.WarningImportance
	t.Badge.Hide()
	t.ReadBtn = widgets.NewButton(lang.L("Read"), theme.MediaPlayIcon(), t.readSelected)
	t.ReadBtn.Importance = widget.HighImportance
	t.SubBtn = widgets.NewButton(lang.L("Subscribe"), theme.VisibilityIcon(), t.toggleSubscription)
	t.SubBtn.Hide()
	t.Note = widget.NewLabel("")
	t.Note.Wrapping = fyne.TextWrapWord
	t.Note.SizeName = theme.SizeNameCaptionText
	t.TmplForm = newArgForm(deps.Work, t.readSelected)
	t.tmplBox = container.NewVBox(t.TmplForm.Box)
	t.tmplBox.Hide()
	actions := container.NewVBox(container.NewBorder(nil, nil, container.NewHBox(t.ReadBtn, t.SubBtn), t.Badge), t.Note)
	head := container.NewVBox(t.title, t.uriLabel, t.desc, t.tmplBox, actions, widget.NewSeparator())
	t.Contents = container.NewStack()
	t.detail = container.NewBorder(container.NewPadded(head), nil, nil, nil, t.Contents)
	t.detail.Hide()
	t.hint = widgets.CentredNote(lang.L("Select a resource or a template on the left."))
	split := container.NewHSplit(listColumn, container.NewStack(t.detail, t.hint))
	split.SetOffset(0.32)
	t.place(split, listColumn)
	return t
}

func (t *ResourcesTab) updatedNote(uri string) string {
	if at, ok := t.updated[uri]; ok {
		return "updated " + at.Format("15:04:05")
	}
	return ""
}

// reset empties the tab for a new session or connection: lists,
// subscriptions and update marks belong to one connection.
func (t *ResourcesTab) reset() {
	t.TmplForm.stopCompletions()
	t.readSeq++
	t.Resources, t.Templates = nil, nil
	t.updated, t.Subscribed = map[string]time.Time{}, map[string]bool{}
	t.selRes, t.selTmpl, t.openURI = nil, nil, ""
	t.unselectAll()
	t.clearFilter()
	t.ResList.Refresh()
	t.TmplList.Refresh()
	t.resCount.SetText("")
	t.tmplCount.SetText("")
	t.listNote.Hide()
	t.tmplNote.Hide()
	t.ResFresh.Hide()
	t.TmplFresh.Hide()
	t.showDetail(false)
}

func (t *ResourcesTab) unselectAll() {
	t.selecting = true
	t.ResList.UnselectAll()
	t.TmplList.UnselectAll()
	t.selecting = false
}

// load shows the lists: from the session's cache while the server's ttlMs
// says they are fresh, else fetched (every page of resources/list and
// resources/templates/list).
func (t *ResourcesTab) load() { t.fetch(false) }

// refresh asks the server for the lists whatever their ttlMs said (the
// header's Refresh button).
func (t *ResourcesTab) Refresh() { t.fetch(true) }

func (t *ResourcesTab) setLists(resources []*sdk.Resource, rerr error, templates []*sdk.ResourceTemplate, terr error) {
	showListError(t.listNote, rerr)
	showListError(t.tmplNote, terr)
	t.Resources, t.Templates = resources, templates
	t.indexForFilter()
	if rerr != nil {
		t.resCount.SetText("")
	}
	if terr != nil {
		t.tmplCount.SetText("")
	}
	t.ResList.Refresh()
	t.TmplList.Refresh()
	t.syncSelection()
}

// syncSelection marks the selected resource or template in the new lists.
func (t *ResourcesTab) syncSelection() {
	if t.selRes != nil {
		if i := slices.IndexFunc(t.Resources, func(r *sdk.Resource) bool { return r.URI == t.selRes.URI }); i >= 0 {
			t.selRes = t.Resources[i]
			markRow(t.ResList, &t.ResRows, i, &t.selecting)
		}
	}
	if t.selTmpl != nil {
		if i := slices.IndexFunc(t.Templates, func(r *sdk.ResourceTemplate) bool { return r.URITemplate == t.selTmpl.URITemplate }); i >= 0 {
			t.selTmpl = t.Templates[i]
			markRow(t.TmplList, &t.TmplRows, i, &t.selecting)
		}
	}
}

func (t *ResourcesTab) showDetail(on bool) {
	widgets.ShowDetailOrHint(on, t.detail, t.hint, t.Contents)
}

// selectResource shows the resource and reads it.
func (t *ResourcesTab) selectResource(r *sdk.Resource) {
	t.selecting = true
	t.TmplList.UnselectAll()
	t.selecting = false
	t.TmplForm.stopCompletions()
	t.selRes, t.selTmpl = r, nil
	t.title.SetText(view.ResourceName(r.Name, r.Title))
	t.uriLabel.SetText(r.URI)
	t.setDesc(r.Description)
	t.tmplBox.Hide()
	t.ReadBtn.SetText(lang.L("Read again"))
	t.Note.SetText("")
	t.showSubscribe(r.URI)
	t.showBadge(r.URI)
	t.showDetail(true)
	t.Read(r.URI)
}

func (t *ResourcesTab) setDesc(d string) {
	t.desc.SetText(strings.TrimSpace(d))
	if t.desc.Text == "" {
		t.desc.Hide()
	} else {
		t.desc.Show()
	}
}

// selectTemplate shows the template's variables as a form; Read fills the
// template with them and reads the URI it makes.
func (t *ResourcesTab) selectTemplate(tm *sdk.ResourceTemplate) {
	t.selecting = true
	t.ResList.UnselectAll()
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
	completes := t.Session != nil && t.Session.Capabilities().Completions
	none := "This template has no {variables}; Read reads it as it is."
	t.TmplForm.set(t.Session, mcp.TemplateRef(tm.URITemplate), completes, specs, none)
	t.tmplBox.Show()
	t.ReadBtn.SetText(lang.L("Read"))
	t.SubBtn.Hide()
	t.Badge.Hide()
	t.Note.SetText(view.TemplateNote(len(specs) > 0, completes))
	t.Contents.Objects = nil
	t.Contents.Refresh()
	t.showDetail(true)
}

// readSelected reads the selected resource again, or fills the selected
// template and reads what it names.
func (t *ResourcesTab) readSelected() {
	switch {
	case t.selRes != nil:
		t.Read(t.selRes.URI)
	case t.selTmpl != nil:
		uri, err := mcp.ExpandTemplate(t.selTmpl.URITemplate, t.TmplForm.values())
		if err != nil {
			t.Note.SetText(i18n.L("Not read: {{.Reason}}.", map[string]any{"Reason": i18n.Explain(err)}))
			return
		}
		t.Note.SetText(i18n.L("URI: {{.URI}}", map[string]any{"URI": uri}))
		t.Read(uri)
	}
}

// read sends resources/read for uri on a goroutine and shows the contents;
// the read goes into the history.
func (t *ResourcesTab) Read(uri string) { t.readAgain(uri, true) }

// readAgain reads uri; record is false for a read the app makes by itself
// (a subscribed resource changed), which would otherwise fill the history.
func (t *ResourcesTab) readAgain(uri string, record bool) {
	s := t.Session
	if s == nil {
		return
	}
	t.readSeq++
	n := t.readSeq
	t.openURI = uri
	t.ReadBtn.Disable()
	t.Contents.Objects = []fyne.CanvasObject{widgets.CentredNote("Reading " + uri + " …")}
	t.Contents.Refresh()
	t.deps.Work.GoWork(func(ctx context.Context) {
		if !record {
			ctx = mcp.WithoutHistory(ctx)
		}
		r := s.ReadResource(ctx, uri) // the core keeps it in the history
		if record {
			t.deps.Got(r)
		}
		fyne.Do(func() {
			t.deps.HistoryChanged(r.Server)
			if n != t.readSeq {
				return
			}
			t.ReadBtn.Enable()
			t.LastRead = r
			t.showRead(r)
		})
	})
}

// showRead draws a read's contents: text (JSON pretty), images, and other
// blobs as a line with Save.
func (t *ResourcesTab) showRead(r *mcp.ReadResult) {
	rv := result.NewResultView(t.deps.Win)
	stem := view.SafeFileName(path.Base(strings.TrimRight(r.URI, "/")))
	if stem == "" || stem == "." {
		stem = "resource"
	}
	rv.Result = &mcp.CallResult{Tool: stem} // names saved files after the resource
	t.View = rv
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
	t.Contents.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(container.NewVBox(rows...)))}
	t.Contents.Refresh()
}

// contentsBlock shows one item of a read: its URI and type, then the text
// or the picture, or a Save button for other data.
func (t *ResourcesTab) contentsBlock(rv *result.ResultView, i int, c *sdk.ResourceContents, asked string) fyne.CanvasObject {
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
			return rv.ImageBlock(i, c.Blob, c.MIMEType)
		}
		name := path.Base(c.URI)
		if name == "." || name == "/" || name == "" || !strings.Contains(name, ".") {
			name = fmt.Sprintf("contents-%d%s", i+1, view.ExtensionFor(c.MIMEType))
		}
		return rv.BinaryBlock(info+" · "+view.Size(len(c.Blob)), name, c.Blob)
	}
	return container.NewVBox(widgets.Heading(info+" · "+view.Size(len(c.Text))), rv.TextBlock(fmt.Sprintf("contents-%d", i+1), c.Text))
}

// showSubscribe offers Subscribe/Unsubscribe for servers that declare subscribe.
func (t *ResourcesTab) showSubscribe(uri string) {
	if t.Session == nil || !t.Session.Capabilities().ResourcesSubscribe {
		t.SubBtn.Hide()
		return
	}
	if t.Subscribed[uri] {
		t.SubBtn.SetText(lang.L("Unsubscribe"))
		t.SubBtn.SetIcon(theme.VisibilityOffIcon())
	} else {
		t.SubBtn.SetText(lang.L("Subscribe"))
		t.SubBtn.SetIcon(theme.VisibilityIcon())
	}
	t.SubBtn.Enable()
	t.SubBtn.Show()
}

func (t *ResourcesTab) showBadge(uri string) {
	if note := t.updatedNote(uri); note != "" {
		t.Badge.SetText(note)
		t.Badge.Show()
	} else {
		t.Badge.Hide()
	}
}

// toggleSubscription subscribes to the selected resource, or unsubscribes.
func (t *ResourcesTab) toggleSubscription() {
	s, r := t.Session, t.selRes
	if s == nil || r == nil {
		return
	}
	uri, on := r.URI, !t.Subscribed[r.URI]
	t.SubBtn.Disable()
	t.deps.Work.GoWork(func(ctx context.Context) {
		var err error
		if on {
			err = s.Subscribe(ctx, uri)
		} else {
			err = s.Unsubscribe(ctx, uri)
		}
		fyne.Do(func() {
			if s != t.Session {
				return
			}
			if err == nil {
				t.Subscribed[uri] = on
			}
			if t.selRes != nil && t.selRes.URI == uri {
				t.showSubscribe(uri)
				switch {
				case err != nil:
					t.Note.SetText(view.Capitalise(err.Error()))
				case on:
					t.Note.SetText(lang.L("Subscribed: changes the server reports are shown here and the resource is read again."))
				default:
					t.Note.SetText(lang.L("Unsubscribed."))
				}
			}
		})
	})
}

// resourceUpdated marks uri as changed and reads it again when it is on show.
func (t *ResourcesTab) ResourceUpdated(server, uri string) {
	if t.Session == nil || t.Session.Name() != server {
		return
	}
	t.updated[uri] = time.Now()
	t.ResList.Refresh()
	if t.selRes != nil && t.selRes.URI == uri {
		t.showBadge(uri)
	}
	if t.openURI == uri {
		t.readAgain(uri, false)
	}
}

// selectURI shows uri: the listed resource with that URI, or a read of it
// as it is (a history entry's resource may come from a template).
func (t *ResourcesTab) SelectURI(uri string) {
	for i, r := range t.Resources {
		if r.URI == uri {
			if t.ResRows.Row(i) < 0 {
				t.clearFilter() // the resource asked for must be in sight
			}
			t.selecting = true // one read, below: not a second from OnSelected
			t.ResList.Select(t.ResRows.Row(i))
			t.selecting = false
			if t.selRes != r {
				t.selectResource(r)
			} else {
				t.Read(uri)
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
	t.ReadBtn.SetText(lang.L("Read again"))
	t.showSubscribe(uri)
	t.showBadge(uri)
	t.Note.SetText("")
	t.showDetail(true)
	t.Read(uri)
}
