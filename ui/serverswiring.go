package ui

import (
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/servers"
)

// newServers is the shell's wiring of the servers screen (ui/servers): the
// list, the status page, the editor, sign-in, roots and Go to server.
func newServers(w *MainWindow) *servers.Screen {
	hint := newFirstRunHint(w.cfgPath, w.findServers)
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
		DismissRequests: w.dismissRequests,
		SaveFailed:      w.saveFailed,
		ShowError:       w.showError,
		Notice:          func(text string) { w.lastNotice = text },
		AddDialog:       func() { w.showAddDialog("") },
		ImportMenu:      w.importMenu,
		Export:          w.exportSelectedServer,
		CopyAddress: func(address string) {
			w.app.Clipboard().SetContent(address)
			w.lastNotice = "Copied the sign-in address"
		},
		Hint: hint.root, UpdateHint: hint.update,
	})
}
