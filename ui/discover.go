package ui

import (
	"context"
	"errors"
	"io/fs"
	"mcpbrowser/internal/i18n"
	"mcpbrowser/ui/filedialog"
	"os"
	"slices"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// clientConfigUI is what the window needs for bringing servers in from other
// apps (discovery, paste, presets) and taking them out (export). Its zero
// value looks at this machine; tests replace the hooks.
type clientConfigUI struct {
	// discoverEnv says where "Find servers from other apps" looks; nil means
	// this machine, with the app's working folder as a project.
	discoverEnv func() (clients.DiscoverEnv, error)
	// pickFolder asks the person for a folder; nil means openFolderDialog.
	pickFolder func(parent fyne.Window, title string, chosen func(path string))

	// The dialogs on screen, kept so that tests can drive them.
	discover *discoverDialog
	paste    *pasteDialog
	clash    *clashQuestion
	params   *presetParamsDialog
	export   *exportDialog
}

// envFunc is the function that says where to look, read on the UI
// goroutine so that the lookup itself may run on another.
func (c *clientConfigUI) envFunc() func() (clients.DiscoverEnv, error) {
	if c.discoverEnv != nil {
		return c.discoverEnv
	}
	return defaultDiscoverEnv
}

// defaultDiscoverEnv is this machine, with the app's working folder as a
// project (the folder it was started from, when started from a terminal).
func defaultDiscoverEnv() (clients.DiscoverEnv, error) {
	var projects []string
	if cwd, err := os.Getwd(); err == nil {
		projects = append(projects, cwd)
	}
	return clients.DefaultDiscoverEnv(projects...)
}

func (c *clientConfigUI) chooseFolder(parent fyne.Window, title string, chosen func(string)) {
	if c.pickFolder != nil {
		c.pickFolder(parent, title, chosen)
		return
	}
	filedialog.OpenFolderDialog(parent, title, chosen)
}

// configSnapshot is a copy of the servers in the list, for deciding names
// and clashes without touching the manager's own config.
func (w *MainWindow) configSnapshot() *config.Config {
	cfg := &config.Config{}
	for _, s := range w.manager.Sessions() {
		cfg.Servers = append(cfg.Servers, s.Config().Clone())
	}
	return cfg
}

// A discoverDialog lists every other app's config file found on this
// machine, with the servers in each, to import some or all of them.
type discoverDialog struct {
	deps     discoverDeps
	dlg      *dialog.CustomDialog
	status   *widget.Label
	bar      *widget.ProgressBarInfinite
	body     *fyne.Container
	rows     []*importRow
	files    []clients.DiscoveredFile
	projects []string // folders the person added with "Also look in a project folder…"
	// looking is true while a discovery runs.
	looking bool

	importSelected, importAll, addProject *widgets.Button
}

// discoverDeps is what the discovery dialog needs from the window.
type discoverDeps struct {
	win  fyne.Window
	work widgets.Worker
	// env says where to look; it is called off the UI goroutine.
	env func() (clients.DiscoverEnv, error)
	// chooseFolder asks the person for a project folder to look in too.
	chooseFolder func(title string, chosen func(path string))
	// known is a copy of the servers in the list, to mark those found again.
	known func() *config.Config
	// importChosen adds the servers the person chose.
	importChosen func(servers []*clients.ImportedServer)
}

// findServers opens the discovery dialog and looks for config files in the background.
func (w *MainWindow) findServers() {
	if !w.editable() {
		return
	}
	d := newDiscoverDialog(discoverDeps{
		win: w.win, work: w, env: w.clients.envFunc(),
		chooseFolder: func(title string, chosen func(string)) { w.clients.chooseFolder(w.win, title, chosen) },
		known:        w.configSnapshot,
		importChosen: func(servers []*clients.ImportedServer) { w.importChosen(servers, "other apps") },
	})
	d.dlg.SetOnClosed(func() {
		if w.clients.discover == d {
			w.clients.discover = nil
		}
	})
	w.clients.discover = d
	d.dlg.Show()
	d.look()
}

// newDiscoverDialog builds the dialog; it shows nothing and looks nowhere
// until shown and told to look.
func newDiscoverDialog(deps discoverDeps) *discoverDialog {
	d := &discoverDialog{deps: deps, status: widget.NewLabel(""), bar: widget.NewProgressBarInfinite(), body: container.NewVBox()}
	d.status.Wrapping = fyne.TextWrapWord
	d.importSelected = widgets.NewButton(lang.L("Import selected"), theme.DownloadIcon(), func() { d.importRows(d.checkedRows()) })
	d.importSelected.Importance = widget.HighImportance
	d.importAll = widgets.NewButton(lang.L("Import all"), nil, func() { d.importRows(d.importableRows()) })
	d.addProject = widgets.NewButton(lang.L("Also look in a project folder…"), theme.FolderOpenIcon(), func() {
		deps.chooseFolder("Choose a project folder", func(path string) {
			if !slices.Contains(d.projects, path) {
				d.projects = append(d.projects, path)
			}
			d.look()
		})
	})
	closeBtn := widgets.NewButton(lang.L("Close"), nil, func() { d.dlg.Hide() })
	top := container.NewVBox(d.status, d.bar)
	content := container.NewBorder(top, container.NewHBox(d.addProject, layout.NewSpacer()), nil, nil, container.NewVScroll(d.body))
	d.dlg = dialog.NewCustomWithoutButtons(lang.L("Servers in other apps"), content, deps.win)
	d.dlg.SetButtons([]fyne.CanvasObject{closeBtn, d.importAll, d.importSelected})
	d.dlg.Resize(fyne.NewSize(820, 660))
	return d
}

// look runs discovery on a goroutine (it reads files) and shows the result.
func (d *discoverDialog) look() {
	d.looking = true
	d.status.SetText(lang.L("Looking for the config files of Claude, Cursor, VS Code, Cline, Windsurf and Codex …"))
	d.bar.Show()
	d.bar.Start()
	d.updateButtons()
	extra := slices.Clone(d.projects)
	env := d.deps.env
	d.deps.work.GoWork(func(ctx context.Context) {
		denv, err := env()
		var found []clients.DiscoveredFile
		var places int
		if err == nil {
			denv.Projects = append(denv.Projects, extra...)
			found = clients.Discover(denv)
			places = len(clients.Locations(denv))
		}
		fyne.Do(func() { d.show(found, places, err) })
	})
}

// show lists the files found; the check marks of servers listed before are kept.
func (d *discoverDialog) show(found []clients.DiscoveredFile, places int, err error) {
	d.looking = false
	d.bar.Stop()
	d.bar.Hide()
	if err != nil {
		d.status.SetText(i18n.L("Could not look for other apps' config files: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
		d.updateButtons()
		return
	}
	clients.MarkKnown(found, d.deps.known())
	checked := map[string]bool{}
	for _, r := range d.rows {
		checked[r.key()] = r.check.Checked
	}
	d.files, d.rows = found, nil
	d.body.RemoveAll()
	servers := 0
	for i, f := range found {
		if i > 0 {
			d.body.Add(widget.NewSeparator())
		}
		d.body.Add(fileHeader(f))
		for _, imp := range f.Servers {
			r := newImportRow(imp, checked[importKey(imp)], d.updateButtons)
			d.rows = append(d.rows, r)
			d.body.Add(r.root)
			servers++
		}
	}
	switch {
	case len(found) == 0:
		d.status.SetText(i18n.N("No other app's MCP config was found (looked in {{.Count}} places). Add servers with Add, a preset, or Paste server config.", places))
	default:
		d.status.SetText(i18n.N("Found {{.Files}} with {{.Count}} servers in other apps. Tick the ones to try and choose Import selected; imported commands wait for your approval before they first start.",
			servers, map[string]any{"Files": i18n.N("{{.Count}} config files", len(found))}))
	}
	d.updateButtons()
}

func (d *discoverDialog) checkedRows() []*importRow {
	var out []*importRow
	for _, r := range d.rows {
		if r.check.Checked && r.importable() {
			out = append(out, r)
		}
	}
	return out
}

func (d *discoverDialog) importableRows() []*importRow {
	var out []*importRow
	for _, r := range d.rows {
		if r.importable() {
			out = append(out, r)
		}
	}
	return out
}

func (d *discoverDialog) updateButtons() {
	n := len(d.checkedRows())
	d.importSelected.SetText(lang.L("Import selected"))
	if n > 0 {
		d.importSelected.SetText(i18n.L("Import selected ({{.N}})", map[string]any{"N": n}))
	}
	widgets.SetEnabled(d.importSelected, !d.looking && n > 0)
	widgets.SetEnabled(d.importAll, !d.looking && len(d.importableRows()) > 0)
	widgets.SetEnabled(d.addProject, !d.looking)
}

func (d *discoverDialog) importRows(rows []*importRow) {
	if len(rows) == 0 {
		return
	}
	servers := make([]*clients.ImportedServer, len(rows))
	for i, r := range rows {
		servers[i] = r.imp
	}
	d.dlg.Hide()
	d.deps.importChosen(servers)
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
		box.Add(captionLine("project " + f.Project))
	}
	if f.Err != nil {
		msg := widget.NewLabel(view.OtherFileError(f.Err))
		msg.Wrapping = fyne.TextWrapWord
		msg.Importance = widget.DangerImportance
		box.Add(msg)
	} else if len(f.Servers) == 0 {
		box.Add(captionLine(lang.L("No servers in this file.")))
	}
	return box
}

func captionLine(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// An importRow is one server found in another app's file (or pasted): a check
// box with its name, what it runs, and what the person should know about it.
type importRow struct {
	imp   *clients.ImportedServer
	check *widgets.Check
	mark  *widget.Label
	root  fyne.CanvasObject
}

func importKey(imp *clients.ImportedServer) string {
	return imp.Source.Path + "\x00" + imp.Source.Project + "\x00" + imp.Server.Name
}

func (r *importRow) key() string { return importKey(r.imp) }

// importable: malformed entries cannot be imported, and known ones are there already.
func (r *importRow) importable() bool { return r.imp.Err == nil && !r.imp.Known }

func newImportRow(imp *clients.ImportedServer, checked bool, changed func()) *importRow {
	r := &importRow{imp: imp}
	r.check = widgets.NewCheck(imp.Server.Name, func(bool) {
		if changed != nil {
			changed()
		}
	})
	r.mark = widget.NewLabel("")
	switch {
	case imp.Err != nil:
		r.mark.SetText(lang.L("cannot be imported"))
		r.mark.Importance = widget.DangerImportance
	case imp.Known:
		r.mark.SetText(lang.L("✓ already in your list"))
		r.mark.Importance = widget.SuccessImportance
	case imp.NameTaken:
		r.mark.SetText(i18n.L("a different \"{{.Name}}\" is in your list: you will be asked", map[string]any{"Name": imp.Server.Name}))
		r.mark.Importance = widget.WarningImportance
	case imp.Server.Disabled:
		r.mark.SetText(i18n.L("disabled in {{.App}}", map[string]any{"App": imp.Source.Format.Title()}))
		r.mark.Importance = widget.LowImportance
	}
	r.check.Checked = checked && r.importable()
	if !r.importable() {
		r.check.Disable()
	}

	var details []fyne.CanvasObject
	if target := view.ImportedLine(imp.Server); target != "" && imp.Err == nil {
		cmd := widget.NewLabel(target)
		cmd.TextStyle = fyne.TextStyle{Monospace: true}
		cmd.Wrapping = fyne.TextWrapBreak
		cmd.Selectable = true
		details = append(details, cmd)
	}
	if imp.Err != nil {
		msg := captionLine(view.Capitalise(imp.Err.Error()))
		msg.Importance = widget.DangerImportance
		details = append(details, msg)
	} else if imp.Server.Problem != "" {
		msg := captionLine(i18n.L("It cannot be started as written: {{.Problem}}.", map[string]any{"Problem": i18n.Explain(imp.Server.Problem)}))
		msg.Importance = widget.WarningImportance
		details = append(details, msg)
	}
	var notes []string
	if imp.Source.Project != "" && imp.Source.Project != imp.Source.Path {
		notes = append(notes, "project "+imp.Source.Project)
	}
	if len(imp.Inputs) > 0 {
		ids := make([]string, len(imp.Inputs))
		for i, in := range imp.Inputs {
			ids[i] = in.ID
		}
		notes = append(notes, "asks for: "+strings.Join(ids, ", "))
	}
	if len(imp.Unknown) > 0 {
		notes = append(notes, "kept: "+strings.Join(imp.Unknown, ", "))
	}
	if len(notes) > 0 {
		details = append(details, captionLine(strings.Join(notes, " · ")))
	}
	head := container.NewHBox(r.check, r.mark)
	body := container.New(&indentLayout{}, container.New(&widgets.TightVBox{}, details...))
	if len(details) == 0 {
		body.Hide()
	}
	r.root = container.New(&widgets.TightVBox{}, head, body)
	return r
}

// indentLayout shifts its one child right by the width of a check box, so
// that a server's details line up under its name.
type indentLayout struct{}

func (indentLayout) indent() float32 { return theme.IconInlineSize() + 3*theme.Padding() }

func (l indentLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := objs[0].MinSize()
	return fyne.NewSize(s.Width+l.indent(), s.Height)
}

func (l indentLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(l.indent(), 0))
	objs[0].Resize(fyne.NewSize(size.Width-l.indent(), size.Height))
}

// importChosen adds the servers to the list. Each name clash with a
// different server is asked about (rename, replace or skip; once for all
// when the person says so); then the entries are saved and started through
// the manager, and what happened is reported. from names the source in the
// report ("other apps", "the pasted text").
func (w *MainWindow) importChosen(servers []*clients.ImportedServer, from string) {
	if !w.editable() || len(servers) == 0 {
		return
	}
	// Names are decided against a copy of the list, one server at a time, so
	// that a clash between two of the chosen servers is asked about too.
	scratch := w.configSnapshot()
	var results []clients.ImportResult
	var forAll clients.ClashPolicy
	var step func(i int)
	step = func(i int) {
		for ; i < len(servers); i++ {
			imp := servers[i]
			if as, clash := clashRename(scratch, imp); clash && forAll == "" {
				left := 0
				for _, later := range servers[i+1:] {
					if _, c := clashRename(scratch, later); c {
						left++
					}
				}
				w.askClash(imp, scratch.Server(imp.Server.Name), as, left, func(p clients.ClashPolicy, all bool) {
					if all {
						forAll = p
					}
					results = append(results, clients.Import(scratch, []*clients.ImportedServer{imp}, p)...)
					step(i + 1)
				})
				return
			}
			policy := forAll
			if policy == "" {
				policy = clients.ClashRename // no clash: renaming only makes Import also spot an earlier rename
			}
			results = append(results, clients.Import(scratch, []*clients.ImportedServer{imp}, policy)...)
		}
		w.saveImported(scratch, results, from)
	}
	step(0)
}

// clashRename reports whether importing imp into cfg clashes with a
// different server of the same name, and the name renaming would give it.
func clashRename(cfg *config.Config, imp *clients.ImportedServer) (string, bool) {
	trial := &config.Config{Servers: slices.Clone(cfg.Servers)}
	r := clients.Import(trial, []*clients.ImportedServer{imp}, clients.ClashRename)
	return r[0].As, r[0].Action == clients.ImportRenamed
}

// saveImported puts the imported entries into the manager (saving the file
// and starting each), off the UI goroutine, then reports.
func (w *MainWindow) saveImported(scratch *config.Config, results []clients.ImportResult, from string) {
	m := w.manager
	w.GoWork(func(ctx context.Context) {
		for i, r := range results {
			oldName := ""
			switch r.Action {
			case clients.ImportAdded, clients.ImportRenamed:
			case clients.ImportReplaced:
				oldName = r.As
			default:
				continue
			}
			if err := m.PutServer(ctx, oldName, scratch.Server(r.As).Clone(), true); err != nil {
				results[i].Action, results[i].Reason = clients.ImportSkipped, err.Error()
			}
		}
		fyne.Do(func() { w.servers.ReportImport(from, results) })
	})
}

// A clashQuestion asks what to do with an imported server whose name is
// taken by a different server in the list.
type clashQuestion struct {
	dlg        *dialog.CustomDialog
	sameForAll *widgets.Check
	// answer gives the person's choice, as the dialog's buttons do.
	answer func(clients.ClashPolicy)
	cancel func()
}

func (w *MainWindow) askClash(imp *clients.ImportedServer, existing *config.ServerConfig, renameTo string, left int, decided func(p clients.ClashPolicy, all bool)) {
	name := imp.Server.Name
	from := imp.Source.Format.Title()
	if imp.Source.Path == "" {
		from = "the pasted text"
	}
	msg := widget.NewLabel(i18n.L("Your list already has a different server named \"{{.Name}}\". What should happen to the one from {{.From}}?", map[string]any{"Name": name, "From": from}))
	msg.Wrapping = fyne.TextWrapWord
	yours := widget.NewLabel(i18n.L("Yours:  {{.Entry}}", map[string]any{"Entry": view.ImportedLine(existing)}))
	theirs := widget.NewLabel(i18n.L("From {{.From}}:  {{.Entry}}", map[string]any{"From": from, "Entry": view.ImportedLine(imp.Server)}))
	for _, l := range []*widget.Label{yours, theirs} {
		l.TextStyle = fyne.TextStyle{Monospace: true}
		l.Wrapping = fyne.TextWrapBreak
	}
	q := &clashQuestion{sameForAll: widgets.NewCheck(i18n.N("Do the same for the other {{.Count}} clashes", left), nil)}
	box := container.NewVBox(msg, yours, theirs)
	if left > 0 {
		box.Add(q.sameForAll)
	}
	q.dlg = dialog.NewCustomWithoutButtons("Name already taken: "+name, box, w.win)
	q.answer = func(p clients.ClashPolicy) {
		w.clients.clash = nil
		q.dlg.Hide()
		decided(p, q.sameForAll.Checked)
	}
	q.cancel = func() {
		w.clients.clash = nil
		q.dlg.Hide()
		w.lastNotice = "Import cancelled; nothing was added."
	}
	rename := widgets.NewButton("Keep both: import as "+renameTo, nil, func() { q.answer(clients.ClashRename) })
	rename.Importance = widget.HighImportance
	q.dlg.SetButtons([]fyne.CanvasObject{
		widgets.NewButton(lang.L("Cancel import"), nil, q.cancel),
		widgets.NewButton(lang.L("Skip it"), nil, func() { q.answer(clients.ClashSkip) }),
		widgets.NewButton(lang.L("Replace yours"), nil, func() { q.answer(clients.ClashReplace) }),
		rename,
	})
	q.dlg.Resize(fyne.NewSize(720, 280))
	w.clients.clash = q
	q.dlg.Show()
}

// An originView says, above a server's page, where an imported entry came
// from and which of its fields MCP Browser keeps without using.
type originView struct {
	text *widget.Label
	root *fyne.Container
}

func newOriginView() *originView {
	v := &originView{text: widget.NewLabel("")}
	v.text.Wrapping = fyne.TextWrapWord
	v.text.SizeName = theme.SizeNameCaptionText
	v.text.Selectable = true
	icon := widget.NewIcon(theme.InfoIcon())
	v.root = container.NewBorder(nil, widget.NewSeparator(), container.NewCenter(icon), nil, v.text)
	v.root.Hide()
	return v
}

// show describes cfg (nil hides the view).
func (v *originView) show(cfg *config.ServerConfig) {
	text := view.OriginText(cfg)
	v.text.SetText(text)
	if text == "" {
		v.root.Hide()
	} else {
		v.root.Show()
	}
}

// importMenu is the Import… button's menu: every way to bring servers in.
func (w *MainWindow) importMenu() *fyne.Menu {
	return fyne.NewMenu("",
		fyne.NewMenuItem(lang.L("Find servers from other apps…"), w.findServers),
		fyne.NewMenuItem(lang.L("Paste server config…"), w.pasteServers),
		fyne.NewMenuItem(lang.L("Import a config file…"), w.servers.ImportFile),
	)
}

// emptyStateActions are the buttons of the page shown while the list is empty.
func (w *MainWindow) emptyStateActions() fyne.CanvasObject {
	find := widgets.NewButton(lang.L("Find servers from other apps…"), theme.SearchIcon(), w.findServers)
	find.Importance = widget.HighImportance
	return container.NewHBox(layout.NewSpacer(),
		find,
		widgets.NewButton(lang.L("Add from a preset…"), theme.ContentAddIcon(), func() { w.showAddDialog("") }),
		widgets.NewButton(lang.L("Paste server config…"), theme.ContentPasteIcon(), w.pasteServers),
		layout.NewSpacer())
}

// sessionConfig is the session's entry, or nil for no session.
func sessionConfig(s *mcp.Session) *config.ServerConfig {
	if s == nil {
		return nil
	}
	return s.Config()
}

// A firstRunHint sits under the server list until the servers file exists:
// a person who just installed the app is shown where their servers are.
type firstRunHint struct {
	path string
	text *widget.Label
	find *widgets.Button
	root *fyne.Container
}

// newFirstRunHint is the card for the servers file at path; its button
// calls find.
func newFirstRunHint(path string, find func()) *firstRunHint {
	text := widget.NewLabel(lang.L("Have servers in Claude, Cursor, VS Code or another app?"))
	text.Wrapping = fyne.TextWrapWord
	btn := widgets.NewButton(lang.L("Find them…"), theme.SearchIcon(), find)
	btn.Importance = widget.HighImportance
	h := &firstRunHint{path: path, text: text, find: btn, root: container.NewVBox(widget.NewSeparator(), text, btn)}
	h.root.Hide()
	return h
}

// update shows the card while the file can be written: in full while there
// is no servers file yet (the window runs the built-in demo), then as just
// its button — more servers may be found later, and a card that vanishes
// once there are two servers leaves people looking for it.
func (h *firstRunHint) update(editable bool) {
	if !editable || h.path == "" {
		h.root.Hide()
		return
	}
	_, err := os.Stat(h.path)
	if errors.Is(err, fs.ErrNotExist) {
		h.text.Show()
		h.find.Importance = widget.HighImportance
	} else {
		h.text.Hide()
		h.find.Importance = widget.MediumImportance
	}
	h.find.Refresh()
	h.root.Show()
}
