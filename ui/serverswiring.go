package ui

import (
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/servers"
	"mcpbrowser/ui/widgets"
)

// newServers is the shell's wiring of the servers screen (ui/servers): the
// list, the status page, the editor, sign-in, roots and Go to server.
func newServers(w *MainWindow) *servers.Screen {
	hint := widgets.NewFirstRunHint(w.cfgPath, w.importing.FindServers)
	return servers.New(servers.Deps{
		Win: w.win, Work: w, Path: w.cfgPath, Prefs: w.app.Preferences(),
		Manager:      func() *mcp.Manager { return w.manager },
		Selected:     func() string { return w.selected },
		SelectServer: w.selectServer,
		Saving: func(name string) {
			w.selected = name
			w.prefs.setLastServer(name)
		},
		Editable:        w.editable,
		Approvals:       func() *config.ApprovalStore { return w.approvals },
		ShowSelection:   w.showSelection,
		DismissRequests: func(m *mcp.Manager, server, why string) { w.requests.Dismiss(m, server, why) },
		ShowError:       w.showError,
		Notice:          func(text string) { w.lastNotice = text },
		AddDialog:       func() { w.importing.AddServer("") },
		ImportMenu:      w.importing.ImportMenu,
		Export:          w.importing.ExportSelected,
		CopyAddress: func(address string) {
			w.app.Clipboard().SetContent(address)
			w.lastNotice = "Copied the sign-in address"
		},
		Hint: hint.Root, UpdateHint: hint.Update,
	})
}
