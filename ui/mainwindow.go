package ui

import (
	"fyne.io/fyne/v2"

	"mcpbrowser/mcp"
)

// A MainWindow is the app's one window and everything in it.
type MainWindow struct {
	app     fyne.App
	win     fyne.Window
	manager *mcp.Manager
	cfgPath string
}

// NewMainWindow builds the window for m's servers (it does not show it, and
// connects nothing). cfgPath names the servers file in messages.
func NewMainWindow(a fyne.App, m *mcp.Manager, cfgPath string) *MainWindow {
	return &MainWindow{app: a, win: a.NewWindow("MCP Browser"), manager: m, cfgPath: cfgPath}
}
