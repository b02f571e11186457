package ui

import (
	"fyne.io/fyne/v2"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/importing"
	"mcpbrowser/ui/servers"
)

// newImporting is the shell's wiring of the importing screen (ui/importing):
// discovery, paste, presets and the Add dialog, the clash question, export.
func newImporting(w *MainWindow) *importing.Screen {
	return importing.New(importing.Deps{
		Win: w.win, App: w.app, Work: w,
		Editable:   w.editable,
		Servers:    func() *config.Config { return configSnapshot(w.manager) },
		Store:      func() importing.Store { return w.manager },
		Selected:   func() *config.ServerConfig { return w.servers.SelectedConfig() },
		Report:     func(from string, results []clients.ImportResult) { w.servers.ReportImport(from, results) },
		Notice:     func(s string) { w.lastNotice = s },
		ShowError:  w.showError,
		ImportFile: func() { w.servers.ImportFile() },
		FreeName:   func(name string) string { return w.servers.UniqueName(name) },
		NewEditor: func(sc *config.ServerConfig) importing.Editor {
			m := w.manager
			return addEditor{servers.NewEditor(sc, func(n string) bool { return m.Session(n) != nil })}
		},
		Editing: func(ed importing.Editor, save, cancel func()) {
			if ed == nil {
				w.servers.Editor = nil
				return
			}
			w.servers.Editor = &servers.OpenEditor{Ed: ed.(addEditor).ed, Save: save, Cancel: cancel}
		},
		Add: func(sc *config.ServerConfig) { w.servers.PutServer("", sc) },
	})
}

// addEditor is the server editor as the Add dialog of ui/importing sees it.
type addEditor struct{ ed *servers.Editor }

func (a addEditor) Widget() fyne.CanvasObject            { return a.ed.Root }
func (a addEditor) Build() (*config.ServerConfig, error) { return a.ed.Build() }
func (a addEditor) ShowProblem(msg string)               { a.ed.Problem.SetText(msg) }
func (a addEditor) First() fyne.Focusable                { return a.ed.Name }

// configSnapshot is a copy of m's servers, for deciding names and clashes
// without touching the manager's own config.
func configSnapshot(m *mcp.Manager) *config.Config {
	cfg := &config.Config{}
	for _, s := range m.Sessions() {
		cfg.Servers = append(cfg.Servers, s.Config().Clone())
	}
	return cfg
}

// sessionConfig is the session's entry, or nil for no session.
func sessionConfig(s *mcp.Session) *config.ServerConfig {
	if s == nil {
		return nil
	}
	return s.Config()
}
