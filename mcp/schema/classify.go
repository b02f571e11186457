package schema

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"mcpbrowser/mcp/say"
)

// Classifying: which kind of field a flat schema makes, and the options,
// limits and sub-schemas that kind needs.

// unsupported lists keywords the form does not turn into inputs. They are
// still applied by the final check, and the field's Note says so.
var unsupported = []string{
	"not", "if", "dependentRequired", "dependentSchemas", "dependencies",
	"contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems",
	"$dynamicRef",
}

// classify decides the kind of a flat schema object (no $ref, no allOf).
func (c *compiler) classify(eff *jsonValue) *shape {
	s := &shape{node: eff}
	s.title = eff.str("title")
	s.description = eff.str("description")
	s.readOnly = eff.flag("readOnly")
	s.writeOnly = eff.flag("writeOnly")
	s.deprecated = eff.flag("deprecated")
	s.def = eff.get("default")
	s.format = eff.str("format")
	if ex := eff.get("examples"); ex != nil && ex.kind == jsonArray {
		s.examples = ex.items
	} else if ex := eff.get("example"); ex != nil {
		s.examples = []*jsonValue{ex}
	}
	for _, key := range unsupported {
		if eff.has(key) {
			s.note(say.New("The form does not check {{.Key}}; the final check before sending does.", say.Args{"Key": strconv.Quote(key)}))
		}
	}

	switch {
	case eff.has("const"):
		c.classifyConst(s, eff)
	case eff.has("enum"):
		c.classifyEnum(s, eff)
	case eff.has("oneOf") || eff.has("anyOf"):
		c.classifyUnion(s, eff)
	case eff.has("type"):
		c.classifyType(s, eff)
	default:
		c.classifyByKeywords(s, eff)
	}
	return s
}

func (c *compiler) classifyConst(s *shape, eff *jsonValue) {
	v := eff.get("const")
	s.kind = Const
	label := s.title
	if label == "" {
		label = plainJSON(v)
	}
	s.options = []Option{{Label: label, Value: v.marshal(), Description: s.description}}
	s.optionValues = []*jsonValue{v}
}

func (c *compiler) classifyEnum(s *shape, eff *jsonValue) {
	enum := eff.get("enum")
	if enum.kind != jsonArray || len(enum.items) == 0 {
		s.kind = RawJSON
		s.note(say.Text("Its enum is empty or not a list, so no value can be chosen."))
		return
	}
	names := eff.get("enumNames")
	if names == nil {
		names = eff.get("x-enumNames")
	}
	s.kind = Enum
	for i, v := range enum.items {
		label := plainJSON(v)
		if v.kind == jsonNull {
			label = "(null)"
		}
		if names != nil && names.kind == jsonArray && i < len(names.items) && names.items[i].kind == jsonString {
			label = names.items[i].text
		}
		s.options = append(s.options, Option{Label: label, Value: v.marshal()})
		s.optionValues = append(s.optionValues, v)
	}
}

// classifyUnion handles oneOf/anyOf: a nullable union, a titled choice list,
// or a choice of shapes.
func (c *compiler) classifyUnion(s *shape, eff *jsonValue) {
	key := "oneOf"
	if !eff.has(key) {
		key = "anyOf"
	} else if eff.has("anyOf") {
		s.note(say.Text("It has both oneOf and anyOf; the form offers the oneOf choices, and the final check applies both."))
	}
	list := eff.get(key)
	if list.kind != jsonArray || len(list.items) == 0 {
		s.kind = RawJSON
		s.note(say.New("Its {{.Key}} is not a list of schemas.", say.Args{"Key": key}))
		return
	}
	base := eff.without("oneOf", "anyOf", "title", "description", "default", "examples")
	var branches []*jsonValue
	for _, b := range list.items {
		fb, _, fatal := c.flatten(b, 0)
		if !fatal.IsZero() {
			branches = append(branches, b) // becomes a raw variant with the note
			continue
		}
		if isNullSchema(fb) {
			s.nullable = true
			continue
		}
		branches = append(branches, fb)
	}
	switch {
	case len(branches) == 0:
		s.kind, s.nullable = Null, false
		return
	case allConstant(branches):
		s.kind = Enum
		for _, b := range branches {
			v := b.get("const")
			if v == nil {
				v = b.get("enum").items[0]
			}
			label := b.str("title")
			if label == "" {
				label = plainJSON(v)
			}
			s.options = append(s.options, Option{Label: label, Value: v.marshal(), Description: b.str("description")})
			s.optionValues = append(s.optionValues, v)
		}
		return
	case len(branches) == 1:
		// One real branch (plus null): the field is that branch, with the
		// outer title, description and default.
		merged := eff.without(key)
		if key == "oneOf" {
			merged = merged.without("anyOf")
		}
		notes := mergeSchema(merged, branches[0])
		inner := c.nested(merged)
		nullable := s.nullable || inner.nullable
		*s = *inner
		s.nullable = nullable
		s.notes = append(notes, s.notes...)
		return
	}
	s.kind = Variant
	for i, b := range branches {
		v := b
		if len(base.keys) > 0 && b.kind == jsonObject {
			v = base.cloneObject()
			mergeSchema(v, b)
		}
		s.variants = append(s.variants, v)
		s.options = append(s.options, Option{Label: variantLabel(b, i), Description: b.str("description")})
	}
}

// nested classifies a schema made while classifying another, with the same
// bound on nesting as shapeOf.
func (c *compiler) nested(node *jsonValue) *shape {
	if c.nesting >= maxShapeNesting {
		s := rawShape(node)
		s.note(say.Text("This part of the schema nests or refers to itself too deeply to show as a form."))
		return s
	}
	c.nesting++
	defer func() { c.nesting-- }()
	eff, notes, fatal := c.flatten(node, 0)
	if !fatal.IsZero() {
		s := rawShape(node)
		s.note(fatal)
		return s
	}
	s := c.classify(eff)
	s.notes = append(notes, s.notes...)
	return s
}

func isNullSchema(b *jsonValue) bool {
	if t := b.get("type"); t != nil {
		types := typeList(t)
		return len(types) == 1 && types[0] == "null"
	}
	if v := b.get("const"); v != nil {
		return v.kind == jsonNull
	}
	if e := b.get("enum"); e != nil && e.kind == jsonArray && len(e.items) == 1 {
		return e.items[0].kind == jsonNull
	}
	return false
}

func allConstant(branches []*jsonValue) bool {
	for _, b := range branches {
		if b.kind != jsonObject {
			return false
		}
		if b.has("const") {
			continue
		}
		if e := b.get("enum"); e != nil && e.kind == jsonArray && len(e.items) == 1 {
			continue
		}
		return false
	}
	return true
}

// variantLabel names a choice of shape: its title, the value of a
// discriminating constant property, its type, or its position.
func variantLabel(b *jsonValue, i int) string {
	if t := b.str("title"); t != "" {
		return t
	}
	if props := b.get("properties"); props != nil && props.kind == jsonObject {
		for _, p := range props.values {
			if v := p.get("const"); v != nil {
				return plainJSON(v)
			}
			if e := p.get("enum"); e != nil && e.kind == jsonArray && len(e.items) == 1 {
				return plainJSON(e.items[0])
			}
		}
		if req := b.get("required"); req != nil && req.kind == jsonArray && len(req.items) > 0 {
			var names []string
			for _, r := range req.items {
				if r.kind == jsonString {
					names = append(names, r.text)
				}
			}
			if len(names) > 0 {
				return "with " + strings.Join(names, ", ")
			}
		}
	}
	if t := b.get("type"); t != nil {
		if types := typeList(t); len(types) == 1 {
			return typeWord(types[0])
		}
	}
	if r := b.str("$ref"); r != "" {
		return r[strings.LastIndex(r, "/")+1:]
	}
	return fmt.Sprintf("Option %d", i+1)
}

func typeWord(t string) string {
	switch t {
	case "string":
		return "text"
	case "integer":
		return "whole number"
	case "number":
		return "number"
	case "boolean":
		return "true or false"
	case "array":
		return "list"
	case "object":
		return "object"
	case "null":
		return "null"
	}
	return t
}

func (c *compiler) classifyType(s *shape, eff *jsonValue) {
	t := eff.get("type")
	types := typeList(t)
	if len(types) == 0 {
		s.kind = RawJSON
		s.note(say.Text("Its type is not a type name or a list of type names."))
		return
	}
	var real []string
	for _, name := range types {
		if name == "null" {
			s.nullable = true
		} else {
			real = append(real, name)
		}
	}
	if containsString(real, "number") && containsString(real, "integer") {
		var kept []string
		for _, name := range real {
			if name != "integer" {
				kept = append(kept, name)
			}
		}
		real = kept
	}
	switch len(real) {
	case 0:
		s.kind, s.nullable = Null, false
		return
	case 1:
		c.classifySingle(s, eff, real[0])
		return
	}
	s.kind = Variant
	for _, name := range real {
		v := eff.without("type", "title", "description", "default", "examples")
		v.set("type", &jsonValue{kind: jsonString, text: name})
		s.variants = append(s.variants, v)
		s.options = append(s.options, Option{Label: typeWord(name)})
	}
}

func (c *compiler) classifyByKeywords(s *shape, eff *jsonValue) {
	has := func(keys ...string) bool {
		for _, k := range keys {
			if eff.has(k) {
				return true
			}
		}
		return false
	}
	switch {
	case has("properties", "additionalProperties", "required", "patternProperties", "minProperties", "maxProperties"):
		c.classifySingle(s, eff, "object")
	case has("items", "prefixItems", "minItems", "maxItems", "uniqueItems"):
		c.classifySingle(s, eff, "array")
	case has("minLength", "maxLength", "pattern") || (s.format != "" && formatHints[s.format].placeholder != ""):
		c.classifySingle(s, eff, "string")
	case has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		c.classifySingle(s, eff, "number")
	default:
		s.kind = RawJSON // any JSON value: no note, nothing was lost
	}
}

func (c *compiler) classifySingle(s *shape, eff *jsonValue, typ string) {
	switch typ {
	case "string":
		s.kind = String
		c.stringLimits(s, eff)
	case "number":
		s.kind = Number
		c.numberLimits(s, eff)
	case "integer":
		s.kind = Integer
		c.numberLimits(s, eff)
	case "boolean":
		s.kind = Boolean
	case "null":
		s.kind = Null
	case "object":
		c.classifyObject(s, eff)
	case "array":
		c.classifyArray(s, eff)
	default:
		s.kind = RawJSON
		s.note(say.New("Its type {{.Type}} is not a JSON Schema type.", say.Args{"Type": strconv.Quote(typ)}))
	}
}

func (c *compiler) stringLimits(s *shape, eff *jsonValue) {
	var ok1, ok2 bool
	s.limits.MinLength, ok1 = eff.count("minLength")
	s.limits.MaxLength, ok2 = eff.count("maxLength")
	if !ok1 || !ok2 {
		s.note(lengthNote("minLength", "maxLength"))
	}
	if p := eff.str("pattern"); p != "" {
		s.limits.Pattern = p
		re, err := regexp.Compile(p)
		if err != nil {
			s.note(say.New("Its pattern {{.Pattern}} uses syntax this program cannot check, so the pattern is not checked.", say.Args{"Pattern": strconv.Quote(p)}))
		} else {
			s.pattern = re
		}
	}
}

func (c *compiler) numberLimits(s *shape, eff *jsonValue) {
	read := func(key string) (text string, r *big.Rat) {
		v := eff.get(key)
		if v == nil || v.kind != jsonNumber {
			if v != nil && v.kind != jsonBool {
				s.note(say.New("Its {{.Key}} is not a number, so it is not checked here.", say.Args{"Key": key}))
			}
			return "", nil
		}
		r, ok := parseRat(v.text)
		if !ok {
			s.note(say.New("Its {{.Key}} is too large to check.", say.Args{"Key": key}))
			return "", nil
		}
		return v.text, r
	}
	var text string
	text, s.minimum = read("minimum")
	s.limits.Minimum = jsonNumberText(text)
	text, s.maximum = read("maximum")
	s.limits.Maximum = jsonNumberText(text)
	// Draft 4 writes exclusiveMinimum: true next to minimum; later drafts
	// write the bound itself.
	if ex := eff.get("exclusiveMinimum"); ex != nil {
		if ex.kind == jsonBool {
			s.limits.MinimumExclusive = ex.boolean && s.minimum != nil
		} else if t, r := read("exclusiveMinimum"); r != nil && (s.minimum == nil || r.Cmp(s.minimum) >= 0) {
			s.minimum, s.limits.Minimum, s.limits.MinimumExclusive = r, jsonNumberText(t), true
		}
	}
	if ex := eff.get("exclusiveMaximum"); ex != nil {
		if ex.kind == jsonBool {
			s.limits.MaximumExclusive = ex.boolean && s.maximum != nil
		} else if t, r := read("exclusiveMaximum"); r != nil && (s.maximum == nil || r.Cmp(s.maximum) <= 0) {
			s.maximum, s.limits.Maximum, s.limits.MaximumExclusive = r, jsonNumberText(t), true
		}
	}
	text, s.multipleOf = read("multipleOf")
	if s.multipleOf != nil && s.multipleOf.Sign() <= 0 {
		s.note(say.Text("Its multipleOf is not positive, so it is not checked."))
		text, s.multipleOf = "", nil
	}
	s.limits.MultipleOf = jsonNumberText(text)
}

func (c *compiler) classifyObject(s *shape, eff *jsonValue) {
	s.kind = Object
	s.required = map[string]bool{}
	if req := eff.get("required"); req != nil {
		if req.kind != jsonArray {
			s.note(say.Text("Its required is not a list of names, so nothing is marked required."))
		} else {
			for _, r := range req.items {
				if r.kind == jsonString {
					s.required[r.text] = true
				}
			}
		}
	}
	if props := eff.get("properties"); props != nil {
		if props.kind != jsonObject {
			s.note(say.Text("Its properties is not an object, so no properties are shown."))
		} else {
			for i, name := range props.keys {
				s.props = append(s.props, propSchema{name: name, schema: props.values[i]})
			}
		}
	}
	if req := eff.get("required"); req != nil && req.kind == jsonArray {
		for _, r := range req.items {
			if r.kind == jsonString && !s.hasProp(r.text) && !containsString(s.requiredMissing, r.text) {
				s.requiredMissing = append(s.requiredMissing, r.text)
			}
		}
	}
	if pp := eff.get("patternProperties"); pp != nil && pp.kind == jsonObject {
		for i, p := range pp.keys {
			re, err := regexp.Compile(p)
			if err != nil {
				s.note(say.New("Its patternProperties key {{.Pattern}} uses syntax this program cannot check; such keys take any value.", say.Args{"Pattern": strconv.Quote(p)}))
				continue
			}
			s.patternEntries = append(s.patternEntries, patternRule{re: re, schema: pp.values[i]})
		}
	}
	switch ap := eff.get("additionalProperties"); {
	case ap == nil:
		// Allowed by JSON Schema, but a schema that lists properties
		// (even none: "properties": {}) rarely means "and anything
		// else": offer free keys only for a bare {"type": "object"}.
		// Extra keys loaded from JSON are kept all the same.
		s.offerEntries = !eff.has("properties")
	case ap.kind == jsonBool && !ap.boolean:
		s.forbidEntries = true
	case ap.kind == jsonBool:
		s.offerEntries = true
	case ap.kind == jsonObject:
		s.offerEntries = true
		if len(ap.keys) > 0 {
			s.entrySchema = ap
		}
	default:
		s.note(say.Text("Its additionalProperties is not a schema, so extra keys are not offered."))
	}
	if len(s.patternEntries) > 0 {
		s.offerEntries = true
	}
	if len(s.props) == 0 && s.offerEntries {
		s.kind = KeyValue
	}
	var ok1, ok2 bool
	s.limits.MinProperties, ok1 = eff.count("minProperties")
	s.limits.MaxProperties, ok2 = eff.count("maxProperties")
	if !ok1 || !ok2 {
		s.note(say.Text("Its minProperties or maxProperties is not a whole number, so it is not checked here."))
	}
}

func (s *shape) hasProp(name string) bool {
	for _, p := range s.props {
		if p.name == name {
			return true
		}
	}
	return false
}

// entryRule returns the schema for a free key of an object, and whether
// such a key is allowed at all.
func (s *shape) entryRule(key string) (*jsonValue, bool) {
	for _, p := range s.patternEntries {
		if p.re.MatchString(key) {
			return p.schema, true
		}
	}
	if s.forbidEntries {
		return nil, false
	}
	return s.entrySchema, true
}

func (c *compiler) classifyArray(s *shape, eff *jsonValue) {
	s.kind = Array
	var ok1, ok2 bool
	s.limits.MinItems, ok1 = eff.count("minItems")
	s.limits.MaxItems, ok2 = eff.count("maxItems")
	if !ok1 || !ok2 {
		s.note(lengthNote("minItems", "maxItems"))
	}
	s.limits.UniqueItems = eff.flag("uniqueItems")
	items := eff.get("items")
	if eff.has("prefixItems") || (items != nil && items.kind == jsonArray) {
		s.kind = RawJSON
		s.note(say.Text("It is a list with a fixed shape per position (a tuple), which is edited as raw JSON."))
		return
	}
	if items != nil && !(items.kind == jsonObject && len(items.keys) == 0) {
		s.items = items
	}
	if s.items != nil {
		if is := c.shapeOfNested(s.items); is.kind == Enum && !is.nullable {
			s.kind = MultiEnum
			s.options = is.options
			s.optionValues = is.optionValues
		}
	}
}

// shapeOfNested is shapeOf for a shape needed while another is being made:
// it keeps the merge budget of the outer one.
func (c *compiler) shapeOfNested(node *jsonValue) *shape {
	if s, ok := c.shapes[node]; ok {
		return s
	}
	s := c.build(node)
	s.origin = c.origin(node)
	c.shapes[node] = s
	return s
}

func jsonNumberText(s string) json.Number { return json.Number(s) }

// lengthNote says a length limit is not a whole number.
func lengthNote(min, max string) say.Msg {
	return say.New("Its {{.Min}} or {{.Max}} is not a whole number, so the length is not checked here.", say.Args{"Min": min, "Max": max})
}
