package schema

import (
	"encoding/json"
	"fmt"
	"strings"

	"mcpbrowser/mcp/say"
)

// A Kind says which input a Field needs, and so which widget shows it.
type Kind int

// The kinds of field. Every kind has one widget in the window.
const (
	// RawJSON is a JSON text editor. It is used for schema parts the
	// package does not understand (Field.Note says why) and for values of
	// any type (an empty schema).
	RawJSON Kind = iota
	String
	Number
	Integer
	Boolean
	// Null is a field whose only value is JSON null (type "null").
	Null
	// Enum is a single choice among Options (enum, oneOf/anyOf of const).
	Enum
	// MultiEnum is an array of choices among Options (an array of enums),
	// shown as a multi-select.
	MultiEnum
	// Const is a fixed value: Options has exactly one entry.
	Const
	// Object has one child per property, in the order the schema wrote
	// them, and possibly free key/value entries (see AllowsEntries).
	Object
	// Array is a list of item fields that can be added, removed and moved.
	Array
	// Variant is a choice among shapes (oneOf/anyOf of objects, or a type
	// list such as ["string","number"]): pick one of Options with
	// SetChoice, then fill its form, which is the only child.
	Variant
	// KeyValue is an object with no declared properties whose entries are
	// free keys with values of one schema (additionalProperties).
	KeyValue
)

var kindNames = [...]string{
	RawJSON: "raw JSON", String: "string", Number: "number", Integer: "integer",
	Boolean: "boolean", Null: "null", Enum: "enum", MultiEnum: "multi-enum",
	Const: "const", Object: "object", Array: "array", Variant: "variant",
	KeyValue: "key/value",
}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// An Option is one choice of an Enum, MultiEnum, Const or Variant field.
type Option struct {
	// Label is what the person sees: the title, the enumNames entry, or
	// the value itself written plainly.
	Label string
	// Value is the JSON value sent when the option is chosen. It is nil
	// for a Variant's options, which are shapes rather than values.
	Value json.RawMessage
	// Description is the option's help text, if the schema gave one.
	Description string
}

// Limits are the constraints a schema puts on a value, kept for hints and
// checked by Validate. Numbers are JSON number text, exact as written in the
// schema; empty means no limit.
type Limits struct {
	Minimum          json.Number // inclusive unless MinimumExclusive
	MinimumExclusive bool
	Maximum          json.Number // inclusive unless MaximumExclusive
	MaximumExclusive bool
	MultipleOf       json.Number

	MinLength *int // in Unicode code points
	MaxLength *int
	Pattern   string // a regular expression the whole string must match somewhere

	MinItems    *int // arrays and multi-enums
	MaxItems    *int
	UniqueItems bool

	MinProperties *int // objects and key/value maps, counting entries
	MaxProperties *int
}

// A FieldError says what is wrong with one field's value, in words for the
// person filling in the form.
type FieldError struct {
	// Path names the field: "" for the whole arguments object, "opts.depth"
	// for a nested property, "items[2].name" inside an array, and
	// `env["MY.VAR"]` for a key that is not a plain name. It is the same
	// syntax ParseKeyValues accepts and Field.Path returns.
	Path string
	// Label is the field's label ("arguments" for the root), for messages
	// shown away from the form, such as on the command line.
	Label string
	// Message is the problem in plain words: "must be at most 10",
	// "pick one of: red, green, blue", "this field is required".
	Message string
	// Msg is Message as a key and its arguments, for the front ends to
	// word in the person's language; zero when Message is all there is
	// (see Problem).
	Msg say.Msg
}

func (e FieldError) Error() string {
	if e.Path == "" {
		return e.Message
	}
	return e.Path + ": " + e.Message
}

// A Form is the editable model of a tool's arguments built from its input
// schema. A Form is not safe for concurrent use: the window calls it from the
// UI goroutine only.
type Form struct {
	// Root is the field for the whole arguments object. For a tool's
	// inputSchema it is an Object (or RawJSON when the schema could not be
	// understood at all).
	Root *Field

	// Notes are remarks about the schema as a whole, for example that the
	// final whole-object check cannot run because the validator rejects the
	// schema. Per-field remarks are in Field.Note.
	Notes []string
	// Remarks are Notes as keyed messages (mcp/say), one a sentence, for
	// the front ends to word in the person's language.
	Remarks []say.Msg

	// OnChange, if set, is called after every change made through a Field
	// method, with the field whose value changed (for structural changes
	// such as AddItem, the array field). The window uses it to refresh
	// validation messages.
	OnChange func(*Field)

	compiled *compiler    // schema nodes and resolved shapes, shared by all fields
	final    finalChecker // the whole-object check by the JSON Schema library
	steps    int          // work left for the current operation (see loadBudget)
	built    int          // fields built by the current operation (see maxEagerFields)
}

// A Field is one input of a form: a property, an array item, a key/value
// entry, or the root. The exported struct fields describe the field and are
// set by the package; do not change them. The value is read and changed only
// through methods, so that the model stays consistent.
type Field struct {
	Kind Kind

	// Name is the property name, or the key of a key/value entry (change it
	// with the parent's RenameEntry). It is "" for the root and for array
	// items, whose place is given by Index.
	Name string
	// Label is the schema's title, or else a readable form of Name.
	Label string
	// Description is the schema's description, as help text.
	Description string
	// Required is true when the parent object lists the property in
	// "required". Array items, entries and the root are always required.
	Required bool
	// Nullable is true when the field can be set to JSON null (a type list
	// with "null", or anyOf/oneOf with a {"type":"null"} branch).
	Nullable bool

	ReadOnly   bool
	WriteOnly  bool
	Deprecated bool

	// Default is the schema's default value, already filled in when the
	// form was built; Reset puts it back.
	Default json.RawMessage
	// Examples are the schema's examples, shown as hints.
	Examples []json.RawMessage
	// Format is the schema's format ("date", "date-time", "time", "email",
	// "uri", "uuid", or any other string, which is shown but not checked).
	Format string
	// Placeholder is a short text for an empty input: the expected shape
	// of the value ("YYYY-MM-DD", "name@example.com") or the first example.
	Placeholder string
	// Limits are the constraints on the value.
	Limits Limits
	// Options are the choices of an Enum, MultiEnum, Const or Variant field.
	Options []Option
	// Note explains, in plain words, why a field is RawJSON or what part of
	// its schema was not understood and so is not checked by the form.
	Note string
	// Remarks are Note's sentences as keyed messages (mcp/say), for the
	// front ends to word in the person's language; Note is their English
	// joined by spaces.
	Remarks []say.Msg
	// Schema is this field's own schema as JSON, with local references
	// resolved one level, for a "show schema" view.
	Schema json.RawMessage

	form   *Form
	parent *Field
	shape  *shape
	entry  bool // a key/value entry of its parent rather than a declared property
	// standIn is the field a scratch copy stands for while a value is
	// tried out, so that its messages carry the real field's path.
	standIn *Field

	state fieldState
}

// NewForm builds the form for a JSON Schema, usually a tool's inputSchema.
// Parts of the schema that are invalid or unsupported become RawJSON fields
// with a Note; NewForm fails only when raw is not JSON, or is JSON that cannot
// be a schema at all (a number, a string, an array).
func NewForm(raw json.RawMessage) (*Form, error) {
	return newForm(raw)
}

// Arguments returns the arguments object the form describes, ready to send
// as the "arguments" of tools/call, or the problems that stop it from being
// sent. Optional fields left empty are omitted. Numbers are sent exactly as
// typed. The whole object is finally checked against the schema by the JSON
// Schema library; its complaints are translated into FieldErrors too.
func (f *Form) Arguments() (json.RawMessage, []FieldError) {
	f.fresh()
	return f.arguments()
}

// Validate returns every problem with the current values, per field, in the
// order the fields appear; nil means Arguments will succeed.
func (f *Form) Validate() []FieldError {
	f.fresh()
	_, errs := f.arguments()
	return errs
}

// Load replaces the form's values with args, a JSON object such as the raw
// JSON view's text or the arguments of an earlier call. Values that fit the
// schema fill their fields; a value that does not fit its field is kept as raw
// JSON on that field (Field.IsRaw) and reported in the returned *LoadError, so
// that Arguments still gives back exactly args. Defaults are not applied: a
// property missing from args is left empty, and a required one is reported
// missing (even a required list or object, which the form would otherwise
// send as [] or {}) until something is put in it.
//
// If args is not a JSON object, the form is left unchanged and an error
// saying so is returned.
func (f *Form) Load(args json.RawMessage) error {
	f.fresh()
	return f.load(args)
}

// Lookup returns the field at path (see FieldError.Path), or nil.
// Collapsed objects on the way are not expanded.
func (f *Form) Lookup(path string) *Field {
	return f.lookup(path)
}

// ApplyKeyValues sets fields from command-line pairs such as "a=3",
// "tags=a,b" or "opts.depth=2", on top of the current values (so a CLI can
// Load its --args JSON first, then apply the pairs). See ParseKeyValues for
// how values are converted. Every pair is tried; the error lists each one
// that failed.
func (f *Form) ApplyKeyValues(pairs []string) error {
	f.fresh()
	return f.applyKeyValues(pairs)
}

// ParseKeyValues converts command-line pairs to an arguments object using the
// schema. The key is a field path ("a", "opts.depth", "items[0].name",
// `env["MY.VAR"]`); the value is converted by the field's schema:
//   - string: taken as is ("3" stays the string "3");
//   - integer, number: a JSON number, kept digit for digit;
//   - boolean: true/false (also yes/no, on/off, 1/0);
//   - enum: an option's label or its value;
//   - array of strings, numbers or enums: comma-separated ("tags=a,b"; write
//     \, for a comma inside an item), or a JSON array; repeating the key
//     appends;
//   - anything else (objects, variants, raw JSON): a JSON value.
//
// An unknown key, or a value that does not fit, gives an error that names the
// key and says what was expected. The result is also checked as a whole, so
// missing required arguments are reported too.
func ParseKeyValues(schema json.RawMessage, pairs []string) (json.RawMessage, error) {
	form, err := NewForm(schema)
	if err != nil {
		return nil, err
	}
	if err := form.ApplyKeyValues(pairs); err != nil {
		return nil, err
	}
	args, errs := form.Arguments()
	if len(errs) > 0 {
		return nil, &ArgumentsError{Problems: errs}
	}
	return args, nil
}

// An ArgumentsError lists the problems that stop arguments being built.
type ArgumentsError struct {
	Problems []FieldError
}

func (e *ArgumentsError) Error() string { return joinProblems("invalid arguments", e.Problems) }

// Say is the error as a keyed message.
func (e *ArgumentsError) Say() say.Msg { return headedProblems("invalid arguments", e.Problems) }

// MessageKey and MessageArgs are Say's, for the front ends.
func (e *ArgumentsError) MessageKey() string          { return e.Say().Key }
func (e *ArgumentsError) MessageArgs() map[string]any { return e.Say().Args }

// A LoadError lists the values Load kept as raw JSON because they do not fit
// the schema. The form still holds them (Arguments gives them back).
type LoadError struct {
	Kept []FieldError
}

func (e *LoadError) Error() string {
	return joinProblems("some values do not fit the form and were kept as raw JSON", e.Kept)
}

// Say is the error as a keyed message.
func (e *LoadError) Say() say.Msg {
	return headedProblems("some values do not fit the form and were kept as raw JSON", e.Kept)
}

// MessageKey and MessageArgs are Say's, for the front ends.
func (e *LoadError) MessageKey() string          { return e.Say().Key }
func (e *LoadError) MessageArgs() map[string]any { return e.Say().Args }

// A KeyValueError lists the command-line pairs that could not be applied.
type KeyValueError struct {
	Problems []FieldError
}

func (e *KeyValueError) Error() string {
	return joinProblems("cannot use the arguments given", e.Problems)
}

// Say is the error as a keyed message.
func (e *KeyValueError) Say() say.Msg {
	return headedProblems("cannot use the arguments given", e.Problems)
}

// MessageKey and MessageArgs are Say's, for the front ends.
func (e *KeyValueError) MessageKey() string          { return e.Say().Key }
func (e *KeyValueError) MessageArgs() map[string]any { return e.Say().Args }

// Path returns the field's path in the form (see FieldError.Path). It changes
// when array items are moved or entries renamed.
func (fd *Field) Path() string { return fd.path() }

// Parent returns the field that contains this one, or nil for the root.
func (fd *Field) Parent() *Field { return fd.parent }

// Index returns the position of an array item in its array, or -1 for any
// other field.
func (fd *Field) Index() int { return fd.index() }

// IsEntry reports whether the field is a free key/value entry of its parent
// object (rather than a declared property), whose key can be renamed.
func (fd *Field) IsEntry() bool { return fd.entry }

// Children returns the fields inside this one, in display order: an Object's
// properties then its entries, a KeyValue's entries, an Array's items, a
// Variant's chosen form. It is empty for other kinds, and for a collapsed
// object (see Collapsed). The slice must not be modified.
func (fd *Field) Children() []*Field { return fd.children() }

// Hint returns a one-line help text built from the field's type, format,
// limits and examples, such as "whole number from 1 to 10, e.g. 5".
func (fd *Field) Hint() string { return fd.hint() }

// IsSet reports whether the field contributes a value to the arguments.
// Empty optional fields are not set.
func (fd *Field) IsSet() bool { return fd.isSet() }

// Value returns the field's current JSON value and whether it has one,
// without checking it. A set Object returns its set children only.
func (fd *Field) Value() (json.RawMessage, bool) { return fd.value() }

// Text returns the text of a String, Number, Integer or RawJSON field, or of
// a field kept raw (IsRaw); "" for others.
func (fd *Field) Text() string { return fd.state.text }

// SetText sets the text of a String, Number, Integer or RawJSON field, or of
// a field kept raw. Setting "" makes the field empty (not sent; reported if
// required); an empty string loaded by Load or given as "name=" on the
// command line is sent as "". For other
// kinds it returns an error. The text is not checked here: Problem and
// Validate say what is wrong with it, so the window can show the message
// while the person types.
func (fd *Field) SetText(text string) error {
	fd.form.fresh()
	return fd.setText(text)
}

// Bool returns a Boolean field's value and whether it is set. A checkbox
// cannot show "not set", so a required Boolean starts set to false.
func (fd *Field) Bool() (value, set bool) { return fd.state.boolean, fd.state.set }

// SetBool sets a Boolean field.
func (fd *Field) SetBool(value bool) error { return fd.setBool(value) }

// Choice returns the index in Options of the chosen option of an Enum,
// Const or Variant field, or -1 when none is chosen.
func (fd *Field) Choice() int { return fd.choice() }

// SetChoice chooses Options[i] of an Enum, Const or Variant field; -1
// clears the choice. Choosing a Variant builds that variant's form (keeping
// values of same-named properties from the previous variant).
func (fd *Field) SetChoice(i int) error {
	fd.form.fresh()
	return fd.setChoice(i)
}

// Choices returns the indexes in Options chosen in a MultiEnum field, in the
// order they will be sent.
func (fd *Field) Choices() []int { return append([]int(nil), fd.state.choices...) }

// SetChoices sets the chosen options of a MultiEnum field, in order.
func (fd *Field) SetChoices(indexes []int) error {
	fd.form.fresh()
	return fd.setChoices(indexes)
}

// Chosen returns the form of a Variant field's chosen option, or nil.
func (fd *Field) Chosen() *Field { return fd.state.chosen }

// IsNull reports whether the field is set to JSON null.
func (fd *Field) IsNull() bool { return fd.state.null }

// SetNull sets a Nullable (or Null) field to JSON null.
func (fd *Field) SetNull() error { return fd.setNull() }

// Clear empties the field and everything inside it: it is then not set, so
// an optional field is omitted from the arguments. Array items and entries
// are removed.
func (fd *Field) Clear() { fd.clear(); fd.changed(fd) }

// Reset puts the field and everything inside it back as the form was
// built: defaults filled in, nothing else.
func (fd *Field) Reset() {
	fd.form.fresh()
	fd.reset()
	fd.changed(fd)
}

// AddItem appends a new item to an Array field, filled with the item
// schema's default, and returns it. It fails when MaxItems is reached.
func (fd *Field) AddItem() (*Field, error) {
	fd.form.fresh()
	return fd.addItem()
}

// RemoveItem removes item i of an Array field.
func (fd *Field) RemoveItem(i int) error { return fd.removeItem(i) }

// MoveItem moves item from to position to of an Array field.
func (fd *Field) MoveItem(from, to int) error { return fd.moveItem(from, to) }

// AllowsEntries reports whether the window should offer to add free
// key/value entries to this Object or KeyValue field.
func (fd *Field) AllowsEntries() bool { return fd.allowsEntries() }

// AddEntry adds a free key/value entry to an Object or KeyValue field and
// returns the entry's value field. It fails for an empty key, a key already
// used, or when the schema allows no such key.
func (fd *Field) AddEntry(key string) (*Field, error) {
	fd.form.fresh()
	return fd.addEntry(key)
}

// RemoveEntry removes the entry with that key.
func (fd *Field) RemoveEntry(key string) error { return fd.removeEntry(key) }

// RenameEntry changes an entry's key, keeping its value.
func (fd *Field) RenameEntry(oldKey, newKey string) error {
	fd.form.fresh()
	return fd.renameEntry(oldKey, newKey)
}

// Collapsed reports whether an Object field's properties are not built yet.
// Recursive schemas (a tree node whose children are tree nodes) would expand
// forever, so an optional object met again inside itself, or nested very
// deeply, starts collapsed; Expand builds it when the person opens it.
func (fd *Field) Collapsed() bool { return fd.state.collapsed }

// Expand builds the properties of a collapsed Object field.
func (fd *Field) Expand() {
	fd.form.fresh()
	fd.expand()
}

// IsRaw reports whether the field's value is edited as raw JSON text: always
// for RawJSON fields, and for other fields after SetRaw or when Load kept a
// value that did not fit.
func (fd *Field) IsRaw() bool { return fd.Kind == RawJSON || fd.state.raw }

// SetRaw switches the field to raw JSON editing, with text as its value
// (usually the JSON of Value, for the window's raw toggle).
func (fd *Field) SetRaw(text string) { fd.setRaw(text) }

// UseForm switches a field back from raw JSON to its form, loading the raw
// text into it. When the text does not fit the schema the field stays raw and
// the error says why.
func (fd *Field) UseForm() error {
	fd.form.fresh()
	return fd.useForm()
}

// Problem returns the first problem with this field's own value (not its
// children's), or "" if there is none, for the message under its widget.
func (fd *Field) Problem() string {
	fd.form.fresh()
	return fd.problem()
}

// Validate returns every problem in this field and the fields inside it.
func (fd *Field) Validate() []FieldError {
	fd.form.fresh()
	return fd.validate()
}

func joinProblems(head string, problems []FieldError) string {
	var b strings.Builder
	b.WriteString(head)
	for i, p := range problems {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(p.Error())
	}
	return b.String()
}

// fresh starts the work bounds of one operation on the form.
func (f *Form) fresh() {
	f.steps = loadBudget
	f.built = 0
}
