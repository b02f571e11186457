package ui

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
	"mcpbrowser/ui/servers"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// blankChoice is the Add dialog's "start from" choice of an empty entry.
func blankChoice() string { return lang.L("Blank entry") }

// presetsMenu is the "Add from a preset" submenu: one item per preset.
func (w *MainWindow) presetsMenu() *fyne.Menu {
	var items []*fyne.MenuItem
	for _, p := range config.Presets() {
		id := p.ID
		items = append(items, fyne.NewMenuItem(i18n.L("{{.Preset}}…", map[string]any{"Preset": lang.L(p.Title)}), func() { w.showAddDialog(id) }))
	}
	return fyne.NewMenu(lang.L("Add from a preset"), items...)
}

// showAddDialog opens the Add server dialog, starting from a blank entry
// ("") or from the preset with that ID. A preset with parameters (folders, a
// repository …) asks for them first. Either way the entry is shown in the
// editor to change before it is saved: a preset is only a starting point.
// Presets are the app's own, so they start without asking for approval.
func (w *MainWindow) showAddDialog(presetID string) {
	if !w.editable() {
		return
	}
	m := w.manager
	taken := func(n string) bool { return m.Session(n) != nil }
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
	open := &servers.OpenEditor{}
	setEditor := func(sc *config.ServerConfig) {
		if sc != nil {
			sc.Name = w.servers.UniqueName(sc.Name)
		}
		open.Ed = servers.NewEditor(sc, taken)
		holder.Objects = []fyne.CanvasObject{open.Ed.Root}
		holder.Refresh()
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
		w.askPresetParameters(p, func(sc *config.ServerConfig) {
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
	d := dialog.NewCustomWithoutButtons(lang.L("Add server"), widgets.NewBorder(top, nil, nil, nil, container.NewVScroll(holder)), w.win)
	save := widgets.NewButton(lang.L("Save and start"), theme.DocumentSaveIcon(), nil)
	save.Importance = widget.HighImportance
	open.Save = func() {
		sc, err := open.Ed.Build()
		if err != nil {
			open.Ed.Problem.SetText(view.WithStop(view.Capitalise(err.Error())))
			return
		}
		d.Hide()
		w.servers.Editor = nil
		w.servers.PutServer("", sc)
	}
	open.Cancel = func() {
		d.Hide()
		w.servers.Editor = nil
	}
	save.OnTapped = open.Save
	d.SetButtons([]fyne.CanvasObject{widgets.NewButton(lang.L("Cancel"), nil, open.Cancel), save})
	d.Resize(widgets.FitDialog(w.win, 680, 660))
	w.servers.Editor = open
	d.Show()
	start.SetSelected(blankChoice())
	if p, ok := config.PresetByID(presetID); ok {
		start.SetSelected(lang.L(p.Title))
	} else {
		w.win.Canvas().Focus(open.Ed.Name) // the keyboard starts on Name
	}
}

// A presetParamsDialog asks for the values a preset needs: folders through
// the system's folder chooser, text in entries.
type presetParamsDialog struct {
	preset  config.Preset
	dlg     *dialog.CustomDialog
	folders map[string]*folderRows
	texts   map[string]*widgets.Entry
	problem *widget.Label
	// ok and cancel are what the dialog's buttons do.
	ok, cancel func()
}

// askPresetParameters builds p's entry, asking for its parameters first when
// it has any; built gets the entry, cancelled is called when the person gives up.
func (w *MainWindow) askPresetParameters(p config.Preset, built func(*config.ServerConfig), cancelled func()) {
	if len(p.Parameters) == 0 {
		sc, err := p.Build(nil)
		if err != nil {
			w.showError(i18n.L("Adding {{.Preset}}", map[string]any{"Preset": lang.L(p.Title)}), err)
			cancelled()
			return
		}
		built(sc)
		return
	}
	d := &presetParamsDialog{preset: p, folders: map[string]*folderRows{}, texts: map[string]*widgets.Entry{}, problem: widget.NewLabel("")}
	d.problem.Importance = widget.DangerImportance
	d.problem.Wrapping = fyne.TextWrapWord
	var rows []fyne.CanvasObject
	for _, param := range p.Parameters {
		var field fyne.CanvasObject
		switch param.Kind {
		case config.ParamFolder:
			f := newFolderRows(func(label string, then func(string)) { w.clients.chooseFolder(w.win, label, then) }, param)
			d.folders[param.Name] = f
			field = f.root
		default:
			e := widgets.NewEntry()
			d.texts[param.Name] = e
			field = e
		}
		rows = append(rows, widgets.FormLabel(lang.L(param.Label)), field)
	}
	intro := widget.NewLabel(view.PresetText(p))
	intro.Wrapping = fyne.TextWrapWord
	content := container.NewVBox(intro, container.New(layout.NewFormLayout(), rows...), d.problem)
	d.dlg = dialog.NewCustomWithoutButtons(lang.L(p.Title), content, w.win)
	d.ok = func() {
		sc, err := p.Build(d.values())
		if err != nil {
			d.problem.SetText(view.WithStop(view.Capitalise(err.Error())))
			return
		}
		w.clients.params = nil
		d.dlg.Hide()
		built(sc)
	}
	d.cancel = func() {
		w.clients.params = nil
		d.dlg.Hide()
		cancelled()
	}
	next := widgets.NewButton(lang.L("Continue"), nil, d.ok)
	next.Importance = widget.HighImportance
	d.dlg.SetButtons([]fyne.CanvasObject{widgets.NewButton(lang.L("Cancel"), nil, d.cancel), next})
	d.dlg.Resize(fyne.NewSize(600, 320))
	w.clients.params = d
	d.dlg.Show()
	// A required folder is the whole point of the preset: ask for it at once.
	// Otherwise the first text field takes the typing.
	for _, param := range p.Parameters {
		if f := d.folders[param.Name]; f != nil && param.Required {
			f.choose()
			return
		}
	}
	for _, param := range p.Parameters {
		if e := d.texts[param.Name]; e != nil {
			w.win.Canvas().Focus(e)
			return
		}
	}
}

func (d *presetParamsDialog) values() map[string][]string {
	out := map[string][]string{}
	for name, f := range d.folders {
		out[name] = slices.Clone(f.paths)
	}
	for name, e := range d.texts {
		out[name] = []string{e.Text}
	}
	return out
}

// folderRows lists chosen folders, each removable, with a button that asks
// for another (or, for a single folder, a different one).
type folderRows struct {
	// chooseFolder asks for a folder (label says what for), then calls then.
	chooseFolder func(label string, then func(path string))
	param        config.PresetParameter
	paths        []string
	box          *fyne.Container
	chooseBt     *widgets.Button
	root         fyne.CanvasObject
}

func newFolderRows(chooseFolder func(label string, then func(string)), param config.PresetParameter) *folderRows {
	f := &folderRows{chooseFolder: chooseFolder, param: param, box: container.NewVBox()}
	f.chooseBt = widgets.NewButton(lang.L("Choose folder…"), theme.FolderOpenIcon(), f.choose)
	f.root = container.NewVBox(f.box, container.NewHBox(f.chooseBt))
	return f
}

func (f *folderRows) choose() {
	f.chooseFolder(lang.L(f.param.Label), f.add)
}

func (f *folderRows) add(path string) {
	path = strings.TrimSpace(path)
	if path == "" || slices.Contains(f.paths, path) {
		return
	}
	if !f.param.Multiple {
		f.paths = nil
	}
	f.paths = append(f.paths, path)
	f.redraw()
}

func (f *folderRows) redraw() {
	f.box.RemoveAll()
	for _, p := range f.paths {
		label := widget.NewLabel(p)
		label.Wrapping = fyne.TextWrapBreak
		remove := widgets.NewButton("", theme.ContentRemoveIcon(), func() {
			f.paths = slices.DeleteFunc(f.paths, func(x string) bool { return x == p })
			f.redraw()
		})
		remove.Importance = widget.LowImportance
		f.box.Add(container.NewBorder(nil, nil, widget.NewIcon(theme.FolderIcon()), remove, label))
	}
	if f.param.Multiple && len(f.paths) > 0 {
		f.chooseBt.SetText(lang.L("Add another folder…"))
	} else if len(f.paths) > 0 {
		f.chooseBt.SetText(lang.L("Choose another folder…"))
	} else {
		f.chooseBt.SetText(lang.L("Choose folder…"))
	}
}
