package form

import "encoding/json"

// A Draft is a FormView's content, as Draft returns it.
type Draft struct {
	value    json.RawMessage // the form's value; nil when nothing was set or it is unfinished
	jsonMode bool
	jsonText string
	set      bool // the draft holds something
}

// Draft returns what the person has typed, to be put back with Restore.
func (v *FormView) Draft() Draft {
	d := Draft{jsonMode: v.JsonMode, jsonText: v.JsonEntry.Text, set: true}
	if v.Form != nil && v.Form.Root.IsSet() {
		if val, ok := v.Form.Root.Value(); ok {
			d.value = val
		}
	}
	return d
}

// Restore puts a draft back into the form built for the same schema.
func (v *FormView) Restore(d Draft) {
	if !d.set {
		return
	}
	if len(d.value) > 0 && v.Form != nil {
		_ = v.Load(d.value) // values that no longer fit are kept raw, as Load says
	}
	if d.jsonMode && !v.JsonMode {
		v.ShowMode(true)
	}
	if d.jsonMode || v.RawOnly {
		v.SetQuiet(func() { v.JsonEntry.SetText(d.jsonText) })
	}
}
