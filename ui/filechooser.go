package ui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// The app's own file chooser, shown where the system has none (Linux
// without a desktop portal, and test binaries). Fyne's file dialog keeps
// Esc to itself once its list or name field has the keyboard; this one is
// made of the app's Esc-obeying widgets (keys.go), so Esc cancels it from
// wherever the keyboard is, as its Cancel button would. What needs no
// widget (listing, order, typed paths, the save checks) is in ui/view.

type chooserMode int

const (
	chooseOpen chooserMode = iota
	chooseSave
	chooseFolder
)

// chooserFolder is the folder of the last path chosen: the next chooser
// starts there.
var chooserFolder string

// readFolder lists a folder (tests replace it to see an unreadable one).
var readFolder = view.ListFolder

// A fileChooser is one open chooser.
type fileChooser struct {
	win       fyne.Window
	mode      chooserMode
	filter    fileFilter
	suggested string
	chosen    func(string)

	dlg     *dialog.CustomDialog
	folder  string
	items   []view.FolderItem
	list    *chooserList
	path    *widgets.Entry
	name    *widgets.Entry // saving only
	up      *widgets.Button
	home    *widgets.Button
	mkdir   *widgets.Button // saving and choosing a folder
	kinds   *widgets.Select // with a filter only
	hidden  *widgets.Check
	message *widget.Label
	empty   *widget.Label // over the list when it has nothing to show
	ok      *widgets.Button

	allFiles, showHidden bool
}

// showFileChooser shows a chooser of mode over win, titled title; chosen
// gets the path picked, on the UI goroutine, and is not called on cancel.
func showFileChooser(win fyne.Window, mode chooserMode, title, suggested string, filter fileFilter, chosen func(string)) *fileChooser {
	ch := &fileChooser{win: win, mode: mode, filter: filter, suggested: suggested, chosen: chosen}
	ch.build()
	ch.dlg = dialog.NewCustomWithoutButtons(title, ch.content(), win)
	ch.dlg.SetButtons([]fyne.CanvasObject{widgets.NewButton(lang.L("Cancel"), theme.CancelIcon(), ch.dlg.Hide), ch.ok})
	ch.start()
	ch.dlg.Resize(chooserSize(win))
	ch.dlg.Show()
	ch.focusStart()
	return ch
}

// focusStart gives the keyboard to where choosing starts: the name field
// (its name selected without the extension) when saving, else the list.
func (ch *fileChooser) focusStart() {
	if ch.mode == chooseSave {
		ch.win.Canvas().Focus(ch.name)
		selectStem(ch.name)
	} else {
		ch.win.Canvas().Focus(ch.list)
	}
}

// chooserSize is most of the window, within what a chooser needs and uses.
func chooserSize(win fyne.Window) fyne.Size {
	c := win.Canvas().Size()
	return widgets.FitDialog(win, max(560, min(900, c.Width*0.75)), max(420, min(720, c.Height*0.85)))
}

func (ch *fileChooser) build() {
	ch.path = widgets.NewEntry()
	ch.path.PlaceHolder = lang.L("Type or paste a path, then press Enter")
	ch.path.OnSubmitted = ch.goTo
	ch.up = widgets.NewButton(lang.L("Up"), theme.MoveUpIcon(), func() { ch.goUp() })
	ch.home = widgets.NewButton(lang.L("Home"), theme.HomeIcon(), func() {
		if home, err := os.UserHomeDir(); err == nil {
			ch.open(home, "")
		}
	})
	ch.list = newChooserList(ch)
	if ch.mode != chooseOpen {
		ch.mkdir = widgets.NewButton(lang.L("New folder…"), theme.FolderNewIcon(), ch.askNewFolder)
	}
	ch.empty = widget.NewLabel("")
	ch.empty.Importance = widget.LowImportance
	ch.empty.Hide()
	ch.message = widget.NewLabel("")
	ch.message.Wrapping = fyne.TextWrapWord
	ch.message.Importance = widget.DangerImportance
	ch.message.Hide()
	ch.hidden = widgets.NewCheck(lang.L("Show hidden files"), func(on bool) {
		ch.showHidden = on
		ch.reload()
	})
	if ch.mode != chooseFolder && len(ch.filter.Exts) > 0 {
		ch.kinds = widgets.NewSelect([]string{ch.filter.name(), lang.L("All files")}, nil)
		ch.kinds.Selected = ch.filter.name()
		ch.kinds.OnChanged = func(s string) {
			ch.allFiles = s != ch.filter.name()
			ch.reload()
		}
	}
	switch ch.mode {
	case chooseSave:
		ch.name = widgets.NewEntry()
		ch.name.SetText(ch.suggested)
		ch.name.OnSubmitted = func(string) { ch.save() }
		ch.name.OnChanged = func(s string) { ch.enableOK() }
		ch.ok = widgets.NewButton(lang.L("Save"), theme.DocumentSaveIcon(), ch.save)
	case chooseFolder:
		ch.ok = widgets.NewButton("", theme.ConfirmIcon(), ch.chooseFolder)
	default:
		ch.ok = widgets.NewButton(lang.L("Open"), theme.FolderOpenIcon(), ch.openSelected)
	}
	ch.ok.Importance = widget.HighImportance
}

// content lays the chooser out in reading order, which is also Tab's: the
// location row, the list, the message, the name, the options.
func (ch *fileChooser) content() fyne.CanvasObject {
	nav := container.NewHBox(ch.up, ch.home)
	var mkdir fyne.CanvasObject
	if ch.mkdir != nil {
		mkdir = ch.mkdir
	}
	top := widgets.NewBorder(nil, nil, nav, mkdir, ch.path)
	bottom := container.NewVBox(ch.message)
	if ch.name != nil {
		bottom.Add(widgets.NewBorder(nil, nil, widget.NewLabel(lang.L("File name")), nil, ch.name))
	}
	options := container.NewHBox()
	if ch.kinds != nil {
		options.Add(ch.kinds)
	}
	options.Add(ch.hidden)
	bottom.Add(options)
	return widgets.NewBorder(top, bottom, nil, nil, container.NewStack(ch.list, container.NewCenter(ch.empty)))
}

// start opens the folder of the last choice, else home, else the working
// folder, else the root.
func (ch *fileChooser) start() {
	var tries []string
	if chooserFolder != "" {
		tries = append(tries, chooserFolder)
	}
	if home, err := os.UserHomeDir(); err == nil {
		tries = append(tries, home)
	}
	if cwd, err := os.Getwd(); err == nil {
		tries = append(tries, cwd)
	}
	tries = append(tries, string(filepath.Separator))
	for _, dir := range tries {
		if ch.open(dir, "") {
			return
		}
	}
}

func (ch *fileChooser) view() view.FolderView {
	v := view.FolderView{Hidden: ch.showHidden, FoldersOnly: ch.mode == chooseFolder}
	if !ch.allFiles {
		v.Exts = ch.filter.Exts
	}
	return v
}

// open shows dir, with the keyboard's place on the item named mark (""
// for none). A folder that cannot be read is said so, and what was shown
// stays. It reports whether dir is shown.
func (ch *fileChooser) open(dir, mark string) bool {
	items, err := readFolder(dir, ch.view())
	if err != nil {
		ch.say(folderProblem(dir, err))
		return false
	}
	ch.say("")
	ch.folder, ch.items = dir, items
	ch.path.SetText(dir)
	ch.path.CursorColumn = len([]rune(dir))
	ch.path.Refresh()
	if filepath.Dir(dir) == dir {
		ch.up.Disable()
	} else {
		ch.up.Enable()
	}
	ch.list.reset()
	if mark != "" {
		for i, it := range items {
			if it.Name == mark {
				ch.list.moveTo(i)
				break
			}
		}
	}
	ch.enableOK()
	ch.sayEmpty()
	return true
}

// sayEmpty says why the list shows nothing, when it does.
func (ch *fileChooser) sayEmpty() {
	switch {
	case len(ch.items) > 0:
		ch.empty.Hide()
		return
	case ch.mode == chooseFolder:
		ch.empty.SetText(lang.L("No folders in this folder."))
	case len(ch.view().Exts) > 0:
		ch.empty.SetText(i18n.L("This folder has no files of this type ({{.Kind}}). To see every file, choose All files below.", map[string]any{"Kind": ch.filter.name()}))
	default:
		ch.empty.SetText(lang.L("This folder is empty."))
	}
	ch.empty.Show()
}

// reload shows the folder again (hidden files or the filter changed),
// keeping the selected item when it is still shown.
func (ch *fileChooser) reload() {
	mark := ""
	if it, ok := ch.selected(); ok {
		mark = it.Name
	}
	ch.open(ch.folder, mark)
}

func (ch *fileChooser) goUp() {
	if parent := filepath.Dir(ch.folder); parent != ch.folder {
		ch.open(parent, filepath.Base(ch.folder))
	}
}

// folderProblem says why dir cannot be shown, in plain words.
func folderProblem(dir string, err error) string {
	data := map[string]any{"Folder": dir}
	switch {
	case errors.Is(err, fs.ErrPermission):
		return i18n.L("You do not have permission to open the folder {{.Folder}}.", data)
	case errors.Is(err, fs.ErrNotExist):
		return i18n.L("The folder {{.Folder}} does not exist.", data)
	}
	return i18n.L("The folder {{.Folder}} cannot be opened.", data)
}

// say shows msg under the list ("" hides it).
func (ch *fileChooser) say(msg string) {
	ch.message.SetText(msg)
	if msg == "" {
		ch.message.Hide()
	} else {
		ch.message.Show()
	}
}

func (ch *fileChooser) selected() (view.FolderItem, bool) {
	if i := ch.list.selected; i >= 0 && i < len(ch.items) {
		return ch.items[i], true
	}
	return view.FolderItem{}, false
}

func (ch *fileChooser) enableOK() {
	on := true
	switch ch.mode {
	case chooseOpen:
		_, on = ch.selected()
	case chooseSave:
		on = strings.TrimSpace(ch.name.Text) != ""
	}
	if on {
		ch.ok.Enable()
	} else {
		ch.ok.Disable()
	}
	if ch.mode == chooseFolder {
		name := filepath.Base(ch.folderToChoose())
		if short := view.ClipRunes(name, 28); short != name {
			name = short + "…"
		}
		ch.ok.SetText(i18n.L("Choose {{.Folder}}", map[string]any{"Folder": name}))
	}
}

// selectedItem is called when the list's selection moves to item i.
func (ch *fileChooser) selectedItem(i int) {
	if ch.mode == chooseSave && !ch.items[i].Dir {
		ch.name.SetText(ch.items[i].Name)
	}
	ch.enableOK()
}

// activate is Enter or a double click on item i: a folder opens, a file is
// the choice.
func (ch *fileChooser) activate(i int) {
	if i < 0 || i >= len(ch.items) {
		return
	}
	it := ch.items[i]
	p := filepath.Join(ch.folder, it.Name)
	switch {
	case it.Dir:
		ch.open(p, "")
	case ch.mode == chooseSave:
		ch.name.SetText(it.Name)
		ch.saveTo(p)
	case ch.mode == chooseOpen:
		ch.pick(p)
	}
}

// openSelected is the Open button: the selected folder opens, the
// selected file is the choice.
func (ch *fileChooser) openSelected() { ch.activate(ch.list.selected) }

// chooseFolder is the button of a folder chooser, which names the folder
// it chooses.
func (ch *fileChooser) chooseFolder() { ch.pick(ch.folderToChoose()) }

// folderToChoose is the selected folder, else the one on show.
func (ch *fileChooser) folderToChoose() string {
	if it, ok := ch.selected(); ok && it.Dir {
		return filepath.Join(ch.folder, it.Name)
	}
	return ch.folder
}

// goTo follows a path typed in the location field: a folder opens, a file
// is the choice (or where to save).
func (ch *fileChooser) goTo(text string) {
	p := ch.resolve(text)
	st, err := os.Stat(p)
	switch {
	case err == nil && st.IsDir():
		if ch.open(p, "") {
			ch.focusStart() // on to choosing there
		}
	case ch.mode == chooseSave:
		ch.saveTo(p)
	case err != nil && errors.Is(err, fs.ErrNotExist):
		ch.say(i18n.L("Nothing is at {{.Path}}.", map[string]any{"Path": p}))
	case err != nil:
		ch.say(i18n.L("{{.Path}} cannot be read.", map[string]any{"Path": p}))
	case ch.mode == chooseFolder:
		ch.say(i18n.L("{{.Path}} is a file; choose a folder.", map[string]any{"Path": p}))
	default:
		ch.pick(p)
	}
}

func (ch *fileChooser) resolve(text string) string {
	home, _ := os.UserHomeDir()
	return view.ResolvePath(ch.folder, text, home)
}

// save is the Save button and Enter in the name field.
func (ch *fileChooser) save() {
	name := strings.TrimSpace(ch.name.Text)
	if name == "" {
		return
	}
	if p := ch.resolve(name); view.CheckSave(p) == view.SaveIsFolder {
		ch.saveTo(p) // a folder's name: go into it
		return
	}
	if !ch.allFiles {
		name = view.WithExtension(name, ch.filter.Exts)
	}
	ch.saveTo(ch.resolve(name))
}

// saveTo picks p as where to save, asking first when a file is there.
func (ch *fileChooser) saveTo(p string) {
	data := map[string]any{"Path": p, "Folder": filepath.Dir(p), "Name": filepath.Base(p)}
	switch view.CheckSave(p) {
	case view.SaveIsFolder:
		if ch.open(p, "") {
			ch.name.SetText(ch.suggested)
			ch.focusStart()
		}
	case view.SaveNoFolder:
		ch.say(i18n.L("The folder {{.Folder}} does not exist. Choose a folder in the list, or type the path of one that does.", data))
	case view.SaveNotAFolder:
		ch.say(i18n.L("{{.Folder}} is a file, not a folder: nothing can be saved inside it.", data))
	case view.SaveReplace:
		ch.win.Canvas().Unfocus()
		msg := widget.NewLabel(i18n.L("{{.Name}} is already in {{.Folder}}. Replacing it overwrites what it holds.", data))
		msg.Wrapping = fyne.TextWrapWord
		d := widgets.NewCustomConfirm(lang.L("Replace the file?"), lang.L("Replace"), lang.L("Cancel"), msg, func(yes bool) {
			if yes {
				ch.pick(p)
				return
			}
			ch.win.Canvas().Focus(ch.name)
		}, ch.win)
		d.SetConfirmImportance(widget.DangerImportance)
		d.Resize(widgets.FitDialog(ch.win, 480, 200))
		d.Show()
	default:
		ch.pick(p)
	}
}

// askNewFolder asks for the name of a folder to make in the one on show,
// and opens it once made. A path works too (a/b, ~/x).
func (ch *fileChooser) askNewFolder() {
	name := widgets.NewEntry()
	name.PlaceHolder = lang.L("Folder name")
	where := widget.NewLabel(i18n.L("A new folder in {{.Folder}}, named:", map[string]any{"Folder": ch.folder}))
	where.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustomConfirm(lang.L("New folder"), lang.L("Create"), lang.L("Cancel"), container.NewVBox(where, name), func(ok bool) {
		if ok && strings.TrimSpace(name.Text) != "" {
			ch.makeFolder(ch.resolve(name.Text))
		}
		ch.focusStart()
	}, ch.win)
	name.OnSubmitted = func(string) { d.Confirm() }
	d.Resize(widgets.FitDialog(ch.win, 460, 200))
	widgets.ShowFocused(d, ch.win, name)
}

// makeFolder makes p (and the folders it needs) and opens it.
func (ch *fileChooser) makeFolder(p string) {
	err := os.MkdirAll(p, 0o755)
	data := map[string]any{"Path": p, "Folder": filepath.Dir(p)}
	switch {
	case errors.Is(err, fs.ErrPermission):
		ch.say(i18n.L("You do not have permission to make a folder in {{.Folder}}.", data))
	case err != nil:
		ch.say(i18n.L("The folder {{.Path}} could not be made.", data))
	default:
		ch.open(p, "")
	}
}

// pick ends the chooser with p.
func (ch *fileChooser) pick(p string) {
	if ch.mode == chooseFolder {
		chooserFolder = p
	} else {
		chooserFolder = filepath.Dir(p)
	}
	ch.dlg.Hide()
	ch.chosen(p)
}

// selectStem selects the name in e without its extension, so typing
// replaces the name and keeps the extension.
func selectStem(e *widgets.Entry) {
	n := view.StemLength(e.Text)
	e.CursorRow, e.CursorColumn = 0, 0
	e.Refresh()
	if n == 0 {
		return
	}
	e.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	for range n {
		e.Entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	}
	e.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
}

// A chooserList is the chooser's list of folders and files: Esc goes to
// the canvas (the Esc rule in keys.go), arrows move the selection with the
// keyboard's place, Enter opens, Backspace goes up, letters jump to the
// item they begin, / and ~ start typing a path.
type chooserList struct {
	widget.List
	ch *fileChooser
	// cursor is the keyboard's place in the list, drawn by the rows: Fyne's
	// list keeps its own private, and moving that one item by item made End
	// in a folder of 5000 files take seconds.
	cursor   int
	focused  bool
	selected int
	typed    string
	typedAt  time.Time
}

func newChooserList(ch *fileChooser) *chooserList {
	l := &chooserList{ch: ch, selected: -1}
	l.Length = func() int { return len(ch.items) }
	l.CreateItem = func() fyne.CanvasObject { return newChooserRow(l) }
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) { o.(*chooserRow).show(id, ch.items[id]) }
	l.OnSelected = func(id widget.ListItemID) {
		l.selected = id
		ch.selectedItem(id)
	}
	l.ExtendBaseWidget(l)
	return l
}

// FocusGained shows the keyboard's place (the list's own would be drawn
// where Fyne's private one is).
func (l *chooserList) FocusGained() {
	l.focused = true
	l.RefreshItem(l.cursor)
}

// FocusLost hides the keyboard's place.
func (l *chooserList) FocusLost() {
	l.focused = false
	l.RefreshItem(l.cursor)
}

// reset shows a new folder from its top, nothing selected.
func (l *chooserList) reset() {
	l.cursor, l.selected = 0, -1
	l.UnselectAll()
	l.ScrollToTop()
	l.Refresh()
}

// moveTo puts the keyboard's place and the selection on item i.
func (l *chooserList) moveTo(i int) {
	n := len(l.ch.items)
	if n == 0 {
		return
	}
	old := l.cursor
	l.cursor = max(0, min(i, n-1))
	l.RefreshItem(old)
	l.Select(l.cursor)
	l.RefreshItem(l.cursor)
}

// TypedKey hands Esc to the canvas and moves, opens or goes up.
func (l *chooserList) TypedKey(k *fyne.KeyEvent) {
	n := len(l.ch.items)
	switch k.Name {
	case fyne.KeyEscape:
		widgets.EscapeFrom(l, k)
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyPageUp, fyne.KeyPageDown, fyne.KeyHome, fyne.KeyEnd:
		if l.selected < 0 && (k.Name == fyne.KeyUp || k.Name == fyne.KeyDown) {
			l.moveTo(l.cursor) // the first arrow selects the item at the keyboard's place
			return
		}
		switch k.Name {
		case fyne.KeyUp:
			l.moveTo(l.cursor - 1)
		case fyne.KeyDown:
			l.moveTo(l.cursor + 1)
		case fyne.KeyPageUp:
			l.moveTo(l.cursor - 10)
		case fyne.KeyPageDown:
			l.moveTo(l.cursor + 10)
		case fyne.KeyHome:
			l.moveTo(0)
		case fyne.KeyEnd:
			l.moveTo(n - 1)
		}
	case fyne.KeyReturn, fyne.KeyEnter:
		if l.selected < 0 {
			l.moveTo(l.cursor)
		}
		l.ch.activate(l.selected)
	case fyne.KeyBackspace:
		l.ch.goUp()
	case fyne.KeySpace:
		l.moveTo(l.cursor)
	}
}

// TypedRune jumps to the next item beginning with what was typed (letters
// typed within a second of each other add up); / or ~ starts a path in the
// location field.
func (l *chooserList) TypedRune(r rune) {
	now := time.Now()
	if now.Sub(l.typedAt) > time.Second {
		l.typed = ""
	}
	l.typedAt = now
	if r == ' ' && l.typed == "" {
		return
	}
	if (r == '/' || r == '~') && l.typed == "" {
		// the start of a path: typed on in the location field
		l.ch.path.SetText(string(r))
		l.ch.path.CursorColumn = 1
		l.ch.path.Refresh()
		if c := fyne.CurrentApp().Driver().CanvasForObject(l); c != nil {
			c.Focus(l.ch.path)
		}
		return
	}
	from := l.selected
	if l.typed != "" {
		from-- // a longer prefix may still match the item on show
	}
	l.typed += string(r)
	if i := view.NextMatch(l.ch.items, from, l.typed); i >= 0 {
		l.moveTo(i)
	}
}

// A chooserRow is one line of the list: a click selects, a double click
// opens (Fyne's list items know no double click).
type chooserRow struct {
	widget.BaseWidget
	list  *chooserList
	id    int
	place *canvas.Rectangle // the keyboard's place, when not selected
	icon  *widget.Icon
	label *widget.Label
}

func newChooserRow(l *chooserList) *chooserRow {
	r := &chooserRow{list: l, place: canvas.NewRectangle(theme.Color(theme.ColorNameHover)),
		icon: widget.NewIcon(theme.FileIcon()), label: widget.NewLabel("")}
	r.place.CornerRadius = theme.SelectionRadiusSize()
	r.place.Hide()
	r.label.Truncation = fyne.TextTruncateEllipsis
	r.ExtendBaseWidget(r)
	return r
}

func (r *chooserRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(r.place, container.NewBorder(nil, nil, r.icon, nil, r.label)))
}

func (r *chooserRow) show(id int, it view.FolderItem) {
	r.id = id
	if l := r.list; l.focused && id == l.cursor && id != l.selected {
		r.place.FillColor = theme.Color(theme.ColorNameHover)
		r.place.Show()
	} else {
		r.place.Hide()
	}
	r.label.SetText(it.Name)
	if it.Dir {
		r.icon.SetResource(theme.FolderIcon())
	} else {
		r.icon.SetResource(theme.FileIcon())
	}
}

// Tapped selects the row and gives the list the keyboard.
func (r *chooserRow) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(r.list); c != nil {
		c.Focus(r.list)
	}
	r.list.moveTo(r.id)
}

// DoubleTapped opens the row's folder, or chooses its file.
func (r *chooserRow) DoubleTapped(*fyne.PointEvent) {
	r.list.moveTo(r.id)
	r.list.ch.activate(r.id)
}
