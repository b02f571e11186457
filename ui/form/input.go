package form

import "fyne.io/fyne/v2"

// Input is the widget the person fills in for the field at path (the
// schema model's path of the field), or nil when the form has no such field.
// The window's tests find a field's entry, check or radio group through it.
func (v *FormView) Input(path string) fyne.CanvasObject {
	if v.Form == nil {
		return nil
	}
	fd := v.Form.Lookup(path)
	if fd == nil || v.views[fd] == nil {
		return nil
	}
	return v.views[fd].input
}
