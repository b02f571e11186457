package ui

import (
	"encoding/json"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/schema"
)

// A FormView is the argument form of one tool, built from its inputSchema by
// package schema, with a toggle to edit the arguments as raw JSON.
type FormView struct {
	win  fyne.Window
	root *fyne.Container
	form *schema.Form

	// OnSubmit, if set, is called when the person presses Ctrl+Enter inside
	// one of the form's entries (the shell runs the tool).
	OnSubmit func()
}

// NewFormView makes an empty form view ("no arguments"); win parents its dialogs.
func NewFormView(win fyne.Window) *FormView {
	v := &FormView{win: win, root: container.NewStack()}
	v.SetSchema(nil)
	return v
}

// SetSchema builds the form for a tool's inputSchema exactly as the server
// wrote it (mcp.Session.InputSchema keeps property order and number digits).
// An empty schema shows "no arguments".
func (v *FormView) SetSchema(raw json.RawMessage) {
	v.form = nil
	if len(raw) > 0 {
		f, err := schema.NewForm(raw)
		if err == nil {
			v.form = f
		}
	}
	v.root.Objects = []fyne.CanvasObject{widget.NewLabel("This tool takes no arguments.")}
	v.root.Refresh()
}

// SetSchemaValue is SetSchema for a schema held as a Go value (for example
// the SDK's map[string]any); property order is lost in that form.
func (v *FormView) SetSchemaValue(inputSchema any) {
	if inputSchema == nil {
		v.SetSchema(nil)
		return
	}
	raw, err := json.Marshal(inputSchema)
	if err != nil {
		v.SetSchema(nil)
		return
	}
	v.SetSchema(raw)
}

// Arguments returns the arguments object to send, or the problems that stop
// it, which are also shown next to their fields.
func (v *FormView) Arguments() (json.RawMessage, []schema.FieldError) {
	if v.form == nil {
		return json.RawMessage(`{}`), nil
	}
	return v.form.Arguments()
}

// Load fills the form from an arguments object (a replayed call, or JSON
// pasted by the person).
func (v *FormView) Load(args json.RawMessage) error {
	if v.form == nil {
		return fmt.Errorf("this tool takes no arguments")
	}
	return v.form.Load(args)
}

// Widget returns the view's canvas object.
func (v *FormView) Widget() fyne.CanvasObject { return v.root }
