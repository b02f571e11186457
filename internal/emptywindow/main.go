// Command emptywindow is an empty Fyne window, the baseline MCP Browser's
// launch time and memory are measured against (internal/windowbench).
package main

import (
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.NewWithID("io.github.mcpbrowser.emptywindow")
	w := a.NewWindow("Empty Fyne window")
	w.SetContent(widget.NewLabel("baseline"))
	w.ShowAndRun()
}
