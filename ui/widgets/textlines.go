package widgets

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/ui/view"
)

// TextLines shows a long text as a virtualised list of monospace lines. At
// first only a head is split and shown (headLines lines or headBytes bytes,
// whichever comes first), with an offer to show all of it.
type TextLines struct {
	Text          string
	Lines         []string // the lines on show: the head, or all after showAll
	Total         int      // lines in text
	list          *widget.List
	Note          *widget.Label
	ShowAllButton *Button
	// extra are buttons the owner adds to the bar (Save …).
	Extra []fyne.CanvasObject
	// full, when set, makes the whole text on Show all; text is only a head
	// of it meanwhile (see SetHead), and size is the whole text's size.
	full func() string
	size int
}

const (
	HeadLines = 2000
	HeadBytes = 200 << 10
	// maxRowRunes cuts what one row draws; the full line is in Save / Copy.
	MaxRowRunes = 1000
)

func NewTextLines() *TextLines {
	t := &TextLines{Note: widget.NewLabel("")}
	t.Note.Wrapping = fyne.TextWrapWord
	t.list = widget.NewList(
		func() int { return len(t.Lines) },
		func() fyne.CanvasObject {
			txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
			txt.TextStyle.Monospace = true
			return txt
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			txt := o.(*canvas.Text)
			txt.Text = DisplayLine(t.Lines[id])
			txt.Color = theme.Color(theme.ColorNameForeground)
			txt.Refresh()
		},
	)
	t.list.HideSeparators = true
	t.ShowAllButton = NewButton(lang.L("Show all"), theme.MoreVerticalIcon(), t.ShowAll)
	return t
}

// SetText replaces the text and shows its head.
func (t *TextLines) SetText(s string) {
	t.full = nil
	t.Text = strings.TrimSuffix(s, "\n")
	t.size = len(t.Text)
	t.Total = strings.Count(t.Text, "\n") + 1
	t.Lines = splitHead(t.Text, HeadLines, HeadBytes)
	t.update()
}

// SetHead shows head, the first lines of a text of size bytes that is too
// big to prepare whole before it is asked for; full makes the whole text
// when the person taps Show all.
func (t *TextLines) SetHead(head string, size int, full func() string) {
	t.SetText(head)
	t.full, t.size = full, size
	t.update()
}

// ShowAll shows every line.
func (t *TextLines) ShowAll() {
	if t.full != nil {
		t.SetText(t.full())
	}
	if len(t.Lines) < t.Total {
		t.Lines = strings.Split(t.Text, "\n")
	}
	t.update()
}

func (t *TextLines) update() {
	if t.full != nil {
		t.Note.SetText(i18n.L("Showing the first {{.N}} lines of {{.Size}}.", map[string]any{"N": view.Thousands(len(t.Lines)), "Size": view.Size(t.size)}))
		t.Note.Show()
		t.ShowAllButton.Show()
	} else if len(t.Lines) < t.Total {
		t.Note.SetText(i18n.L("Showing the first {{.N}} of {{.Total}} lines ({{.Size}}).", map[string]any{"N": view.Thousands(len(t.Lines)), "Total": view.Thousands(t.Total), "Size": view.Size(len(t.Text))}))
		t.Note.Show()
		t.ShowAllButton.Show()
	} else {
		t.Note.SetText(i18n.L("{{.N}} lines, {{.Size}}.", map[string]any{"N": view.Thousands(t.Total), "Size": view.Size(len(t.Text))}))
		t.ShowAllButton.Hide()
	}
	t.list.Refresh()
}

// WithBar is the list with its note and buttons above it; fill asks for no
// minimum height. Tab goes to the buttons before the lines (NewBorder).
func (t *TextLines) WithBar(fill bool) fyne.CanvasObject {
	buttons := container.NewHBox(append([]fyne.CanvasObject{t.ShowAllButton}, t.Extra...)...)
	bar := NewBorder(nil, nil, nil, buttons, t.Note)
	var body fyne.CanvasObject = t.list
	if !fill {
		body = container.New(MinHeight{360}, t.list)
	}
	return NewBorder(bar, nil, nil, nil, body)
}

// splitHead splits s into lines, stopping after maxLines lines or maxBytes bytes.
func splitHead(s string, maxLines, maxBytes int) []string {
	var out []string
	used := 0
	for len(out) < maxLines && (used < maxBytes || len(out) == 0) {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i])
		s = s[i+1:]
		used += i + 1
	}
	return out
}

// DisplayLine makes one line drawable as a single canvas.Text: tabs
// expanded, terminal colour codes and carriage returns dropped, cut to maxRowRunes.
func DisplayLine(s string) string {
	if len(s) > MaxRowRunes*4 {
		s = s[:MaxRowRunes*4]
	}
	if strings.ContainsAny(s, "\t\r\x1b") {
		s = StripANSI(strings.ReplaceAll(strings.ReplaceAll(s, "\t", "    "), "\r", ""))
	}
	if utf8.RuneCountInString(s) > MaxRowRunes {
		n := 0
		for i := range s {
			if n == MaxRowRunes {
				return s[:i] + " …"
			}
			n++
		}
	}
	return s
}

// StripANSI drops CSI escape sequences (colours, cursor moves) that servers
// write for terminals.
func StripANSI(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
		}
	}
	return b.String()
}
