package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mcpbrowser/mcp/say"
)

func (f *Form) arguments() (json.RawMessage, []FieldError) {
	if errs := f.Root.validate(); len(errs) > 0 {
		return nil, errs
	}
	args, ok := f.Root.value()
	if !ok {
		// A root kept as raw JSON and left empty: no arguments.
		args = json.RawMessage("{}")
	}
	if len(args) == 0 || args[0] != '{' {
		// MCP: "arguments" is an object. A schema for anything else
		// still makes a form, but it cannot make arguments.
		return nil, []FieldError{problemAt("", "arguments", say.New("the arguments must be a JSON object ({…}), not {{.Kind}}", say.Args{"Kind": valueWord(describeRaw(args))}))}
	}
	if errs := f.final.check(args); len(errs) > 0 {
		return nil, errs
	}
	return args, nil
}

// isSet reports whether the field contributes a value to the arguments.
func (fd *Field) isSet() bool {
	if fd.state.raw || fd.Kind == RawJSON {
		return strings.TrimSpace(fd.state.text) != ""
	}
	if fd.state.null {
		return true
	}
	if fd.state.absent {
		return false
	}
	switch fd.Kind {
	case String, Number, Integer, Boolean, Null:
		return fd.state.set
	case Enum, Const:
		return fd.state.choice >= 0
	case MultiEnum:
		return fd.Required || fd.state.set || len(fd.state.choices) > 0
	case Array:
		return fd.Required || fd.state.set || len(fd.state.items) > 0
	case Object, KeyValue:
		if fd.state.collapsed {
			return fd.state.set // an unopened object has nothing to send
		}
		return fd.Required || fd.state.set || fd.meaningfulInside()
	case Variant:
		return fd.state.chosen != nil
	}
	return false
}

// meaningful reports whether the field holds something the person (or
// Load) put there, as opposed to defaults and forced values: an optional
// object is sent only when something inside it is meaningful.
func (fd *Field) meaningful() bool {
	if fd.state.auto {
		return false
	}
	if fd.state.raw || fd.state.null {
		return fd.isSet()
	}
	switch fd.Kind {
	case Object, KeyValue:
		return fd.state.set || fd.meaningfulInside()
	case Array, MultiEnum:
		return fd.state.set || len(fd.state.items) > 0 || len(fd.state.choices) > 0
	}
	return fd.isSet()
}

func (fd *Field) meaningfulInside() bool {
	if len(fd.state.entries) > 0 {
		return true
	}
	for _, p := range fd.state.props {
		if p.meaningful() {
			return true
		}
	}
	return false
}

func (fd *Field) value() (json.RawMessage, bool) {
	if !fd.isSet() {
		return nil, false
	}
	var b bytes.Buffer
	if err := fd.encode(&b); err != nil {
		return nil, false
	}
	return b.Bytes(), true
}

var errUnfinished = errors.New("the value is not finished")

// encode writes the field's value as JSON; the field must be set.
func (fd *Field) encode(b *bytes.Buffer) error {
	if fd.state.raw || fd.Kind == RawJSON {
		v, err := parseJSON([]byte(fd.state.text))
		if err != nil {
			return fmt.Errorf("%w: %w", errUnfinished, err)
		}
		v.encode(b)
		return nil
	}
	if fd.state.null {
		b.WriteString("null")
		return nil
	}
	switch fd.Kind {
	case String:
		writeJSONString(b, fd.state.text)
	case Number, Integer:
		t := strings.TrimSpace(fd.state.text)
		if !isJSONNumber(t) {
			return errUnfinished
		}
		b.WriteString(t)
	case Boolean:
		b.WriteString(strconv.FormatBool(fd.state.boolean))
	case Null:
		b.WriteString("null")
	case Enum, Const:
		if fd.state.choice < 0 {
			return errUnfinished
		}
		fd.shape.optionValues[fd.state.choice].encode(b)
	case MultiEnum:
		b.WriteByte('[')
		for i, c := range fd.state.choices {
			if i > 0 {
				b.WriteByte(',')
			}
			fd.shape.optionValues[c].encode(b)
		}
		b.WriteByte(']')
	case Object, KeyValue:
		b.WriteByte('{')
		n := 0
		for _, c := range fd.directChildren() {
			if !c.isSet() {
				continue
			}
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			writeJSONString(b, c.Name)
			b.WriteByte(':')
			if err := c.encode(b); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case Array:
		b.WriteByte('[')
		for i, c := range fd.state.items {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := c.encode(b); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case Variant:
		if fd.state.chosen == nil {
			return errUnfinished
		}
		return fd.state.chosen.encode(b)
	}
	return nil
}

func describeRaw(raw json.RawMessage) string {
	v, err := parseJSON(raw)
	if err != nil {
		return "broken JSON"
	}
	return describe(v)
}
