package importing

import (
	"context"
	"errors"
	"mcpbrowser/ui/filedialog"
	"strings"

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

// prefExportFormat remembers the format last exported to.
const prefExportFormat = "export.format"

// exportFileName is the name a client gives the file a snippet of that
// format goes in, suggested when saving, with its file type.
func exportFileName(f config.Format) (string, filedialog.FileFilter) {
	name := f.FileName()
	if strings.HasSuffix(name, ".toml") {
		return name, filedialog.FileFilter{Desc: "TOML files", Exts: []string{"toml"}}
	}
	return name, filedialog.JsonFiles
}

// An ExportDialog shows servers as a snippet for another app's config, to
// copy or save.
type ExportDialog struct {
	win  fyne.Window
	app  fyne.App // preferences (the format last used) and the clipboard
	work widgets.Worker

	Servers []*config.ServerConfig
	label   string // "github" or "all 5 servers", for titles

	dlg     *dialog.CustomDialog
	Format  *widgets.Select
	Notes   *fyne.Container
	Snippet *widget.Label
	Status  *widget.Label
	CopyBtn *widgets.Button
	saveBtn *widgets.Button
	Current config.Format
	text    string // the snippet shown; empty when it could not be made
	problem error
}

// ExportSelected exports the selected server.
func (s *Screen) ExportSelected() {
	if sc := s.deps.Selected(); sc != nil {
		s.showExport([]*config.ServerConfig{sc}, sc.Name)
	}
}

// ExportAll exports every server in the list.
func (s *Screen) ExportAll() {
	cfg := s.deps.Servers()
	if len(cfg.Servers) == 0 {
		s.deps.ShowError(lang.L("Exporting servers"), errors.New(lang.L("there are no servers in the list yet")))
		return
	}
	s.showExport(cfg.Servers, i18n.N("all {{.Count}} servers", len(cfg.Servers)))
}

func (s *Screen) showExport(servers []*config.ServerConfig, label string) {
	win, app := s.deps.Win, s.deps.App
	d := &ExportDialog{win: win, app: app, work: s.deps.Work, Servers: servers, label: label,
		Notes: container.NewVBox(), Snippet: widget.NewLabel(""), Status: widget.NewLabel("")}
	var titles []string
	for _, f := range config.Formats() {
		titles = append(titles, f.Title())
	}
	d.Format = widgets.NewSelect(titles, func(title string) {
		for _, f := range config.Formats() {
			if f.Title() == title {
				d.show(f)
				return
			}
		}
	})
	d.Snippet.TextStyle = fyne.TextStyle{Monospace: true}
	d.Snippet.Selectable = true
	d.Status.Wrapping = fyne.TextWrapWord
	d.CopyBtn = widgets.NewButton(lang.L("Copy"), theme.ContentCopyIcon(), d.copy)
	d.CopyBtn.Importance = widget.HighImportance
	d.saveBtn = widgets.NewButton(lang.L("Save…"), theme.DocumentSaveIcon(), d.save)

	top := container.NewVBox(container.New(layout.NewFormLayout(), widgets.FormLabel(lang.L("Format")), d.Format), d.Notes)
	bottom := container.NewBorder(nil, nil, nil, container.NewCenter(container.NewHBox(d.saveBtn, d.CopyBtn)), d.Status)
	content := widgets.NewBorder(top, bottom, nil, nil, container.NewScroll(d.Snippet))
	d.dlg = widgets.NewCustom(i18n.L("Export {{.What}}", map[string]any{"What": label}), lang.L("Close"), content, win)
	d.dlg.SetOnClosed(func() {
		if s.Export == d {
			s.Export = nil
		}
	})
	d.dlg.Resize(fyne.NewSize(760, 620))
	s.Export = d

	start := config.FormatClaudeDesktop
	if f, err := config.ParseFormat(app.Preferences().String(prefExportFormat)); err == nil {
		start = f
	}
	d.Format.SetSelected(start.Title())
	widgets.ShowFocused(d.dlg, win, d.Format)
}

// Hide closes the dialog.
func (d *ExportDialog) Hide() { d.dlg.Hide() }

// show renders the servers in format f, with its notes above the snippet.
func (d *ExportDialog) show(f config.Format) {
	d.Current = f
	d.app.Preferences().SetString(prefExportFormat, string(f))
	d.Status.SetText("")
	d.Notes.RemoveAll()
	var notes []string
	for _, n := range clients.ExportNotes(d.Servers, f) {
		notes = append(notes, i18n.Explain(n))
	}
	if n := view.SecretsNote(d.Servers); n != "" {
		notes = append(notes, n)
	}
	for _, n := range notes {
		note := widget.NewLabel(n)
		note.Wrapping = fyne.TextWrapWord
		note.Importance = widget.WarningImportance
		d.Notes.Add(container.NewBorder(nil, nil, container.NewCenter(widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon()))), nil, note))
	}
	data, err := clients.Export(d.Servers, f)
	d.problem = err
	if err != nil {
		d.text = ""
		d.Snippet.SetText("")
		d.Status.SetText(i18n.L("{{.Summary}}.", map[string]any{"Summary": view.UpperFirst(i18n.Explain(err))}))
		d.Status.Importance = widget.DangerImportance
	} else {
		d.text = string(data)
		d.Snippet.SetText(d.text)
		name, _ := exportFileName(f)
		d.Status.SetText(i18n.L("For {{.App}}'s {{.File}}; merge it into an existing file rather than overwriting one.", map[string]any{"App": f.Title(), "File": name}))
		if f == config.FormatJSON {
			d.Status.SetText(lang.L("The mcpServers shape most apps and READMEs use."))
		}
		d.Status.Importance = widget.LowImportance
	}
	d.Status.Refresh()
	widgets.SetEnabled(d.CopyBtn, err == nil)
	widgets.SetEnabled(d.saveBtn, err == nil)
}

func (d *ExportDialog) copy() {
	if d.text == "" {
		return
	}
	d.app.Clipboard().SetContent(d.text)
	d.Status.SetText(lang.L("Copied to the clipboard."))
	d.Status.Importance = widget.SuccessImportance
	d.Status.Refresh()
}

// save asks where to write the snippet and writes it there, off the UI goroutine.
func (d *ExportDialog) save() {
	if d.text == "" {
		return
	}
	text, f := d.text, d.Current
	name, filter := exportFileName(f)
	filedialog.SaveFileDialog(d.win, i18n.L("Save the {{.App}} snippet", map[string]any{"App": f.Title()}), name, filter, func(path string) {
		d.work.GoWork(func(ctx context.Context) {
			err := clients.SaveExport(path, []byte(text))
			fyne.Do(func() {
				if err != nil {
					d.Status.SetText(view.WithStop(view.Capitalise(err)))
					d.Status.Importance = widget.DangerImportance
				} else {
					d.Status.SetText(i18n.L("Saved to {{.Path}}.", map[string]any{"Path": path}))
					d.Status.Importance = widget.SuccessImportance
				}
				d.Status.Refresh()
			})
		})
	})
}
