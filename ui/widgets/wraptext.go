package widgets

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// WrapText is text wrapped at word boundaries to its width, showing at most
// MaxLines lines (0: all) with "…" at the end of the last one when cut. It
// wraps the text itself, so its height is always exactly its lines: a
// wrapping label with line breaks reported too small a height and what came
// below was drawn over it.
type WrapText struct {
	widget.BaseWidget
	Text     string
	MaxLines int
	// OnCut is called when whether the text is cut changes (to show "More").
	OnCut func(cut bool)
	// OnHeight is called when the height the text needs changes, so the
	// owner can lay its container out again.
	OnHeight func()

	width float32
	lines []string
	cut   bool
}

// NewWrapText makes a WrapText of at most maxLines lines.
func NewWrapText(text string, maxLines int) *WrapText {
	t := &WrapText{Text: text, MaxLines: maxLines}
	t.ExtendBaseWidget(t)
	return t
}

// SetText changes the text.
func (t *WrapText) SetText(s string) {
	t.Text = s
	t.rewrap(t.width, true)
	t.Refresh()
}

// SetMaxLines changes how many lines show (0: all).
func (t *WrapText) SetMaxLines(n int) {
	t.MaxLines = n
	t.rewrap(t.width, true)
	t.Refresh()
}

// Cut reports whether lines are left out.
func (t *WrapText) Cut() bool { return t.cut }

func textSize() float32 { return theme.TextSize() }

func lineHeight() float32 {
	return fyne.MeasureText("Mg", textSize(), fyne.TextStyle{}).Height
}

// Wrap splits s into lines no wider than width at the given text size.
func Wrap(s string, width, size float32) []string {
	var out []string
	for _, para := range strings.Split(strings.TrimSpace(s), "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, "")
			continue
		}
		line := words[0]
		for _, w := range words[1:] {
			if fyne.MeasureText(line+" "+w, size, fyne.TextStyle{}).Width > width {
				out = append(out, line)
				line = w
			} else {
				line += " " + w
			}
		}
		out = append(out, line)
	}
	return out
}

func (t *WrapText) rewrap(width float32, force bool) {
	if width <= 0 || (!force && width == t.width) {
		return
	}
	t.width = width
	before := len(t.lines)
	all := Wrap(t.Text, width-2*theme.InnerPadding(), textSize())
	if strings.TrimSpace(t.Text) == "" {
		all = nil
	}
	cut := t.MaxLines > 0 && len(all) > t.MaxLines
	if cut {
		all = all[:t.MaxLines]
		all[len(all)-1] = strings.TrimRight(all[len(all)-1], " .,;:") + " …"
	}
	t.lines = all
	if cut != t.cut {
		t.cut = cut
		if t.OnCut != nil {
			t.OnCut(cut)
		}
	}
	if len(all) != before && t.OnHeight != nil {
		t.OnHeight()
	}
}

// MinSize is the height of the lines at the last width.
func (t *WrapText) MinSize() fyne.Size {
	t.ExtendBaseWidget(t)
	return t.BaseWidget.MinSize()
}

// CreateRenderer implements fyne.Widget.
func (t *WrapText) CreateRenderer() fyne.WidgetRenderer {
	return &wrapRenderer{t: t}
}

type wrapRenderer struct {
	t     *WrapText
	texts []fyne.CanvasObject
}

func (r *wrapRenderer) Layout(size fyne.Size) {
	r.t.rewrap(size.Width, false)
	r.sync()
}

func (r *wrapRenderer) sync() {
	lh := lineHeight()
	for len(r.texts) < len(r.t.lines) {
		r.texts = append(r.texts, canvas.NewText("", theme.Color(theme.ColorNameForeground)))
	}
	r.texts = r.texts[:len(r.t.lines)]
	for i, l := range r.t.lines {
		tx := r.texts[i].(*canvas.Text)
		tx.Text = l
		tx.TextSize = textSize()
		tx.Color = theme.Color(theme.ColorNameForeground)
		tx.Move(fyne.NewPos(theme.InnerPadding(), theme.InnerPadding()/2+float32(i)*lh))
		tx.Resize(fyne.NewSize(r.t.width, lh))
		tx.Refresh()
	}
}

func (r *wrapRenderer) MinSize() fyne.Size {
	n := len(r.t.lines)
	if r.t.width == 0 && strings.TrimSpace(r.t.Text) != "" {
		n = 1
		if r.t.MaxLines != 1 {
			n = 2
		}
	}
	if n == 0 {
		return fyne.NewSize(0, 0)
	}
	return fyne.NewSize(50, float32(n)*lineHeight()+theme.InnerPadding())
}

func (r *wrapRenderer) Refresh() {
	r.sync()
	canvas.Refresh(r.t)
}

func (r *wrapRenderer) Objects() []fyne.CanvasObject { return r.texts }
func (r *wrapRenderer) Destroy()                     {}
