// Command emptywindow is an empty Fyne window, the baseline MCP Browser's
// launch time and memory are measured against (internal/windowbench).
// With -size WxH it opens at that size instead of its natural one.
package main

import (
	"flag"
	"fmt"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	size := flag.String("size", "", "window size WxH, e.g. 1320x800")
	flag.Parse()
	var width, height float32
	if *size != "" {
		if _, err := fmt.Sscanf(*size, "%gx%g", &width, &height); err != nil {
			fmt.Fprintln(os.Stderr, "emptywindow: -size wants WxH, e.g. 1320x800:", err)
			os.Exit(2)
		}
	}
	a := app.NewWithID("io.github.mcpbrowser.emptywindow")
	w := a.NewWindow("Empty Fyne window")
	w.SetContent(widget.NewLabel("baseline"))
	if *size != "" {
		w.Resize(fyne.NewSize(width, height))
	}
	w.ShowAndRun()
}
