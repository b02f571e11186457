package ui

import (
	"fmt"
	"io/fs"
	"mcpbrowser/ui/filedialog"
	"mcpbrowser/ui/quality"
	"mcpbrowser/ui/widgets"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/ui/view"
)

// chooserIn is the file chooser shown in o, or nil.
func chooserIn(o fyne.CanvasObject) *filedialog.FileChooser {
	for _, f := range focusables(o) {
		if l, ok := f.(*filedialog.ChooserList); ok {
			return l.Ch
		}
	}
	return nil
}

// chooserFolders makes a folder to choose in: two folders, JSON and text
// files, a hidden file; the next chooser starts there.
func chooserFolders(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"sub", "other"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"servers.json", "b.json", "notes.txt", ".hidden.json", filepath.Join("sub", "inner.json")} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := filedialog.ChooserFolder
	filedialog.ChooserFolder = dir
	t.Cleanup(func() { filedialog.ChooserFolder = old })
	return dir
}

// chooserWindow is the main window at 1024×640, its Esc rule included.
func chooserWindow(t *testing.T) fyne.Window {
	t.Helper()
	a := newSerialApp(t)
	var win fyne.Window
	onUI(func() {
		w := NewMainWindow(a, emptyManager(), filepath.Join(t.TempDir(), "servers.json"))
		w.win.Resize(fyne.NewSize(1024, 640))
		win = w.win
	})
	return win
}

// shownNames are the names the chooser's list shows.
func shownNames(ch *filedialog.FileChooser) []string {
	var out []string
	for _, it := range ch.Items {
		out = append(out, it.Name)
	}
	return out
}

var chooserModes = []struct {
	name string
	open func(win fyne.Window, chosen func(string))
}{
	{"open", func(win fyne.Window, chosen func(string)) {
		filedialog.OpenFileDialog(win, "Import", filedialog.JsonFiles, chosen)
	}},
	{"save", func(win fyne.Window, chosen func(string)) {
		filedialog.SaveFileDialog(win, "Save result", "result.json", filedialog.JsonFiles, chosen)
	}},
	{"folder", func(win fyne.Window, chosen func(string)) { filedialog.OpenFolderDialog(win, "Add a root", chosen) }},
}

// TestChooserEscFromEveryWidget opens each kind of chooser, puts the
// keyboard on each of its widgets in turn (the list, the fields, the
// buttons, the check boxes, the drop-down), and types Esc as the driver
// delivers it: the chooser closes and nothing is chosen. Tab reaches every
// one of them.
func TestChooserEscFromEveryWidget(t *testing.T) {
	chooserFolders(t)
	win := chooserWindow(t)
	c := win.Canvas()
	for _, m := range chooserModes {
		chose := ""
		var widgets []fyne.Focusable
		onUI(func() {
			closeAll(c)
			m.open(win, func(p string) { chose = p })
			widgets = focusables(c.Overlays().Top())
			// Tab from where the keyboard starts visits every widget.
			seen := map[fyne.Focusable]bool{}
			for range 2 * len(widgets) {
				seen[c.Focused()] = true
				c.FocusNext()
			}
			for _, f := range widgets {
				if !seen[f] {
					t.Errorf("%s: Tab never reaches %s", m.name, describeChooserWidget(f))
				}
			}
		})
		kinds := map[string]bool{}
		for _, f := range widgets {
			kinds[fmt.Sprintf("%T", f)] = true
		}
		for _, want := range []string{"*filedialog.ChooserList", "*widgets.Entry", "*widgets.Button", "*widgets.Check"} {
			if !kinds[want] {
				t.Errorf("%s: no %s among its widgets %v", m.name, want, kinds)
			}
		}
		if m.name != "folder" && !kinds["*widgets.Select"] {
			t.Errorf("%s: no file-type drop-down", m.name)
		}
		for i := range widgets {
			onUI(func() {
				closeAll(c)
				m.open(win, func(p string) { chose = p })
				ws := focusables(c.Overlays().Top())
				if len(ws) != len(widgets) {
					t.Fatalf("%s: %d widgets on reopening, want %d", m.name, len(ws), len(widgets))
				}
				c.Focus(ws[i])
				if c.Focused() != ws[i] {
					t.Errorf("%s: %s does not take the keyboard", m.name, describeChooserWidget(ws[i]))
					return
				}
				typeKey(c, fyne.KeyEscape)
				if c.Overlays().Top() != nil {
					t.Errorf("%s: Esc on %s left the chooser open", m.name, describeChooserWidget(ws[i]))
				}
			})
		}
		onUI(func() {
			closeAll(c)
			m.open(win, func(p string) { chose = p })
			c.Unfocus()
			typeKey(c, fyne.KeyEscape)
			if c.Overlays().Top() != nil {
				t.Errorf("%s: Esc with nothing focused left the chooser open", m.name)
			}
		})
		if chose != "" {
			t.Errorf("%s: Esc chose %s", m.name, chose)
		}
	}
}

func describeChooserWidget(f fyne.Focusable) string {
	switch x := f.(type) {
	case *widgets.Entry:
		return fmt.Sprintf("entry %q (%q)", x.PlaceHolder, x.Text)
	case *widgets.Select:
		return fmt.Sprintf("drop-down %q", x.Selected)
	case *filedialog.ChooserList:
		return "the list"
	}
	return describeControl(f)
}

// TestChooserOpen walks a folder with the keyboard and the mouse: folders
// first, only JSON files until "All files", Enter opens a folder,
// Backspace comes back to it, a double click chooses a file.
func TestChooserOpen(t *testing.T) {
	dir := chooserFolders(t)
	win := chooserWindow(t)
	c := win.Canvas()
	chose := ""
	onUI(func() {
		ch := filedialog.ShowFileChooser(win, filedialog.ChooseOpen, "Import", "", filedialog.JsonFiles, func(p string) { chose = p })
		if c.Focused() != ch.List {
			t.Errorf("the keyboard starts in %T, want the list", c.Focused())
		}
		if got, want := shownNames(ch), []string{"other", "sub", "b.json", "servers.json"}; !slices.Equal(got, want) {
			t.Errorf("shows %v, want %v", got, want)
		}
		if ch.Path.Text != dir {
			t.Errorf("the location field says %q, want %q", ch.Path.Text, dir)
		}
		if !ch.Ok.Disabled() {
			t.Error("Open is enabled with nothing selected")
		}
		ch.Kinds.SetSelected("All files")
		if got, want := shownNames(ch), []string{"other", "sub", "b.json", "notes.txt", "servers.json"}; !slices.Equal(got, want) {
			t.Errorf("with All files shows %v, want %v", got, want)
		}
		ch.Hidden.SetChecked(true)
		if !slices.Contains(shownNames(ch), ".hidden.json") {
			t.Errorf("Show hidden files shows %v", shownNames(ch))
		}
		ch.Hidden.SetChecked(false)
		ch.Kinds.SetSelected(ch.Filter.Name())

		typeKey(c, fyne.KeyEnd)
		if it, _ := ch.Selected(); it.Name != "servers.json" {
			t.Errorf("End selects %q, want the last item", it.Name)
		}
		ch.Open(dir, "")
		typeKey(c, fyne.KeyDown) // selects the first
		typeKey(c, fyne.KeyDown)
		if it, _ := ch.Selected(); it.Name != "sub" {
			t.Errorf("two Downs select %q, want sub", it.Name)
		}
		typeKey(c, fyne.KeyReturn)
		if ch.Folder != filepath.Join(dir, "sub") || !slices.Equal(shownNames(ch), []string{"inner.json"}) {
			t.Errorf("Enter on sub shows %s: %v", ch.Folder, shownNames(ch))
		}
		typeKey(c, fyne.KeyBackspace)
		if it, _ := ch.Selected(); ch.Folder != dir || it.Name != "sub" {
			t.Errorf("Backspace shows %s with %q selected, want %s with sub", ch.Folder, it.Name, dir)
		}
		ch.List.TypedRune('s')
		ch.List.TypedRune('e')
		if it, _ := ch.Selected(); it.Name != "servers.json" {
			t.Errorf("typing se selects %q", it.Name)
		}
		if ch.Ok.Disabled() {
			t.Error("Open is disabled with a file selected")
		}
		typeKey(c, fyne.KeyUp)
		if it, _ := ch.Selected(); it.Name != "b.json" {
			t.Errorf("Up selects %q, want b.json", it.Name)
		}
		if chose != "" {
			t.Errorf("chose %s before a double click", chose)
		}
		row := rowShowing(t, ch, "b.json")
		test.DoubleTap(row)
		if c.Overlays().Top() != nil {
			t.Error("the chooser stays open after a file was chosen")
		}
	})
	if want := filepath.Join(dir, "b.json"); chose != want {
		t.Errorf("chose %q, want %q", chose, want)
	}
	if filedialog.ChooserFolder != dir {
		t.Errorf("the next chooser starts in %q, want %q", filedialog.ChooserFolder, dir)
	}
}

// rowShowing is the list row showing name.
func rowShowing(t *testing.T, ch *filedialog.FileChooser, name string) *filedialog.ChooserRow {
	t.Helper()
	var found *filedialog.ChooserRow
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *filedialog.ChooserRow:
			if x.Label.Text == name && x.Visible() {
				found = x
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(ch.List)
	if found == nil {
		t.Fatalf("no row shows %q", name)
	}
	return found
}

// TestChooserLocationField follows typed paths: a folder opens, a file is
// chosen, a missing one is said plainly.
func TestChooserLocationField(t *testing.T) {
	dir := chooserFolders(t)
	win := chooserWindow(t)
	chose := ""
	onUI(func() {
		ch := filedialog.ShowFileChooser(win, filedialog.ChooseOpen, "Import", "", filedialog.JsonFiles, func(p string) { chose = p })
		ch.List.TypedRune('/') // typing a path in the list goes on in the location field
		if c := win.Canvas(); c.Focused() != ch.Path || ch.Path.Text != "/" {
			t.Errorf("/ in the list: the keyboard is in %T, the location says %q", c.Focused(), ch.Path.Text)
		}
		ch.Path.SetText("sub")
		ch.Path.OnSubmitted(ch.Path.Text)
		if ch.Folder != filepath.Join(dir, "sub") {
			t.Errorf("typing sub shows %s", ch.Folder)
		}
		if win.Canvas().Focused() != ch.List {
			t.Errorf("after opening a typed folder the keyboard is in %T, want the list", win.Canvas().Focused())
		}
		ch.Path.SetText("../missing.json")
		ch.Path.OnSubmitted(ch.Path.Text)
		if !ch.Message.Visible() || !strings.Contains(ch.Message.Text, filepath.Join(dir, "missing.json")) {
			t.Errorf("a missing file says %q", ch.Message.Text)
		}
		if ch.Path.Text != "../missing.json" {
			t.Errorf("the typed path became %q", ch.Path.Text)
		}
		ch.Path.SetText(" '" + filepath.Join(dir, "notes.txt") + "' ")
		ch.Path.OnSubmitted(ch.Path.Text)
	})
	if want := filepath.Join(dir, "notes.txt"); chose != want {
		t.Errorf("chose %q, want %q", chose, want)
	}
}

// TestChooserSave starts in the name field with the name selected without
// its extension, adds the extension to a bare name, asks before replacing,
// and says plainly when the folder typed does not exist.
func TestChooserSave(t *testing.T) {
	dir := chooserFolders(t)
	win := chooserWindow(t)
	c := win.Canvas()
	var chose []string
	var ch *filedialog.FileChooser
	open := func() {
		ch = filedialog.ShowFileChooser(win, filedialog.ChooseSave, "Save result", "demo-result.json", filedialog.JsonFiles, func(p string) { chose = append(chose, p) })
	}
	onUI(func() {
		open()
		if c.Focused() != ch.Name {
			t.Errorf("the keyboard starts in %T, want the name field", c.Focused())
		}
		if got := ch.Name.SelectedText(); got != "demo-result" {
			t.Errorf("the name field has %q selected, want the name without .json", got)
		}
		ch.Name.TypedRune('x')
		if ch.Name.Text != "x.json" {
			t.Errorf("typing over the selection gives %q", ch.Name.Text)
		}
		ch.Name.SetText("fresh")
		typeKey(c, fyne.KeyReturn)
	})
	if want := filepath.Join(dir, "fresh.json"); len(chose) != 1 || chose[0] != want {
		t.Fatalf("chose %v, want %s", chose, want)
	}
	chose = nil
	onUI(func() {
		open()
		ch.Name.SetText(filepath.Join("no-such-folder", "x.json"))
		test.Tap(&ch.Ok.Button)
		if c.Overlays().Top() == nil || !strings.Contains(ch.Message.Text, "does not exist") {
			t.Errorf("a missing folder says %q", ch.Message.Text)
		}
		ch.Name.SetText("servers.json")
		ch.Name.OnSubmitted(ch.Name.Text)
		ask := c.Overlays().Top()
		if !strings.Contains(shownText(ask), "servers.json is already in") {
			t.Fatalf("no question before replacing:\n%s", shownText(ask))
		}
		typeKey(c, fyne.KeyEscape) // the question closes, the chooser stays
		if top := c.Overlays().Top(); top == nil || chooserIn(top) != ch {
			t.Errorf("Esc on the question did not go back to the chooser")
		}
		if c.Focused() != ch.Name {
			t.Errorf("after the question the keyboard is in %T, want the name field", c.Focused())
		}
		ch.Name.OnSubmitted(ch.Name.Text)
		tapButton(t, c.Overlays().Top(), "Replace")
		if c.Overlays().Top() != nil {
			t.Error("the chooser stays open after Replace")
		}
	})
	if want := filepath.Join(dir, "servers.json"); len(chose) != 1 || chose[0] != want {
		t.Errorf("chose %v, want %s", chose, want)
	}
	chose = nil
	onUI(func() {
		open()
		ch.Name.SetText("sub") // a folder: go into it
		ch.Name.OnSubmitted(ch.Name.Text)
		if ch.Folder != filepath.Join(dir, "sub") || ch.Name.Text != "demo-result.json" {
			t.Errorf("a folder's name shows %s with name %q", ch.Folder, ch.Name.Text)
		}
		test.DoubleTap(rowShowing(t, ch, "inner.json"))
		tapButton(t, c.Overlays().Top(), "Cancel") // keep it
		if chooserIn(c.Overlays().Top()) != ch {
			t.Error("Cancel on the question closed the chooser")
		}
	})
	if len(chose) != 0 {
		t.Errorf("chose %v without a Replace", chose)
	}
}

// TestChooserFolder chooses the selected folder, or the one on show.
func TestChooserFolder(t *testing.T) {
	dir := chooserFolders(t)
	win := chooserWindow(t)
	var chose []string
	onUI(func() {
		ch := filedialog.ShowFileChooser(win, filedialog.ChooseFolder, "Add a root", "", filedialog.FileFilter{}, func(p string) { chose = append(chose, p) })
		if got := shownNames(ch); !slices.Equal(got, []string{"other", "sub"}) {
			t.Errorf("a folder chooser shows %v", got)
		}
		if want := "Choose " + filepath.Base(dir); ch.Ok.Text != want {
			t.Errorf("the button says %q, want %q", ch.Ok.Text, want)
		}
		test.Tap(&ch.Ok.Button)
		ch = filedialog.ShowFileChooser(win, filedialog.ChooseFolder, "Add a root", "", filedialog.FileFilter{}, func(p string) { chose = append(chose, p) })
		test.Tap(rowShowing(t, ch, "sub"))
		if ch.Ok.Text != "Choose sub" {
			t.Errorf("with sub selected the button says %q", ch.Ok.Text)
		}
		test.Tap(&ch.Ok.Button)
	})
	if want := []string{dir, filepath.Join(dir, "sub")}; !slices.Equal(chose, want) {
		t.Errorf("chose %v, want %v", chose, want)
	}
}

// TestChooserUnreadableFolder opens a folder that cannot be read: a plain
// message, and the folder, the list and the typed name stay.
func TestChooserUnreadableFolder(t *testing.T) {
	dir := chooserFolders(t)
	locked := filepath.Join(dir, "sub")
	old := filedialog.ReadFolder
	filedialog.ReadFolder = func(d string, v view.FolderView) ([]view.FolderItem, error) {
		if d == locked {
			return nil, &fs.PathError{Op: "open", Path: d, Err: fs.ErrPermission}
		}
		return old(d, v)
	}
	t.Cleanup(func() { filedialog.ReadFolder = old })
	win := chooserWindow(t)
	onUI(func() {
		ch := filedialog.ShowFileChooser(win, filedialog.ChooseSave, "Save", "keep-me.json", filedialog.JsonFiles, func(string) { t.Error("chose something") })
		before := shownNames(ch)
		ch.Activate(slices.Index(before, "sub"))
		if !ch.Message.Visible() || ch.Message.Text != "You do not have permission to open the folder "+locked+"." {
			t.Errorf("an unreadable folder says %q", ch.Message.Text)
		}
		if ch.Folder != dir || !slices.Equal(shownNames(ch), before) || ch.Name.Text != "keep-me.json" || ch.Path.Text != dir {
			t.Errorf("after the unreadable folder: %s %v name %q location %q", ch.Folder, shownNames(ch), ch.Name.Text, ch.Path.Text)
		}
		ch.GoUp()
		if ch.Message.Visible() {
			t.Errorf("the message stays after moving on: %q", ch.Message.Text)
		}
	})
}

// TestChooserFitsTheSmallestWindow: at the window's minimum and at
// 1024×640 the chooser lies inside the window with room for its content.
func TestChooserFitsTheSmallestWindow(t *testing.T) {
	chooserFolders(t)
	win := chooserWindow(t)
	for _, size := range []fyne.Size{{Width: 900, Height: 600}, {Width: 1024, Height: 640}, {Width: 1920, Height: 1080}} {
		for _, mode := range []filedialog.ChooserMode{filedialog.ChooseOpen, filedialog.ChooseSave, filedialog.ChooseFolder} {
			onUI(func() {
				closeAll(win.Canvas())
				win.Resize(size)
				ch := filedialog.ShowFileChooser(win, mode, "A title", "name.json", filedialog.JsonFiles, func(string) {})
				pop := win.Canvas().Overlays().Top().(*widget.PopUp)
				got, canvas := pop.Content.Size(), win.Canvas().Size()
				if got.Width > canvas.Width || got.Height > canvas.Height {
					t.Errorf("at %v mode %d the chooser is %v, larger than the window's %v", size, mode, got, canvas)
				}
				if minSize := pop.Content.MinSize(); minSize.Width > got.Width || minSize.Height > got.Height {
					t.Errorf("at %v mode %d the chooser needs %v and has %v", size, mode, minSize, got)
				}
				if ch.List.Size().Height < 150 {
					t.Errorf("at %v mode %d the list is %v high", size, mode, ch.List.Size().Height)
				}
			})
		}
	}
}

// TestChooserNewFolder makes a folder from the chooser and opens it; Esc in
// the little dialog's field closes only that dialog.
func TestChooserNewFolder(t *testing.T) {
	dir := chooserFolders(t)
	win := chooserWindow(t)
	c := win.Canvas()
	onUI(func() {
		ch := filedialog.ShowFileChooser(win, filedialog.ChooseSave, "Save", "x.json", filedialog.JsonFiles, func(string) { t.Error("chose something") })
		test.Tap(&ch.Mkdir.Button)
		f, ok := c.Focused().(*widgets.Entry)
		if !ok || f == ch.Name || f == ch.Path {
			t.Fatalf("the new folder's name field does not have the keyboard (%T)", c.Focused())
		}
		typeKey(c, fyne.KeyEscape)
		if chooserIn(c.Overlays().Top()) != ch {
			t.Fatal("Esc in the new folder's name did not go back to the chooser")
		}
		if c.Focused() != ch.Name {
			t.Errorf("back in the chooser the keyboard is in %T", c.Focused())
		}
		test.Tap(&ch.Mkdir.Button)
		test.Type(c.Focused().(*widgets.Entry), "made/deeper")
		typeKey(c, fyne.KeyReturn)
		if want := filepath.Join(dir, "made", "deeper"); ch.Folder != want || chooserIn(c.Overlays().Top()) != ch {
			t.Errorf("after making a folder the chooser shows %s, want %s", ch.Folder, want)
		}
		if st, err := os.Stat(filepath.Join(dir, "made", "deeper")); err != nil || !st.IsDir() {
			t.Errorf("the folder was not made: %v", err)
		}
		if !ch.Empty.Visible() || ch.Empty.Text != "This folder has no files of this type (JSON files). To see every file, choose All files below." {
			t.Errorf("an empty folder says %q (shown: %v)", ch.Empty.Text, ch.Empty.Visible())
		}
		ch.Kinds.SetSelected("All files")
		if ch.Empty.Text != "This folder is empty." {
			t.Errorf("an empty folder with All files says %q", ch.Empty.Text)
		}
		ch.GoUp()
		if ch.Empty.Visible() {
			t.Errorf("a folder with items still says %q", ch.Empty.Text)
		}
		ch.MakeFolder(filepath.Join(dir, "servers.json", "x"))
		if !strings.Contains(ch.Message.Text, "could not be made") {
			t.Errorf("a folder inside a file says %q", ch.Message.Text)
		}
	})
}

// TestChooserEscInAWindowOfItsOwn: in the load panel's window (Esc closes
// the dialog on top, then the window), Esc in the chooser's list and name
// field closes the chooser only.
func TestChooserEscInAWindowOfItsOwn(t *testing.T) {
	chooserFolders(t)
	a := newSerialApp(t)
	onUI(func() {
		p := quality.NewLoadPanel(a, t.Context(), quality.LoadTarget{Server: "demo", Tool: "add"})
		p.Win.Resize(fyne.NewSize(900, 600))
		p.Win.Show()
		defer p.Win.Close()
		c := p.Win.Canvas()
		for _, field := range []string{"list", "name"} {
			ch := filedialog.ShowFileChooser(p.Win, filedialog.ChooseSave, "Save the run", "run.json", filedialog.JsonFiles, func(string) { t.Error("Esc chose a file") })
			if field == "list" {
				c.Focus(ch.List)
			}
			typeKey(c, fyne.KeyEscape)
			if c.Overlays().Top() != nil {
				t.Errorf("Esc in the %s left the chooser open", field)
			}
			if !slices.Contains(a.Driver().AllWindows(), p.Win) {
				t.Fatalf("Esc in the chooser's %s closed the load panel too", field)
			}
		}
	})
}
