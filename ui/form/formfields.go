package form

import (
	"mcpbrowser/internal/i18n"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/schema"
)

// A chrome says how much of a field's surroundings its widget shows.
type chrome int

const (
	// labelledField has a header line: label, "*", badges, null toggle.
	labelledField chrome = iota
	// bareField has no header: the root, an array item, a key/value
	// entry's value, a variant's chosen form; whatever holds it names it.
	bareField
)

// A fieldView is the widget of one schema.Field: header, input, help and
// the inline problem message. Its input is rebuilt in place (fillInput) when
// the field changes shape: null toggled, items added, a variant chosen.
type fieldView struct {
	v      *FormView
	fd     *schema.Field
	chrome chrome

	box     *fyne.Container // everything, top to bottom
	input   *fyne.Container // the kind's widget; replaced on structural change
	note    *widget.Label   // Note, and why a value is kept raw
	message *widget.Label   // the inline problem, in the error colour
	null    *widget.Check   // the "null" toggle of a nullable field, or nil
	foldBtn *widgets.Button // opens and closes an optional object, or nil
	folded  bool
}

// labelWidth is the width of the label column of a one-line field.
const labelWidth = 170

// newFieldView builds the widget for fd and registers it for messages.
// Simple values sit in a row, label on the left, so that a long form stays
// short; containers (objects, lists, variants) put their label on top and
// their contents below it, indented, so that nesting does not squeeze them.
func (v *FormView) newFieldView(fd *schema.Field, c chrome) *fieldView {
	w := &fieldView{v: v, fd: fd, chrome: c}
	v.views[fd] = w
	w.note = widgets.NewHelpLabel("")
	w.note.Importance = widget.WarningImportance
	w.input = container.NewStack()
	w.folded = w.startsFolded()
	w.fillInput()
	w.message = widgets.NewMessageLabel()
	// Help goes under a one-line input, but above a container's contents,
	// which can be long.
	body := []fyne.CanvasObject{w.note, w.input, w.message}
	if help := helpText(fd, c); help != "" {
		if isContainer(fd) {
			body = append([]fyne.CanvasObject{widgets.NewHelpLabel(help)}, body...)
		} else {
			body = []fyne.CanvasObject{w.note, w.input, widgets.NewHelpLabel(help), w.message}
		}
	}

	hasHeader := c == labelledField || fd.Nullable && fd.Kind != schema.Null
	switch {
	case !hasHeader:
		w.box = container.NewVBox(body...)
	case c == labelledField && !isContainer(fd):
		w.box = container.New(&labelledRow{}, w.labelColumn(), container.NewVBox(body...))
	default:
		w.box = container.NewVBox(append([]fyne.CanvasObject{w.header()}, body...)...)
	}
	return w
}

// isContainer reports whether fd holds other fields, and so gets its label
// on top rather than beside it.
func isContainer(fd *schema.Field) bool {
	switch fd.Kind {
	case schema.Object, schema.KeyValue, schema.Array, schema.Variant:
		return true
	}
	return false
}

// title is the field's label, with "*" when it is required.
func (w *fieldView) title() *widget.Label {
	text := w.fd.Label
	if w.fd.Required {
		text += " *"
	}
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord
	return l
}

// labelColumn is the left side of a one-line field: its title, badges and
// null toggle, stacked.
func (w *fieldView) labelColumn() fyne.CanvasObject {
	parts := []fyne.CanvasObject{w.title()}
	if b := badges(w.fd); len(b) > 0 {
		parts = append(parts, container.NewHBox(b...))
	}
	if n := w.nullToggle(); n != nil {
		parts = append(parts, n)
	}
	return container.NewVBox(parts...)
}

// header is the label line of a container: fold button, title, "*" when
// required, badges, and the null toggle on the right.
func (w *fieldView) header() fyne.CanvasObject {
	fd := w.fd
	var left []fyne.CanvasObject
	if w.foldable() {
		w.foldBtn = widgets.NewButton("", foldIcon(w.folded), w.toggleFold)
		w.foldBtn.Importance = widget.LowImportance
		left = append(left, w.foldBtn)
	}
	if w.chrome == labelledField {
		t := w.title()
		t.Wrapping = fyne.TextWrapOff
		left = append(left, t)
		left = append(left, badges(fd)...)
	}
	var right fyne.CanvasObject
	if n := w.nullToggle(); n != nil {
		right = n
	}
	return container.NewBorder(nil, nil, container.NewHBox(left...), right)
}

// nullToggle makes the "null" check box of a nullable field, or nil.
func (w *fieldView) nullToggle() fyne.CanvasObject {
	fd := w.fd
	if !fd.Nullable || fd.Kind == schema.Null {
		return nil
	}
	w.null = widget.NewCheck(lang.L("null"), nil)
	w.null.Checked = fd.IsNull()
	w.null.OnChanged = w.nullChanged
	return w.null
}

func foldIcon(folded bool) fyne.Resource {
	if folded {
		return theme.MenuExpandIcon()
	}
	return theme.MenuDropDownIcon()
}

// narrowInput is the least width an input keeps beside its label: a
// narrower row puts the label above the input.
const narrowInput = 280

// labelledRow places [label column, input] of a one-line field: the label
// in a column of labelWidth (every row's the same) and the input beside it,
// or, in a row narrower than labelWidth+narrowInput (a server's question at
// 900×600, a side panel), the label above the input at full width, so
// neither is cut. The row remembers its last width: its height depends on
// it, and the canvas lays the parent out again when the height changes.
type labelledRow struct{ stacked bool }

func (l *labelledRow) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	label, input := objects[0], objects[1]
	stacked := size.Width < labelWidth+narrowInput
	if stacked != l.stacked {
		l.stacked = stacked
		defer canvas.Refresh(input) // a frame, in which the parent sees the new height
	}
	label.Move(fyne.NewPos(0, 0))
	if stacked {
		lh := label.MinSize().Height
		label.Resize(fyne.NewSize(size.Width, lh))
		input.Move(fyne.NewPos(0, lh))
		input.Resize(fyne.NewSize(size.Width, max(size.Height-lh, 0)))
		return
	}
	label.Resize(fyne.NewSize(labelWidth, label.MinSize().Height))
	input.Move(fyne.NewPos(labelWidth, 0))
	input.Resize(fyne.NewSize(max(size.Width-labelWidth, 0), size.Height))
}

func (l *labelledRow) MinSize(objects []fyne.CanvasObject) fyne.Size {
	label, input := objects[0].MinSize(), objects[1].MinSize()
	if l.stacked {
		return fyne.NewSize(max(label.Width, input.Width), label.Height+input.Height)
	}
	return fyne.NewSize(labelWidth+input.Width, max(label.Height, input.Height))
}

// badges marks deprecated, read-only and write-only fields.
func badges(fd *schema.Field) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	add := func(text string, imp widget.Importance) {
		l := widget.NewLabel(text)
		l.SizeName = theme.SizeNameCaptionText
		l.Importance = imp
		l.TextStyle = fyne.TextStyle{Italic: true}
		out = append(out, l)
	}
	if fd.Deprecated {
		add("deprecated", widget.WarningImportance)
	}
	if fd.ReadOnly {
		add("read-only", widget.LowImportance)
	}
	if fd.WriteOnly {
		add("write-only", widget.LowImportance)
	}
	return out
}

// helpText is the small text under the input: the description, then the
// hint. Badges already say deprecated / read-only, so the hint's words for
// them are left out.
func helpText(fd *schema.Field, c chrome) string {
	var parts []string
	if fd.Description != "" && (c == labelledField || fd.Parent() == nil || fd.Index() >= 0) {
		parts = append(parts, fd.Description)
	}
	if h := view.FieldHint(fd); h != "" && h != view.FieldPlaceholder(fd) {
		parts = append(parts, h)
	}
	return strings.Join(parts, "\n")
}

// fillInput (re)builds the input for the field's current state.
func (w *fieldView) fillInput() {
	w.v.forgetInside(w.fd)
	w.v.views[w.fd] = w
	w.setNote(i18n.FieldNote(w.fd.Remarks))
	w.input.Objects = []fyne.CanvasObject{w.makeInput()}
	w.input.Hidden = w.folded
	if w.box != nil { // rebuilt in place: lay out again (a new view is laid out by its parent)
		w.box.Refresh()
	}
}

func (w *fieldView) makeInput() fyne.CanvasObject {
	fd := w.fd
	if fd.IsNull() && fd.Kind != schema.Null {
		l := widget.NewLabelWithStyle(lang.L("null"), fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
		l.Importance = widget.LowImportance
		return l
	}
	if fd.IsRaw() {
		return w.rawInput()
	}
	switch fd.Kind {
	case schema.String:
		return w.textInput(view.IsLongText(fd))
	case schema.Number, schema.Integer:
		return w.textInput(false)
	case schema.Boolean:
		return w.boolInput()
	case schema.Null:
		return w.nullInput()
	case schema.Enum:
		return w.enumInput()
	case schema.MultiEnum:
		return w.multiEnumInput()
	case schema.Const:
		return w.constInput()
	case schema.Object:
		return w.objectInput()
	case schema.KeyValue:
		return w.keyValueInput()
	case schema.Array:
		return w.arrayInput()
	case schema.Variant:
		return w.variantInput()
	}
	return w.rawInput()
}

func (w *fieldView) setNote(text string) { w.v.showLabel(w.note, text) }

func (w *fieldView) setMessage(text string) { w.v.showLabel(w.message, text) }

// nullChanged is the null toggle: on sets JSON null, off puts the field
// back as it was built (defaults filled in).
func (w *fieldView) nullChanged(on bool) {
	w.v.touch(w.fd)
	if on {
		_ = w.fd.SetNull() // the toggle exists only for nullable fields
	} else {
		w.fd.Reset()
	}
	w.fillInput()
	w.v.refreshMessages()
}

// textInput is the entry of a String, Number or Integer field.
func (w *fieldView) textInput(multiLine bool) fyne.CanvasObject {
	fd := w.fd
	e := newFormEntry(multiLine, w.v.submit)
	e.onFocus = w.v.Reveal
	if multiLine {
		e.SetMinRowsVisible(3)
	}
	e.SetPlaceHolder(view.FieldPlaceholder(fd))
	e.SetText(fd.Text())
	e.OnChanged = func(text string) {
		w.v.touch(fd)
		_ = fd.SetText(text) // the kinds shown with an entry all take text
	}
	return e
}

// rawInput is the JSON editor of a RawJSON field, or of a field whose
// value did not fit its form; the latter can go back to the form.
func (w *fieldView) rawInput() fyne.CanvasObject {
	fd := w.fd
	e := newFormEntry(true, w.v.submit)
	e.onFocus = w.v.Reveal
	e.TextStyle = fyne.TextStyle{Monospace: true}
	e.SetMinRowsVisible(min(max(3, strings.Count(fd.Text(), "\n")+1), 10))
	e.SetPlaceHolder(view.FieldPlaceholder(fd))
	if fd.Placeholder == "" {
		e.SetPlaceHolder(lang.L("JSON value"))
	}
	e.SetText(fd.Text())
	e.OnChanged = func(text string) {
		w.v.touch(fd)
		_ = fd.SetText(text) // raw fields always take text
	}
	if fd.Kind == schema.RawJSON {
		return e
	}
	w.setNote(strings.TrimSpace(fd.Note + " This value does not fit the form, so it is kept as raw JSON."))
	back := widgets.NewButton(lang.L("Use the form"), nil, func() {
		w.v.touch(fd)
		if err := fd.UseForm(); err != nil {
			w.setNote(i18n.Explain(err))
			return
		}
		w.fillInput()
		w.v.refreshMessages()
	})

	return container.NewBorder(nil, container.NewHBox(back), nil, nil, e)
}

// noneLabel is the choice that leaves an optional field unset.
const noneLabel = "—"

// boolInput is a check box. Only a boolean the schema lets the person leave
// out and gives no default has a third state, "not set", shown in words
// beside the box with a Clear button to go back to it.
func (w *fieldView) boolInput() fyne.CanvasObject {
	fd := w.fd
	value, set := fd.Bool()
	c := widget.NewCheck("", nil)
	c.Checked = value && set
	if fd.Required || len(fd.Default) > 0 {
		c.OnChanged = func(on bool) {
			w.v.touch(fd)
			_ = fd.SetBool(on)
		}
		return leftAligned(c)
	}
	state := widget.NewLabel("")
	state.Importance = widget.LowImportance
	clear := widgets.NewButton(lang.L("Clear"), nil, nil)
	clear.Importance = widget.LowImportance
	show := func() {
		if _, set := fd.Bool(); set {
			state.SetText("")
			state.Hide()
			clear.Show()
		} else {
			state.SetText(lang.L("not set (left out of the call)"))
			state.Show()
			clear.Hide()
		}
	}
	c.OnChanged = func(on bool) {
		w.v.touch(fd)
		_ = fd.SetBool(on)
		show()
	}
	clear.OnTapped = func() {
		w.v.touch(fd)
		fd.Clear()
		f := c.OnChanged
		c.OnChanged = nil // the box goes empty; the value stays unset
		c.SetChecked(false)
		c.OnChanged = f
		show()
	}
	show()
	return container.NewHBox(c, state, clear)
}

// nullInput is a Null field: JSON null is its only value.
func (w *fieldView) nullInput() fyne.CanvasObject {
	fd := w.fd
	if fd.Required {
		l := widget.NewLabelWithStyle(lang.L("null"), fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
		return l
	}
	c := widget.NewCheck(lang.L("send null"), nil)
	c.Checked = fd.IsSet()
	c.OnChanged = func(on bool) {
		w.v.touch(fd)
		if on {
			_ = fd.SetNull()
		} else {
			fd.Clear()
		}
	}
	return c
}

// enumInput is a radio group for up to three options, a drop-down above.
// An optional enum can be left unset (radio: tap the choice again;
// drop-down: pick "—").
func (w *fieldView) enumInput() fyne.CanvasObject {
	fd := w.fd
	labels := view.OptionLabels(fd.Options)
	chosen := ""
	if i := fd.Choice(); i >= 0 {
		chosen = labels[i]
	}
	pick := func(s string) {
		w.v.touch(fd)
		_ = fd.SetChoice(view.IndexOf(labels, s)) // -1 for none clears
	}
	if len(labels) <= 3 && view.ShortLabels(labels) {
		r := widget.NewRadioGroup(labels, nil)
		r.Horizontal = view.FitsOnOneLine(labels)
		r.Required = fd.Required
		r.Selected = chosen
		r.OnChanged = pick
		return r
	}
	options := labels
	if !fd.Required {
		options = append([]string{noneLabel}, labels...)
	}
	s := widget.NewSelect(options, nil)
	s.PlaceHolder = lang.L("(pick one)")
	s.Selected = chosen
	if chosen == "" && !fd.Required {
		s.Selected = noneLabel
	}
	s.OnChanged = pick
	return leftAligned(s)
}

// multiEnumInput is a group of check boxes; choices are sent in the order
// they were ticked.
func (w *fieldView) multiEnumInput() fyne.CanvasObject {
	fd := w.fd
	labels := view.OptionLabels(fd.Options)
	c := widget.NewCheckGroup(labels, nil)
	c.Horizontal = view.FitsOnOneLine(labels)
	for _, i := range fd.Choices() {
		c.Selected = append(c.Selected, labels[i])
	}
	c.OnChanged = func(selected []string) {
		w.v.touch(fd)
		idx := make([]int, 0, len(selected))
		for _, s := range selected {
			if i := view.IndexOf(labels, s); i >= 0 {
				idx = append(idx, i)
			}
		}
		_ = fd.SetChoices(idx)
	}
	return c
}

// constInput shows the one possible value; an optional one can be left out.
func (w *fieldView) constInput() fyne.CanvasObject {
	fd := w.fd
	label := ""
	if len(fd.Options) > 0 {
		label = view.OptionLabels(fd.Options)[0]
	}
	if fd.Required {
		return widget.NewLabelWithStyle(label, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	}
	c := widget.NewCheck("send "+label, nil)
	c.Checked = fd.Choice() == 0
	c.OnChanged = func(on bool) {
		w.v.touch(fd)
		if on {
			_ = fd.SetChoice(0)
		} else {
			_ = fd.SetChoice(-1)
		}
	}
	return c
}

// leftAligned keeps a drop-down at its natural width instead of the row's.
func leftAligned(o fyne.CanvasObject) fyne.CanvasObject {
	return container.NewHBox(o)
}
