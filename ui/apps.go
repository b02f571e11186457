package ui

import (
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// showToolHeader shows the tool's header and its app strip (ui/result).
func (w *MainWindow) showToolHeader(server string, t *sdk.Tool) {
	w.header.Show(server, t)
	w.apps.ShowTool(w.manager.Session(server), t)
}
