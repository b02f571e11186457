// Package ui is the MCP Browser window: servers on the left, the selected
// server's tools with a form, Run and the result in the middle, and the
// server's stderr and wire log on the right. Every protocol action goes
// through package mcp; this package only shows things and takes input.
package ui

// AppID is the application's unique ID, under which Fyne keeps preferences.
const AppID = "io.github.mcpbrowser.app"

// Options configure Run.
type Options struct {
	// ConfigPath is the servers file; "" means mcp.DefaultConfigPath().
	ConfigPath string
	// Version is the app's version, shown in the About text and sent in initialize.
	Version string
}

// Run opens the window, connects the enabled servers in the background and
// blocks until the window is closed, the app quits or the process gets
// SIGINT/SIGTERM. Every server's process tree is stopped before it returns.
func Run(opts Options) error {
	return nil // implementation follows
}
