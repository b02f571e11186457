package ui

import (
	"fyne.io/fyne/v2/theme"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/apps"
	"mcpbrowser/ui/widgets"
)

// badgeApp marks a tool whose _meta names an MCP App view (a ui:// page).
var badgeApp = widgets.Badge{Label: "App", Color: theme.ColorNameHyperlink, Key: true}

func appBadges(t *sdk.Tool) []widgets.Badge {
	if apps.ResourceURI(t.Meta) != "" {
		return []widgets.Badge{badgeApp}
	}
	return nil
}

// showToolHeader shows the tool's header and its app strip (ui/result).
func (w *MainWindow) showToolHeader(server string, t *sdk.Tool) {
	w.header.show(server, t)
	w.apps.ShowTool(w.manager.Session(server), t)
}
