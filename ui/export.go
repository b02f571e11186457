package ui

import (
	"context"
	"errors"
	"maps"
	"mcpbrowser/ui/filedialog"
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
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/store"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// prefExportFormat remembers the format last exported to.
const prefExportFormat = "export.format"

// exportFileName is the name a client gives the file a snippet of that
// format goes in, suggested when saving.
func exportFileName(f config.Format) (string, filedialog.FileFilter) {
	json := filedialog.JsonFiles
	switch f {
	case config.FormatClaudeDesktop:
		return "claude_desktop_config.json", json
	case config.FormatClaudeCode:
		return ".mcp.json", json
	case config.FormatCursor, config.FormatVSCode:
		return "mcp.json", json
	case config.FormatCline:
		return "cline_mcp_settings.json", json
	case config.FormatWindsurf:
		return "mcp_config.json", json
	case config.FormatCodex:
		return "config.toml", filedialog.FileFilter{Desc: "TOML files", Exts: []string{"toml"}}
	}
	return "servers.json", json
}

// An exportDialog shows servers as a snippet for another app's config, to
// copy or save.
type exportDialog struct {
	win  fyne.Window
	app  fyne.App // preferences (the format last used) and the clipboard
	work widgets.Worker

	servers []*config.ServerConfig
	label   string // "github" or "all 5 servers", for titles

	dlg     *dialog.CustomDialog
	format  *widgets.Select
	notes   *fyne.Container
	snippet *widget.Label
	status  *widget.Label
	copyBtn *widgets.Button
	saveBtn *widgets.Button
	current config.Format
	text    string // the snippet shown; empty when it could not be made
	problem error
}

// exportSelectedServer exports the selected server.
func (w *MainWindow) exportSelectedServer() {
	if sc := w.servers.SelectedConfig(); sc != nil {
		w.showExport([]*config.ServerConfig{sc}, sc.Name)
	}
}

// exportAllServers exports every server in the list.
func (w *MainWindow) exportAllServers() {
	cfg := w.configSnapshot()
	if len(cfg.Servers) == 0 {
		w.showError(lang.L("Exporting servers"), errors.New(lang.L("there are no servers in the list yet")))
		return
	}
	w.showExport(cfg.Servers, i18n.N("all {{.Count}} servers", len(cfg.Servers)))
}

func (w *MainWindow) showExport(servers []*config.ServerConfig, label string) {
	d := &exportDialog{win: w.win, app: w.app, work: w, servers: servers, label: label,
		notes: container.NewVBox(), snippet: widget.NewLabel(""), status: widget.NewLabel("")}
	var titles []string
	for _, f := range config.Formats() {
		titles = append(titles, f.Title())
	}
	d.format = widgets.NewSelect(titles, func(title string) {
		for _, f := range config.Formats() {
			if f.Title() == title {
				d.show(f)
				return
			}
		}
	})
	d.snippet.TextStyle = fyne.TextStyle{Monospace: true}
	d.snippet.Selectable = true
	d.status.Wrapping = fyne.TextWrapWord
	d.copyBtn = widgets.NewButton(lang.L("Copy"), theme.ContentCopyIcon(), d.copy)
	d.copyBtn.Importance = widget.HighImportance
	d.saveBtn = widgets.NewButton(lang.L("Save…"), theme.DocumentSaveIcon(), d.save)

	top := container.NewVBox(container.New(layout.NewFormLayout(), widgets.FormLabel(lang.L("Format")), d.format), d.notes)
	bottom := container.NewBorder(nil, nil, nil, container.NewCenter(container.NewHBox(d.saveBtn, d.copyBtn)), d.status)
	content := widgets.NewBorder(top, bottom, nil, nil, container.NewScroll(d.snippet))
	d.dlg = widgets.NewCustom(i18n.L("Export {{.What}}", map[string]any{"What": label}), lang.L("Close"), content, w.win)
	d.dlg.SetOnClosed(func() {
		if w.clients.export == d {
			w.clients.export = nil
		}
	})
	d.dlg.Resize(fyne.NewSize(760, 620))
	w.clients.export = d

	start := config.FormatClaudeDesktop
	if f, err := config.ParseFormat(w.app.Preferences().String(prefExportFormat)); err == nil {
		start = f
	}
	d.format.SetSelected(start.Title())
	widgets.ShowFocused(d.dlg, w.win, d.format)
}

// show renders the servers in format f, with its notes above the snippet.
func (d *exportDialog) show(f config.Format) {
	d.current = f
	d.app.Preferences().SetString(prefExportFormat, string(f))
	d.status.SetText("")
	d.notes.RemoveAll()
	var notes []string
	for _, n := range clients.ExportNotes(d.servers, f) {
		notes = append(notes, i18n.Explain(n))
	}
	if n := secretsNote(d.servers); n != "" {
		notes = append(notes, n)
	}
	for _, n := range notes {
		note := widget.NewLabel(n)
		note.Wrapping = fyne.TextWrapWord
		note.Importance = widget.WarningImportance
		d.notes.Add(container.NewBorder(nil, nil, container.NewCenter(widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon()))), nil, note))
	}
	data, err := clients.Export(d.servers, f)
	d.problem = err
	if err != nil {
		d.text = ""
		d.snippet.SetText("")
		d.status.SetText(i18n.L("{{.Summary}}.", map[string]any{"Summary": view.UpperFirst(i18n.Explain(err))}))
		d.status.Importance = widget.DangerImportance
	} else {
		d.text = string(data)
		d.snippet.SetText(d.text)
		name, _ := exportFileName(f)
		d.status.SetText(i18n.L("For {{.App}}'s {{.File}}; merge it into an existing file rather than overwriting one.", map[string]any{"App": f.Title(), "File": name}))
		if f == config.FormatJSON {
			d.status.SetText(lang.L("The mcpServers shape most apps and READMEs use."))
		}
		d.status.Importance = widget.LowImportance
	}
	d.status.Refresh()
	widgets.SetEnabled(d.copyBtn, err == nil)
	widgets.SetEnabled(d.saveBtn, err == nil)
}

func (d *exportDialog) copy() {
	if d.text == "" {
		return
	}
	d.app.Clipboard().SetContent(d.text)
	d.status.SetText(lang.L("Copied to the clipboard."))
	d.status.Importance = widget.SuccessImportance
	d.status.Refresh()
}

// save asks where to write the snippet and writes it there, off the UI goroutine.
func (d *exportDialog) save() {
	if d.text == "" {
		return
	}
	text, f := d.text, d.current
	name, filter := exportFileName(f)
	filedialog.SaveFileDialog(d.win, i18n.L("Save the {{.App}} snippet", map[string]any{"App": f.Title()}), name, filter, func(path string) {
		d.work.GoWork(func(ctx context.Context) {
			err := writeExport(path, text)
			fyne.Do(func() {
				if err != nil {
					d.status.SetText(view.WithStop(view.Capitalise(err.Error())))
					d.status.Importance = widget.DangerImportance
				} else {
					d.status.SetText(i18n.L("Saved to {{.Path}}.", map[string]any{"Path": path}))
					d.status.Importance = widget.SuccessImportance
				}
				d.status.Refresh()
			})
		})
	})
}

// writeExport writes a snippet to path (atomically, so a failed write never
// leaves half a config behind).
func writeExport(path, text string) error {
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	data := []byte(text)
	return store.WriteFile(path, data, store.Keep(0o600))
}

// secretsNote warns that the snippet holds secret values in clear (an API
// key in env, a token in a header), naming them; "" when it holds none.
// Placeholders such as ${env:TOKEN} are not secrets.
func secretsNote(servers []*config.ServerConfig) string {
	var found []string
	for _, s := range servers {
		var names []string
		for _, m := range []map[string]string{s.Env, s.Headers} {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				if config.MaskSecret(k, m[k]) != m[k] {
					names = append(names, k)
				}
			}
		}
		if len(names) > 0 {
			found = append(found, s.Name+": "+strings.Join(names, ", "))
		}
	}
	if len(found) == 0 {
		return ""
	}
	return i18n.L("The snippet holds secret values in clear ({{.Found}}): paste it only into the app's own config, not into a chat or an issue.", map[string]any{"Found": strings.Join(found, "; ")})
}
