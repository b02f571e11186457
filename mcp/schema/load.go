package schema

import (
	"encoding/json"
	"fmt"
	"strings"

	"mcpbrowser/mcp/say"
)

// loadBudget bounds the work of one Load: choosing among variants tries each
// one, and variants nested in variants multiply.
const loadBudget = 200000

// maxVariantChain bounds choices nested directly in choices.
const maxVariantChain = 8

func (f *Form) load(args json.RawMessage) error {
	v, err := parseJSON(args)
	if err != nil {
		return say.Error("the arguments are not valid JSON: {{.Err}}", say.Args{"Err": err})
	}
	if v.kind != jsonObject {
		return say.Error("the arguments must be a JSON object ({…}), not {{.Kind}}", say.Args{"Kind": valueWord(v.kind.String())})
	}
	var kept []FieldError
	f.Root.loadValue(v, false, &kept)
	f.Root.changed(f.Root)
	if len(kept) > 0 {
		return &LoadError{Kept: kept}
	}
	return nil
}

// tryLoad sets the field to v if v fits the field's form entirely; it
// reports whether it did. On failure the field holds a partial value, so
// callers blank or reset it.
func (fd *Field) tryLoad(v *jsonValue) bool {
	return fd.loadValue(v, true, nil) == ""
}

// mismatch says why v does not fit the field's form, or "" if it fits. The
// field is not changed.
func (fd *Field) mismatch(v *jsonValue) string {
	return fd.scratch().loadValue(v, true, nil)
}

// scratch returns a new field with the same schema and place as fd, not
// attached to the form's tree, for trying values out.
func (fd *Field) scratch() *Field {
	s := fd.form.newField(fd.shape, fd.parent, fd.Name, fd.Required, fd.entry)
	s.standIn = fd
	return s
}

// loadValue sets the field to v. In strict mode it returns why v does not
// fit as soon as something does not; otherwise a part that does not fit is
// kept as raw JSON on the field it belongs to and reported in kept, and the
// result is "".
func (fd *Field) loadValue(v *jsonValue, strict bool, kept *[]FieldError) string {
	fd.blank()
	why := fd.fit(v, strict, kept)
	if why == "" {
		return ""
	}
	if strict {
		return why
	}
	fd.blank()
	fd.setRawQuiet(v.rawText())
	*kept = append(*kept, FieldError{Path: fd.path(), Label: fd.Label, Message: why})
	return ""
}

// expected names what a field of each kind takes, for mismatch messages.
func (fd *Field) expected() string {
	switch fd.Kind {
	case String:
		return "text"
	case Number:
		return "a number"
	case Integer:
		return "a whole number"
	case Boolean:
		return "true or false"
	case Null:
		return "null"
	case Enum, Const:
		return "one of: " + fd.optionList()
	case MultiEnum:
		return "a list of choices"
	case Object, KeyValue:
		return "an object"
	case Array:
		return "a list"
	case Variant:
		return "one of: " + fd.optionList()
	}
	return "a JSON value"
}

func (fd *Field) fit(v *jsonValue, strict bool, kept *[]FieldError) string {
	f := fd.form
	f.steps--
	if f.steps < 0 {
		return "the value is too complex to show as a form"
	}
	wrong := func() string {
		return fmt.Sprintf("expected %s, got %s", fd.expected(), describe(v))
	}
	if fd.Kind == RawJSON {
		fd.state.text = v.rawText()
		fd.state.set = true
		return ""
	}
	if v.kind == jsonNull && fd.Kind != Null && !fd.hasOption(v) {
		if !fd.Nullable {
			return wrong()
		}
		fd.state.null = true
		return ""
	}
	switch fd.Kind {
	case String:
		if v.kind != jsonString {
			return wrong()
		}
		fd.state.text, fd.state.set = v.text, true
	case Number, Integer:
		if v.kind != jsonNumber {
			return wrong()
		}
		if fd.Kind == Integer {
			if r, ok := parseRat(v.text); ok && !r.IsInt() {
				return wrong()
			}
		}
		fd.state.text, fd.state.set = v.text, true
	case Boolean:
		if v.kind != jsonBool {
			return wrong()
		}
		fd.state.boolean, fd.state.set = v.boolean, true
	case Null:
		if v.kind != jsonNull {
			return wrong()
		}
		fd.state.set = true
	case Enum, Const:
		i := fd.optionIndex(v)
		if i < 0 {
			return fmt.Sprintf("%s is not one of the choices (%s)", plainJSON(v), fd.optionList())
		}
		fd.state.choice = i
	case MultiEnum:
		if v.kind != jsonArray {
			return wrong()
		}
		return fd.fitChoices(v)
	case Object, KeyValue:
		if v.kind != jsonObject {
			return wrong()
		}
		return fd.fitObject(v, strict, kept)
	case Array:
		if v.kind != jsonArray {
			return wrong()
		}
		return fd.fitArray(v, strict, kept)
	case Variant:
		return fd.fitVariant(v)
	}
	return ""
}

// fitChoices loads a list of choices into a MultiEnum field.
func (fd *Field) fitChoices(v *jsonValue) string {
	choices := make([]int, 0, len(v.items))
	for _, item := range v.items {
		i := fd.optionIndex(item)
		if i < 0 {
			return fmt.Sprintf("%s is not one of the choices (%s)", plainJSON(item), fd.optionList())
		}
		choices = append(choices, i)
	}
	fd.state.choices, fd.state.set = choices, true
	return ""
}

// fitArray loads a list into an Array field, item by item.
func (fd *Field) fitArray(v *jsonValue, strict bool, kept *[]FieldError) string {
	fd.state.set = true
	for i, item := range v.items {
		field := fd.newItem()
		fd.state.items = append(fd.state.items, field) // first, so its path is right
		if why := field.loadValue(item, strict, kept); why != "" {
			return fmt.Sprintf("item %d: %s", i+1, why)
		}
	}
	return ""
}

func (fd *Field) fitObject(v *jsonValue, strict bool, kept *[]FieldError) string {
	if fd.state.collapsed {
		fd.state.collapsed = false
		fd.buildProps()
	}
	fd.state.set = true
	for i, key := range v.keys {
		if p := fd.propByName(key); p != nil {
			if why := p.loadValue(v.values[i], strict, kept); why != "" {
				return fmt.Sprintf("%s: %s", key, why)
			}
			continue
		}
		_, allowed := fd.shape.entryRule(key)
		if !allowed && strict {
			return fmt.Sprintf("the key %q is not allowed", key)
		}
		e := fd.newEntry(key)
		fd.state.entries = append(fd.state.entries, e)
		if why := e.loadValue(v.values[i], strict, kept); why != "" {
			return fmt.Sprintf("%s: %s", key, why)
		}
		if !allowed {
			*kept = append(*kept, FieldError{Path: e.path(), Label: e.Label, Message: "this key is not allowed here"})
		}
	}
	// Properties not in v show their defaults again, but only where that
	// sends nothing: what was loaded is exactly what Arguments gives back.
	for _, p := range fd.state.props {
		if v.has(p.Name) {
			continue
		}
		p.initState()
		if p.isSet() {
			p.blank()
			p.state.absent = p.isSet() // required containers send {} or [] unless told not to
		}
	}
	return ""
}

// fitVariant picks the first variant whose form v fits and whose checks it
// passes, else the first it fits.
func (fd *Field) fitVariant(v *jsonValue) string {
	// A choice whose option is the choice itself ($ref back to it) would
	// nest forever without reaching a smaller value.
	chain := 0
	for p := fd.parent; p != nil && p.Kind == Variant; p = p.parent {
		chain++
	}
	if chain >= maxVariantChain {
		return "its choices refer to themselves too deeply"
	}
	first := -1
	var firstForm *Field
	var reasons []string
	for i := range fd.Options {
		form := fd.variantForm(i)
		if why := form.loadValue(v, true, nil); why != "" {
			reasons = append(reasons, fd.Options[i].Label+": "+why)
			continue
		}
		if first < 0 {
			first, firstForm = i, form
		}
		if fd.form.steps > 0 && len(form.validate()) == 0 {
			first, firstForm = i, form
			break
		}
	}
	if first < 0 {
		return fmt.Sprintf("it fits none of the choices (%s)", strings.Join(reasons, "; "))
	}
	fd.state.variants = make([]*Field, len(fd.Options))
	fd.state.variants[first] = firstForm
	fd.state.chosen, fd.state.choice = firstForm, first
	return ""
}

func (fd *Field) hasOption(v *jsonValue) bool {
	return (fd.Kind == Enum || fd.Kind == Const) && fd.optionIndex(v) >= 0
}

func (fd *Field) optionIndex(v *jsonValue) int {
	for i, ov := range fd.shape.optionValues {
		if equalJSON(ov, v) {
			return i
		}
	}
	return -1
}

// optionList names the options for a sentence, shortened when long.
func (fd *Field) optionList() string {
	const most = 8
	var labels []string
	for i, o := range fd.Options {
		if i == most {
			labels = append(labels, fmt.Sprintf("… (%d in all)", len(fd.Options)))
			break
		}
		labels = append(labels, o.Label)
	}
	return strings.Join(labels, ", ")
}

// describe names a JSON value for a sentence: "text "abc"", "the number 3".
func describe(v *jsonValue) string {
	switch v.kind {
	case jsonString:
		return fmt.Sprintf("the text %q", plainJSON(v))
	case jsonNumber:
		return "the number " + plainJSON(v)
	case jsonBool, jsonNull:
		return plainJSON(v)
	}
	return v.kind.String()
}
