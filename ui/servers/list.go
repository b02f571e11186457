package servers

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A Row is what the list shows for one server, taken from its session
// on the UI goroutine so that drawing a row never locks a session.
type Row struct {
	Name      string
	State     mcp.State
	Transport string
	Tools     int
	Disabled  bool
	Problem   string
	// Waiting: not failed, but held until the person approves it or gives values.
	Waiting bool
}

func rowFor(s *mcp.Session) Row {
	cfg := s.Config()
	st := s.Status()
	return Row{
		Name: cfg.Name, State: st.State, Transport: cfg.Type,
		Tools: len(s.Tools()), Disabled: cfg.Disabled, Problem: cfg.Problem,
		Waiting: st.Waiting,
	}
}

// Detail is the row's second line: transport, then the tool count or what is wrong.
func (r Row) Detail() string {
	return view.ServerDetail(r.Transport, r.State, r.Tools, r.Disabled, r.Problem != "", r.Waiting)
}

// A List is the left column: every configured server with its state
// dot, transport and tool count, and the actions on servers.
type List struct {
	deps ListDeps
	rows []Row

	list   *widget.List
	AddBtn *widgets.Button
	// narrowAdd is the same Add beside the server switcher, which stands in
	// for this column in narrow windows: a newcomer sees how to add a server
	// at every width, not only through Ctrl+N or the menu.
	NarrowAdd *widgets.Button
	ImportBtn *widgets.Button
	editBtn   *widgets.Button
	restart   *widgets.Button
	moreBtn   *widgets.Button
	SignIn    *SignInBar
	Root      fyne.CanvasObject

	// selecting guards against the list's OnSelected re-entering a
	// selection the window itself is making.
	selecting bool
}

// ListDeps is what the server list needs from the window.
type ListDeps struct {
	// Win is the window whose canvas the list's menus pop up on.
	Win fyne.Window
	// SelectServer selects the named server, as a click on its row does.
	SelectServer func(name string)
	// Add, Edit and Restart are the buttons' actions (edit and restart on
	// the selected server).
	Add, Edit, Restart func()
	// ImportMenu is the menu of Import…; Actions are the selected server's
	// other actions, the menu of ⋯.
	ImportMenu func() *fyne.Menu
	Actions    func() []*fyne.MenuItem
	// Editable reports whether the servers file may be changed.
	Editable func() bool
	// Session is the named server's session, or nil.
	Session func(name string) *mcp.Session
	// Hint sits under the list (the first-run hint); UpdateHint shows it
	// or not, as the servers file may be changed or not.
	Hint       fyne.CanvasObject
	UpdateHint func(editable bool)
}

// NewList is the list with its first-run hint and sign-in bar below it.
func NewList(deps ListDeps, signIn *SignInBar) *List {
	l := &List{deps: deps, SignIn: signIn}
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
		deps.SelectServer(l.rows[id].Name)
	}

	l.AddBtn = widgets.NewButton(lang.L("Add"), theme.ContentAddIcon(), deps.Add)
	l.NarrowAdd = widgets.NewButton(lang.L("Add"), theme.ContentAddIcon(), deps.Add)
	l.ImportBtn = widgets.NewButton(lang.L("Import…"), theme.FolderOpenIcon(), nil)
	l.ImportBtn.OnTapped = func() {
		showMenuUnder(deps.Win.Canvas(), deps.ImportMenu(), l.ImportBtn)
	}
	l.editBtn = widgets.NewButton(lang.L("Edit…"), theme.DocumentCreateIcon(), deps.Edit)
	l.restart = widgets.NewButton(lang.L("Restart"), theme.ViewRefreshIcon(), deps.Restart)
	l.moreBtn = widgets.NewButton("", theme.MoreHorizontalIcon(), nil)
	l.moreBtn.OnTapped = func() {
		menu := fyne.NewMenu("", deps.Actions()...)
		showMenuUnder(deps.Win.Canvas(), menu, l.moreBtn)
	}

	heading := widget.NewLabelWithStyle(lang.L("Servers"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	top := container.NewVBox(heading, container.NewGridWithColumns(2, l.AddBtn, l.ImportBtn))
	bottom := container.NewBorder(nil, nil, nil, l.moreBtn, container.NewGridWithColumns(2, l.editBtn, l.restart))
	l.Root = widgets.NewBorder(top, container.NewVBox(deps.Hint, l.SignIn.Root, bottom), nil, nil, l.list)
	return l
}

// Reload rebuilds the rows from the manager's sessions and reselects name.
func (l *List) Reload(sessions []*mcp.Session, selected string) {
	l.rows = l.rows[:0]
	for _, s := range sessions {
		l.rows = append(l.rows, rowFor(s))
	}
	l.list.Refresh()
	l.SelectName(selected)
	l.UpdateButtons(selected)
}

// RefreshOne updates one server's row in place (a state or tool-count change).
func (l *List) RefreshOne(s *mcp.Session) bool {
	r := rowFor(s)
	for i := range l.rows {
		if l.rows[i].Name == r.Name {
			l.rows[i] = r
			l.list.RefreshItem(i)
			return true
		}
	}
	return false
}

// SelectName marks the named server's row selected (none: no row), as the
// window's selection changes.
func (l *List) SelectName(name string) {
	l.selecting = true
	defer func() { l.selecting = false }()
	for i, r := range l.rows {
		if r.Name == name {
			l.list.Select(i)
			return
		}
	}
	l.list.UnselectAll()
}

// Row is the named server's row, if it is listed.
func (l *List) Row(name string) (Row, bool) {
	for _, r := range l.rows {
		if r.Name == name {
			return r, true
		}
	}
	return Row{}, false
}

// Len is the number of servers listed.
func (l *List) Len() int { return len(l.rows) }

// UpdateButtons enables what makes sense for the selection and the config's state.
func (l *List) UpdateButtons(selected string) {
	editable := l.deps.Editable()
	widgets.SetEnabled(l.AddBtn, editable)
	widgets.SetEnabled(l.NarrowAdd, editable)
	widgets.SetEnabled(l.ImportBtn, editable)
	_, has := l.Row(selected)
	widgets.SetEnabled(l.editBtn, editable && has)
	widgets.SetEnabled(l.restart, has)
	widgets.SetEnabled(l.moreBtn, editable && has)
	l.deps.UpdateHint(editable)
	l.SignIn.Update(l.deps.Session(selected))
}

// newServerRowObject is one row: a dot, then the name over the detail line.
func newServerRowObject() fyne.CanvasObject {
	dot := canvas.NewCircle(view.StateColor(mcp.StateStopped))
	name := widget.NewLabelWithStyle(lang.L("server"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	detail := widget.NewLabel(lang.L("stdio · 0 tools"))
	detail.Truncation = fyne.TextTruncateEllipsis
	detail.SizeName = theme.SizeNameCaptionText
	text := container.New(&widgets.TightVBox{}, name, detail)
	return container.NewBorder(nil, nil, container.New(&dotLayout{}, dot), nil, text)
}

func updateServerRowObject(o fyne.CanvasObject, r Row) {
	border := o.(*fyne.Container)
	text := border.Objects[0].(*fyne.Container)
	dot := border.Objects[1].(*fyne.Container).Objects[0].(*canvas.Circle)
	dot.FillColor = view.StateColor(r.State)
	if r.Waiting {
		dot.FillColor = view.StateColor(mcp.StateStopped) // held, not broken
	}
	dot.Refresh()
	name := text.Objects[0].(*widget.Label)
	name.SetText(r.Name)
	detail := text.Objects[1].(*widget.Label)
	detail.SetText(r.Detail())
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
