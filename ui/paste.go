package ui

import (
	"mcpbrowser/internal/i18n"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// pastePlaceholder shows the shapes the paste dialog reads.
const pastePlaceholder = `{
  "mcpServers": {
    "memory": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-memory"]
    }
  }
}
`

// pasteShapes is the sentence under pastePlaceholder's example.
const pasteShapes = `… or a bare {"name": {…}} map, one server {"command": …} or {"url": …},
or Codex [mcp_servers.name] tables.`

// A pasteDialog reads servers from text pasted out of a README or another
// app, previews them, and imports the chosen ones.
type pasteDialog struct {
	// known is the servers file as it is, to mark what is there already.
	known func() *config.Config
	// importChosen imports the servers ticked, naming where they came from.
	importChosen func(servers []*clients.ImportedServer, from string)
	dlg          *dialog.CustomDialog
	entry        *widgets.Entry
	status       *widget.Label
	preview      *fyne.Container
	rows         []*importRow
	importBtn    *widgets.Button
}

// pasteServers opens the paste dialog.
func (w *MainWindow) pasteServers() {
	if !w.editable() {
		return
	}
	d := &pasteDialog{known: w.configSnapshot, importChosen: w.importChosen, entry: widgets.NewMultiLineEntry(), status: widget.NewLabel(""), preview: container.NewVBox()}
	d.entry.TextStyle = fyne.TextStyle{Monospace: true}
	d.entry.Wrapping = fyne.TextWrapBreak // a one-line snippet stays readable
	d.entry.SetPlaceHolder(pastePlaceholder + lang.L(pasteShapes))
	d.entry.SetMinRowsVisible(11)
	d.entry.OnChanged = func(string) { d.parse() }
	d.status.Wrapping = fyne.TextWrapWord
	d.importBtn = widgets.NewButton(lang.L("Import"), theme.DownloadIcon(), d.importChecked)
	d.importBtn.Importance = widget.HighImportance
	hint := widget.NewLabel(lang.L("Paste a server config from a README or another app. Servers that run a command wait for your approval before they first start."))
	hint.Wrapping = fyne.TextWrapWord
	top := container.NewVBox(hint, d.entry, d.status)
	content := container.NewBorder(top, nil, nil, nil, container.NewVScroll(d.preview))
	d.dlg = dialog.NewCustomWithoutButtons(lang.L("Paste server config"), content, w.win)
	d.dlg.SetButtons([]fyne.CanvasObject{widgets.NewButton(lang.L("Cancel"), nil, func() { d.dlg.Hide() }), d.importBtn})
	d.dlg.SetOnClosed(func() {
		if w.clients.paste == d {
			w.clients.paste = nil
		}
	})
	d.dlg.Resize(fyne.NewSize(760, 680))
	w.clients.paste = d
	d.parse()
	d.dlg.Show()
	w.win.Canvas().Focus(d.entry)
}

// parse reads the entry's text and shows what would be imported. It runs on
// each change: pasted snippets are small, and parsing them takes microseconds.
func (d *pasteDialog) parse() {
	checked := map[string]bool{}
	for _, r := range d.rows {
		checked[r.imp.Server.Name] = r.check.Checked
	}
	d.rows = nil
	d.preview.RemoveAll()
	text := d.entry.Text
	if strings.TrimSpace(text) == "" {
		d.status.SetText("")
		d.status.Importance = widget.MediumImportance
		d.updateButton()
		return
	}
	servers, err := clients.ParsePasted(text)
	if err != nil {
		d.status.SetText(view.PasteError(err))
		d.status.Importance = widget.DangerImportance
		d.status.Refresh()
		d.updateButton()
		return
	}
	found := []clients.DiscoveredFile{{Servers: servers}}
	clients.MarkKnown(found, d.known())
	for _, imp := range servers {
		on, seen := checked[imp.Server.Name]
		r := newImportRow(imp, on || !seen, d.updateButton)
		d.rows = append(d.rows, r)
		d.preview.Add(r.root)
	}
	d.status.SetText(i18n.N("Read {{.Count}} servers:", len(servers)))
	if len(servers) == 0 {
		d.status.SetText(lang.L("No servers in this text."))
	}
	d.status.Importance = widget.MediumImportance
	d.status.Refresh()
	d.updateButton()
}

func (d *pasteDialog) checkedRows() []*importRow {
	var out []*importRow
	for _, r := range d.rows {
		if r.check.Checked && r.importable() {
			out = append(out, r)
		}
	}
	return out
}

func (d *pasteDialog) updateButton() {
	n := len(d.checkedRows())
	d.importBtn.SetText(lang.L("Import"))
	if n > 1 {
		d.importBtn.SetText(i18n.N("Import {{.Count}} servers", n))
	}
	widgets.SetEnabled(d.importBtn, n > 0)
}

func (d *pasteDialog) importChecked() {
	rows := d.checkedRows()
	if len(rows) == 0 {
		return
	}
	servers := make([]*clients.ImportedServer, len(rows))
	for i, r := range rows {
		servers[i] = r.imp
	}
	d.dlg.Hide()
	d.importChosen(servers, "the pasted text")
}
