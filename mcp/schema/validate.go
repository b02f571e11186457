package schema

import (
	"bytes"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"mcpbrowser/mcp/say"
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
	add := func(m say.Msg) {
		*errs = append(*errs, problemAt(fd.path(), fd.Label, m))
	}
	if !fd.isSet() {
		rawRoot := fd.parent == nil && fd.Kind == RawJSON // empty means no arguments
		if fd.Required && active && !rawRoot {
			add(fd.requiredMessage())
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
					add(say.New("each choice can be picked only once ({{.Choice}} is picked twice)", say.Args{"Choice": fd.Options[c].Label}))
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

func (fd *Field) requiredMessage() say.Msg {
	switch {
	case fd.Kind == Enum || fd.Kind == Variant:
		return say.New("pick one of: {{.Options}}", say.Args{"Options": fd.optionList()})
	case fd.state.collapsed:
		return say.Text("this field is required; open it to fill it in")
	case fd.Kind == Boolean:
		return say.Text("this field is required: choose true or false")
	}
	return say.Text("this field is required")
}

// checkRaw checks JSON typed by hand: its syntax, and for a field that has
// a form, everything the form would check.
func (fd *Field) checkRaw(errs *[]FieldError, add func(say.Msg), active bool) {
	v, err := parseJSON([]byte(fd.state.text))
	if err != nil {
		add(say.New("is not valid JSON: {{.Err}}", say.Args{"Err": err}))
		return
	}
	if fd.Kind == RawJSON {
		if n := fd.shape.node; n.kind == jsonBool && !n.boolean {
			add(say.Text("no value is allowed here"))
		}
		return
	}
	s := fd.scratch()
	if why := s.loadValue(v, true, nil); why != "" {
		add(say.New("does not fit: {{.Why}}", say.Args{"Why": why}))
		return
	}
	s.collect(errs, true, active)
}

func (fd *Field) checkString(add func(say.Msg)) {
	text := fd.state.text
	n := utf8.RuneCountInString(text)
	if m := fd.Limits.MinLength; m != nil && n < *m {
		if *m == 1 {
			add(say.Text("cannot be empty"))
		} else {
			add(say.Plural("must be at least {{.Count}} character long", "must be at least {{.Count}} characters long", *m, nil))
		}
	}
	if m := fd.Limits.MaxLength; m != nil && n > *m {
		add(say.Plural("must be at most {{.Count}} character long (it has {{.Has}})", "must be at most {{.Count}} characters long (it has {{.Has}})", *m, say.Args{"Has": n}))
	}
	if re := fd.shape.pattern; re != nil && !re.MatchString(text) {
		add(say.New("does not have the expected form (it must match the pattern {{.Pattern}})", say.Args{"Pattern": fd.Limits.Pattern}))
	}
	if h, ok := formatHints[fd.Format]; ok && h.check != nil && text != "" && !h.check(text) {
		add(say.Text(h.message))
	}
}

func (fd *Field) checkNumber(add func(say.Msg)) {
	text := strings.TrimSpace(fd.state.text)
	if !isJSONNumber(text) {
		if fd.Kind == Integer {
			add(say.Text("must be a whole number, like 3"))
		} else {
			add(say.Text("must be a number, like 3 or 2.5"))
		}
		return
	}
	r, ok := parseRat(text)
	if !ok {
		return // an exponent too large to compare: the final check decides
	}
	if fd.Kind == Integer && !r.IsInt() {
		add(say.Text("must be a whole number, like 3"))
		return
	}
	s, l := fd.shape, fd.Limits
	if s.minimum != nil {
		if c := r.Cmp(s.minimum); l.MinimumExclusive && c <= 0 {
			add(say.New("must be more than {{.N}}", say.Args{"N": l.Minimum}))
		} else if c < 0 {
			add(say.New("must be at least {{.N}}", say.Args{"N": l.Minimum}))
		}
	}
	if s.maximum != nil {
		if c := r.Cmp(s.maximum); l.MaximumExclusive && c >= 0 {
			add(say.New("must be less than {{.N}}", say.Args{"N": l.Maximum}))
		} else if c > 0 {
			add(say.New("must be at most {{.N}}", say.Args{"N": l.Maximum}))
		}
	}
	if s.multipleOf != nil {
		if q := new(big.Rat).Quo(r, s.multipleOf); !q.IsInt() {
			add(say.New("must be a multiple of {{.N}}", say.Args{"N": l.MultipleOf}))
		}
	}
}

func (fd *Field) checkCount(add func(say.Msg), n int, word string) {
	pick := fd.Kind == MultiEnum
	if m := fd.Limits.MinItems; m != nil && n < *m {
		if pick {
			add(say.Plural("pick at least {{.Count}}", "pick at least {{.Count}}", *m, nil))
		} else {
			add(say.Plural("needs at least {{.Count}} "+word, "needs at least {{.Count}} "+word+"s", *m, nil))
		}
	}
	if m := fd.Limits.MaxItems; m != nil && n > *m {
		if pick {
			add(say.Plural("pick at most {{.Count}}", "pick at most {{.Count}}", *m, nil))
		} else {
			add(say.Plural("can have at most {{.Count}} "+word+" (it has {{.Has}})", "can have at most {{.Count}} "+word+"s (it has {{.Has}})", *m, say.Args{"Has": n}))
		}
	}
}

func (fd *Field) checkUnique(add func(say.Msg)) {
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
				add(say.New("items {{.A}} and {{.B}} are the same; each item must be different", say.Args{"A": i + 1, "B": j + 1}))
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

func (fd *Field) checkObject(add func(say.Msg)) {
	for _, name := range fd.shape.requiredMissing {
		if fd.entryIndex(name) < 0 {
			add(say.New("needs the key {{.Key}}, which the form has no field for: add it as an entry or use raw JSON", say.Args{"Key": strconv.Quote(name)}))
		}
	}
	for _, e := range fd.state.entries {
		if _, ok := fd.shape.entryRule(e.Name); !ok {
			add(say.New("has the key {{.Key}}, which is not allowed here", say.Args{"Key": strconv.Quote(e.Name)}))
		}
	}
	n := fd.keyCount()
	if m := fd.Limits.MinProperties; m != nil && n < *m {
		add(say.Plural("needs at least {{.Count}} key", "needs at least {{.Count}} keys", *m, nil))
	}
	if m := fd.Limits.MaxProperties; m != nil && n > *m {
		add(say.Plural("can have at most {{.Count}} key (it has {{.Has}})", "can have at most {{.Count}} keys (it has {{.Has}})", *m, say.Args{"Has": n}))
	}
}
