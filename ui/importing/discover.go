package importing

import (
	"context"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A DiscoverDialog lists every other app's config file found on this
// machine, with the servers in each, to import some or all of them.
type DiscoverDialog struct {
	deps DiscoverDeps
	dlg  *dialog.CustomDialog
	// Status says what was found; Body lists it.
	Status *widget.Label
	bar    *widget.ProgressBarInfinite
	Body   *fyne.Container
	Rows   []*ImportRow
	Files  []clients.DiscoveredFile
	// projects are folders the person added with "Also look in a project folder…".
	projects []string
	// Looking is true while a discovery runs.
	Looking bool
	// Confirm is the watch confirmation on show and Change the change it
	// shows; Done says what the last watch did, Problem why it wrote nothing.
	Confirm               *widgets.ConfirmDialog
	Change, Done, Problem string
	announce              bool // Done is still to be said in Status

	ImportSelected, ImportAll, AddProject *widgets.Button
}

// DiscoverDeps is what the discovery dialog needs.
type DiscoverDeps struct {
	Win  fyne.Window
	Work widgets.Worker
	// Env says where to look; it is called off the UI goroutine.
	Env func() (clients.DiscoverEnv, error)
	// ChooseFolder asks the person for a project folder to look in too.
	ChooseFolder func(title string, chosen func(path string))
	// Known is a copy of the servers in the list, to mark those found again.
	Known func() *config.Config
	// ImportChosen adds the servers the person chose.
	ImportChosen func(servers []*clients.ImportedServer)
	// Watch is where "Watch in ‹app›" writes (watch.go).
	Watch WatchHooks
}

// FindServers opens the discovery dialog and looks for config files in the background.
func (s *Screen) FindServers() {
	if !s.deps.Editable() {
		return
	}
	d := NewDiscoverDialog(DiscoverDeps{
		Win: s.deps.Win, Work: s.deps.Work, Env: s.envFunc(),
		ChooseFolder: s.chooseFolder,
		Known:        s.deps.Servers,
		ImportChosen: func(servers []*clients.ImportedServer) { s.ImportChosen(servers, "other apps") },
		Watch:        s.watchHooks(),
	})
	d.dlg.SetOnClosed(func() {
		if s.Discover == d {
			s.Discover = nil
		}
	})
	s.Discover = d
	d.dlg.Show()
	d.Look()
}

// NewDiscoverDialog builds the dialog; it shows nothing and looks nowhere
// until shown and told to look.
func NewDiscoverDialog(deps DiscoverDeps) *DiscoverDialog {
	d := &DiscoverDialog{deps: deps, Status: widget.NewLabel(""), bar: widget.NewProgressBarInfinite(), Body: container.NewVBox()}
	d.Status.Wrapping = fyne.TextWrapWord
	d.ImportSelected = widgets.NewButton(lang.L("Import selected"), theme.DownloadIcon(), func() { d.importRows(d.checkedRows()) })
	d.ImportSelected.Importance = widget.HighImportance
	d.ImportAll = widgets.NewButton(lang.L("Import all"), nil, func() { d.importRows(d.ImportableRows()) })
	d.AddProject = widgets.NewButton(lang.L("Also look in a project folder…"), theme.FolderOpenIcon(), func() {
		deps.ChooseFolder("Choose a project folder", func(path string) {
			if !slices.Contains(d.projects, path) {
				d.projects = append(d.projects, path)
			}
			d.Look()
		})
	})
	closeBtn := widgets.NewButton(lang.L("Close"), nil, func() { d.dlg.Hide() })
	top := container.NewVBox(d.Status, d.bar)
	content := container.NewBorder(top, container.NewHBox(d.AddProject, layout.NewSpacer()), nil, nil, container.NewVScroll(d.Body))
	d.dlg = dialog.NewCustomWithoutButtons(lang.L("Servers in other apps"), content, deps.Win)
	d.dlg.SetButtons([]fyne.CanvasObject{closeBtn, d.ImportAll, d.ImportSelected})
	d.dlg.Resize(fyne.NewSize(820, 660))
	return d
}

// Hide closes the dialog.
func (d *DiscoverDialog) Hide() { d.dlg.Hide() }

// Look runs discovery on a goroutine (it reads files) and shows the result.
func (d *DiscoverDialog) Look() {
	d.Looking = true
	d.Status.SetText(lang.L("Looking for the config files of Claude, Cursor, VS Code, Cline, Windsurf and Codex …"))
	d.bar.Show()
	d.bar.Start()
	d.updateButtons()
	extra := slices.Clone(d.projects)
	env, dir := d.deps.Env, d.deps.Watch.Dir
	d.deps.Work.GoWork(func(ctx context.Context) {
		denv, err := env()
		var found []clients.DiscoveredFile
		var places int
		var watched map[string]*clients.WatchEdit
		if err == nil {
			denv.Projects = append(denv.Projects, extra...)
			found = clients.Discover(denv)
			places = len(clients.Locations(denv))
			watched = watchedIn(dir, found)
		}
		fyne.Do(func() { d.show(found, places, watched, err) })
	})
}

// show lists the files found; the check marks of servers listed before are kept.
func (d *DiscoverDialog) show(found []clients.DiscoveredFile, places int, watched map[string]*clients.WatchEdit, err error) {
	d.Looking = false
	d.bar.Stop()
	d.bar.Hide()
	if err != nil {
		d.Status.SetText(i18n.L("Could not look for other apps' config files: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
		d.updateButtons()
		return
	}
	clients.MarkKnown(found, d.deps.Known())
	checked := map[string]bool{}
	for _, r := range d.Rows {
		checked[r.key()] = r.Check.Checked
	}
	d.Files, d.Rows = found, nil
	d.Body.RemoveAll()
	servers := 0
	for i, f := range found {
		if i > 0 {
			d.Body.Add(widget.NewSeparator())
		}
		d.Body.Add(fileHeader(f))
		for _, imp := range f.Servers {
			r := NewImportRow(imp, checked[importKey(imp)], d.updateButtons)
			d.addWatch(r, watched[importKey(imp)])
			d.Rows = append(d.Rows, r)
			d.Body.Add(r.root)
			servers++
		}
	}
	switch {
	case d.announce:
		d.announce = false
		d.Status.SetText(d.Done)
	case len(found) == 0:
		d.Status.SetText(i18n.N("No other app's MCP config was found (looked in {{.Count}} places). Add servers with Add, a preset, or Paste server config.", places))
	default:
		d.Status.SetText(i18n.N("Found {{.Files}} with {{.Count}} servers in other apps. Tick the ones to try and choose Import selected; imported commands wait for your approval before they first start.",
			servers, map[string]any{"Files": i18n.N("{{.Count}} config files", len(found))}))
	}
	d.updateButtons()
}

func (d *DiscoverDialog) checkedRows() []*ImportRow {
	var out []*ImportRow
	for _, r := range d.Rows {
		if r.Check.Checked && r.Importable() {
			out = append(out, r)
		}
	}
	return out
}

// ImportableRows are the rows Import all imports.
func (d *DiscoverDialog) ImportableRows() []*ImportRow {
	var out []*ImportRow
	for _, r := range d.Rows {
		if r.Importable() {
			out = append(out, r)
		}
	}
	return out
}

func (d *DiscoverDialog) updateButtons() {
	n := len(d.checkedRows())
	d.ImportSelected.SetText(lang.L("Import selected"))
	if n > 0 {
		d.ImportSelected.SetText(i18n.L("Import selected ({{.N}})", map[string]any{"N": n}))
	}
	widgets.SetEnabled(d.ImportSelected, !d.Looking && n > 0)
	widgets.SetEnabled(d.ImportAll, !d.Looking && len(d.ImportableRows()) > 0)
	widgets.SetEnabled(d.AddProject, !d.Looking)
}

func (d *DiscoverDialog) importRows(rows []*ImportRow) {
	if len(rows) == 0 {
		return
	}
	servers := make([]*clients.ImportedServer, len(rows))
	for i, r := range rows {
		servers[i] = r.Imp
	}
	d.dlg.Hide()
	d.deps.ImportChosen(servers)
}

// fileHeader names a config file: its app, its path, its project, and what
// is wrong with it when it could not be read.
func fileHeader(f clients.DiscoveredFile) fyne.CanvasObject {
	title := widget.NewLabelWithStyle(f.Format.Title(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	path := widget.NewLabel(f.Path)
	path.Selectable = true
	path.Wrapping = fyne.TextWrapBreak
	path.SizeName = theme.SizeNameCaptionText
	box := container.NewVBox(container.NewBorder(nil, nil, title, nil, path))
	if f.Project != "" {
		box.Add(widgets.NewHelpLabel("project " + f.Project))
	}
	if f.Err != nil {
		msg := widget.NewLabel(view.OtherFileError(f.Err))
		msg.Wrapping = fyne.TextWrapWord
		msg.Importance = widget.DangerImportance
		box.Add(msg)
	} else if len(f.Servers) == 0 {
		box.Add(widgets.NewHelpLabel(lang.L("No servers in this file.")))
	}
	return box
}
