package widgets

import (
	"fmt"
	"image/color"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"mcpbrowser/ui/view"
)

// ListHeading is the line above a list: its title in bold, on the right
// its count and, when reload is given, a button that fetches it again.
func ListHeading(title string, count fyne.CanvasObject, reload func()) fyne.CanvasObject {
	right := count
	if reload != nil {
		b := NewButton("", theme.ViewRefreshIcon(), reload)
		b.Importance = widget.LowImportance
		right = container.NewHBox(count, b)
	}
	return container.NewBorder(nil, nil, BoldLabel(title), right)
}

func BoldLabel(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.TextStyle.Bold = true
	return l
}

// Caption is a line of text above or beside a block: what it is, its size.
func Caption(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// Heading names a section of the result.
func Heading(s string) *widget.Label {
	l := BoldLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// MinHeight lays out one object filling the space, asking for at least h.
type MinHeight struct{ H float32 }

func (m MinHeight) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objects {
		s = s.Max(o.MinSize())
	}
	return s.Max(fyne.NewSize(0, m.H))
}

func (m MinHeight) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func LowLabel(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Importance = widget.LowImportance
	l.Wrapping = fyne.TextWrapWord
	l.Alignment = fyne.TextAlignCenter
	return l
}

// CentredNote is a quiet, wrapping line in the middle of an empty pane.
// (A wrapping label inside container.NewCenter gets no width and would
// stand one letter per line, pushing everything else out of the window.)
func CentredNote(s string) fyne.CanvasObject {
	return container.NewVBox(layout.NewSpacer(), LowLabel(s), layout.NewSpacer())
}

// MessageCard shows one message of a conversation: its role above its
// content, tinted so that user and assistant turns are told apart at a glance.
func MessageCard(role string, content fyne.CanvasObject) fyne.CanvasObject {
	colour := theme.ColorNamePrimary
	if role == "assistant" {
		colour = theme.ColorNameSuccess
	}
	head := widget.NewLabelWithStyle(lang.L(role), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}) // "user", "assistant" in words
	// The role sits beside the content, not on a line above it: at 900×600
	// a sampling request's message had room for its role and no text.
	return container.NewStack(NewTint(colour, 0x1c), container.NewPadded(container.NewBorder(nil, nil, container.NewVBox(head), nil, content)))
}

// OutcomeBand is the coloured line at the top of a read or a prompt: what
// happened, in words, with the JSON-RPC code and data when the server refused.
func OutcomeBand(ok bool, title, sentence string, rpc *jsonrpc.Error, d time.Duration) fyne.CanvasObject {
	icon := widget.NewIcon(theme.NewSuccessThemedResource(theme.ConfirmIcon()))
	colour := theme.ColorNameSuccess
	if !ok {
		icon = widget.NewIcon(theme.NewErrorThemedResource(theme.ErrorIcon()))
		colour = theme.ColorNameError
	}
	head := BoldLabel(title)
	text := widget.NewLabel(view.Capitalise(sentence))
	text.Wrapping = fyne.TextWrapWord
	text.Selectable = true
	rows := []fyne.CanvasObject{head, text}
	if rpc != nil && len(rpc.Data) > 0 {
		data, _ := view.PrettyJSONText(string(rpc.Data))
		l := widget.NewLabelWithStyle("data: "+data, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
		l.Wrapping = fyne.TextWrapWord
		l.Selectable = true
		rows = append(rows, l)
	}
	var right fyne.CanvasObject = layout.NewSpacer()
	if d > 0 {
		right = widget.NewLabel(view.Duration(d))
	}
	row := container.NewBorder(nil, nil, container.NewVBox(icon), container.NewVBox(right), container.NewVBox(rows...))
	return container.NewStack(NewTint(colour, 0x30), container.NewPadded(row))
}

// NewTwoLineRow is a list row: a bold name over a caption line, with a
// small note (such as "updated 12:03:04") at the right.
func NewTwoLineRow() fyne.CanvasObject {
	name := widget.NewLabelWithStyle(lang.L("name"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	sub := widget.NewLabel(lang.L("subtitle"))
	sub.Truncation = fyne.TextTruncateEllipsis
	sub.SizeName = theme.SizeNameCaptionText
	note := widget.NewLabel("")
	note.SizeName = theme.SizeNameCaptionText
	note.Importance = widget.WarningImportance
	return container.NewBorder(nil, nil, nil, note, container.New(&TightVBox{}, name, sub))
}

func SetTwoLineRow(o fyne.CanvasObject, name, sub, note string) {
	border := o.(*fyne.Container)
	text := border.Objects[0].(*fyne.Container)
	SetLabel(text.Objects[0].(*widget.Label), name)
	SetLabel(text.Objects[1].(*widget.Label), sub)
	n := border.Objects[1].(*widget.Label)
	SetLabel(n, note)
	if note == "" {
		n.Hide()
	} else {
		n.Show()
	}
}

func SmallLabel() *widget.Label {
	l := widget.NewLabel("")
	l.SizeName = theme.SizeNameCaptionText
	return l
}

func ErrorNote() *widget.Label {
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	l.Importance = widget.DangerImportance
	l.Hide()
	return l
}

// ShowDetailOrHint shows a pane's detail, or its hint with the detail's
// contents emptied (the Resources and Skills tabs).
func ShowDetailOrHint(on bool, detail, hint fyne.CanvasObject, contents *fyne.Container) {
	if on {
		hint.Hide()
		detail.Show()
		return
	}
	detail.Hide()
	hint.Show()
	contents.Objects = nil
	contents.Refresh()
}

func SetEnabled(b interface {
	Enable()
	Disable()
}, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// TightVBox stacks labels without the usual padding between them, so a
// two-line row stays compact (each label already carries inner padding).
type TightVBox struct{}

func (TightVBox) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height - 2*theme.Padding()
	}
	if s.Height > 0 {
		s.Height += 2 * theme.Padding()
	}
	return s
}

func (TightVBox) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		h := o.MinSize().Height
		if i > 0 {
			y -= 2 * theme.Padding()
		}
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h
	}
}

// A Badge is one annotation a tool declares, as shown beside its name.
type Badge struct {
	Label string
	Color fyne.ThemeColorName
	// Key says Label is English and a translation key (the fixed badges).
	Key bool
}

// BadgeText is a badge's label in the chosen language: a fixed badge
// holds its English, which is the key; any other label was made in the
// person's language already (the quality badge) and is shown as it is.
func BadgeText(b Badge) string {
	if b.Key {
		return lang.L(b.Label)
	}
	return b.Label
}

// NewBadge draws a badge: small coloured text in a thin rounded frame.
func NewBadge(b Badge) *fyne.Container {
	c := theme.Color(b.Color)
	frame := canvas.NewRectangle(color.Transparent)
	frame.StrokeColor = c
	frame.StrokeWidth = 1
	frame.CornerRadius = 4
	text := canvas.NewText(BadgeText(b), c)
	text.TextSize = theme.CaptionTextSize()
	return container.New(&badgeLayout{}, frame, text)
}

func SetBadge(o *fyne.Container, b Badge) {
	c := theme.Color(b.Color)
	frame := o.Objects[0].(*canvas.Rectangle)
	text := o.Objects[1].(*canvas.Text)
	frame.StrokeColor = c
	text.Color = c
	text.Text = BadgeText(b)
	text.TextSize = theme.CaptionTextSize()
	frame.Refresh()
	text.Refresh()
}

// SetLabel changes a label's text only when it differs: every SetText
// re-shapes the text, the costly part of redrawing a list row.
func SetLabel(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}

// A tint is a rectangle in a theme colour at low opacity, following theme changes.
type tint struct {
	widget.BaseWidget
	name  fyne.ThemeColorName
	alpha uint8
}

func NewTint(name fyne.ThemeColorName, alpha uint8) *tint {
	t := &tint{name: name, alpha: alpha}
	t.ExtendBaseWidget(t)
	return t
}

func (t *tint) CreateRenderer() fyne.WidgetRenderer {
	rect := canvas.NewRectangle(color.Transparent)
	r := &tintRenderer{t: t, rect: rect}
	r.Refresh()
	return r
}

type tintRenderer struct {
	t    *tint
	rect *canvas.Rectangle
}

func (r *tintRenderer) Layout(s fyne.Size) { r.rect.Resize(s) }

func (r *tintRenderer) MinSize() fyne.Size { return fyne.Size{} }

func (r *tintRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.rect} }

func (r *tintRenderer) Destroy() {}

func (r *tintRenderer) Refresh() {
	r.rect.FillColor = WithAlpha(ThemeColor(r.t, r.t.name), r.t.alpha)
	r.rect.Refresh()
}

// ThemeColor is the named colour of the theme o is drawn with, in the current variant.
func ThemeColor(o fyne.Widget, name fyne.ThemeColorName) color.Color {
	th := theme.Current()
	if w, ok := o.(interface{ Theme() fyne.Theme }); ok {
		th = w.Theme()
	}
	return th.Color(name, fyne.CurrentApp().Settings().ThemeVariant())
}

func WithAlpha(c color.Color, a uint8) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = a
	return n
}

// SaveInBackground writes what content returns to path off the UI goroutine
// and reports a failure in a dialog.
//
// The channel it returns is closed when the file is written or the error is
// on its way to the person.
func SaveInBackground(win fyne.Window, path string, content func() ([]byte, error)) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		data, err := content()
		if err == nil {
			err = os.WriteFile(path, data, 0o644)
		}
		if err != nil {
			fyne.Do(func() {
				ShowError(fmt.Errorf("could not save %s: %w; try another folder or file name", path, err), win)
			})
		}
	}()
	return done
}

func FormLabel(s string) fyne.CanvasObject {
	return widget.NewLabelWithStyle(s, fyne.TextAlignTrailing, fyne.TextStyle{})
}

func ShowAll(objs []fyne.CanvasObject, show bool) {
	for _, o := range objs {
		if show {
			o.Show()
		} else {
			o.Hide()
		}
	}
}

// SelectRow marks row r of l, or none when r < 0 (the filter hides the
// item; its page stays on show).
func SelectRow(l *widget.List, r int) {
	if r < 0 {
		l.UnselectAll()
		return
	}
	l.Select(r)
}

// NewHelpLabel makes the small, wrapping text used for help and hints.
func NewHelpLabel(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// NewMessageLabel makes a hidden label in the error colour for problems.
func NewMessageLabel() *widget.Label {
	l := NewHelpLabel("")
	l.Importance = widget.DangerImportance
	l.Hide()
	return l
}

// Translucent is c made translucent, for a background behind text of colour c.
func Translucent(c color.Color, alpha uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: alpha}
}

// MonoLabel shows a value in monospace — unless it holds text beyond ASCII
// (Chinese, from the translation or the server): the monospace font has
// none, and the font Fyne falls back to is drawn low in a monospace line,
// its bottom cut off.
func MonoLabel(s string) *widget.Label {
	l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Monospace: view.IsASCII(s)})
	l.Wrapping = fyne.TextWrapBreak
	l.Selectable = true
	return l
}

// badgeLayout sizes the frame around the text with a little room.
type badgeLayout struct{}

const badgePadX, badgePadY = 5, 1

func (badgeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	t := objs[1].MinSize()
	return fyne.NewSize(t.Width+2*badgePadX, t.Height+2*badgePadY)
}

func (badgeLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	t := objs[1].MinSize()
	objs[0].Resize(size)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[1].Resize(t)
	objs[1].Move(fyne.NewPos((size.Width-t.Width)/2, (size.Height-t.Height)/2))
}
