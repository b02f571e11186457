package importing

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// An ImportRow is one server found in another app's file (or pasted): a
// check box with its name, what it runs, and what the person should know
// about it.
type ImportRow struct {
	Imp   *clients.ImportedServer
	Check *widgets.Check
	mark  *widget.Label
	// actions sit at the row's right end (Watch).
	actions *fyne.Container
	root    fyne.CanvasObject
	// Watch is "Watch in ‹app›" or "Stop watching" (discovery), nil when
	// the row has neither.
	Watch *widgets.Button
}

func importKey(imp *clients.ImportedServer) string {
	return imp.Source.Path + "\x00" + imp.Source.Project + "\x00" + imp.Server.Name
}

func (r *ImportRow) key() string { return importKey(r.Imp) }

// Importable: malformed entries cannot be imported, and known ones are there already.
func (r *ImportRow) Importable() bool { return r.Imp.Err == nil && !r.Imp.Known }

// NewImportRow is imp's row, ticked when checked and importable; changed
// is called when the tick changes.
func NewImportRow(imp *clients.ImportedServer, checked bool, changed func()) *ImportRow {
	r := &ImportRow{Imp: imp}
	r.Check = widgets.NewCheck(imp.Server.Name, func(bool) {
		if changed != nil {
			changed()
		}
	})
	r.mark = widget.NewLabel("")
	switch {
	case imp.Err != nil:
		r.mark.SetText(lang.L("cannot be imported"))
		r.mark.Importance = widget.DangerImportance
	case imp.Known:
		r.mark.SetText(lang.L("✓ already in your list"))
		r.mark.Importance = widget.SuccessImportance
	case imp.NameTaken:
		r.mark.SetText(i18n.L("a different \"{{.Name}}\" is in your list: you will be asked", map[string]any{"Name": imp.Server.Name}))
		r.mark.Importance = widget.WarningImportance
	case imp.Server.Disabled:
		r.mark.SetText(i18n.L("disabled in {{.App}}", map[string]any{"App": imp.Source.Format.Title()}))
		r.mark.Importance = widget.LowImportance
	}
	r.Check.Checked = checked && r.Importable()
	if !r.Importable() {
		r.Check.Disable()
	}

	var details []fyne.CanvasObject
	if target := view.ImportedLine(imp.Server); target != "" && imp.Err == nil {
		cmd := widget.NewLabel(target)
		cmd.TextStyle = fyne.TextStyle{Monospace: true}
		cmd.Wrapping = fyne.TextWrapBreak
		cmd.Selectable = true
		details = append(details, cmd)
	}
	if imp.Err != nil {
		msg := widgets.NewHelpLabel(view.Capitalise(imp.Err))
		msg.Importance = widget.DangerImportance
		details = append(details, msg)
	} else if imp.Server.Problem != "" {
		msg := widgets.NewHelpLabel(i18n.L("It cannot be started as written: {{.Problem}}.", map[string]any{"Problem": i18n.Explain(imp.Server.ProblemMessage())}))
		msg.Importance = widget.WarningImportance
		details = append(details, msg)
	}
	if notes := view.ImportNotes(imp); notes != "" {
		details = append(details, widgets.NewHelpLabel(notes))
	}
	r.actions = container.NewHBox()
	head := container.NewBorder(nil, nil, nil, r.actions, container.NewHBox(r.Check, r.mark))
	body := container.New(&indentLayout{}, container.New(&widgets.TightVBox{}, details...))
	if len(details) == 0 {
		body.Hide()
	}
	r.root = container.New(&widgets.TightVBox{}, head, body)
	return r
}

// indentLayout shifts its one child right by the width of a check box, so
// that a server's details line up under its name.
type indentLayout struct{}

func (indentLayout) indent() float32 { return theme.IconInlineSize() + 3*theme.Padding() }

func (l indentLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := objs[0].MinSize()
	return fyne.NewSize(s.Width+l.indent(), s.Height)
}

func (l indentLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(l.indent(), 0))
	objs[0].Resize(fyne.NewSize(size.Width-l.indent(), size.Height))
}
