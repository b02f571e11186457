package tabs

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
// longer text is cut short with an ellipsis. The header's note (a ping's
// answer, the log level set) takes the last of those lines while it shows,
// rather than pushing the tabs down by one.

// capsLines is how many lines of the capabilities line are shown.
const capsLines = 3

// fixedLines lays out one label at the height of n lines of it, whatever
// its text (which it truncates), as wide as the label asks; a note (one
// line, may be nil) takes the bottom of that room while it is visible.
type fixedLines struct {
	n     int
	label *widget.Label
	note  *widget.Label

	// the height for the label's text size, measured once per size
	size, height float32
}

func newFixedLines(l *widget.Label, n int, note *widget.Label) *fyne.Container {
	l.Wrapping = fyne.TextWrapWord
	l.Truncation = fyne.TextTruncateEllipsis
	objects := []fyne.CanvasObject{l}
	if note != nil {
		note.Truncation = fyne.TextTruncateEllipsis
		objects = append(objects, note)
	}
	return &fyne.Container{Layout: &fixedLines{n: n, label: l, note: note}, Objects: objects}
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

func (f *fixedLines) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	f.label.Move(fyne.NewPos(0, 0))
	// The note's line of text, without the padding above and below it,
	// which it shares with the label's (both are transparent).
	var h, line float32
	if f.note != nil {
		h = f.note.MinSize().Height
		line = h - 2*theme.InnerPadding()
	}
	if f.note == nil || !f.note.Visible() || size.Height-line < f.label.MinSize().Height {
		// No note, or no room for one (not laid out yet): a wrapped,
		// truncated label must not get less than a line (Fyne's RichText
		// fails then).
		f.label.Resize(size)
		if f.note != nil {
			f.note.Resize(fyne.NewSize(size.Width, 0))
		}
		return
	}
	f.label.Resize(fyne.NewSize(size.Width, size.Height-line))
	f.note.Move(fyne.NewPos(0, size.Height-h))
	f.note.Resize(fyne.NewSize(size.Width, h))
}
