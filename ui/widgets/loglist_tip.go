package widgets

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// tipMaxLines bounds the lines a hover tip shows; the strip (select the
// line) and Copy have the rest.
const tipMaxLines = 12

// A logItem holds one row of a LogList and tells the list when the pointer
// rests on it, so that a cut line can show whole. It draws the hover
// highlight itself: the list's own item no longer gets the pointer's events.
type logItem struct {
	widget.BaseWidget
	row     fyne.CanvasObject
	id      widget.ListItemID
	onHover func(it *logItem, in bool, top float32)
	hover   *canvas.Rectangle
}

func newLogItem(row fyne.CanvasObject, onHover func(*logItem, bool, float32)) *logItem {
	it := &logItem{row: row, onHover: onHover, hover: canvas.NewRectangle(color.Transparent)}
	it.ExtendBaseWidget(it)
	return it
}

func (it *logItem) CreateRenderer() fyne.WidgetRenderer {
	return &logItemRenderer{it: it}
}

// MouseIn is the pointer arriving on the row.
func (it *logItem) MouseIn(ev *desktop.MouseEvent) {
	it.hover.FillColor = theme.Color(theme.ColorNameHover)
	it.hover.Refresh()
	// Where the row is on the canvas: the list's own item holds it, so its
	// Position is 0,0.
	it.onHover(it, true, ev.AbsolutePosition.Y-ev.Position.Y)
}

// MouseMoved is the pointer moving on the row: nothing to do.
func (it *logItem) MouseMoved(*desktop.MouseEvent) {}

// MouseOut is the pointer leaving the row.
func (it *logItem) MouseOut() {
	it.hover.FillColor = color.Transparent
	it.hover.Refresh()
	it.onHover(it, false, 0)
}

type logItemRenderer struct{ it *logItem }

func (r *logItemRenderer) Layout(s fyne.Size) {
	r.it.hover.Resize(s)
	r.it.row.Resize(s)
}
func (r *logItemRenderer) MinSize() fyne.Size { return r.it.row.MinSize() }
func (r *logItemRenderer) Refresh()           { r.it.row.Refresh() }
func (r *logItemRenderer) Destroy()           {}
func (r *logItemRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.it.hover, r.it.row}
}

// hovered shows the entry of the row the pointer rests on whole, in a tip
// over the list, when the row cuts it; after TipDelay, so that a pointer
// crossing the list does not flash tips.
func (l *LogList[E]) hovered(it *logItem, in bool, rowTop float32) {
	l.hoverGen++
	l.hideTip()
	if !in || l.wrap || it.id >= l.Len() {
		return
	}
	e := *l.Entry(it.id)
	if l.spec.Lines(&e, l.List.Size().Width) <= 1 {
		return // the row shows it whole
	}
	// The tip's layer lies exactly over the list.
	top := rowTop - fyne.CurrentApp().Driver().AbsolutePositionForObject(l.List).Y
	gen := l.hoverGen
	show := func() {
		if gen == l.hoverGen {
			l.tip.show(l.spec.Text(&e), l.spec.TipHint, top, top+it.Size().Height)
		}
	}
	if l.TipDelay <= 0 {
		show()
		return
	}
	time.AfterFunc(l.TipDelay, func() { fyne.Do(show) })
}

func (l *LogList[E]) hideTip() { l.tip.hide() }

// TipText is what the hover tip shows, "" when it is hidden (for tests).
func (l *LogList[E]) TipText() string {
	if !l.tip.shown {
		return ""
	}
	return l.tip.text
}

// A hoverTip is a card over the list that shows a line whole. It is made of
// canvas objects only, which take no pointer events: the rows under it still
// get the pointer and taps. Its layer is never hidden, only emptied: a
// canvas does not redraw for an object it has never drawn, and the layer
// would then show a frame late, or never.
type hoverTip struct {
	shown     bool
	layer     *fyne.Container
	bg        *canvas.Rectangle
	lines     []*canvas.Text
	hintLine  *canvas.Text
	text      string
	hint      string
	top, bott float32 // the hovered row's top and bottom in the layer
}

func newHoverTip() *hoverTip {
	t := &hoverTip{bg: canvas.NewRectangle(color.Transparent), hintLine: canvas.NewText("", color.Transparent)}
	t.bg.StrokeWidth = 1
	t.bg.CornerRadius = theme.InputRadiusSize()
	t.hintLine.TextSize = theme.CaptionTextSize()
	t.layer = &fyne.Container{Layout: t}
	return t
}

func (t *hoverTip) show(text, hint string, top, bottom float32) {
	t.text, t.hint, t.top, t.bott = text, hint, top, bottom
	t.shown = true
	t.layer.Refresh() // lays it out
}

func (t *hoverTip) hide() {
	if t.shown {
		t.shown = false
		t.layer.Refresh()
	}
}

// Layout places the card under the hovered row, or above it when there is
// no room below, as wide as the list.
func (t *hoverTip) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if !t.shown || size.Width <= 0 {
		t.layer.Objects = nil
		return
	}
	pad := theme.InnerPadding()
	margin := theme.Padding()
	w := max(size.Width-2*margin, 0)
	perLine := int((w - 2*pad) / CharWidth())
	text := t.text
	if most := 4 * (max(perLine, 1)*tipMaxLines + 1); len(text) > most {
		text = text[:most] // what the tip can show at most: no need to look further
	}
	pieces := WrapChars(displayWhole(text), perLine)
	if len(pieces) > tipMaxLines {
		pieces = pieces[:tipMaxLines]
		last := []rune(pieces[tipMaxLines-1])
		pieces[tipMaxLines-1] = string(last[:max(len(last)-2, 0)]) + " …"
	}
	lineH := MonoLineHeight()
	hintH := float32(0)
	if t.hint != "" {
		hintH = fyne.MeasureText(t.hint, t.hintLine.TextSize, t.hintLine.TextStyle).Height
	}
	h := float32(len(pieces))*lineH + hintH + 2*pad
	y := t.bott + 2
	if y+h > size.Height && t.top-2-h >= 0 {
		y = t.top - 2 - h
	}
	y = max(min(y, size.Height-h), 0)

	fg := theme.Color(theme.ColorNameForeground)
	t.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	t.bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	t.bg.Move(fyne.NewPos(margin, y))
	t.bg.Resize(fyne.NewSize(w, h))
	setMonoLines(&t.lines, pieces, fg, fyne.NewPos(margin+pad, y+pad), w-2*pad)
	objs := []fyne.CanvasObject{t.bg}
	for _, txt := range t.lines {
		objs = append(objs, txt)
	}
	t.hintLine.Text, t.hintLine.Color = t.hint, theme.Color(theme.ColorNamePlaceHolder)
	t.hintLine.Move(fyne.NewPos(margin+pad, y+pad+float32(len(pieces))*lineH))
	t.hintLine.Resize(fyne.NewSize(w-2*pad, hintH))
	t.layer.Objects = append(objs, t.hintLine)
}

// MinSize asks for nothing: the tip lies over the list.
func (t *hoverTip) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

// displayWhole makes text drawable by canvas.Text: tabs as spaces, line
// breaks as "⏎" (a tip line is cut by width only).
func displayWhole(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		switch r {
		case '\t':
			out = append(out, ' ', ' ', ' ', ' ')
		case '\n':
			out = append(out, ' ', '⏎', ' ')
		case '\r':
		default:
			out = append(out, r)
		}
	}
	return string(out)
}
