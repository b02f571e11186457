package importing

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// blankChoice is the Add dialog's "start from" choice of an empty entry.
func blankChoice() string { return lang.L("Blank entry") }

// PresetsMenu is the "Add from a preset" submenu: one item per preset.
func (s *Screen) PresetsMenu() *fyne.Menu {
	var items []*fyne.MenuItem
	for _, p := range config.Presets() {
		id := p.ID
		items = append(items, fyne.NewMenuItem(i18n.L("{{.Preset}}…", map[string]any{"Preset": lang.L(p.Title)}), func() { s.AddServer(id) }))
	}
	return fyne.NewMenu(lang.L("Add from a preset"), items...)
}

// AddServer opens the Add server dialog, starting from a blank entry
// ("") or from the preset with that ID. A preset with parameters (folders, a
// repository …) asks for them first. Either way the entry is shown in the
// editor to change before it is saved: a preset is only a starting point.
// Presets are the app's own, so they start without asking for approval.
func (s *Screen) AddServer(presetID string) {
	if !s.deps.Editable() {
		return
	}
	win := s.deps.Win
	presets := config.Presets()
	choices := []string{blankChoice()}
	for _, p := range presets {
		choices = append(choices, lang.L(p.Title))
	}

	holder := container.NewStack()
	about := widget.NewLabel("")
	about.Wrapping = fyne.TextWrapWord
	about.SizeName = theme.SizeNameCaptionText
	about.Hide()
	var ed Editor
	var save, cancel func()
	// shown: the dialog is up, and the shell is told of each editor.
	shown := false
	setEditor := func(sc *config.ServerConfig) {
		if sc != nil {
			sc.Name = s.deps.FreeName(sc.Name)
		}
		ed = s.deps.NewEditor(sc)
		holder.Objects = []fyne.CanvasObject{ed.Widget()}
		holder.Refresh()
		if shown {
			s.deps.Editing(ed, save, cancel)
		}
	}
	setEditor(nil)

	start := widgets.NewSelect(choices, nil)
	current := blankChoice()
	reverting := false
	start.OnChanged = func(choice string) {
		if reverting || choice == current {
			return
		}
		i := slices.Index(choices, choice)
		if i <= 0 {
			current = blankChoice()
			about.SetText("")
			about.Hide()
			setEditor(nil)
			return
		}
		p := presets[i-1]
		s.AskPresetParameters(p, func(sc *config.ServerConfig) {
			current = choice
			about.SetText(view.PresetText(p))
			about.Show()
			setEditor(sc)
		}, func() {
			reverting = true
			start.SetSelected(current)
			reverting = false
		})
	}
	top := container.NewVBox(
		container.New(layout.NewFormLayout(), widgets.FormLabel(lang.L("Start from")), start),
		about, widget.NewSeparator())
	d := dialog.NewCustomWithoutButtons(lang.L("Add server"), widgets.NewBorder(top, nil, nil, nil, container.NewVScroll(holder)), win)
	saveBtn := widgets.NewButton(lang.L("Save and start"), theme.DocumentSaveIcon(), nil)
	saveBtn.Importance = widget.HighImportance
	save = func() {
		sc, err := ed.Build()
		if err != nil {
			ed.ShowProblem(view.WithStop(view.Capitalise(err)))
			return
		}
		d.Hide()
		shown = false
		s.deps.Editing(nil, nil, nil)
		s.deps.Add(sc)
	}
	cancel = func() {
		d.Hide()
		shown = false
		s.deps.Editing(nil, nil, nil)
	}
	saveBtn.OnTapped = save
	d.SetButtons([]fyne.CanvasObject{widgets.NewButton(lang.L("Cancel"), nil, cancel), saveBtn})
	d.Resize(widgets.FitDialog(win, 680, 660))
	shown = true
	s.deps.Editing(ed, save, cancel)
	d.Show()
	start.SetSelected(blankChoice())
	if p, ok := config.PresetByID(presetID); ok {
		start.SetSelected(lang.L(p.Title))
	} else {
		win.Canvas().Focus(ed.First()) // the keyboard starts on Name
	}
}

// A PresetParams dialog asks for the values a preset needs: folders through
// the system's folder chooser, text in entries.
type PresetParams struct {
	preset  config.Preset
	dlg     *dialog.CustomDialog
	Folders map[string]*FolderRows
	Texts   map[string]*widgets.Entry
	Problem *widget.Label
	// OK and Cancel are what the dialog's buttons do.
	OK, Cancel func()
}

// AskPresetParameters builds p's entry, asking for its parameters first when
// it has any; built gets the entry, cancelled is called when the person gives up.
func (s *Screen) AskPresetParameters(p config.Preset, built func(*config.ServerConfig), cancelled func()) {
	if len(p.Parameters) == 0 {
		sc, err := p.Build(nil)
		if err != nil {
			s.deps.ShowError(i18n.L("Adding {{.Preset}}", map[string]any{"Preset": lang.L(p.Title)}), err)
			cancelled()
			return
		}
		built(sc)
		return
	}
	win := s.deps.Win
	d := &PresetParams{preset: p, Folders: map[string]*FolderRows{}, Texts: map[string]*widgets.Entry{}, Problem: widget.NewLabel("")}
	d.Problem.Importance = widget.DangerImportance
	d.Problem.Wrapping = fyne.TextWrapWord
	var rows []fyne.CanvasObject
	for _, param := range p.Parameters {
		var field fyne.CanvasObject
		switch param.Kind {
		case config.ParamFolder:
			f := newFolderRows(s.chooseFolder, param)
			d.Folders[param.Name] = f
			field = f.root
		default:
			e := widgets.NewEntry()
			d.Texts[param.Name] = e
			field = e
		}
		rows = append(rows, widgets.FormLabel(lang.L(param.Label)), field)
	}
	intro := widget.NewLabel(view.PresetText(p))
	intro.Wrapping = fyne.TextWrapWord
	content := container.NewVBox(intro, container.New(layout.NewFormLayout(), rows...), d.Problem)
	d.dlg = dialog.NewCustomWithoutButtons(lang.L(p.Title), content, win)
	d.OK = func() {
		sc, err := p.Build(d.values())
		if err != nil {
			d.Problem.SetText(view.WithStop(view.Capitalise(err)))
			return
		}
		s.Params = nil
		d.dlg.Hide()
		built(sc)
	}
	d.Cancel = func() {
		s.Params = nil
		d.dlg.Hide()
		cancelled()
	}
	next := widgets.NewButton(lang.L("Continue"), nil, d.OK)
	next.Importance = widget.HighImportance
	d.dlg.SetButtons([]fyne.CanvasObject{widgets.NewButton(lang.L("Cancel"), nil, d.Cancel), next})
	d.dlg.Resize(fyne.NewSize(600, 320))
	s.Params = d
	d.dlg.Show()
	// A required folder is the whole point of the preset: ask for it at once.
	// Otherwise the first text field takes the typing.
	for _, param := range p.Parameters {
		if f := d.Folders[param.Name]; f != nil && param.Required {
			f.Choose()
			return
		}
	}
	for _, param := range p.Parameters {
		if e := d.Texts[param.Name]; e != nil {
			win.Canvas().Focus(e)
			return
		}
	}
}

func (d *PresetParams) values() map[string][]string {
	out := map[string][]string{}
	for name, f := range d.Folders {
		out[name] = slices.Clone(f.Paths)
	}
	for name, e := range d.Texts {
		out[name] = []string{e.Text}
	}
	return out
}

// FolderRows lists chosen folders, each removable, with a button that asks
// for another (or, for a single folder, a different one).
type FolderRows struct {
	// chooseFolder asks for a folder (label says what for), then calls then.
	chooseFolder func(label string, then func(path string))
	param        config.PresetParameter
	Paths        []string
	box          *fyne.Container
	ChooseBt     *widgets.Button
	root         fyne.CanvasObject
}

func newFolderRows(chooseFolder func(label string, then func(string)), param config.PresetParameter) *FolderRows {
	f := &FolderRows{chooseFolder: chooseFolder, param: param, box: container.NewVBox()}
	f.ChooseBt = widgets.NewButton(lang.L("Choose folder…"), theme.FolderOpenIcon(), f.Choose)
	f.root = container.NewVBox(f.box, container.NewHBox(f.ChooseBt))
	return f
}

// Choose asks for a folder and adds it.
func (f *FolderRows) Choose() {
	f.chooseFolder(lang.L(f.param.Label), f.add)
}

func (f *FolderRows) add(path string) {
	path = strings.TrimSpace(path)
	if path == "" || slices.Contains(f.Paths, path) {
		return
	}
	if !f.param.Multiple {
		f.Paths = nil
	}
	f.Paths = append(f.Paths, path)
	f.redraw()
}

func (f *FolderRows) redraw() {
	f.box.RemoveAll()
	for _, p := range f.Paths {
		label := widget.NewLabel(p)
		label.Wrapping = fyne.TextWrapBreak
		remove := widgets.NewButton("", theme.ContentRemoveIcon(), func() {
			f.Paths = slices.DeleteFunc(f.Paths, func(x string) bool { return x == p })
			f.redraw()
		})
		remove.Importance = widget.LowImportance
		f.box.Add(container.NewBorder(nil, nil, widget.NewIcon(theme.FolderIcon()), remove, label))
	}
	if f.param.Multiple && len(f.Paths) > 0 {
		f.ChooseBt.SetText(lang.L("Add another folder…"))
	} else if len(f.Paths) > 0 {
		f.ChooseBt.SetText(lang.L("Choose another folder…"))
	} else {
		f.ChooseBt.SetText(lang.L("Choose folder…"))
	}
}
