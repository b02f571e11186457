package schema

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"
)

func (fd *Field) validate() []FieldError {
	var errs []FieldError
	fd.collect(&errs, true, fd.active())
	return errs
}

func (fd *Field) problem() string {
	var errs []FieldError
	fd.collect(&errs, false, fd.active())
	if len(errs) == 0 {
		return ""
	}
	own := fd.path()
	e := errs[0]
	if e.Path != own {
		rel := strings.TrimPrefix(strings.TrimPrefix(e.Path, own), ".")
		return rel + ": " + e.Message
	}
	return e.Message
}

// active reports whether the field's containers are all sent, so that its
// being required matters.
func (fd *Field) active() bool {
	for p := fd.parent; p != nil; p = p.parent {
		if p.Kind == Variant && !p.state.raw {
			continue // a variant's form exists only when chosen or being tried
		}
		if !p.isSet() {
			return false
		}
	}
	return true
}

// collect appends the problems of the field (and, when deep, of the fields
// inside it) to errs. active says whether a missing required value counts.
func (fd *Field) collect(errs *[]FieldError, deep, active bool) {
	add := func(format string, args ...any) {
		*errs = append(*errs, FieldError{Path: fd.path(), Label: fd.Label, Message: fmt.Sprintf(format, args...)})
	}
	if !fd.isSet() {
		rawRoot := fd.parent == nil && fd.Kind == RawJSON // empty means no arguments
		if fd.Required && active && !rawRoot {
			add("%s", fd.requiredMessage())
		}
		return
	}
	if fd.state.raw || fd.Kind == RawJSON {
		fd.checkRaw(errs, add, active)
		return
	}
	if fd.state.null {
		return
	}
	switch fd.Kind {
	case String:
		fd.checkString(add)
	case Number, Integer:
		fd.checkNumber(add)
	case MultiEnum:
		fd.checkCount(add, len(fd.state.choices), "choice")
		if fd.Limits.UniqueItems {
			seen := map[int]bool{}
			for _, c := range fd.state.choices {
				if seen[c] {
					add("each choice can be picked only once (%s is picked twice)", fd.Options[c].Label)
					break
				}
				seen[c] = true
			}
		}
	case Array:
		fd.checkCount(add, len(fd.state.items), "item")
		if fd.Limits.UniqueItems {
			fd.checkUnique(add)
		}
	case Object, KeyValue:
		fd.checkObject(add)
	}
	if !deep {
		return
	}
	for _, c := range fd.directChildren() {
		c.collect(errs, true, active)
	}
}

func (fd *Field) requiredMessage() string {
	switch {
	case fd.Kind == Enum || fd.Kind == Variant:
		return "pick one of: " + fd.optionList()
	case fd.state.collapsed:
		return "this field is required; open it to fill it in"
	case fd.Kind == Boolean:
		return "this field is required: choose true or false"
	}
	return "this field is required"
}

// checkRaw checks JSON typed by hand: its syntax, and for a field that has
// a form, everything the form would check.
func (fd *Field) checkRaw(errs *[]FieldError, add func(string, ...any), active bool) {
	v, err := parseJSON([]byte(fd.state.text))
	if err != nil {
		add("is not valid JSON: %v", err)
		return
	}
	if fd.Kind == RawJSON {
		if n := fd.shape.node; n.kind == jsonBool && !n.boolean {
			add("no value is allowed here")
		}
		return
	}
	s := fd.scratch()
	if why := s.loadValue(v, true, nil); why != "" {
		add("does not fit: %s", why)
		return
	}
	s.collect(errs, true, active)
}

func (fd *Field) checkString(add func(string, ...any)) {
	text := fd.state.text
	n := utf8.RuneCountInString(text)
	if m := fd.Limits.MinLength; m != nil && n < *m {
		if *m == 1 {
			add("cannot be empty")
		} else {
			add("must be at least %s long", plural(*m, "character"))
		}
	}
	if m := fd.Limits.MaxLength; m != nil && n > *m {
		add("must be at most %s long (it has %d)", plural(*m, "character"), n)
	}
	if re := fd.shape.pattern; re != nil && !re.MatchString(text) {
		add("does not have the expected form (it must match the pattern %s)", fd.Limits.Pattern)
	}
	if h, ok := formatHints[fd.Format]; ok && h.check != nil && text != "" && !h.check(text) {
		add("%s", h.message)
	}
}

func (fd *Field) checkNumber(add func(string, ...any)) {
	text := strings.TrimSpace(fd.state.text)
	if !isJSONNumber(text) {
		if fd.Kind == Integer {
			add("must be a whole number, like 3")
		} else {
			add("must be a number, like 3 or 2.5")
		}
		return
	}
	r, ok := parseRat(text)
	if !ok {
		return // an exponent too large to compare: the final check decides
	}
	if fd.Kind == Integer && !r.IsInt() {
		add("must be a whole number, like 3")
		return
	}
	s, l := fd.shape, fd.Limits
	if s.minimum != nil {
		if c := r.Cmp(s.minimum); l.MinimumExclusive && c <= 0 {
			add("must be more than %s", l.Minimum)
		} else if c < 0 {
			add("must be at least %s", l.Minimum)
		}
	}
	if s.maximum != nil {
		if c := r.Cmp(s.maximum); l.MaximumExclusive && c >= 0 {
			add("must be less than %s", l.Maximum)
		} else if c > 0 {
			add("must be at most %s", l.Maximum)
		}
	}
	if s.multipleOf != nil {
		if q := new(big.Rat).Quo(r, s.multipleOf); !q.IsInt() {
			add("must be a multiple of %s", l.MultipleOf)
		}
	}
}

func (fd *Field) checkCount(add func(string, ...any), n int, word string) {
	verb := "needs"
	if fd.Kind == MultiEnum {
		verb, word = "pick", "choice"
	}
	if m := fd.Limits.MinItems; m != nil && n < *m {
		if verb == "pick" {
			add("pick at least %d", *m)
		} else {
			add("needs at least %s", plural(*m, word))
		}
	}
	if m := fd.Limits.MaxItems; m != nil && n > *m {
		if verb == "pick" {
			add("pick at most %d", *m)
		} else {
			add("can have at most %s (it has %d)", plural(*m, word), n)
		}
	}
}

func (fd *Field) checkUnique(add func(string, ...any)) {
	var values []*jsonValue
	for _, item := range fd.state.items {
		var b bytes.Buffer
		if item.encode(&b) != nil {
			values = append(values, nil)
			continue
		}
		v, err := parseJSON(b.Bytes())
		if err != nil {
			v = nil
		}
		values = append(values, v)
	}
	for i := range values {
		for j := i + 1; j < len(values); j++ {
			if values[i] != nil && values[j] != nil && equalJSON(values[i], values[j]) {
				add("items %d and %d are the same; each item must be different", i+1, j+1)
				return
			}
		}
	}
}

func (fd *Field) keyCount() int {
	n := len(fd.state.entries)
	for _, p := range fd.state.props {
		if p.isSet() {
			n++
		}
	}
	return n
}

func (fd *Field) checkObject(add func(string, ...any)) {
	for _, name := range fd.shape.requiredMissing {
		if fd.entryIndex(name) < 0 {
			add("needs the key %q, which the form has no field for: add it as an entry or use raw JSON", name)
		}
	}
	for _, e := range fd.state.entries {
		if _, ok := fd.shape.entryRule(e.Name); !ok {
			add("has the key %q, which is not allowed here", e.Name)
		}
	}
	n := fd.keyCount()
	if m := fd.Limits.MinProperties; m != nil && n < *m {
		add("needs at least %s", plural(*m, "key"))
	}
	if m := fd.Limits.MaxProperties; m != nil && n > *m {
		add("can have at most %s (it has %d)", plural(*m, "key"), n)
	}
}
