// Package assets holds the files bundled into the MCP Browser binary: the
// app's icon, drawn by hand in icon.svg and rendered to icon.png (512 px) by
// `make icon`. The window, the About dialog and `fyne package` (through
// FyneApp.toml) all use the same PNG.
package assets

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

// IconName is the icon's resource name; Fyne uses it as a cache key.
const IconName = "mcpbrowser-icon.png"

//go:embed icon.png
var iconPNG []byte

//go:embed icon.svg
var iconSVG []byte

// Icon returns the app's icon as a 512×512 PNG resource, for the window
// (fyne.App.SetIcon) and the About dialog.
func Icon() fyne.Resource {
	return fyne.NewStaticResource(IconName, iconPNG)
}

// IconSVG returns the icon's SVG source, which Fyne draws sharp at any size.
func IconSVG() fyne.Resource {
	return fyne.NewStaticResource("mcpbrowser-icon.svg", iconSVG)
}
