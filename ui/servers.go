package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"mcpbrowser/internal/i18n"
	"mcpbrowser/ui/filedialog"
	"os"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
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

	list   *widget.List
	addBtn *widgets.Button
	// narrowAdd is the same Add beside the server switcher, which stands in
	// for this column in narrow windows: a newcomer sees how to add a server
	// at every width, not only through Ctrl+N or the menu.
	narrowAdd *widgets.Button
	importBtn *widgets.Button
	editBtn   *widgets.Button
	restart   *widgets.Button
	moreBtn   *widgets.Button
	signIn    *signInBar
	hint      *widgets.FirstRunHint
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
func newServerList(deps serverListDeps, hint *widgets.FirstRunHint, signIn *signInBar) *serverList {
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
	l.narrowAdd = widgets.NewButton(lang.L("Add"), theme.ContentAddIcon(), deps.add)
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
	l.root = widgets.NewBorder(top, container.NewVBox(l.hint.Root, l.signIn.root, bottom), nil, nil, l.list)
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
	widgets.SetEnabled(l.narrowAdd, editable)
	widgets.SetEnabled(l.importBtn, editable)
	_, has := l.row(selected)
	widgets.SetEnabled(l.editBtn, editable && has)
	widgets.SetEnabled(l.restart, has)
	widgets.SetEnabled(l.moreBtn, editable && has)
	l.hint.Update(editable)
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
		fyne.NewMenuItem(lang.L("Export…"), w.importing.ExportSelected),
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
	w.importing.AddServer("")
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
		w.GoWork(func(ctx context.Context) {
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
	w.GoWork(func(ctx context.Context) {
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
	w.GoWork(func(ctx context.Context) {
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
	filedialog.OpenFileDialog(w.win, lang.L("Import servers from a config file"), filedialog.JsonFiles, w.importServersFrom)
}

// importServersFrom adds the servers of the config file at path (the
// mcpServers shape, or any other client's format the core reads), saves and
// connects them, and says what happened. Each entry remembers where it came
// from, so a stdio server waits for the person's approval before its first
// start. Servers already in the list are skipped; other name clashes get a
// -2, -3 … suffix.
func (w *MainWindow) importServersFrom(path string) {
	m := w.manager
	w.GoWork(func(ctx context.Context) {
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
	w.GoWork(func(ctx context.Context) {
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
		w.GoWork(func(ctx context.Context) { s.Connect(ctx) })
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
