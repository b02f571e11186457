package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"mcpbrowser/mcp/say"
)

// fieldState is the value of a field; which members matter depends on Kind.
type fieldState struct {
	// set: a String/Number/Integer/Boolean/Null value is present, or a
	// container was given explicitly (loaded as {} or [], or a default).
	set bool
	// auto: the value was put there by the form (a default, or the only
	// possible value of a required field), not by the person or by Load.
	// An optional object whose children are all auto is not sent.
	auto bool
	// absent: Load found no value for this required field, so it sends
	// nothing (and is reported missing) until someone fills it in.
	absent    bool
	null      bool
	raw       bool // edited as raw JSON text (in text)
	collapsed bool
	text      string
	boolean   bool
	choice    int
	choices   []int
	chosen    *Field
	variants  []*Field // variant forms built so far, by option index
	props     []*Field
	entries   []*Field
	items     []*Field
}

// Bounds that keep forms finite for recursive schemas.
const (
	// maxOpenDepth is how deep objects are built without being asked;
	// deeper optional objects start collapsed.
	maxOpenDepth = 12
	// maxEagerFields is how many fields one operation builds without
	// being asked; past it, objects start collapsed. Schemas that share
	// definitions (a DAG) can otherwise describe exponentially many.
	maxEagerFields = 2000
)

var (
	errWrongKind = errors.New("this field does not take that kind of input")
	errNoChoice  = errors.New("there is no such choice")
)

func newForm(raw json.RawMessage) (*Form, error) {
	root, err := parseJSON(raw)
	if err != nil {
		return nil, fmt.Errorf("the input schema is not valid JSON: %w", err)
	}
	if root.kind != jsonObject && root.kind != jsonBool {
		return nil, fmt.Errorf("the input schema is %s, not a JSON Schema object", root.kind)
	}
	f := &Form{compiled: newCompiler(root)}
	f.fresh()
	f.Root = f.newField(f.compiled.shapeOf(root), nil, "", true, false)
	f.final, f.Remarks = newFinalChecker(raw)
	f.Notes = english(f.Remarks)
	return f, nil
}

// newField builds a field for shape s, with its default filled in.
func (f *Form) newField(s *shape, parent *Field, name string, required, entry bool) *Field {
	fd := &Field{
		Kind:        s.kind,
		Name:        name,
		Label:       s.title,
		Description: s.description,
		Required:    required,
		Nullable:    s.nullable,
		ReadOnly:    s.readOnly,
		WriteOnly:   s.writeOnly,
		Deprecated:  s.deprecated,
		Format:      s.format,
		Limits:      s.limits,
		Options:     s.options,
		Note:        strings.Join(english(s.notes), " "),
		Remarks:     s.notes,
		Schema:      s.node.without("$defs", "definitions").marshal(),
		form:        f,
		parent:      parent,
		shape:       s,
		entry:       entry,
	}
	if fd.Label == "" {
		fd.Label = humanize(name)
	}
	f.built++
	if s.def != nil {
		fd.Default = s.def.marshal()
	}
	for _, ex := range s.examples {
		fd.Examples = append(fd.Examples, ex.marshal())
	}
	fd.Placeholder = fd.placeholder()
	fd.initState()
	return fd
}

// initState gives a new or reset field its starting value: children built,
// defaults filled in, the only possible value of a required field chosen.
func (fd *Field) initState() {
	fd.state = fieldState{choice: -1}
	if fd.Kind == Object && fd.shouldCollapse() {
		fd.state.collapsed = true
	} else {
		fd.buildProps()
	}
	fd.fillRequired()
	if !fd.state.collapsed {
		fd.applyDefault()
	}
}

// applyDefault fills in the schema's default. A collapsed object gets its
// default when expanded: a recursive schema with defaults would otherwise
// expand itself forever.
func (fd *Field) applyDefault() {
	if def := fd.shape.def; def != nil {
		if fd.tryLoad(def) {
			fd.markAuto()
		} else {
			fd.blank()
			fd.fillRequired()
			fd.Remarks = append(fd.Remarks[:len(fd.Remarks):len(fd.Remarks)], say.New("Its default {{.Value}} does not fit the schema, so it is not filled in.", say.Args{"Value": plainJSON(def)}))
			fd.Note = strings.Join(english(fd.Remarks), " ")
		}
	}
}

// fillRequired chooses the value of a required field that can have only one.
func (fd *Field) fillRequired() {
	if !fd.Required {
		return
	}
	switch fd.Kind {
	case Const:
		fd.state.choice, fd.state.auto = 0, true
	case Null:
		fd.state.set, fd.state.auto = true, true
	case Boolean:
		// A checkbox has no "unset": a required boolean starts false.
		fd.state.set, fd.state.auto = true, true
	}
}

func (fd *Field) markAuto() {
	fd.state.auto = true
	for _, c := range fd.directChildren() {
		c.markAuto()
	}
}

func (fd *Field) shouldCollapse() bool {
	if fd.parent == nil || fd.entry || fd.parent.Kind != Object {
		// The root, entries, array items and variant forms are built
		// because someone asked for them: they open.
		return false
	}
	if fd.form.built > maxEagerFields {
		return true
	}
	depth := 0
	for p := fd.parent; p != nil; p = p.parent {
		if p.shape == fd.shape || p.shape.origin == fd.shape.origin {
			return true
		}
		depth++
	}
	return depth > maxOpenDepth
}

func (fd *Field) buildProps() {
	s := fd.shape
	if s.kind != Object || len(s.props) == 0 {
		return
	}
	fd.state.props = make([]*Field, 0, len(s.props))
	for _, p := range s.props {
		child := fd.form.newField(fd.form.compiled.shapeOf(p.schema), fd, p.name, s.required[p.name], false)
		fd.state.props = append(fd.state.props, child)
	}
}

// humanize turns a property name into a label: "max_results" and
// "maxResults" become "Max results".
func humanize(name string) string {
	if name == "" {
		return ""
	}
	var words []string
	var cur []rune
	runes := []rune(name)
	for i, r := range runes {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.':
			if len(cur) > 0 {
				words = append(words, string(cur))
				cur = nil
			}
			continue
		case unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(cur[len(cur)-1]) ||
			(i+1 < len(runes) && unicode.IsLower(runes[i+1]))):
			words = append(words, string(cur))
			cur = nil
		}
		cur = append(cur, r)
	}
	if len(cur) > 0 {
		words = append(words, string(cur))
	}
	if len(words) == 0 {
		return name
	}
	for i, w := range words {
		if isAllUpper(w) {
			continue // keep acronyms: "URL", "ID"
		}
		words[i] = strings.ToLower(w)
	}
	first := []rune(words[0])
	first[0] = unicode.ToUpper(first[0])
	words[0] = string(first)
	return strings.Join(words, " ")
}

func isAllUpper(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters > 1
}

// changed reports a change to the form's OnChange hook.
func (fd *Field) changed(which *Field) {
	if fd.form != nil && fd.form.OnChange != nil {
		fd.form.OnChange(which)
	}
}

// touched marks a field and its containers as edited by the person.
func (fd *Field) touched() {
	for p := fd; p != nil; p = p.parent {
		p.state.auto = false
		p.state.absent = false
	}
}

// directChildren returns properties, entries, items and the chosen variant.
func (fd *Field) directChildren() []*Field {
	switch fd.Kind {
	case Object, KeyValue:
		if len(fd.state.entries) == 0 {
			return fd.state.props
		}
		out := make([]*Field, 0, len(fd.state.props)+len(fd.state.entries))
		return append(append(out, fd.state.props...), fd.state.entries...)
	case Array:
		return fd.state.items
	case Variant:
		if fd.state.chosen != nil {
			return []*Field{fd.state.chosen}
		}
	}
	return nil
}

func (fd *Field) children() []*Field {
	if fd.state.raw {
		return nil
	}
	return fd.directChildren()
}

func (fd *Field) index() int {
	if fd.parent == nil || fd.parent.Kind != Array {
		return -1
	}
	for i, item := range fd.parent.state.items {
		if item == fd {
			return i
		}
	}
	return -1
}

func (fd *Field) choice() int {
	if fd.state.raw {
		return -1
	}
	return fd.state.choice
}

// blank empties the value without filling anything in (Load starts here).
func (fd *Field) blank() {
	collapsed := fd.state.collapsed
	props := fd.state.props
	fd.state = fieldState{choice: -1, collapsed: collapsed, props: props}
	for _, p := range props {
		p.blank()
	}
}

func (fd *Field) clear() {
	fd.blank()
	fd.fillRequired()
}

func (fd *Field) reset() {
	fd.initState()
}

func (fd *Field) setText(text string) error {
	if !fd.state.raw {
		switch fd.Kind {
		case String, Number, Integer, RawJSON:
		default:
			return fmt.Errorf("%s: %w (it is %s)", fd.Label, errWrongKind, fd.Kind)
		}
	}
	fd.state.null = false
	fd.state.text = text
	fd.state.set = text != ""
	fd.touched()
	fd.changed(fd)
	return nil
}

func (fd *Field) setBool(value bool) error {
	if fd.Kind != Boolean || fd.state.raw {
		return fmt.Errorf("%s: %w (it is %s)", fd.Label, errWrongKind, fd.Kind)
	}
	fd.state.null = false
	fd.state.boolean, fd.state.set = value, true
	fd.touched()
	fd.changed(fd)
	return nil
}

func (fd *Field) setNull() error {
	if !fd.Nullable && fd.Kind != Null {
		return fmt.Errorf("%s cannot be null", fd.Label)
	}
	fd.blank()
	if fd.Kind == Null {
		fd.state.set = true
	} else {
		fd.state.null = true
	}
	fd.touched()
	fd.changed(fd)
	return nil
}

func (fd *Field) setChoice(i int) error {
	switch fd.Kind {
	case Enum, Const, Variant:
	default:
		return fmt.Errorf("%s: %w (it is %s)", fd.Label, errWrongKind, fd.Kind)
	}
	if i < -1 || i >= len(fd.Options) {
		return fmt.Errorf("%s: %w (%d)", fd.Label, errNoChoice, i)
	}
	fd.state.raw = false
	fd.state.null = false
	if fd.Kind == Variant {
		fd.chooseVariant(i)
	}
	fd.state.choice = i
	fd.touched()
	fd.changed(fd)
	return nil
}

// chooseVariant builds (or takes back) the form of variant i, carrying over
// the values of properties the previous variant had with the same name.
func (fd *Field) chooseVariant(i int) {
	prev := fd.state.chosen
	if i < 0 {
		fd.state.chosen = nil
		return
	}
	if len(fd.state.variants) < len(fd.Options) {
		fd.state.variants = append(fd.state.variants, make([]*Field, len(fd.Options)-len(fd.state.variants))...)
	}
	if fd.state.variants[i] == nil {
		v := fd.variantForm(i)
		if prev != nil && prev.Kind == Object && v.Kind == Object {
			for _, old := range prev.state.props {
				if !old.meaningful() {
					continue
				}
				val, ok := old.value()
				if !ok {
					continue
				}
				for _, p := range v.state.props {
					if p.Name == old.Name {
						if jv, err := parseJSON(val); err == nil && p.tryLoad(jv) {
							p.state.auto = false
						}
					}
				}
			}
		}
		fd.state.variants[i] = v
	}
	fd.state.chosen = fd.state.variants[i]
}

func (fd *Field) variantForm(i int) *Field {
	v := fd.form.newField(fd.form.compiled.shapeOf(fd.shape.variants[i]), fd, fd.Name, true, false)
	if v.Label == "" || v.Label == humanize(fd.Name) {
		v.Label = fd.Options[i].Label
	}
	return v
}

func (fd *Field) setChoices(indexes []int) error {
	if fd.Kind != MultiEnum || fd.state.raw {
		return fmt.Errorf("%s: %w (it is %s)", fd.Label, errWrongKind, fd.Kind)
	}
	for _, i := range indexes {
		if i < 0 || i >= len(fd.Options) {
			return fmt.Errorf("%s: %w (%d)", fd.Label, errNoChoice, i)
		}
	}
	fd.state.null = false
	fd.state.choices = append([]int(nil), indexes...)
	fd.state.set = len(indexes) > 0
	fd.touched()
	fd.changed(fd)
	return nil
}

func (fd *Field) addItem() (*Field, error) {
	if fd.Kind != Array || fd.state.raw {
		return nil, fmt.Errorf("%s: %w (it is %s)", fd.Label, errWrongKind, fd.Kind)
	}
	if m := fd.Limits.MaxItems; m != nil && len(fd.state.items) >= *m {
		return nil, fmt.Errorf("%s takes at most %s", fd.Label, plural(*m, "item"))
	}
	item := fd.newItem()
	fd.state.null = false
	fd.state.items = append(fd.state.items, item)
	fd.touched()
	fd.changed(fd)
	return item, nil
}

func (fd *Field) newItem() *Field {
	return fd.form.newField(fd.form.compiled.shapeOf(fd.shape.items), fd, "", true, false)
}

func (fd *Field) removeItem(i int) error {
	if fd.Kind != Array || fd.state.raw {
		return fmt.Errorf("%s: %w (it is %s)", fd.Label, errWrongKind, fd.Kind)
	}
	if i < 0 || i >= len(fd.state.items) {
		return fmt.Errorf("%s has no item %d", fd.Label, i+1)
	}
	fd.state.items = append(fd.state.items[:i:i], fd.state.items[i+1:]...)
	fd.state.set = true // an emptied list was still given
	fd.touched()
	fd.changed(fd)
	return nil
}

func (fd *Field) moveItem(from, to int) error {
	if fd.Kind != Array || fd.state.raw {
		return fmt.Errorf("%s: %w (it is %s)", fd.Label, errWrongKind, fd.Kind)
	}
	n := len(fd.state.items)
	if from < 0 || from >= n || to < 0 || to >= n {
		return fmt.Errorf("%s has no item %d or %d", fd.Label, from+1, to+1)
	}
	item := fd.state.items[from]
	items := append(fd.state.items[:from:from], fd.state.items[from+1:]...)
	items = append(items[:to:to], append([]*Field{item}, items[to:]...)...)
	fd.state.items = items
	fd.touched()
	fd.changed(fd)
	return nil
}

func (fd *Field) allowsEntries() bool {
	return (fd.Kind == Object || fd.Kind == KeyValue) && fd.shape.offerEntries && !fd.state.raw
}

func (fd *Field) entryIndex(key string) int {
	for i, e := range fd.state.entries {
		if e.Name == key {
			return i
		}
	}
	return -1
}

func (fd *Field) propByName(name string) *Field {
	for _, p := range fd.state.props {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// checkKey says why key cannot be a new entry, or returns nil.
func (fd *Field) checkKey(key string) error {
	if fd.Kind != Object && fd.Kind != KeyValue || fd.state.raw {
		return fmt.Errorf("%s: %w (it is %s)", fd.Label, errWrongKind, fd.Kind)
	}
	if key == "" {
		return say.Error("a key cannot be empty", nil)
	}
	if fd.shape.hasProp(key) || fd.entryIndex(key) >= 0 {
		return fmt.Errorf("%s already has the key %q", fd.Label, key)
	}
	if _, ok := fd.shape.entryRule(key); !ok {
		return fmt.Errorf("%s does not allow the key %q", fd.Label, key)
	}
	if m := fd.Limits.MaxProperties; m != nil && fd.keyCount() >= *m {
		return fmt.Errorf("%s takes at most %s", fd.Label, plural(*m, "key"))
	}
	return nil
}

func (fd *Field) addEntry(key string) (*Field, error) {
	if err := fd.checkKey(key); err != nil {
		return nil, err
	}
	e := fd.newEntry(key)
	fd.state.entries = append(fd.state.entries, e)
	fd.state.null = false
	fd.touched()
	fd.changed(fd)
	return e, nil
}

func (fd *Field) newEntry(key string) *Field {
	schema, ok := fd.shape.entryRule(key)
	if !ok {
		schema = nil
	}
	return fd.form.newField(fd.form.compiled.shapeOf(schema), fd, key, true, true)
}

func (fd *Field) removeEntry(key string) error {
	i := fd.entryIndex(key)
	if i < 0 {
		return fmt.Errorf("%s has no key %q", fd.Label, key)
	}
	fd.state.entries = append(fd.state.entries[:i:i], fd.state.entries[i+1:]...)
	fd.state.set = true
	fd.touched()
	fd.changed(fd)
	return nil
}

func (fd *Field) renameEntry(oldKey, newKey string) error {
	i := fd.entryIndex(oldKey)
	if i < 0 {
		return fmt.Errorf("%s has no key %q", fd.Label, oldKey)
	}
	if oldKey == newKey {
		return nil
	}
	if err := fd.checkKey(newKey); err != nil {
		return err
	}
	old := fd.state.entries[i]
	e := fd.newEntry(newKey)
	// The value schema can differ per key (patternProperties): keep the
	// value when it fits the new key's schema, else keep it as raw JSON.
	if val, ok := old.value(); ok {
		if jv, err := parseJSON(val); err == nil && !e.tryLoad(jv) {
			e.blank()
			e.setRawQuiet(jv.rawText())
		}
	} else if old.state.raw {
		e.setRawQuiet(old.state.text)
	}
	e.Label = old.Label
	if e.Label == humanize(oldKey) {
		e.Label = humanize(newKey)
	}
	fd.state.entries[i] = e
	fd.touched()
	fd.changed(fd)
	return nil
}

func (fd *Field) expand() {
	if !fd.state.collapsed {
		return
	}
	fd.state.collapsed = false
	fd.buildProps()
	if !fd.meaningful() {
		fd.applyDefault()
	}
	fd.changed(fd)
}

func (fd *Field) setRaw(text string) {
	fd.setRawQuiet(text)
	fd.touched()
	fd.changed(fd)
}

func (fd *Field) setRawQuiet(text string) {
	if fd.Kind == RawJSON {
		fd.state.text = text
		fd.state.set = strings.TrimSpace(text) != ""
		return
	}
	fd.state.raw = true
	fd.state.null = false
	fd.state.text = text
}

func (fd *Field) useForm() error {
	if fd.Kind == RawJSON || !fd.state.raw {
		return nil
	}
	text := fd.state.text
	if strings.TrimSpace(text) == "" {
		fd.blank()
		fd.touched()
		fd.changed(fd)
		return nil
	}
	v, err := parseJSON([]byte(text))
	if err != nil {
		return fmt.Errorf("%s is not valid JSON: %w", fd.Label, err)
	}
	if why := fd.mismatch(v); why != "" {
		return fmt.Errorf("%s does not fit the form: %s", fd.Label, why)
	}
	fd.tryLoad(v)
	fd.touched()
	fd.changed(fd)
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
