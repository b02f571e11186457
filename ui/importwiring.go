package ui

import (
	"fyne.io/fyne/v2"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/importing"
)

// newImporting is the shell's wiring of the importing screen (ui/importing):
// discovery, paste, presets and the Add dialog, the clash question, export.
func newImporting(w *MainWindow) *importing.Screen {
	return importing.New(importing.Deps{
		Win: w.win, App: w.app, Work: w,
		Editable:   w.editable,
		Servers:    func() *config.Config { return configSnapshot(w.manager) },
		Store:      func() importing.Store { return w.manager },
		Selected:   w.selectedConfig,
		Report:     w.reportImport,
		Notice:     func(s string) { w.lastNotice = s },
		ShowError:  w.showError,
		ImportFile: w.importServers,
		FreeName:   w.uniqueServerName,
		NewEditor: func(sc *config.ServerConfig) importing.Editor {
			m := w.manager
			return addEditor{newServerEditor(sc, func(n string) bool { return m.Session(n) != nil })}
		},
		Editing: func(ed importing.Editor, save, cancel func()) {
			if ed == nil {
				w.editor = nil
				return
			}
			w.editor = &openEditor{ed: ed.(addEditor).ed, save: save, cancel: cancel}
		},
		Add: func(sc *config.ServerConfig) { w.putServer("", sc) },
	})
}

// addEditor is the server editor as the Add dialog of ui/importing sees it.
type addEditor struct{ ed *serverEditor }

func (a addEditor) Widget() fyne.CanvasObject            { return a.ed.root }
func (a addEditor) Build() (*config.ServerConfig, error) { return a.ed.build() }
func (a addEditor) ShowProblem(msg string)               { a.ed.problem.SetText(msg) }
func (a addEditor) First() fyne.Focusable                { return a.ed.name }

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
