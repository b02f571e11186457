package widgets

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A MonoLines shows a text in monospace, wrapped at its width (a CJK
// character counting as two columns), every line on the monospace baseline
// (see SetMonoText). A monospace widget.Label draws a wrapped line that
// starts with Chinese a few pixels low and cuts its bottom off; it can be
// selected, this cannot (the log strip beside it has Copy).
type MonoLines struct {
	widget.BaseWidget
	Text string
}

// NewMonoLines makes an empty MonoLines.
func NewMonoLines() *MonoLines {
	m := &MonoLines{}
	m.ExtendBaseWidget(m)
	return m
}

// SetText shows s.
func (m *MonoLines) SetText(s string) {
	m.Text = s
	m.Refresh()
}

// pieces are m's lines at width w: its own lines, wrapped.
func (m *MonoLines) pieces(w float32) []string {
	perLine := int((w - 2*theme.InnerPadding()) / CharWidth())
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(m.Text, "\t", "    "), "\n") {
		out = append(out, WrapChars(strings.TrimSuffix(line, "\r"), perLine)...)
	}
	return out
}

func (m *MonoLines) CreateRenderer() fyne.WidgetRenderer {
	return &monoLinesRenderer{m: m}
}

type monoLinesRenderer struct {
	m     *MonoLines
	texts []*canvas.Text
}

// MinSize is one column wide and as high as the text wrapped at the
// widget's present width.
func (r *monoLinesRenderer) MinSize() fyne.Size {
	pad := theme.InnerPadding()
	n := 1
	if w := r.m.Size().Width; w > 0 {
		n = len(r.m.pieces(w))
	}
	return fyne.NewSize(CharWidth()+2*pad, float32(n)*MonoLineHeight()+2*pad)
}

func (r *monoLinesRenderer) Layout(size fyne.Size) {
	pad := theme.InnerPadding()
	setMonoLines(&r.texts, r.m.pieces(size.Width), theme.Color(theme.ColorNameForeground),
		fyne.NewPos(pad, pad), size.Width-2*pad)
}

func (r *monoLinesRenderer) Objects() []fyne.CanvasObject {
	objs := make([]fyne.CanvasObject, len(r.texts))
	for i, t := range r.texts {
		objs[i] = t
	}
	return objs
}

func (r *monoLinesRenderer) Refresh() {
	r.Layout(r.m.Size())
	for _, t := range r.texts {
		t.Refresh()
	}
}

func (r *monoLinesRenderer) Destroy() {}

// setMonoLines makes *texts one monospace text per piece, in colour fg,
// one under another from pos, each width wide.
func setMonoLines(texts *[]*canvas.Text, pieces []string, fg color.Color, pos fyne.Position, width float32) {
	for len(*texts) < len(pieces) {
		txt := canvas.NewText("", fg)
		txt.TextStyle.Monospace = true
		*texts = append(*texts, txt)
	}
	*texts = (*texts)[:len(pieces)]
	lineH := MonoLineHeight()
	for i, txt := range *texts {
		txt.Color = fg
		SetMonoText(txt, pieces[i], fyne.NewPos(pos.X, pos.Y+float32(i)*lineH))
		txt.Resize(fyne.NewSize(max(width, 0), lineH))
	}
}
