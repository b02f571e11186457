package filedialog

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

type ChooserMode int

const (
	ChooseOpen ChooserMode = iota
	ChooseSave
	ChooseFolder
)

// ChooserFolder is the folder of the last path chosen: the next chooser
// starts there.
var ChooserFolder string

// ReadFolder lists a folder (tests replace it to see an unreadable one).
var ReadFolder = view.ListFolder

// A FileChooser is one open chooser.
type FileChooser struct {
	win       fyne.Window
	mode      ChooserMode
	Filter    FileFilter
	suggested string
	chosen    func(string)

	Dlg     *dialog.CustomDialog
	Folder  string
	Items   []view.FolderItem
	List    *ChooserList
	Path    *widgets.Entry
	Name    *widgets.Entry // saving only
	up      *widgets.Button
	home    *widgets.Button
	Mkdir   *widgets.Button // saving and choosing a folder
	Kinds   *widgets.Select // with a filter only
	Hidden  *widgets.Check
	Message *widget.Label
	Empty   *widget.Label // over the list when it has nothing to show
	Ok      *widgets.Button

	allFiles, showHidden bool
}

// ShowFileChooser shows a chooser of mode over win, titled title; chosen
// gets the path picked, on the UI goroutine, and is not called on cancel.
func ShowFileChooser(win fyne.Window, mode ChooserMode, title, suggested string, filter FileFilter, chosen func(string)) *FileChooser {
	ch := &FileChooser{win: win, mode: mode, Filter: filter, suggested: suggested, chosen: chosen}
	ch.build()
	ch.Dlg = dialog.NewCustomWithoutButtons(title, ch.content(), win)
	ch.Dlg.SetButtons([]fyne.CanvasObject{widgets.NewButton(lang.L("Cancel"), theme.CancelIcon(), ch.Dlg.Hide), ch.Ok})
	ch.start()
	ch.Dlg.Resize(chooserSize(win))
	ch.Dlg.Show()
	ch.focusStart()
	return ch
}

// focusStart gives the keyboard to where choosing starts: the name field
// (its name selected without the extension) when saving, else the list.
func (ch *FileChooser) focusStart() {
	if ch.mode == ChooseSave {
		ch.win.Canvas().Focus(ch.Name)
		selectStem(ch.Name)
	} else {
		ch.win.Canvas().Focus(ch.List)
	}
}

// chooserSize is most of the window, within what a chooser needs and uses.
func chooserSize(win fyne.Window) fyne.Size {
	c := win.Canvas().Size()
	return widgets.FitDialog(win, max(560, min(900, c.Width*0.75)), max(420, min(720, c.Height*0.85)))
}

func (ch *FileChooser) build() {
	ch.Path = widgets.NewEntry()
	ch.Path.PlaceHolder = lang.L("Type or paste a path, then press Enter")
	ch.Path.OnSubmitted = ch.GoTo
	ch.up = widgets.NewButton(lang.L("Up"), theme.MoveUpIcon(), func() { ch.GoUp() })
	ch.home = widgets.NewButton(lang.L("Home"), theme.HomeIcon(), func() {
		if home, err := os.UserHomeDir(); err == nil {
			ch.Open(home, "")
		}
	})
	ch.List = newChooserList(ch)
	if ch.mode != ChooseOpen {
		ch.Mkdir = widgets.NewButton(lang.L("New folder…"), theme.FolderNewIcon(), ch.AskNewFolder)
	}
	ch.Empty = widget.NewLabel("")
	ch.Empty.Importance = widget.LowImportance
	ch.Empty.Hide()
	ch.Message = widget.NewLabel("")
	ch.Message.Wrapping = fyne.TextWrapWord
	ch.Message.Importance = widget.DangerImportance
	ch.Message.Hide()
	ch.Hidden = widgets.NewCheck(lang.L("Show hidden files"), func(on bool) {
		ch.showHidden = on
		ch.reload()
	})
	if ch.mode != ChooseFolder && len(ch.Filter.Exts) > 0 {
		ch.Kinds = widgets.NewSelect([]string{ch.Filter.Name(), lang.L("All files")}, nil)
		ch.Kinds.Selected = ch.Filter.Name()
		ch.Kinds.OnChanged = func(s string) {
			ch.allFiles = s != ch.Filter.Name()
			ch.reload()
		}
	}
	switch ch.mode {
	case ChooseSave:
		ch.Name = widgets.NewEntry()
		ch.Name.SetText(ch.suggested)
		ch.Name.OnSubmitted = func(string) { ch.Save() }
		ch.Name.OnChanged = func(s string) { ch.enableOK() }
		ch.Ok = widgets.NewButton(lang.L("Save"), theme.DocumentSaveIcon(), ch.Save)
	case ChooseFolder:
		ch.Ok = widgets.NewButton("", theme.ConfirmIcon(), ch.chooseFolder)
	default:
		ch.Ok = widgets.NewButton(lang.L("Open"), theme.FolderOpenIcon(), ch.openSelected)
	}
	ch.Ok.Importance = widget.HighImportance
}

// content lays the chooser out in reading order, which is also Tab's: the
// location row, the list, the message, the name, the options.
func (ch *FileChooser) content() fyne.CanvasObject {
	nav := container.NewHBox(ch.up, ch.home)
	var mkdir fyne.CanvasObject
	if ch.Mkdir != nil {
		mkdir = ch.Mkdir
	}
	top := widgets.NewBorder(nil, nil, nav, mkdir, ch.Path)
	bottom := container.NewVBox(ch.Message)
	if ch.Name != nil {
		bottom.Add(widgets.NewBorder(nil, nil, widget.NewLabel(lang.L("File name")), nil, ch.Name))
	}
	options := container.NewHBox()
	if ch.Kinds != nil {
		options.Add(ch.Kinds)
	}
	options.Add(ch.Hidden)
	bottom.Add(options)
	return widgets.NewBorder(top, bottom, nil, nil, container.NewStack(ch.List, container.NewCenter(ch.Empty)))
}

// start opens the folder of the last choice, else home, else the working
// folder, else the root.
func (ch *FileChooser) start() {
	var tries []string
	if ChooserFolder != "" {
		tries = append(tries, ChooserFolder)
	}
	if home, err := os.UserHomeDir(); err == nil {
		tries = append(tries, home)
	}
	if cwd, err := os.Getwd(); err == nil {
		tries = append(tries, cwd)
	}
	tries = append(tries, string(filepath.Separator))
	for _, dir := range tries {
		if ch.Open(dir, "") {
			return
		}
	}
}

func (ch *FileChooser) view() view.FolderView {
	v := view.FolderView{Hidden: ch.showHidden, FoldersOnly: ch.mode == ChooseFolder}
	if !ch.allFiles {
		v.Exts = ch.Filter.Exts
	}
	return v
}

// open shows dir, with the keyboard's place on the item named mark (""
// for none). A folder that cannot be read is said so, and what was shown
// stays. It reports whether dir is shown.
func (ch *FileChooser) Open(dir, mark string) bool {
	items, err := ReadFolder(dir, ch.view())
	if err != nil {
		ch.say(folderProblem(dir, err))
		return false
	}
	ch.say("")
	ch.Folder, ch.Items = dir, items
	ch.Path.SetText(dir)
	ch.Path.CursorColumn = len([]rune(dir))
	ch.Path.Refresh()
	if filepath.Dir(dir) == dir {
		ch.up.Disable()
	} else {
		ch.up.Enable()
	}
	ch.List.reset()
	if mark != "" {
		for i, it := range items {
			if it.Name == mark {
				ch.List.moveTo(i)
				break
			}
		}
	}
	ch.enableOK()
	ch.sayEmpty()
	return true
}

// sayEmpty says why the list shows nothing, when it does.
func (ch *FileChooser) sayEmpty() {
	switch {
	case len(ch.Items) > 0:
		ch.Empty.Hide()
		return
	case ch.mode == ChooseFolder:
		ch.Empty.SetText(lang.L("No folders in this folder."))
	case len(ch.view().Exts) > 0:
		ch.Empty.SetText(i18n.L("This folder has no files of this type ({{.Kind}}). To see every file, choose All files below.", map[string]any{"Kind": ch.Filter.Name()}))
	default:
		ch.Empty.SetText(lang.L("This folder is empty."))
	}
	ch.Empty.Show()
}

// reload shows the folder again (hidden files or the filter changed),
// keeping the selected item when it is still shown.
func (ch *FileChooser) reload() {
	mark := ""
	if it, ok := ch.Selected(); ok {
		mark = it.Name
	}
	ch.Open(ch.Folder, mark)
}

func (ch *FileChooser) GoUp() {
	if parent := filepath.Dir(ch.Folder); parent != ch.Folder {
		ch.Open(parent, filepath.Base(ch.Folder))
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
func (ch *FileChooser) say(msg string) {
	ch.Message.SetText(msg)
	if msg == "" {
		ch.Message.Hide()
	} else {
		ch.Message.Show()
	}
}

func (ch *FileChooser) Selected() (view.FolderItem, bool) {
	if i := ch.List.selected; i >= 0 && i < len(ch.Items) {
		return ch.Items[i], true
	}
	return view.FolderItem{}, false
}

func (ch *FileChooser) enableOK() {
	on := true
	switch ch.mode {
	case ChooseOpen:
		_, on = ch.Selected()
	case ChooseSave:
		on = strings.TrimSpace(ch.Name.Text) != ""
	}
	if on {
		ch.Ok.Enable()
	} else {
		ch.Ok.Disable()
	}
	if ch.mode == ChooseFolder {
		name := filepath.Base(ch.folderToChoose())
		if short := view.ClipRunes(name, 28); short != name {
			name = short + "…"
		}
		ch.Ok.SetText(i18n.L("Choose {{.Folder}}", map[string]any{"Folder": name}))
	}
}

// selectedItem is called when the list's selection moves to item i.
func (ch *FileChooser) selectedItem(i int) {
	if ch.mode == ChooseSave && !ch.Items[i].Dir {
		ch.Name.SetText(ch.Items[i].Name)
	}
	ch.enableOK()
}

// activate is Enter or a double click on item i: a folder opens, a file is
// the choice.
func (ch *FileChooser) Activate(i int) {
	if i < 0 || i >= len(ch.Items) {
		return
	}
	it := ch.Items[i]
	p := filepath.Join(ch.Folder, it.Name)
	switch {
	case it.Dir:
		ch.Open(p, "")
	case ch.mode == ChooseSave:
		ch.Name.SetText(it.Name)
		ch.saveTo(p)
	case ch.mode == ChooseOpen:
		ch.pick(p)
	}
}

// openSelected is the Open button: the selected folder opens, the
// selected file is the choice.
func (ch *FileChooser) openSelected() { ch.Activate(ch.List.selected) }

// ChooseFolder is the button of a folder chooser, which names the folder
// it chooses.
func (ch *FileChooser) chooseFolder() { ch.pick(ch.folderToChoose()) }

// folderToChoose is the selected folder, else the one on show.
func (ch *FileChooser) folderToChoose() string {
	if it, ok := ch.Selected(); ok && it.Dir {
		return filepath.Join(ch.Folder, it.Name)
	}
	return ch.Folder
}

// goTo follows a path typed in the location field: a folder opens, a file
// is the choice (or where to save).
func (ch *FileChooser) GoTo(text string) {
	p := ch.resolve(text)
	st, err := os.Stat(p)
	switch {
	case err == nil && st.IsDir():
		if ch.Open(p, "") {
			ch.focusStart() // on to choosing there
		}
	case ch.mode == ChooseSave:
		ch.saveTo(p)
	case err != nil && errors.Is(err, fs.ErrNotExist):
		ch.say(i18n.L("Nothing is at {{.Path}}.", map[string]any{"Path": p}))
	case err != nil:
		ch.say(i18n.L("{{.Path}} cannot be read.", map[string]any{"Path": p}))
	case ch.mode == ChooseFolder:
		ch.say(i18n.L("{{.Path}} is a file; choose a folder.", map[string]any{"Path": p}))
	default:
		ch.pick(p)
	}
}

func (ch *FileChooser) resolve(text string) string {
	home, _ := os.UserHomeDir()
	return view.ResolvePath(ch.Folder, text, home)
}

// save is the Save button and Enter in the name field.
func (ch *FileChooser) Save() {
	name := strings.TrimSpace(ch.Name.Text)
	if name == "" {
		return
	}
	if p := ch.resolve(name); view.CheckSave(p) == view.SaveIsFolder {
		ch.saveTo(p) // a folder's name: go into it
		return
	}
	if !ch.allFiles {
		name = view.WithExtension(name, ch.Filter.Exts)
	}
	ch.saveTo(ch.resolve(name))
}

// saveTo picks p as where to save, asking first when a file is there.
func (ch *FileChooser) saveTo(p string) {
	data := map[string]any{"Path": p, "Folder": filepath.Dir(p), "Name": filepath.Base(p)}
	switch view.CheckSave(p) {
	case view.SaveIsFolder:
		if ch.Open(p, "") {
			ch.Name.SetText(ch.suggested)
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
			ch.win.Canvas().Focus(ch.Name)
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
func (ch *FileChooser) AskNewFolder() {
	name := widgets.NewEntry()
	name.PlaceHolder = lang.L("Folder name")
	where := widget.NewLabel(i18n.L("A new folder in {{.Folder}}, named:", map[string]any{"Folder": ch.Folder}))
	where.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustomConfirm(lang.L("New folder"), lang.L("Create"), lang.L("Cancel"), container.NewVBox(where, name), func(ok bool) {
		if ok && strings.TrimSpace(name.Text) != "" {
			ch.MakeFolder(ch.resolve(name.Text))
		}
		ch.focusStart()
	}, ch.win)
	name.OnSubmitted = func(string) { d.Confirm() }
	d.Resize(widgets.FitDialog(ch.win, 460, 200))
	widgets.ShowFocused(d, ch.win, name)
}

// makeFolder makes p (and the folders it needs) and opens it.
func (ch *FileChooser) MakeFolder(p string) {
	err := os.MkdirAll(p, 0o755)
	data := map[string]any{"Path": p, "Folder": filepath.Dir(p)}
	switch {
	case errors.Is(err, fs.ErrPermission):
		ch.say(i18n.L("You do not have permission to make a folder in {{.Folder}}.", data))
	case err != nil:
		ch.say(i18n.L("The folder {{.Path}} could not be made.", data))
	default:
		ch.Open(p, "")
	}
}

// pick ends the chooser with p.
func (ch *FileChooser) pick(p string) {
	if ch.mode == ChooseFolder {
		ChooserFolder = p
	} else {
		ChooserFolder = filepath.Dir(p)
	}
	ch.Dlg.Hide()
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

// A ChooserList is the chooser's list of folders and files: Esc goes to
// the canvas (the Esc rule in keys.go), arrows move the selection with the
// keyboard's place, Enter opens, Backspace goes up, letters jump to the
// item they begin, / and ~ start typing a path.
type ChooserList struct {
	widget.List
	Ch *FileChooser
	// cursor is the keyboard's place in the list, drawn by the rows: Fyne's
	// list keeps its own private, and moving that one item by item made End
	// in a folder of 5000 files take seconds.
	cursor   int
	focused  bool
	selected int
	typed    string
	typedAt  time.Time
}

func newChooserList(ch *FileChooser) *ChooserList {
	l := &ChooserList{Ch: ch, selected: -1}
	l.Length = func() int { return len(ch.Items) }
	l.CreateItem = func() fyne.CanvasObject { return newChooserRow(l) }
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) { o.(*ChooserRow).show(id, ch.Items[id]) }
	l.OnSelected = func(id widget.ListItemID) {
		l.selected = id
		ch.selectedItem(id)
	}
	l.ExtendBaseWidget(l)
	return l
}

// FocusGained shows the keyboard's place (the list's own would be drawn
// where Fyne's private one is).
func (l *ChooserList) FocusGained() {
	l.focused = true
	l.RefreshItem(l.cursor)
}

// FocusLost hides the keyboard's place.
func (l *ChooserList) FocusLost() {
	l.focused = false
	l.RefreshItem(l.cursor)
}

// reset shows a new folder from its top, nothing selected.
func (l *ChooserList) reset() {
	l.cursor, l.selected = 0, -1
	l.UnselectAll()
	l.ScrollToTop()
	l.Refresh()
}

// moveTo puts the keyboard's place and the selection on item i.
func (l *ChooserList) moveTo(i int) {
	n := len(l.Ch.Items)
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
func (l *ChooserList) TypedKey(k *fyne.KeyEvent) {
	n := len(l.Ch.Items)
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
		l.Ch.Activate(l.selected)
	case fyne.KeyBackspace:
		l.Ch.GoUp()
	case fyne.KeySpace:
		l.moveTo(l.cursor)
	}
}

// TypedRune jumps to the next item beginning with what was typed (letters
// typed within a second of each other add up); / or ~ starts a path in the
// location field.
func (l *ChooserList) TypedRune(r rune) {
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
		l.Ch.Path.SetText(string(r))
		l.Ch.Path.CursorColumn = 1
		l.Ch.Path.Refresh()
		if c := fyne.CurrentApp().Driver().CanvasForObject(l); c != nil {
			c.Focus(l.Ch.Path)
		}
		return
	}
	from := l.selected
	if l.typed != "" {
		from-- // a longer prefix may still match the item on show
	}
	l.typed += string(r)
	if i := view.NextMatch(l.Ch.Items, from, l.typed); i >= 0 {
		l.moveTo(i)
	}
}

// A ChooserRow is one line of the list: a click selects, a double click
// opens (Fyne's list items know no double click).
type ChooserRow struct {
	widget.BaseWidget
	list  *ChooserList
	id    int
	place *canvas.Rectangle // the keyboard's place, when not selected
	icon  *widget.Icon
	Label *widget.Label
}

func newChooserRow(l *ChooserList) *ChooserRow {
	r := &ChooserRow{list: l, place: canvas.NewRectangle(theme.Color(theme.ColorNameHover)),
		icon: widget.NewIcon(theme.FileIcon()), Label: widget.NewLabel("")}
	r.place.CornerRadius = theme.SelectionRadiusSize()
	r.place.Hide()
	r.Label.Truncation = fyne.TextTruncateEllipsis
	r.ExtendBaseWidget(r)
	return r
}

func (r *ChooserRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(r.place, container.NewBorder(nil, nil, r.icon, nil, r.Label)))
}

func (r *ChooserRow) show(id int, it view.FolderItem) {
	r.id = id
	if l := r.list; l.focused && id == l.cursor && id != l.selected {
		r.place.FillColor = theme.Color(theme.ColorNameHover)
		r.place.Show()
	} else {
		r.place.Hide()
	}
	r.Label.SetText(it.Name)
	if it.Dir {
		r.icon.SetResource(theme.FolderIcon())
	} else {
		r.icon.SetResource(theme.FileIcon())
	}
}

// Tapped selects the row and gives the list the keyboard.
func (r *ChooserRow) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(r.list); c != nil {
		c.Focus(r.list)
	}
	r.list.moveTo(r.id)
}

// DoubleTapped opens the row's folder, or chooses its file.
func (r *ChooserRow) DoubleTapped(*fyne.PointEvent) {
	r.list.moveTo(r.id)
	r.list.Ch.Activate(r.id)
}
