package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The server header's capabilities line is as tall as three lines of its
// text, whatever it says: it is written when the server connects, and says
// more or less depending on how the connection went ("fell back: no answer
// to server/discover within 1.5s" or "fell back: method not found"). Sized
// by its text, it moved the tabs and everything under them by a line (15 px
// at 1024×640) as the server connected, and from one start to the next. A
// longer text is cut short with an ellipsis.

// capsLines is how many lines of the capabilities line are shown.
const capsLines = 3

// fixedLines lays out one label at the height of n lines of it, whatever
// its text (which it truncates), as wide as the label asks.
type fixedLines struct {
	n     int
	label *widget.Label

	// the height for the label's text size, measured once per size
	size, height float32
}

func newFixedLines(l *widget.Label, n int) *fyne.Container {
	l.Wrapping = fyne.TextWrapWord
	l.Truncation = fyne.TextTruncateEllipsis
	return &fyne.Container{Layout: &fixedLines{n: n, label: l}, Objects: []fyne.CanvasObject{l}}
}

func (f *fixedLines) lineHeight() float32 {
	size := theme.Size(f.label.SizeName)
	if size != f.size {
		probe := widget.NewLabel(strings.TrimSuffix(strings.Repeat("M\n", f.n), "\n"))
		probe.SizeName = f.label.SizeName
		f.size, f.height = size, probe.MinSize().Height
	}
	return f.height
}

func (f *fixedLines) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(f.label.MinSize().Width, f.lineHeight())
}

func (f *fixedLines) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}
