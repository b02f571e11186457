package ui

import (
	"bytes"
	"encoding/json"
	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tool header's "Raw" button shows the tool exactly as the server sent
// it in tools/list: execution (taskSupport), icons, _meta and any field no
// version of the app knows, nothing dropped.

// rawToolText is the tool's JSON for people: the wire copy indented, or the
// SDK's reading of the tool when there is none.
func rawToolText(raw json.RawMessage, t *sdk.Tool) string {
	if len(raw) == 0 && t != nil {
		raw, _ = json.Marshal(t)
	}
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		return string(raw)
	}
	return b.String()
}

// showRawTool opens the raw view of a tool.
func showRawTool(win fyne.Window, title, text string) {
	grid := widget.NewTextGridFromString(text)
	scroll := container.NewScroll(grid)
	scroll.SetMinSize(fyne.NewSize(640, 420))
	newCustom(title+" — as the server sent it", lang.L("Close"), scroll, win).Show()
}
