package form

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mcpbrowser/ui/widgets"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/schema"
	"mcpbrowser/ui/view"
)

// The two faces of the argument editor, as the toggle names them (in the
// language chosen at start, which does not change while the app runs).
func modeForm() string { return lang.L("Form") }

func modeJSON() string { return lang.L("JSON") }

// A FormView is the argument form of one tool, built from its inputSchema by
// package schema, with a toggle to edit the arguments as raw JSON instead.
// It is used from the UI goroutine only.
type FormView struct {
	// OnSubmit, if set, is called when the person presses Ctrl+Enter inside
	// one of the form's entries (the shell runs the tool). Entries receive
	// shortcuts before the canvas does, so the view forwards it itself.
	OnSubmit func()

	win fyne.Window

	raw     json.RawMessage // the schema as given, for scratch forms
	Form    *schema.Form    // nil when the tool takes no arguments or the schema is unreadable
	RawOnly bool            // the schema could not be read: only the JSON editor is offered

	root      *fyne.Container
	header    fyne.CanvasObject // the tool's header, scrolled with the form (SetHeader)
	top       *fyne.Container   // modes, notes, problems
	modesRow  *fyne.Container   // the Form/JSON toggle, and at its right what SetModesRight put there
	Scroll    *container.Scroll // the form's scroll, nil in JSON mode
	modes     *widget.RadioGroup
	notes     *widget.Label // schema notes and what the last load kept raw
	problems  *widget.Label // problems with no field of their own (path "")
	body      *fyne.Container
	FormBox   *fyne.Container
	formPane  fyne.CanvasObject
	JsonEntry *FormEntry
	jsonPane  fyne.CanvasObject

	JsonMode bool
	quiet    bool // widgets are being set by the view, not the person
	noModes  bool // HideModes: no Form/JSON toggle

	rootView *fieldView
	views    map[*schema.Field]*fieldView
	touched  map[*schema.Field]bool
	// showAll shows every problem, also of fields the person has not
	// touched yet; set once Arguments was asked for (a Run attempt).
	showAll  bool
	loadNote string
}

// NewFormView makes an empty form view ("no arguments"); win parents its dialogs.
func NewFormView(win fyne.Window) *FormView {
	v := &FormView{win: win}
	v.modes = widget.NewRadioGroup([]string{modeForm(), modeJSON()}, v.modeChanged)
	v.modes.Horizontal = true
	v.modes.Required = true
	v.modes.Selected = modeForm()

	v.notes = widgets.NewHelpLabel("")
	v.notes.Importance = widget.WarningImportance
	v.notes.Hide()
	v.problems = widgets.NewMessageLabel()

	v.FormBox = container.NewVBox()
	v.formPane = container.NewVScroll(v.FormBox)
	v.JsonEntry = newFormEntry(true, v.submit)
	v.JsonEntry.TextStyle = fyne.TextStyle{Monospace: true}
	v.JsonEntry.Wrapping = fyne.TextWrapOff
	v.JsonEntry.SetPlaceHolder("{ }")
	v.JsonEntry.SetMinRowsVisible(jsonFloorLines)
	v.jsonPane = v.JsonEntry
	v.body = container.NewStack(v.formPane)

	v.header = container.NewVBox()
	v.modesRow = container.NewBorder(nil, nil, v.modes, nil)
	v.top = container.NewVBox(v.modesRow, v.notes, v.problems)
	v.root = v.body
	v.SetSchema(nil)
	return v
}

// SetSchema builds the form for a tool's inputSchema exactly as the server
// wrote it (mcp.Session.InputSchema keeps property order and number digits).
// A nil or empty schema shows "no arguments"; a schema that cannot be read at
// all leaves only the JSON editor, with the reason shown.
func (v *FormView) SetSchema(raw json.RawMessage) {
	v.raw = append(json.RawMessage(nil), raw...)
	v.Form, v.RawOnly = nil, false
	v.views = map[*schema.Field]*fieldView{}
	v.touched = map[*schema.Field]bool{}
	v.showAll, v.loadNote = false, ""
	v.rootView = nil
	v.showLabel(v.problems, "")

	var notes []string
	if len(bytes.TrimSpace(raw)) > 0 && string(bytes.TrimSpace(raw)) != "null" {
		f, err := schema.NewForm(raw)
		if err != nil {
			v.RawOnly = true
			notes = append(notes, i18n.L("The tool's input schema cannot be shown as a form ({{.Err}}); type the arguments as JSON.",
				map[string]any{"Err": i18n.Explain(err)}))
		} else {
			v.Form = f
			f.OnChange = func(*schema.Field) { v.refreshMessages() }
			for _, n := range f.Remarks {
				notes = append(notes, i18n.Say(n))
			}
		}
	}
	v.setNotes(notes)
	v.SetQuiet(func() { v.JsonEntry.SetText("{}") })
	v.buildForm()
	v.ShowMode(v.RawOnly)
}

// SetSchemaValue is SetSchema for a schema held as a Go value, such as the
// SDK's map[string]any. Property order is already lost in such a value, so
// prefer SetSchema with the server's own bytes.
func (v *FormView) SetSchemaValue(inputSchema any) {
	if inputSchema == nil {
		v.SetSchema(nil)
		return
	}
	raw, err := json.Marshal(inputSchema)
	if err != nil {
		v.SetSchema(json.RawMessage(`"unreadable"`)) // shows the JSON editor with a note
		return
	}
	v.SetSchema(raw)
}

// Arguments returns the arguments object to send, or the problems that stop
// it. From the form it is what schema.Form.Arguments returns, and every
// problem becomes visible next to its field. From the JSON editor the text
// is checked by loading it into a scratch form, and problems are listed at
// the top.
func (v *FormView) Arguments() (json.RawMessage, []schema.FieldError) {
	switch {
	case v.RawOnly:
		return v.rawOnlyArguments()
	case v.Form == nil:
		return json.RawMessage(`{}`), nil
	case v.JsonMode:
		return v.jsonArguments()
	}
	v.showAll = true
	args, errs := v.Form.Arguments()
	v.showProblems(errs)
	return args, errs
}

// rawOnlyArguments returns the JSON editor's text for a schema the form
// could not read: only "is it a JSON object" can be checked.
func (v *FormView) rawOnlyArguments() (json.RawMessage, []schema.FieldError) {
	text := strings.TrimSpace(v.JsonEntry.Text)
	if text == "" {
		text = "{}"
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &obj); err != nil || obj == nil {
		errs := []schema.FieldError{{Label: lang.L("arguments"), Message: "the arguments must be a JSON object ({…}): " + plainError(err)}}
		v.showTopProblems(errs)
		return nil, errs
	}
	v.showTopProblems(nil)
	return view.CompactJSON(text), nil
}

// jsonArguments checks the JSON editor's text against the schema through a
// scratch form, leaving the visible form alone.
func (v *FormView) jsonArguments() (json.RawMessage, []schema.FieldError) {
	text := strings.TrimSpace(v.JsonEntry.Text)
	if text == "" {
		text = "{}"
	}
	scratch, err := schema.NewForm(v.raw)
	if err != nil { // cannot happen: v.form was built from the same bytes
		errs := []schema.FieldError{{Label: lang.L("arguments"), Message: err.Error()}}
		v.showTopProblems(errs)
		return nil, errs
	}
	if err := scratch.Load(json.RawMessage(text)); err != nil && !isLoadError(err) {
		errs := []schema.FieldError{{Label: lang.L("arguments"), Message: err.Error()}}
		v.showTopProblems(errs)
		return nil, errs
	}
	args, errs := scratch.Arguments()
	v.showTopProblems(errs)
	return args, errs
}

// Load fills the form from an arguments object: a replayed call, or JSON the
// person pasted. Values that do not fit the schema are kept as raw JSON on
// their field and the returned *schema.LoadError lists them (the view says so
// too). Anything that is not a JSON object is refused and nothing changes.
func (v *FormView) Load(args json.RawMessage) error {
	if v.Form == nil {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(args, &obj); err != nil || obj == nil {
			return fmt.Errorf("the arguments must be a JSON object ({…}): %s", plainError(err))
		}
		if !v.RawOnly {
			if len(obj) > 0 {
				return errors.New("this tool takes no arguments")
			}
			return nil
		}
		v.SetQuiet(func() { v.JsonEntry.SetText(view.PrettyJSON(args)) })
		return nil
	}
	err := v.Form.Load(args)
	if err != nil && !isLoadError(err) {
		return err
	}
	v.afterLoad(err)
	if v.JsonMode {
		v.SetQuiet(func() { v.JsonEntry.SetText(view.PrettyJSON(args)) })
	}
	return err
}

// afterLoad rebuilds the widgets for the form's new values and says which
// values were kept as raw JSON.
func (v *FormView) afterLoad(err error) {
	v.loadNote = ""
	var le *schema.LoadError
	if errors.As(err, &le) {
		var kept []string
		for _, k := range le.Kept {
			kept = append(kept, k.Error())
		}
		v.loadNote = "Some values do not fit the form and are kept as raw JSON: " + strings.Join(kept, "; ")
	}
	v.touched = map[*schema.Field]bool{}
	v.buildForm()
	v.setNotes(v.Form.Notes)
}

// Widget returns the view's canvas object. It scrolls its own form, so give
// it the room that is left (the centre of a Border), not a VBox slot.
func (v *FormView) Widget() fyne.CanvasObject { return v.root }

// submit is what Ctrl+Enter in an entry does.
func (v *FormView) submit() {
	if v.OnSubmit != nil {
		v.OnSubmit()
	}
}

// buildForm replaces the form's widgets with new ones for the current values.
func (v *FormView) buildForm() {
	v.views = map[*schema.Field]*fieldView{}
	var content fyne.CanvasObject
	switch {
	case v.Form == nil && v.RawOnly:
		content = layout.NewSpacer()
	case v.Form == nil || isEmptyObject(v.Form.Root):
		content = widget.NewLabel(lang.L("This tool takes no arguments."))
	default:
		v.rootView = v.newFieldView(v.Form.Root, bareField)
		content = v.rootView.box
	}
	// A new scroll with the new widgets, laid out once: refreshing the old
	// one would refresh every new widget too, which costs more than
	// building them all.
	v.FormBox = container.NewVBox(content)
	v.formPane = v.makeFormPane()
	if !v.JsonMode {
		v.setBody(v.formPane)
	}
	v.refreshMessages()
}

// makeFormPane is the one scroll of the form mode: the tool's header, the
// mode toggle and notes, then the fields.
func (v *FormView) makeFormPane() fyne.CanvasObject {
	v.Scroll = container.NewVScroll(container.NewPadded(container.NewVBox(v.header, v.top, v.FormBox)))
	return v.Scroll
}

// HideModes leaves the Form/JSON toggle out: a server's question is
// answered in its form, and its line goes to the fields.
func (v *FormView) HideModes() {
	v.noModes = true
	v.modes.Hide()
}

// SetModesRight puts o at the right of the Form/JSON toggle (the tool
// header's More, so it costs no line of its own).
func (v *FormView) SetModesRight(o fyne.CanvasObject) {
	v.modesRow.Objects = []fyne.CanvasObject{v.modes, o}
	v.modesRow.Layout = layout.NewBorderLayout(nil, nil, v.modes, o)
	v.modesRow.Refresh()
}

// SetHeader puts o (the tool's title and description) at the top of the
// form, scrolling with it.
func (v *FormView) SetHeader(o fyne.CanvasObject) {
	v.header = o
	if v.JsonMode {
		v.ShowMode(true)
	} else {
		v.formPane = v.makeFormPane()
		v.setBody(v.formPane)
	}
}

// WantHeight is the height the form region would like: all of it.
func (v *FormView) WantHeight() float32 {
	if v.JsonMode {
		return v.header.MinSize().Height + v.top.MinSize().Height + 8*theme.TextSize()
	}
	if v.Scroll == nil || v.Scroll.Content == nil {
		return 0
	}
	return v.Scroll.Content.MinSize().Height
}

// FloorHeight is the least height the form region needs after a run to
// stay usable: in JSON mode the toggle and a few lines of JSON (the header
// gives way first); in form mode the toggle (the fields scroll, and the
// result gets the room).
func (v *FormView) FloorHeight() float32 {
	h := v.top.MinSize().Height + 4*theme.Padding()
	if v.JsonMode {
		return h + v.JsonEntry.MinSize().Height
	}
	return h
}

// jsonFloorLines is how many lines the JSON editor keeps in a low window:
// the header above it gives way first (it scrolls).
const jsonFloorLines = 5

// Reveal scrolls the form so that o, one of its widgets, is in view.
func (v *FormView) Reveal(o fyne.CanvasObject) {
	if v.Scroll == nil || v.Scroll.Content == nil {
		return
	}
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(v.Scroll.Content).Y
	bottom := top + o.Size().Height
	view := v.Scroll.Size().Height
	off := v.Scroll.Offset.Y
	switch {
	case top < off:
		off = top - theme.Padding()
	case bottom > off+view:
		off = bottom - view + theme.Padding()
	default:
		return
	}
	v.Scroll.ScrollToOffset(fyne.NewPos(0, max(off, 0)))
}

// setBody shows pane below the toggle, laid out at the body's size.
func (v *FormView) setBody(pane fyne.CanvasObject) {
	if len(v.body.Objects) == 1 && v.body.Objects[0] == pane {
		return
	}
	v.body.Objects = []fyne.CanvasObject{pane}
	pane.Move(fyne.NewPos(0, 0))
	pane.Resize(v.body.Size())
	canvas.Refresh(v.body)
}

// isEmptyObject reports whether the root is an object with nothing to fill in.
func isEmptyObject(root *schema.Field) bool {
	return root.Kind == schema.Object && len(root.Children()) == 0 && !root.AllowsEntries() && !root.Collapsed()
}

// modeChanged switches between the form and the JSON editor when the person
// picks the other mode; a switch that cannot happen puts the toggle back.
func (v *FormView) modeChanged(mode string) {
	if v.quiet {
		return
	}
	wantJSON := mode == modeJSON()
	if wantJSON == v.JsonMode {
		return
	}
	var ok bool
	if wantJSON {
		ok = v.formToJSON()
	} else {
		ok = v.jsonToForm()
	}
	if !ok {
		// Stay where we are; the reason is shown at the top.
		current := modeForm()
		if v.JsonMode {
			current = modeJSON()
		}
		v.SetQuiet(func() { v.modes.SetSelected(current) })
	}
}

// formToJSON shows the form's current value, pretty-printed, in the editor.
func (v *FormView) formToJSON() bool {
	if v.Form == nil {
		v.ShowMode(true)
		return true
	}
	val, ok := v.Form.Root.Value()
	if !ok && v.Form.Root.IsSet() {
		// A number or raw JSON value that is not finished cannot be
		// written as JSON; say where instead of dropping it.
		v.showAll = true
		v.refreshMessages()
		v.showTopProblems([]schema.FieldError{{Label: lang.L("arguments"),
			Message: "some values are not finished (see the messages below); fix them to switch to JSON"}})
		return false
	}
	if !ok || string(val) == "{}" {
		val = view.RequiredSkeleton(v.Form.Root)
	}
	v.SetQuiet(func() { v.JsonEntry.SetText(view.PrettyJSON(val)) })
	v.showLabel(v.problems, "")
	v.ShowMode(true)
	return true
}

// jsonToForm loads the editor's JSON into the form. Invalid JSON, or JSON
// that is not an object, keeps the editor open with the reason shown.
func (v *FormView) jsonToForm() bool {
	if v.RawOnly {
		return false
	}
	if v.Form == nil {
		v.ShowMode(false)
		return true
	}
	text := strings.TrimSpace(v.JsonEntry.Text)
	if text == "" {
		text = "{}"
	}
	err := v.Form.Load(json.RawMessage(text))
	if err != nil && !isLoadError(err) {
		m := say.New("cannot switch to the form: {{.Err}}", say.Args{"Err": err})
		v.showTopProblems([]schema.FieldError{{Label: lang.L("arguments"), Message: m.String(), Msg: m}})
		return false
	}
	v.ShowMode(false)
	v.afterLoad(err)
	return true
}

// showMode shows the editor (json) or the form, and sets the toggle to match.
func (v *FormView) ShowMode(json bool) {
	v.JsonMode = json
	mode := modeForm()
	if json {
		mode = modeJSON()
		// The header gives way (scrolls) before the editor's lines do.
		v.jsonPane = container.New(widgets.TopGivesWay{}, container.NewVScroll(container.NewPadded(v.header)),
			container.NewBorder(container.NewPadded(v.top), nil, nil, nil, v.JsonEntry))
		v.Scroll = nil
	} else {
		v.formPane = v.makeFormPane()
	}
	pane := v.formPane
	if json {
		pane = v.jsonPane
	}
	v.SetQuiet(func() { v.modes.SetSelected(mode) })
	if v.RawOnly {
		v.modes.Disable()
	} else {
		v.modes.Enable()
	}
	if v.Form == nil && !v.RawOnly || v.noModes {
		v.modes.Hide()
	} else {
		v.modes.Show()
	}
	v.setBody(pane)
	if !json {
		v.showLabel(v.problems, "")
		v.refreshMessages()
	}
}

// setQuiet runs set, which changes widgets, without treating the change as
// the person's.
func (v *FormView) SetQuiet(set func()) {
	was := v.quiet
	v.quiet = true
	defer func() { v.quiet = was }()
	set()
}

func (v *FormView) setNotes(notes []string) {
	if v.loadNote != "" {
		notes = append(append([]string(nil), notes...), v.loadNote)
	}
	v.showLabel(v.notes, strings.Join(notes, "\n"))
}

// forgetInside drops the widgets registered for the fields inside fd, which
// are about to be rebuilt or are gone.
func (v *FormView) forgetInside(fd *schema.Field) {
	for f := range v.views {
		if f != fd && isInside(f, fd) {
			delete(v.views, f)
		}
	}
}

// isInside reports whether f is fd or a field within it.
func isInside(f, fd *schema.Field) bool {
	for ; f != nil; f = f.Parent() {
		if f == fd {
			return true
		}
	}
	return false
}

func isLoadError(err error) bool {
	var le *schema.LoadError
	return errors.As(err, &le)
}

func plainError(err error) string {
	if err == nil {
		return i18n.L("it is null")
	}
	return err.Error()
}

// FocusFirst puts the keyboard in the form's first input (the JSON editor
// in JSON mode). It reports whether there was one.
func (v *FormView) FocusFirst() bool {
	c := fyne.CurrentApp().Driver().CanvasForObject(v.root)
	if c == nil && v.win != nil {
		c = v.win.Canvas()
	}
	if c == nil {
		return false
	}
	if v.JsonMode || v.RawOnly {
		c.Focus(v.JsonEntry)
		return true
	}
	switch o := firstInput(v.FormBox).(type) {
	case *widget.RadioGroup, *widget.CheckGroup:
		return focusInside(c, o)
	case fyne.Focusable:
		c.Focus(o)
		return true
	}
	return false
}

// firstInput is the first visible, enabled widget inside o that takes the
// keyboard, or a group of choices (whose choices do; Fyne gives no way to
// reach them from outside the group).
func firstInput(o fyne.CanvasObject) fyne.CanvasObject {
	if o == nil || !o.Visible() {
		return nil
	}
	if d, ok := o.(fyne.Disableable); ok && d.Disabled() {
		return nil
	}
	switch x := o.(type) {
	case *widget.RadioGroup, *widget.CheckGroup, fyne.Focusable:
		return o
	case *fyne.Container:
		for _, c := range x.Objects {
			if f := firstInput(c); f != nil {
				return f
			}
		}
	}
	return nil
}

// focusInside puts the keyboard on the first widget drawn inside area, by
// moving it on as Tab does (in the order of the window's widgets) from
// where it is; it reports whether it got there. The widget scrolls into view.
func focusInside(c fyne.Canvas, area fyne.CanvasObject) bool {
	start := c.Focused()
	for range 1000 {
		c.FocusNext()
		f := c.Focused()
		if f == nil || f == start {
			return false
		}
		if o, ok := f.(fyne.CanvasObject); ok && widgets.Within(o, area) {
			widgets.Reveal(o)
			return true
		}
		if start == nil {
			start = f
		}
	}
	return false
}

// firstFocusable is the first visible widget inside o that takes the keyboard.
func firstFocusable(o fyne.CanvasObject) fyne.Focusable {
	if o == nil || !o.Visible() {
		return nil
	}
	if f, ok := o.(fyne.Focusable); ok {
		if d, ok := o.(fyne.Disableable); !ok || !d.Disabled() {
			return f
		}
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			if f := firstFocusable(c); f != nil {
				return f
			}
		}
	}
	return nil
}

// RevealFirst scrolls the form so that its first input is in view (the
// form region shrinks when a result comes).
func (v *FormView) RevealFirst() {
	if v.JsonMode || v.Scroll == nil {
		return
	}
	if f := firstFocusable(v.FormBox); f != nil {
		if o, ok := f.(fyne.CanvasObject); ok {
			v.Reveal(o)
		}
	}
}
