package importing

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// PastePlaceholder shows the shapes the paste dialog reads.
const PastePlaceholder = `{
  "mcpServers": {
    "memory": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-memory"]
    }
  }
}
`

// pasteShapes is the sentence under PastePlaceholder's example.
const pasteShapes = `… or a bare {"name": {…}} map, one server {"command": …} or {"url": …},
or Codex [mcp_servers.name] tables.`

// A PasteDialog reads servers from text pasted out of a README or another
// app, previews them, and imports the chosen ones.
type PasteDialog struct {
	// known is the servers file as it is, to mark what is there already.
	known func() *config.Config
	// importChosen imports the servers ticked, naming where they came from.
	importChosen func(servers []*clients.ImportedServer, from string)
	dlg          *dialog.CustomDialog
	Entry        *widgets.Entry
	Status       *widget.Label
	Preview      *fyne.Container
	Rows         []*ImportRow
	ImportBtn    *widgets.Button
}

// PasteServers opens the paste dialog.
func (s *Screen) PasteServers() {
	if !s.deps.Editable() {
		return
	}
	win := s.deps.Win
	d := &PasteDialog{known: s.deps.Servers, importChosen: s.ImportChosen, Entry: widgets.NewMultiLineEntry(), Status: widget.NewLabel(""), Preview: container.NewVBox()}
	d.Entry.TextStyle = fyne.TextStyle{Monospace: true}
	d.Entry.Wrapping = fyne.TextWrapBreak // a one-line snippet stays readable
	d.Entry.SetPlaceHolder(PastePlaceholder + lang.L(pasteShapes))
	d.Entry.SetMinRowsVisible(11)
	d.Entry.OnChanged = func(string) { d.parse() }
	d.Status.Wrapping = fyne.TextWrapWord
	d.ImportBtn = widgets.NewButton(lang.L("Import"), theme.DownloadIcon(), d.importChecked)
	d.ImportBtn.Importance = widget.HighImportance
	hint := widget.NewLabel(lang.L("Paste a server config from a README or another app. Servers that run a command wait for your approval before they first start."))
	hint.Wrapping = fyne.TextWrapWord
	top := container.NewVBox(hint, d.Entry, d.Status)
	content := container.NewBorder(top, nil, nil, nil, container.NewVScroll(d.Preview))
	d.dlg = dialog.NewCustomWithoutButtons(lang.L("Paste server config"), content, win)
	d.dlg.SetButtons([]fyne.CanvasObject{widgets.NewButton(lang.L("Cancel"), nil, func() { d.dlg.Hide() }), d.ImportBtn})
	d.dlg.SetOnClosed(func() {
		if s.Paste == d {
			s.Paste = nil
		}
	})
	d.dlg.Resize(fyne.NewSize(760, 680))
	s.Paste = d
	d.parse()
	d.dlg.Show()
	win.Canvas().Focus(d.Entry)
}

// parse reads the entry's text and shows what would be imported. It runs on
// each change: pasted snippets are small, and parsing them takes microseconds.
func (d *PasteDialog) parse() {
	checked := map[string]bool{}
	for _, r := range d.Rows {
		checked[r.Imp.Server.Name] = r.Check.Checked
	}
	d.Rows = nil
	d.Preview.RemoveAll()
	text := d.Entry.Text
	if strings.TrimSpace(text) == "" {
		d.Status.SetText("")
		d.Status.Importance = widget.MediumImportance
		d.updateButton()
		return
	}
	servers, err := clients.ParsePasted(text)
	if err != nil {
		d.Status.SetText(view.PasteError(err))
		d.Status.Importance = widget.DangerImportance
		d.Status.Refresh()
		d.updateButton()
		return
	}
	found := []clients.DiscoveredFile{{Servers: servers}}
	clients.MarkKnown(found, d.known())
	for _, imp := range servers {
		on, seen := checked[imp.Server.Name]
		r := NewImportRow(imp, on || !seen, d.updateButton)
		d.Rows = append(d.Rows, r)
		d.Preview.Add(r.root)
	}
	d.Status.SetText(i18n.N("Read {{.Count}} servers:", len(servers)))
	if len(servers) == 0 {
		d.Status.SetText(lang.L("No servers in this text."))
	}
	d.Status.Importance = widget.MediumImportance
	d.Status.Refresh()
	d.updateButton()
}

func (d *PasteDialog) checkedRows() []*ImportRow {
	var out []*ImportRow
	for _, r := range d.Rows {
		if r.Check.Checked && r.Importable() {
			out = append(out, r)
		}
	}
	return out
}

func (d *PasteDialog) updateButton() {
	n := len(d.checkedRows())
	d.ImportBtn.SetText(lang.L("Import"))
	if n > 1 {
		d.ImportBtn.SetText(i18n.N("Import {{.Count}} servers", n))
	}
	widgets.SetEnabled(d.ImportBtn, n > 0)
}

func (d *PasteDialog) importChecked() {
	rows := d.checkedRows()
	if len(rows) == 0 {
		return
	}
	servers := make([]*clients.ImportedServer, len(rows))
	for i, r := range rows {
		servers[i] = r.Imp
	}
	d.dlg.Hide()
	d.importChosen(servers, "the pasted text")
}
