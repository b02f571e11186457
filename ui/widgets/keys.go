package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// FitDialog is a dialog size of at most w×h that fits inside the window
// with a margin, so a dialog never hangs over a 1024×640 window's edges.
func FitDialog(win fyne.Window, w, h float32) fyne.Size {
	c := win.Canvas().Size()
	if c.Width > 0 {
		w = min(w, c.Width-40)
	}
	if c.Height > 0 {
		h = min(h, c.Height-40)
	}
	return fyne.NewSize(w, h)
}

// Esc has one rule, kept here. Fyne hands a key to the focused widget only,
// and to the canvas's typed-key handler when nothing has the keyboard; that
// handler decides what Esc closes: in the main window the dialog or pop-up on
// top (as its own cancel button would), else the running call (mainwindow.go);
// in a window of its own (the load panel, the quality report) the dialog on
// top, else the window (closeOnEsc). An entry would keep Esc to itself, so
// the app's entries are escEntry, which hands Esc to its canvas's handler:
// Esc works the same whether or not the keyboard is in a field.

// dismissWords are the labels of buttons that close a dialog without
// doing anything, in the order Esc looks for them.
var dismissWords = []string{"Cancel", "Cancel import", "Close", "Don't run", "Keep", "No", "Not now", "OK", "Skip"}

// An Entry is an Entry that hands Esc to its canvas's typed-key handler
// (the rule above) and types everything else.
type Entry struct {
	widget.Entry
	outer fyne.Widget // the widget that extends this one (ExtendBaseWidget)
}

// ExtendBaseWidget also remembers w, the object on the canvas, for Reveal.
func (e *Entry) ExtendBaseWidget(w fyne.Widget) {
	e.outer = w
	e.Entry.ExtendBaseWidget(w)
}

// NewEntry is a one-line entry that obeys Esc.
func NewEntry() *Entry {
	e := &Entry{}
	e.ExtendBaseWidget(e)
	return e
}

// NewMultiLineEntry is a multi-line entry that obeys Esc.
func NewMultiLineEntry() *Entry {
	e := NewEntry()
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	return e
}

// NewPasswordEntry is a password entry (with its show/hide eye) that obeys Esc.
func NewPasswordEntry() *Entry {
	e := NewEntry()
	e.Password = true
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.ActionItem = newRevealer(e)
	return e
}

// A revealer is the eye at a password entry's right: a tap shows or hides
// the text (Fyne's own is private to its Entry).
type revealer struct {
	widget.BaseWidget
	icon  *widget.Icon
	entry *Entry
}

func newRevealer(e *Entry) *revealer {
	r := &revealer{icon: widget.NewIcon(theme.VisibilityOffIcon()), entry: e}
	r.ExtendBaseWidget(r)
	return r
}

func (r *revealer) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.icon) }

// Cursor is the pointer, which says the eye can be tapped.
func (r *revealer) Cursor() desktop.Cursor { return desktop.PointerCursor }

// Tapped shows or hides the text.
func (r *revealer) Tapped(*fyne.PointEvent) {
	r.entry.Password = !r.entry.Password
	if r.entry.Password {
		r.icon.SetResource(theme.VisibilityOffIcon())
	} else {
		r.icon.SetResource(theme.VisibilityIcon())
	}
	r.entry.Refresh()
}

// AcceptsTab is false, also for a multi-line entry: Tab moves to the next
// field, so the keyboard never gets stuck in one (the app's multi-line
// entries take JSON and YAML, which need no tab characters).
func (e *Entry) AcceptsTab() bool { return false }

// TypedKey hands Esc to the canvas and types everything else.
func (e *Entry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		EscapeFrom(e, k)
		return
	}
	e.Entry.TypedKey(k)
}

// CloseOnEsc gives win, a window of its own, the Esc rule: the dialog on
// top of it closes first, then the window.
func CloseOnEsc(win fyne.Window) {
	c := win.Canvas()
	c.SetOnTypedKey(func(k *fyne.KeyEvent) {
		if k.Name == fyne.KeyEscape && !DismissOverlay(c) {
			win.Close()
		}
	})
}

// DismissOverlay closes the dialog or pop-up on top, as its own cancel
// button would (so its callback runs). It reports whether there was one.
func DismissOverlay(c fyne.Canvas) bool {
	top := c.Overlays().Top()
	if top == nil {
		return false
	}
	if pu, ok := top.(*widget.PopUp); ok {
		for _, word := range dismissWords {
			if b := findButtonIn(pu.Content, word); b != nil && b.OnTapped != nil {
				b.OnTapped()
				return true
			}
		}
	}
	top.Hide()
	c.Overlays().Remove(top)
	return true
}

// findButtonIn is the visible button labelled text inside o (containers only).
func findButtonIn(o fyne.CanvasObject, text string) *widget.Button {
	if o == nil || !o.Visible() {
		return nil
	}
	switch x := o.(type) {
	case *Button:
		return findButtonIn(&x.Button, text)
	case *widget.Button:
		if (x.Text == text || x.Text == lang.L(text)) && !x.Disabled() {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := findButtonIn(c, text); b != nil {
				return b
			}
		}
	}
	return nil
}

// An Select is a Select that hands Esc to its canvas's handler, like
// Entry: a dialog's drop-down can have the keyboard too.
type Select struct {
	widget.Select
}

// NewSelect is widget.NewSelect that obeys Esc.
func NewSelect(options []string, changed func(string)) *Select {
	s := &Select{}
	s.Options, s.OnChanged = options, changed
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey hands Esc to the canvas and gives every other key to the Select.
func (s *Select) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		EscapeFrom(s, k)
		return
	}
	s.Select.TypedKey(k)
}

// ShowFocused shows d with the keyboard in first, the dialog's first field
// (nil: a dialog without fields, where Esc reaches the canvas as it is).
func ShowFocused(d dialog.Dialog, win fyne.Window, first fyne.Focusable) {
	d.Show()
	if first != nil {
		win.Canvas().Focus(first)
	}
}

// An Check is a Check that hands Esc to its canvas's handler.
type Check struct {
	widget.Check
}

// NewCheck is widget.NewCheck that obeys Esc.
func NewCheck(label string, changed func(bool)) *Check {
	c := &Check{}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey hands Esc to the canvas and gives every other key to the Check.
func (c *Check) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		EscapeFrom(c, k)
		return
	}
	c.Check.TypedKey(k)
}

// NewCustom is dialog.NewCustom whose dismiss button obeys Esc (Fyne's
// own would keep Esc to itself once Tab reaches it).
func NewCustom(title, dismiss string, content fyne.CanvasObject, win fyne.Window) *dialog.CustomDialog {
	d := dialog.NewCustomWithoutButtons(title, content, win)
	d.SetButtons([]fyne.CanvasObject{NewButton(dismiss, nil, d.Hide)})
	return d
}

// An ConfirmDialog is dialog.NewCustomConfirm's dialog with buttons that
// obey Esc.
type ConfirmDialog struct {
	*dialog.CustomDialog
	confirm, dismiss *Button
	win              fyne.Window
}

// Show shows the dialog with the keyboard on the safe choice (the dismiss
// button), so that Enter or Space right away does no harm and Tab goes on
// to the confirm button. A caller with fields focuses its first after Show.
func (d *ConfirmDialog) Show() {
	d.CustomDialog.Show()
	if d.win != nil {
		d.win.Canvas().Focus(d.dismiss)
	}
}

// NewCustomConfirm is dialog.NewCustomConfirm whose buttons obey Esc: the
// callback gets true from the confirm button, false however else it closes.
func NewCustomConfirm(title, confirm, dismiss string, content fyne.CanvasObject, callback func(bool), win fyne.Window) *ConfirmDialog {
	d := dialog.NewCustomWithoutButtons(title, content, win)
	answer := false
	d.SetOnClosed(func() {
		ok := answer
		answer = false
		if callback != nil {
			callback(ok)
		}
	})
	yes := NewButton(confirm, theme.ConfirmIcon(), func() {
		answer = true
		d.Hide()
	})
	yes.Importance = widget.HighImportance
	no := NewButton(dismiss, theme.CancelIcon(), d.Hide)
	d.SetButtons([]fyne.CanvasObject{no, yes})
	return &ConfirmDialog{CustomDialog: d, confirm: yes, dismiss: no, win: win}
}

// SetConfirmImportance sets the confirm button's importance.
func (d *ConfirmDialog) SetConfirmImportance(i widget.Importance) {
	d.confirm.Importance = i
	d.confirm.Refresh()
}

// Confirm answers yes, as the confirm button does.
func (d *ConfirmDialog) Confirm() { d.confirm.OnTapped() }

// ShowError is dialog.ShowError whose OK button obeys Esc.
func ShowError(err error, win fyne.Window) {
	dialog.ShowError(err, win)
	obeyEscIn(win.Canvas().Overlays().Top())
}

// ShowInformation is dialog.ShowInformation whose OK button obeys Esc.
func ShowInformation(title, message string, win fyne.Window) {
	dialog.ShowInformation(title, message, win)
	obeyEscIn(win.Canvas().Overlays().Top())
}

// obeyEscIn swaps the plain buttons of a Fyne-made message dialog (shown in
// the pop-up o) for escButtons doing the same; only for dialogs whose
// buttons nothing else holds (Fyne's own keeps one just to relabel it).
func obeyEscIn(o fyne.CanvasObject) {
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.PopUp:
			walk(x.Content)
		case *fyne.Container:
			for i, c := range x.Objects {
				if b, ok := c.(*widget.Button); ok {
					e := NewButton(b.Text, b.Icon, b.OnTapped)
					e.Importance = b.Importance
					x.Objects[i] = e
					continue
				}
				walk(c)
			}
			x.Refresh()
		}
	}
	walk(o)
}

// An Accordion is widget.Accordion whose headers obey Esc (Fyne's own
// are plain buttons it makes inside, which keep Esc once Tab reaches them).
// Like Fyne's, one item or more, each header opening or closing its detail.
type Accordion struct {
	widget.BaseWidget
	Items []*widget.AccordionItem
}

// NewAccordion is widget.NewAccordion that obeys Esc.
func NewAccordion(items ...*widget.AccordionItem) *Accordion {
	a := &Accordion{Items: items}
	a.ExtendBaseWidget(a)
	return a
}

// Open opens item i.
func (a *Accordion) Open(i int) { a.setOpen(i, true) }

// Close closes item i.
func (a *Accordion) Close(i int) { a.setOpen(i, false) }

func (a *Accordion) setOpen(i int, open bool) {
	if i < 0 || i >= len(a.Items) {
		return
	}
	a.Items[i].Open = open
	a.Refresh()
}

func (a *Accordion) CreateRenderer() fyne.WidgetRenderer {
	r := &escAccordionRenderer{a: a, box: container.NewVBox()}
	r.update()
	return r
}

type escAccordionRenderer struct {
	a       *Accordion
	box     *fyne.Container
	headers []*Button
}

// update makes a header per item (reusing the ones it has) and shows the
// open items' details.
func (r *escAccordionRenderer) update() {
	r.box.Objects = r.box.Objects[:0]
	for i, it := range r.a.Items {
		if i == len(r.headers) {
			h := NewButton("", nil, nil)
			h.Alignment = widget.ButtonAlignLeading
			h.IconPlacement = widget.ButtonIconLeadingText
			h.Importance = widget.LowImportance
			r.headers = append(r.headers, h)
		}
		h := r.headers[i]
		h.Text = it.Title
		h.OnTapped = func() { r.a.setOpen(i, !it.Open) }
		if it.Open {
			h.Icon = theme.MenuDropUpIcon()
			it.Detail.Show()
		} else {
			h.Icon = theme.MenuDropDownIcon()
			it.Detail.Hide()
		}
		h.Refresh()
		r.box.Objects = append(r.box.Objects, h, it.Detail)
	}
}

func (r *escAccordionRenderer) Layout(size fyne.Size)        { r.box.Resize(size) }
func (r *escAccordionRenderer) MinSize() fyne.Size           { return r.box.MinSize() }
func (r *escAccordionRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.box} }
func (r *escAccordionRenderer) Destroy()                     {}

func (r *escAccordionRenderer) Refresh() {
	r.update()
	r.box.Refresh()
}
