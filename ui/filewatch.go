package ui

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"

	"mcpbrowser/mcp"
)

// watchServersFile makes m take outside changes to the servers file (the CLI,
// an editor, another window) as they happen, for as long as m is the
// window's manager.
func (w *MainWindow) watchServersFile(m *mcp.Manager) {
	if w.stopWatch != nil {
		w.stopWatch()
	}
	ctx, cancel := context.WithCancel(w.ctx)
	w.stopWatch = cancel
	err := m.WatchFile(ctx, func(changed []string, err error) {
		fyne.Do(func() {
			if m != w.manager {
				return
			}
			if err != nil {
				w.lastNotice = "The servers file changed but cannot be read now: " + err.Error()
				return
			}
			w.lastNotice = "Reloaded the servers file: changed outside the app (" + strings.Join(changed, ", ") + ")"
			w.servers.WarnEditor(changed)
		})
	})
	if err != nil {
		w.lastNotice = "Outside changes to the servers file are not followed: " + err.Error()
	}
}
