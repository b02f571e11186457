package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
)

// A ResultView shows what one tool call returned: which layer failed (if
// any), the content blocks, structured content and the call's duration.
type ResultView struct {
	win  fyne.Window
	root *fyne.Container
}

// NewResultView makes an empty result view; win parents its dialogs.
func NewResultView(win fyne.Window) *ResultView {
	v := &ResultView{win: win, root: container.NewStack()}
	v.Clear()
	return v
}

// ShowRunning says that tool is running and clears the last result.
func (v *ResultView) ShowRunning(tool string) {
	v.root.Objects = []fyne.CanvasObject{widget.NewLabel("Running " + tool + " …")}
	v.root.Refresh()
}

// Show renders r; tool (may be nil) supplies the outputSchema to check structured content against.
func (v *ResultView) Show(r *mcp.CallResult, tool *sdk.Tool) {
	_ = r
	_ = tool
}

// Clear empties the view.
func (v *ResultView) Clear() {
	v.root.Objects = []fyne.CanvasObject{widget.NewLabel("No result yet.")}
	v.root.Refresh()
}

// Widget is the view's canvas object.
func (v *ResultView) Widget() fyne.CanvasObject { return v.root }
