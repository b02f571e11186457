package servers

import (
	"context"
	"fmt"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/filedialog"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// ImportFile asks for another client's config file and adds its servers.
func (s *Screen) ImportFile() {
	if !s.deps.Editable() {
		return
	}
	filedialog.OpenFileDialog(s.deps.Win, lang.L("Import servers from a config file"), filedialog.JsonFiles, s.ImportFrom)
}

// ImportFrom adds the servers of the config file at path (the mcpServers
// shape, or any other client's format the core reads), saves and connects
// them, and says what happened. Each entry remembers where it came from, so
// a stdio server waits for the person's approval before its first start.
// Servers already in the list are skipped; other name clashes get a -2,
// -3 … suffix.
func (s *Screen) ImportFrom(path string) {
	m := s.deps.Manager()
	s.deps.Work.GoWork(func(ctx context.Context) {
		data, err := os.ReadFile(path)
		if err != nil {
			fyne.Do(func() { s.deps.ShowError(lang.L("Importing servers"), err) })
			return
		}
		found, err := clients.ParseClientConfig(config.GuessFormat(path), path, data)
		if err != nil {
			fyne.Do(func() { s.deps.ShowError(lang.L("Importing servers"), err) })
			return
		}
		if len(found) == 0 {
			fyne.Do(func() {
				s.deps.ShowError(lang.L("Importing servers"), fmt.Errorf("%s has no MCP servers in it (no \"mcpServers\" or \"servers\")", path))
			})
			return
		}
		// mcp.Import decides names against a copy of the list; the manager
		// then adds each entry (saving the file and starting the server).
		scratch := &config.Config{}
		for _, sess := range m.Sessions() {
			scratch.Servers = append(scratch.Servers, sess.Config().Clone())
		}
		results := clients.Import(scratch, found, clients.ClashRename)
		for i, r := range results {
			if r.Action != clients.ImportAdded && r.Action != clients.ImportRenamed {
				continue
			}
			if err := m.PutServer(ctx, "", scratch.Server(r.As).Clone(), true); err != nil {
				results[i].Action, results[i].Reason = clients.ImportSkipped, err.Error()
			}
		}
		fyne.Do(func() { s.ReportImport(path, results) })
	})
}

// ReportImport says what an import from path did, and selects the first
// server added.
func (s *Screen) ReportImport(path string, results []clients.ImportResult) {
	text, added := view.ImportReport(path, results, s.deps.Approvals() != nil)
	s.deps.Notice(text)
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustom(lang.L("Import"), lang.L("OK"), msg, s.deps.Win)
	d.Resize(fyne.NewSize(520, 240))
	d.Show()
	if len(added) > 0 {
		s.deps.SelectServer(added[0])
	}
}
