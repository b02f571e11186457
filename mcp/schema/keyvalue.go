package schema

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mcpbrowser/mcp/say"
)

func (f *Form) applyKeyValues(pairs []string) error {
	var problems []FieldError
	// Repeating an array's key appends; the first use in a call replaces
	// what --args gave.
	started := map[*Field]bool{}
	for _, pair := range pairs {
		steps, rest, err := parsePath(pair)
		if err == nil && rest == "" {
			err = fmt.Errorf("%q has no \"=\": write name=value", pair)
		}
		if err == nil && len(steps) == 0 {
			err = fmt.Errorf("%q has no name before \"=\"", pair)
		}
		if err != nil {
			problems = append(problems, problemAt(pair, pair, msgOf(err)))
			continue
		}
		key := pair[:len(pair)-len(rest)]
		fd, err := f.Root.walk(steps)
		if err == nil {
			err = fd.setFromText(rest[1:], started)
		}
		if err != nil {
			problems = append(problems, problemAt(key, key, msgOf(err)))
			continue
		}
		fd.touched()
	}
	f.Root.changed(f.Root)
	if len(problems) > 0 {
		return &KeyValueError{Problems: problems}
	}
	return nil
}

// walk follows a path from fd, creating array items, entries and variant
// choices that the path names but that do not exist yet.
func (fd *Field) walk(steps []pathStep) (*Field, error) {
	for _, s := range steps {
		next, err := fd.stepCreate(s)
		if err != nil {
			return nil, err
		}
		fd = next
	}
	return fd, nil
}

func (fd *Field) stepCreate(s pathStep) (*Field, error) {
	if fd.state.raw {
		fd.blank() // a key=value for a part replaces raw JSON there
	}
	switch fd.Kind {
	case Variant:
		if fd.state.chosen == nil {
			for i := range fd.Options {
				if v := fd.variantForm(i); v.step(s) != nil || (!s.isIndex && v.allowsEntries()) {
					fd.state.variants = make([]*Field, len(fd.Options))
					fd.state.variants[i] = v
					fd.state.chosen, fd.state.choice = v, i
					break
				}
			}
		}
		if fd.state.chosen == nil {
			return nil, fmt.Errorf("none of the choices for %s has %q", fd.describeName(), s.String())
		}
		return fd.state.chosen.stepCreate(s)
	case Object, KeyValue:
		if s.isIndex {
			return nil, fmt.Errorf("%s is not a list, so %s does not apply", fd.describeName(), s)
		}
		fd.expand()
		if next := fd.step(s); next != nil {
			return next, nil
		}
		if !fd.allowsEntries() {
			return nil, fmt.Errorf("%s has no %q; %s", fd.describeName(), s.name, fd.takes())
		}
		e, err := fd.addEntry(s.name)
		if err != nil {
			return nil, err
		}
		return e, nil
	case Array:
		if !s.isIndex {
			return nil, fmt.Errorf("%s is a list: name an item by its number, like %s[0]", fd.describeName(), fd.Name)
		}
		switch n := len(fd.state.items); {
		case s.index < n:
			return fd.state.items[s.index], nil
		case s.index == n:
			return fd.addItem()
		default:
			return nil, fmt.Errorf("%s has %s; the next one is [%d]", fd.describeName(), plural(n, "item"), n)
		}
	}
	return nil, fmt.Errorf("%s is %s and has no parts, so %q goes too deep", fd.describeName(), article(kindWord(fd.Kind)), s.String())
}

func (fd *Field) describeName() string {
	if fd.parent == nil {
		return "this tool"
	}
	return fd.path()
}

// takes lists the names an object accepts, for "unknown key" errors.
func (fd *Field) takes() string {
	var names []string
	for _, p := range fd.state.props {
		names = append(names, p.Name)
	}
	if len(names) == 0 {
		return "it takes no named arguments"
	}
	return "it takes: " + strings.Join(names, ", ")
}

func kindWord(k Kind) string {
	switch k {
	case String:
		return "text"
	case Integer:
		return "whole number"
	case Boolean:
		return "true or false value"
	case RawJSON:
		return "JSON value"
	}
	return k.String()
}

// got is a problem with the value typed after "=", which it quotes.
func got(problem say.Msg, text string) error {
	return say.Error("{{.Problem}} (got {{.Got}})", say.Args{"Problem": problem, "Got": strconv.Quote(text)})
}

// setFromText sets a field from the text after "=" of a key=value pair.
func (fd *Field) setFromText(text string, started map[*Field]bool) error {
	if fd.Kind != MultiEnum && fd.Kind != Array {
		fd.blank()
	}
	if fd.Nullable && text == "null" && fd.Kind != String {
		fd.state.null = true
		return nil
	}
	switch fd.Kind {
	case String:
		fd.state.text, fd.state.set = text, true
	case Number, Integer:
		t := strings.TrimSpace(text)
		r, ok := parseRat(t)
		if !isJSONNumber(t) || (fd.Kind == Integer && ok && !r.IsInt()) {
			if fd.Kind == Integer {
				return got(say.Text("must be a whole number, like 3"), text)
			}
			return got(say.Text("must be a number, like 3"), text)
		}
		fd.state.text, fd.state.set = t, true
	case Boolean:
		b, ok := parseBool(text)
		if !ok {
			return got(say.Text("must be true or false"), text)
		}
		fd.state.boolean, fd.state.set = b, true
	case Null:
		if text != "null" && text != "" {
			return got(say.Text("can only be null"), text)
		}
		fd.state.set = true
	case Enum, Const:
		i := fd.matchOption(text)
		if i < 0 {
			return got(say.New("must be one of: {{.Options}}", say.Args{"Options": fd.optionList()}), text)
		}
		fd.state.choice = i
	case MultiEnum:
		return fd.setChoicesFromText(text, started)
	case Array:
		return fd.setItemsFromText(text, started)
	default: // Object, KeyValue, Variant, RawJSON
		v, err := parseJSON([]byte(text))
		if err != nil {
			if fd.Kind == Object || fd.Kind == KeyValue {
				return fmt.Errorf("must be a JSON object, like {\"key\": \"value\"}, or set its parts one by one (name.part=value): %v", err)
			}
			v = &jsonValue{kind: jsonString, text: text} // plain text for "any value"
		}
		if why := fd.loadValue(v, true, nil); why != "" {
			fd.blank()
			return errors.New(why)
		}
	}
	return nil
}

func (fd *Field) setChoicesFromText(text string, started map[*Field]bool) error {
	var values []int
	if v, err := parseJSON([]byte(text)); err == nil && v.kind == jsonArray {
		for _, item := range v.items {
			i := fd.optionIndex(item)
			if i < 0 {
				return fmt.Errorf("%s is not one of: %s", plainJSON(item), fd.optionList())
			}
			values = append(values, i)
		}
	} else {
		for _, part := range splitList(text) {
			i := fd.matchOption(part)
			if i < 0 {
				return fmt.Errorf("%q is not one of: %s", part, fd.optionList())
			}
			values = append(values, i)
		}
	}
	if !started[fd] {
		fd.state.choices = nil
		started[fd] = true
	}
	fd.state.null = false
	fd.state.choices = append(fd.state.choices, values...)
	fd.state.set = true
	return nil
}

func (fd *Field) setItemsFromText(text string, started map[*Field]bool) error {
	if !started[fd] {
		fd.state.items = nil
		started[fd] = true
	}
	fd.state.null, fd.state.set = false, true
	item := fd.newItem()
	if v, err := parseJSON([]byte(text)); err == nil {
		if v.kind == jsonArray {
			for n, iv := range v.items {
				it := fd.newItem()
				if why := it.loadValue(iv, true, nil); why != "" {
					return fmt.Errorf("item %d: %s", n+1, why)
				}
				fd.state.items = append(fd.state.items, it)
			}
			return nil
		}
		if v.kind == jsonObject && (item.Kind == Object || item.Kind == KeyValue || item.Kind == Variant) {
			if why := item.loadValue(v, true, nil); why != "" {
				return errors.New(why)
			}
			fd.state.items = append(fd.state.items, item)
			return nil
		}
	}
	switch item.Kind {
	case String, Number, Integer, Boolean, Enum, Const, Null, Variant, RawJSON:
	default:
		return fmt.Errorf("is a list of %s: give it as JSON, like [{…}, {…}]", kindWord(item.Kind)+"s")
	}
	for _, part := range splitList(text) {
		it := fd.newItem()
		if err := it.setFromText(part, started); err != nil {
			return fmt.Errorf("item %q: %w", part, err)
		}
		fd.state.items = append(fd.state.items, it)
	}
	return nil
}

// matchOption finds an option by its label, its value written as JSON, or
// a string value written bare.
func (fd *Field) matchOption(text string) int {
	for i, o := range fd.Options {
		if o.Label == text {
			return i
		}
	}
	if v, err := parseJSON([]byte(text)); err == nil {
		if i := fd.optionIndex(v); i >= 0 {
			return i
		}
	}
	if i := fd.optionIndex(&jsonValue{kind: jsonString, text: text}); i >= 0 {
		return i
	}
	for i, o := range fd.Options {
		if strings.EqualFold(o.Label, text) {
			return i
		}
	}
	return -1
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "on", "1":
		return true, true
	case "false", "no", "off", "0":
		return false, true
	}
	return false, false
}

// splitList splits "a,b,c" at commas; "\," is a comma inside an item.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == ',':
			cur.WriteByte(',')
			i++
		case s[i] == ',':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(parts, cur.String())
}
