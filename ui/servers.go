package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"mcpbrowser/internal/i18n"
	"os"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"

	"mcpbrowser/ui/widgets"
)

// stateColor is the dot beside a server. These are fixed colours rather than
// theme colours: people learn traffic-light dots, and they read the same in
// light and dark themes.
func stateColor(s mcp.State) color.Color {
	switch s {
	case mcp.StateStarting:
		return color.NRGBA{R: 0xf5, G: 0xa6, B: 0x23, A: 0xff} // amber
	case mcp.StateReady:
		return color.NRGBA{R: 0x2e, G: 0xa0, B: 0x43, A: 0xff} // green
	case mcp.StateFailed:
		return color.NRGBA{R: 0xe5, G: 0x39, B: 0x35, A: 0xff} // red
	case mcp.StateExited:
		return color.NRGBA{R: 0x8b, G: 0x1a, B: 0x1a, A: 0xff} // dark red
	}
	return color.NRGBA{R: 0x9e, G: 0x9e, B: 0x9e, A: 0xff} // grey: stopped
}

// serverRow is what the list shows for one server, taken from its session
// on the UI goroutine so that drawing a row never locks a session.
type serverRow struct {
	name      string
	state     mcp.State
	transport string
	tools     int
	disabled  bool
	problem   string
	// waiting: not failed, but held until the person approves it or gives values.
	waiting bool
}

func rowFor(s *mcp.Session) serverRow {
	cfg := s.Config()
	st := s.Status()
	return serverRow{
		name: cfg.Name, state: st.State, transport: cfg.Type,
		tools: len(s.Tools()), disabled: cfg.Disabled, problem: cfg.Problem,
		waiting: st.Waiting,
	}
}

// detail is the row's second line: transport, then the tool count or what is wrong.
func (r serverRow) detail() string {
	return view.ServerDetail(r.transport, r.state, r.tools, r.disabled, r.problem != "", r.waiting)
}

// A serverList is the left column: every configured server with its state
// dot, transport and tool count, and the actions on servers.
type serverList struct {
	deps serverListDeps
	rows []serverRow

	list      *widget.List
	addBtn    *widgets.Button
	importBtn *widgets.Button
	editBtn   *widgets.Button
	restart   *widgets.Button
	moreBtn   *widgets.Button
	signIn    *signInBar
	hint      *firstRunHint
	root      fyne.CanvasObject

	// selecting guards against the list's OnSelected re-entering a
	// selection the window itself is making.
	selecting bool
}

// serverListDeps is what the server list needs from the window.
type serverListDeps struct {
	// win is the window whose canvas the list's menus pop up on.
	win fyne.Window
	// selectServer selects the named server, as a click on its row does.
	selectServer func(name string)
	// add, edit and restart are the buttons' actions (edit and restart on
	// the selected server).
	add, edit, restart func()
	// importMenu is the menu of Import…; actions are the selected server's
	// other actions, the menu of ⋯.
	importMenu func() *fyne.Menu
	actions    func() []*fyne.MenuItem
	// editable reports whether the servers file may be changed.
	editable func() bool
	// session is the named server's session, or nil.
	session func(name string) *mcp.Session
}

// newServerList is the list with its first-run hint and sign-in bar below it.
func newServerList(deps serverListDeps, hint *firstRunHint, signIn *signInBar) *serverList {
	l := &serverList{deps: deps, hint: hint, signIn: signIn}
	l.list = widget.NewList(
		func() int { return len(l.rows) },
		newServerRowObject,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(l.rows) {
				updateServerRowObject(o, l.rows[id])
			}
		},
	)
	l.list.OnSelected = func(id widget.ListItemID) {
		if l.selecting || id >= len(l.rows) {
			return
		}
		deps.selectServer(l.rows[id].name)
	}

	l.addBtn = widgets.NewButton(lang.L("Add"), theme.ContentAddIcon(), deps.add)
	l.importBtn = widgets.NewButton(lang.L("Import…"), theme.FolderOpenIcon(), nil)
	l.importBtn.OnTapped = func() {
		showMenuUnder(deps.win.Canvas(), deps.importMenu(), l.importBtn)
	}
	l.editBtn = widgets.NewButton(lang.L("Edit…"), theme.DocumentCreateIcon(), deps.edit)
	l.restart = widgets.NewButton(lang.L("Restart"), theme.ViewRefreshIcon(), deps.restart)
	l.moreBtn = widgets.NewButton("", theme.MoreHorizontalIcon(), nil)
	l.moreBtn.OnTapped = func() {
		menu := fyne.NewMenu("", deps.actions()...)
		showMenuUnder(deps.win.Canvas(), menu, l.moreBtn)
	}

	heading := widget.NewLabelWithStyle(lang.L("Servers"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	top := container.NewVBox(heading, container.NewGridWithColumns(2, l.addBtn, l.importBtn))
	bottom := container.NewBorder(nil, nil, nil, l.moreBtn, container.NewGridWithColumns(2, l.editBtn, l.restart))
	l.root = widgets.NewBorder(top, container.NewVBox(l.hint.root, l.signIn.root, bottom), nil, nil, l.list)
	return l
}

// reload rebuilds the rows from the manager's sessions and reselects name.
func (l *serverList) reload(sessions []*mcp.Session, selected string) {
	l.rows = l.rows[:0]
	for _, s := range sessions {
		l.rows = append(l.rows, rowFor(s))
	}
	l.list.Refresh()
	l.selectName(selected)
	l.updateButtons(selected)
}

// refreshOne updates one server's row in place (a state or tool-count change).
func (l *serverList) refreshOne(s *mcp.Session) bool {
	r := rowFor(s)
	for i := range l.rows {
		if l.rows[i].name == r.name {
			l.rows[i] = r
			l.list.RefreshItem(i)
			return true
		}
	}
	return false
}

func (l *serverList) selectName(name string) {
	l.selecting = true
	defer func() { l.selecting = false }()
	for i, r := range l.rows {
		if r.name == name {
			l.list.Select(i)
			return
		}
	}
	l.list.UnselectAll()
}

func (l *serverList) row(name string) (serverRow, bool) {
	for _, r := range l.rows {
		if r.name == name {
			return r, true
		}
	}
	return serverRow{}, false
}

// updateButtons enables what makes sense for the selection and the config's state.
func (l *serverList) updateButtons(selected string) {
	editable := l.deps.editable()
	widgets.SetEnabled(l.addBtn, editable)
	widgets.SetEnabled(l.importBtn, editable)
	_, has := l.row(selected)
	widgets.SetEnabled(l.editBtn, editable && has)
	widgets.SetEnabled(l.restart, has)
	widgets.SetEnabled(l.moreBtn, editable && has)
	l.hint.update(editable)
	l.signIn.update(l.deps.session(selected))
}

// newServerRowObject is one row: a dot, then the name over the detail line.
func newServerRowObject() fyne.CanvasObject {
	dot := canvas.NewCircle(stateColor(mcp.StateStopped))
	name := widget.NewLabelWithStyle(lang.L("server"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	detail := widget.NewLabel(lang.L("stdio · 0 tools"))
	detail.Truncation = fyne.TextTruncateEllipsis
	detail.SizeName = theme.SizeNameCaptionText
	text := container.New(&widgets.TightVBox{}, name, detail)
	return container.NewBorder(nil, nil, container.New(&dotLayout{}, dot), nil, text)
}

func updateServerRowObject(o fyne.CanvasObject, r serverRow) {
	border := o.(*fyne.Container)
	text := border.Objects[0].(*fyne.Container)
	dot := border.Objects[1].(*fyne.Container).Objects[0].(*canvas.Circle)
	dot.FillColor = stateColor(r.state)
	if r.waiting {
		dot.FillColor = stateColor(mcp.StateStopped) // held, not broken
	}
	dot.Refresh()
	name := text.Objects[0].(*widget.Label)
	name.SetText(r.name)
	detail := text.Objects[1].(*widget.Label)
	detail.SetText(r.detail())
}

// dotLayout centres a fixed-size state dot vertically.
type dotLayout struct{}

const dotSize = 12

func (dotLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(dotSize+theme.Padding(), dotSize)
}

func (dotLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Resize(fyne.NewSize(dotSize, dotSize))
		o.Move(fyne.NewPos(theme.Padding()/2, (size.Height-dotSize)/2))
	}
}

// serverActions are the actions on the selected server. For the "…" button
// (forSelection) they say what applies to the selected server right now; the
// main menu, built once, offers them all and each checks for itself.
func (w *MainWindow) serverActions(forSelection bool) []*fyne.MenuItem {
	toggle := fyne.NewMenuItem(lang.L("Enable / Disable"), w.toggleSelectedServer)
	if r, ok := w.servers.row(w.selected); forSelection && ok {
		toggle.Label = lang.L("Disable")
		if r.disabled {
			toggle.Label = lang.L("Enable")
		}
	}
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.L("Edit…"), w.editSelectedServer),
		fyne.NewMenuItem(lang.L("Duplicate"), w.duplicateSelectedServer),
		toggle,
		fyne.NewMenuItem(lang.L("Restart"), w.restartSelectedServer),
		w.signOutItem(forSelection),
		fyne.NewMenuItem(lang.L("Export…"), w.exportSelectedServer),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.L("Remove…"), w.removeSelectedServer),
	}
	if !forSelection {
		return items
	}
	_, has := w.servers.row(w.selected)
	for _, it := range items {
		if it.IsSeparator || it.Label == lang.L("Sign out…") {
			continue // signing out changes no file: signOutItem decides
		}
		it.Disabled = !has || (!w.editable() && it.Label != lang.L("Restart") && it.Label != lang.L("Export…"))
	}
	return items
}

// selectedConfig is a copy of the selected server's entry, or nil.
func (w *MainWindow) selectedConfig() *config.ServerConfig {
	s := w.manager.Session(w.selected)
	if s == nil {
		return nil
	}
	return s.Config().Clone()
}

func (w *MainWindow) addServer() {
	if !w.editable() {
		return
	}
	w.showAddDialog("")
}

func (w *MainWindow) editSelectedServer() {
	if sc := w.selectedConfig(); sc != nil && w.editable() {
		w.showServerEditor(sc)
	}
}

func (w *MainWindow) duplicateSelectedServer() {
	sc := w.selectedConfig()
	if sc == nil || !w.editable() {
		return
	}
	sc.Name = w.uniqueServerName(sc.Name + "-copy")
	w.putServer("", sc)
}

func (w *MainWindow) toggleSelectedServer() {
	sc := w.selectedConfig()
	if sc == nil || !w.editable() {
		return
	}
	sc.Disabled = !sc.Disabled
	w.putServer(sc.Name, sc)
}

func (w *MainWindow) removeSelectedServer() {
	name := w.selected
	if w.manager.Session(name) == nil || !w.editable() {
		return
	}
	m := w.manager
	msg := widget.NewLabel(i18n.L("Remove \"{{.Name}}\" from the servers file?\nIts process is stopped; the entry is deleted from {{.Path}}.", map[string]any{"Name": name, "Path": w.cfgPath}))
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustomConfirm(lang.L("Remove server"), lang.L("Remove"), lang.L("Keep"), msg, func(ok bool) {
		if !ok {
			return
		}
		w.goWork(func(ctx context.Context) {
			err := m.RemoveServer(name)
			fyne.Do(func() {
				if err != nil {
					w.showError(i18n.L("Removing {{.Server}}", map[string]any{"Server": name}), err)
				}
			})
		})
	}, w.win)
	d.Resize(fyne.NewSize(460, 200))
	d.Show()
}

// restartSelectedServer stops and starts the selected server again (Retry for a failed one).
func (w *MainWindow) restartSelectedServer() {
	s := w.manager.Session(w.selected)
	if s == nil {
		return
	}
	if s.Config().Disabled {
		w.toggleSelectedServer()
		return
	}
	m := w.manager
	w.goWork(func(ctx context.Context) {
		w.dismissRequests(m, s.Name(), "the server is being restarted")
		s.Restart(ctx)
	})
}

// stopSelectedServer stops the selected server (and cancels a start in progress).
func (w *MainWindow) stopSelectedServer() {
	if s := w.manager.Session(w.selected); s != nil {
		m := w.manager
		go func() {
			w.dismissRequests(m, s.Name(), "the server is being stopped")
			s.Close()
		}()
	}
}

// putServer saves an added or edited entry and (re)starts it, off the UI
// goroutine: saving stops the old process, which may take seconds.
func (w *MainWindow) putServer(oldName string, sc *config.ServerConfig) {
	m := w.manager
	w.selected = sc.Name
	w.prefs.setLastServer(sc.Name)
	w.goWork(func(ctx context.Context) {
		err := m.PutServer(ctx, oldName, sc, true)
		fyne.Do(func() {
			if err != nil {
				w.saveFailed(oldName, sc, err)
			}
		})
	})
}

// uniqueServerName is name, or name-2, name-3 … whichever is free.
func (w *MainWindow) uniqueServerName(name string) string {
	cfg := w.manager.Config()
	return config.FreeName(name, func(n string) bool { return w.manager.Session(n) != nil || cfg.Server(n) != nil })
}

// importServers asks for another client's config file and adds its servers.
func (w *MainWindow) importServers() {
	if !w.editable() {
		return
	}
	openFileDialog(w.win, lang.L("Import servers from a config file"), jsonFiles, w.importServersFrom)
}

// importServersFrom adds the servers of the config file at path (the
// mcpServers shape, or any other client's format the core reads), saves and
// connects them, and says what happened. Each entry remembers where it came
// from, so a stdio server waits for the person's approval before its first
// start. Servers already in the list are skipped; other name clashes get a
// -2, -3 … suffix.
func (w *MainWindow) importServersFrom(path string) {
	m := w.manager
	w.goWork(func(ctx context.Context) {
		data, err := os.ReadFile(path)
		if err != nil {
			fyne.Do(func() { w.showError(lang.L("Importing servers"), err) })
			return
		}
		found, err := clients.ParseClientConfig(config.GuessFormat(path), path, data)
		if err != nil {
			fyne.Do(func() { w.showError(lang.L("Importing servers"), err) })
			return
		}
		if len(found) == 0 {
			fyne.Do(func() {
				w.showError(lang.L("Importing servers"), fmt.Errorf("%s has no MCP servers in it (no \"mcpServers\" or \"servers\")", path))
			})
			return
		}
		// mcp.Import decides names against a copy of the list; the manager
		// then adds each entry (saving the file and starting the server).
		scratch := &config.Config{}
		for _, s := range m.Sessions() {
			scratch.Servers = append(scratch.Servers, s.Config().Clone())
		}
		results := clients.Import(scratch, found, clients.ClashRename)
		for i, r := range results {
			if r.Action != clients.ImportAdded && r.Action != clients.ImportRenamed {
				continue
			}
			if err := m.PutServer(ctx, "", scratch.Server(r.As).Clone(), true); err != nil {
				results[i].Action, results[i].Reason = clients.ImportSkipped, err.Error()
			}
		}
		fyne.Do(func() { w.reportImport(path, results) })
	})
}

func (w *MainWindow) reportImport(path string, results []clients.ImportResult) {
	var added, renamed, replaced, skipped []string
	for _, r := range results {
		switch r.Action {
		case clients.ImportAdded:
			added = append(added, r.As)
		case clients.ImportReplaced:
			added = append(added, r.As)
			replaced = append(replaced, r.As)
		case clients.ImportRenamed:
			added = append(added, r.As)
			renamed = append(renamed, fmt.Sprintf("%s → %s", r.Name, r.As))
		default:
			skipped = append(skipped, fmt.Sprintf("%s (%s)", r.Name, r.Reason))
		}
	}
	var b strings.Builder
	b.WriteString(i18n.N("Imported {{.Count}} servers from {{.Path}}", len(added), map[string]any{"Path": path}))
	if len(added) > 0 {
		b.WriteString(": " + strings.Join(added, ", "))
	}
	b.WriteString(".")
	if len(renamed) > 0 {
		b.WriteString("\nRenamed because the name was taken: " + strings.Join(renamed, ", ") + ".")
	}
	if len(replaced) > 0 {
		b.WriteString("\nReplaced your entry: " + strings.Join(replaced, ", ") + ".")
	}
	if len(skipped) > 0 {
		b.WriteString("\nNot imported: " + strings.Join(skipped, "; ") + ".")
	}
	if len(added) > 0 && w.approvals != nil {
		b.WriteString("\nServers that run a command wait for your approval before they first start: select one to see what it runs.")
	}
	w.lastNotice = b.String()
	msg := widget.NewLabel(b.String())
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustom(lang.L("Import"), lang.L("OK"), msg, w.win)
	d.Resize(fyne.NewSize(520, 240))
	d.Show()
	if len(added) > 0 {
		w.selectServer(added[0])
	}
}

// serverStatusView is shown in the middle when the selected server is not
// ready: what state it is in, why (in plain words), and what to do.
type serverStatusView struct {
	deps   serverStatusDeps
	title  *widget.Label
	reason *widget.Label
	bar    *widget.ProgressBarInfinite
	retry  *widgets.Button // Retry, Start, Enable, Approve … whatever helps now
	edit   *widgets.Button
	root   fyne.CanvasObject
	action func()
	// copyAddress copies signInAddress, the page to open by hand when no
	// browser could be opened for a sign-in (signin.go).
	copyAddress   *widgets.Button
	signInAddress string
}

// serverStatusDeps is what the status view needs from the window: the
// actions its buttons take on the selected server.
type serverStatusDeps struct {
	restart, stop, approve, askInputs, edit func()
	// needsApproval reports whether the entry waits for the person's
	// approval of its command.
	needsApproval func(cfg *config.ServerConfig) bool
	// signIn shows the server's sign-in under the server list.
	signIn func(s *mcp.Session)
	// copyAddress puts a sign-in address on the clipboard.
	copyAddress func(address string)
}

func newServerStatusView(deps serverStatusDeps) *serverStatusView {
	v := &serverStatusView{
		deps:   deps,
		title:  widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		reason: widget.NewLabel(""),
		bar:    widgets.NewStoppedInfiniteBar(),
	}
	v.title.SizeName = theme.SizeNameSubHeadingText
	v.title.Wrapping = fyne.TextWrapWord
	v.reason.Wrapping = fyne.TextWrapWord
	v.reason.Selectable = true
	v.retry = widgets.NewButton(lang.L("Retry"), theme.ViewRefreshIcon(), func() {
		if v.action != nil {
			v.action()
		}
	})
	v.retry.Importance = widget.HighImportance
	v.edit = widgets.NewButton(lang.L("Edit…"), theme.DocumentCreateIcon(), deps.edit)
	v.copyAddress = newCopyAddressButton(v)
	buttons := container.NewHBox(v.retry, v.edit, v.copyAddress, layout.NewSpacer())
	v.root = container.NewVScroll(container.NewPadded(container.NewVBox(v.title, v.bar, v.reason, buttons)))
	return v
}

// show describes the server's state; it reports false when the server is ready
// (the tools are shown instead).
func (v *serverStatusView) show(s *mcp.Session, editable bool) bool {
	cfg := s.Config()
	st := s.Status()
	name := cfg.Name
	v.bar.Stop() // before Hide: see newStoppedInfiniteBar
	v.bar.Hide()
	v.retry.Show()
	v.retry.Enable()
	v.retry.SetText(lang.L("Retry"))
	v.retry.SetIcon(theme.ViewRefreshIcon())
	v.action = v.deps.restart
	widgets.SetEnabled(v.edit, editable)
	v.copyAddress.Hide()
	v.deps.signIn(s)
	switch {
	case cfg.Disabled:
		v.title.SetText(i18n.L("{{.Server}} is disabled", map[string]any{"Server": name}))
		v.reason.SetText(lang.L("It is not started with the others. Enable it to start it."))
		v.retry.SetText(lang.L("Enable"))
		v.retry.SetIcon(theme.MediaPlayIcon())
		widgets.SetEnabled(v.retry, editable)
	case st.State == mcp.StateReady:
		return false
	case st.State == mcp.StateStarting:
		v.title.SetText(i18n.L("Starting {{.Server}} …", map[string]any{"Server": name}))
		reason := view.DescribeTarget(cfg)
		if st.Detail != "" {
			// A slow start says what it waits for, e.g. a sign-in in the browser.
			reason += "\n\n" + st.Detail
		}
		reason += v.offerSignInAddress(s, st)
		v.reason.SetText(reason)
		v.bar.Show()
		v.bar.Start()
		v.retry.SetText(lang.L("Stop"))
		v.retry.SetIcon(theme.CancelIcon())
		v.action = v.deps.stop
	case st.Waiting && v.deps.needsApproval(cfg):
		v.title.SetText(i18n.L("{{.Server}} waits for your approval", map[string]any{"Server": name}))
		v.reason.SetText(i18n.L("{{.Reason}}\n\nApprove it only if you trust this command: it runs with your permissions.", map[string]any{"Reason": view.Capitalise(st.Reason)}))
		v.retry.SetText(lang.L("Approve and start"))
		v.retry.SetIcon(theme.ConfirmIcon())
		v.action = v.deps.approve
	case st.Waiting:
		v.title.SetText(i18n.L("{{.Server}} needs values before it can start", map[string]any{"Server": name}))
		v.reason.SetText(i18n.L("{{.Reason}}. They are kept in memory only, never written to the servers file.", map[string]any{"Reason": view.Capitalise(st.Reason)}))
		v.retry.SetText(lang.L("Enter values…"))
		v.retry.SetIcon(theme.DocumentCreateIcon())
		v.action = v.deps.askInputs
	case st.State == mcp.StateFailed:
		v.title.SetText(i18n.L("{{.Server}} could not start", map[string]any{"Server": name}))
		v.reason.SetText(firstErrorNote(s) + view.Capitalise(st.Reason))
	case st.State == mcp.StateExited:
		if st.ExitedAt.IsZero() {
			v.title.SetText(i18n.L("{{.Server}} exited", map[string]any{"Server": name}))
		} else {
			v.title.SetText(i18n.L("{{.Server}} exited at {{.Time}}", map[string]any{"Server": name, "Time": st.ExitedAt.Format("15:04:05")}))
		}
		v.reason.SetText(firstErrorNote(s) + view.Capitalise(st.Reason))
	default:
		v.title.SetText(i18n.L("{{.Server}} is stopped", map[string]any{"Server": name}))
		reason := i18n.L("It is not running.")
		if cfg.Problem != "" {
			reason = i18n.L("It cannot be started: {{.Problem}}.", map[string]any{"Problem": view.Capitalise(cfg.Problem)})
		}
		v.reason.SetText(reason)
		v.retry.SetText(lang.L("Start"))
		v.retry.SetIcon(theme.MediaPlayIcon())
	}
	return true
}

// needsApproval reports whether the entry is an imported command nobody has approved yet.
func (w *MainWindow) needsApproval(cfg *config.ServerConfig) bool {
	if w.approvals == nil {
		return false
	}
	need, err := w.approvals.NeedsApproval(cfg, transport.CommandLine(cfg))
	return err == nil && need
}

// approveSelectedServer records the person's approval of the selected
// server's exact command line and starts it.
func (w *MainWindow) approveSelectedServer() {
	name, m := w.selected, w.manager
	w.goWork(func(ctx context.Context) {
		if err := m.Approve(ctx, name); err != nil {
			var ce *mcp.ConnectError
			if errors.As(err, &ce) {
				return // the status view shows why it did not start
			}
			fyne.Do(func() { w.showError(i18n.L("Approving {{.Server}}", map[string]any{"Server": name}), err) })
		}
	})
}

// askInputsForSelectedServer asks for the entry's ${input:…} values (kept in
// memory only) and starts the server with them.
func (w *MainWindow) askInputsForSelectedServer() {
	s := w.manager.Session(w.selected)
	if s == nil {
		return
	}
	inputs := clients.InputsNeeded(s.Config())
	if len(inputs) == 0 {
		w.restartSelectedServer()
		return
	}
	w.askInputValues(s.Name(), inputs, func(answers map[string]string) {
		s.SetInputAnswers(answers)
		w.goWork(func(ctx context.Context) { s.Connect(ctx) })
	})
}

// askInputValues asks for the values of inputs, the ${input:…} of the
// server named name, and gives them to start; Cancel (or Esc) gives nothing.
func (w *MainWindow) askInputValues(name string, inputs []config.VSCodeInput, start func(answers map[string]string)) {
	var items []*widget.FormItem
	values := map[string]func() string{}
	for _, in := range inputs {
		var field fyne.CanvasObject
		switch {
		case len(in.Options) > 0:
			sel := widgets.NewSelect(in.Options, nil)
			sel.SetSelected(in.Default)
			field, values[in.ID] = sel, func() string { return sel.Selected }
		default:
			e := widgets.NewEntry()
			if in.Password {
				e = widgets.NewPasswordEntry()
			}
			e.SetText(in.Default)
			field, values[in.ID] = e, func() string { return e.Text }
		}
		item := widget.NewFormItem(in.ID, field)
		item.HintText = in.Description
		items = append(items, item)
	}
	title := i18n.L("Values for {{.Server}}", map[string]any{"Server": name})
	d := widgets.NewCustomConfirm(title, lang.L("Start"), lang.L("Cancel"), widget.NewForm(items...), func(ok bool) {
		if !ok {
			return
		}
		answers := map[string]string{}
		for id, get := range values {
			answers[id] = get()
		}
		start(answers)
	}, w.win)
	d.Resize(widgets.FitDialog(w.win, 480, 160+float32(len(items))*70))
	var first fyne.Focusable
	if len(items) > 0 {
		first, _ = items[0].Widget.(fyne.Focusable)
	}
	widgets.ShowFocused(d, w.win, first)
}

// firstErrorNote is the first error line s wrote to stderr, when the last
// lines (which the reason lists) do not include it, as a paragraph; else "".
func firstErrorNote(s *mcp.Session) string {
	entries := s.Log.Tail(500, transport.LogStderr)
	lines := make([]string, len(entries))
	for i, e := range entries {
		lines[i] = e.Text
	}
	if l := view.FirstErrorLine(lines, 5); l != "" {
		return i18n.L("First error: {{.Line}}", map[string]any{"Line": l}) + "\n\n"
	}
	return ""
}

// showMenuUnder pops menu up under the button that opened it. The position
// is worked out here: a button the canvas cannot place (a column being
// laid out again) put the menu at the window's top-left corner.
func showMenuUnder(c fyne.Canvas, menu *fyne.Menu, btn fyne.CanvasObject) {
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(btn)
	if pos.IsZero() {
		size := c.Size()
		pos = fyne.NewPos(size.Width/3, size.Height/4)
	} else {
		pos = pos.AddXY(0, btn.Size().Height)
	}
	widget.ShowPopUpMenuAtPosition(menu, c, pos)
}
