package importing

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// ImportChosen adds the servers to the list. Each name clash with a
// different server is asked about (rename, replace or skip; once for all
// when the person says so); then the entries are saved and started through
// the store, and what happened is reported. from names the source in the
// report ("other apps", "the pasted text").
func (s *Screen) ImportChosen(servers []*clients.ImportedServer, from string) {
	if !s.deps.Editable() || len(servers) == 0 {
		return
	}
	// Names are decided against a copy of the list, one server at a time, so
	// that a clash between two of the chosen servers is asked about too.
	scratch := s.deps.Servers()
	var results []clients.ImportResult
	var forAll clients.ClashPolicy
	var step func(i int)
	step = func(i int) {
		for ; i < len(servers); i++ {
			imp := servers[i]
			if as, clash := clients.RenameClash(scratch, imp); clash && forAll == "" {
				left := 0
				for _, later := range servers[i+1:] {
					if _, c := clients.RenameClash(scratch, later); c {
						left++
					}
				}
				s.AskClash(imp, scratch.Server(imp.Server.Name), as, left, func(p clients.ClashPolicy, all bool) {
					if all {
						forAll = p
					}
					results = append(results, clients.Import(scratch, []*clients.ImportedServer{imp}, p)...)
					step(i + 1)
				})
				return
			}
			policy := forAll
			if policy == "" {
				policy = clients.ClashRename // no clash: renaming only makes Import also spot an earlier rename
			}
			results = append(results, clients.Import(scratch, []*clients.ImportedServer{imp}, policy)...)
		}
		s.saveImported(scratch, results, from)
	}
	step(0)
}

// saveImported puts the imported entries into the store (saving the file
// and starting each), off the UI goroutine, then reports.
func (s *Screen) saveImported(scratch *config.Config, results []clients.ImportResult, from string) {
	m := s.deps.Store()
	s.deps.Work.GoWork(func(ctx context.Context) {
		for i, r := range results {
			oldName := ""
			switch r.Action {
			case clients.ImportAdded, clients.ImportRenamed:
			case clients.ImportReplaced:
				oldName = r.As
			default:
				continue
			}
			if err := m.PutServer(ctx, oldName, scratch.Server(r.As).Clone(), true); err != nil {
				results[i].Action, results[i].Reason = clients.ImportSkipped, err.Error()
			}
		}
		fyne.Do(func() { s.deps.Report(from, results) })
	})
}

// A ClashQuestion asks what to do with an imported server whose name is
// taken by a different server in the list.
type ClashQuestion struct {
	dlg        *dialog.CustomDialog
	SameForAll *widgets.Check
	// Answer gives the person's choice, as the dialog's buttons do.
	Answer func(clients.ClashPolicy)
	cancel func()
}

// AskClash asks about imp, whose name existing has; renameTo is the name
// Keep both gives it, left the clashes still to come. decided gets the
// answer and whether it goes for the rest too.
func (s *Screen) AskClash(imp *clients.ImportedServer, existing *config.ServerConfig, renameTo string, left int, decided func(p clients.ClashPolicy, all bool)) {
	name := imp.Server.Name
	from := imp.Source.Format.Title()
	if imp.Source.Path == "" {
		from = "the pasted text"
	}
	msg := widget.NewLabel(i18n.L("Your list already has a different server named \"{{.Name}}\". What should happen to the one from {{.From}}?", map[string]any{"Name": name, "From": from}))
	msg.Wrapping = fyne.TextWrapWord
	yours := widget.NewLabel(i18n.L("Yours:  {{.Entry}}", map[string]any{"Entry": view.ImportedLine(existing)}))
	theirs := widget.NewLabel(i18n.L("From {{.From}}:  {{.Entry}}", map[string]any{"From": from, "Entry": view.ImportedLine(imp.Server)}))
	for _, l := range []*widget.Label{yours, theirs} {
		l.TextStyle = fyne.TextStyle{Monospace: true}
		l.Wrapping = fyne.TextWrapBreak
	}
	q := &ClashQuestion{SameForAll: widgets.NewCheck(i18n.N("Do the same for the other {{.Count}} clashes", left), nil)}
	box := container.NewVBox(msg, yours, theirs)
	if left > 0 {
		box.Add(q.SameForAll)
	}
	q.dlg = dialog.NewCustomWithoutButtons("Name already taken: "+name, box, s.deps.Win)
	q.Answer = func(p clients.ClashPolicy) {
		s.Clash = nil
		q.dlg.Hide()
		decided(p, q.SameForAll.Checked)
	}
	q.cancel = func() {
		s.Clash = nil
		q.dlg.Hide()
		s.deps.Notice("Import cancelled; nothing was added.")
	}
	rename := widgets.NewButton("Keep both: import as "+renameTo, nil, func() { q.Answer(clients.ClashRename) })
	rename.Importance = widget.HighImportance
	q.dlg.SetButtons([]fyne.CanvasObject{
		widgets.NewButton(lang.L("Cancel import"), nil, q.cancel),
		widgets.NewButton(lang.L("Skip it"), nil, func() { q.Answer(clients.ClashSkip) }),
		widgets.NewButton(lang.L("Replace yours"), nil, func() { q.Answer(clients.ClashReplace) }),
		rename,
	})
	q.dlg.Resize(fyne.NewSize(720, 280))
	s.Clash = q
	q.dlg.Show()
	s.deps.Win.Canvas().Focus(rename) // Enter keeps both: nothing is lost
}
