package toolform

import (
	"mcpbrowser/ui/widgets"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// The tool header's "Raw" button shows the tool exactly as the server sent
// it in tools/list: execution (taskSupport), icons, _meta and any field no
// version of the app knows, nothing dropped.

// showRawTool opens the raw view of a tool.
func showRawTool(win fyne.Window, title, text string) {
	grid := widget.NewTextGridFromString(text)
	scroll := container.NewScroll(grid)
	scroll.SetMinSize(fyne.NewSize(640, 420))
	widgets.NewCustom(title+" — as the server sent it", lang.L("Close"), scroll, win).Show()
}
