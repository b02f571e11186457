package schema

import (
	"math/big"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"mcpbrowser/mcp/say"
)

// A compiler turns schema documents into shapes: what kind of field a schema
// part makes, with its options, limits and sub-schemas. Shapes are made on
// demand, when a field needs one, and cached per schema node, so a recursive
// schema costs one shape per node however deep the form grows.
type compiler struct {
	root    *jsonValue
	rootID  string
	ids     map[string]*jsonValue // $anchor and $id values found in the document
	shapes  map[*jsonValue]*shape
	budget  int // merge steps left for the shape being made
	nesting int // shapes being made inside each other right now
}

// Bounds that keep hostile or mistaken schemas finite.
const (
	maxShapeNesting = 48   // shapes made inside each other (oneOf of oneOf …)
	maxMergeDepth   = 32   // $ref/allOf followed inside each other while merging
	mergeBudget     = 4000 // merge steps per shape: allOf trees can grow exponentially
)

// A shape is a schema part understood as a field. It holds no values.
type shape struct {
	kind Kind
	node *jsonValue // the effective schema: refs and allOf merged in
	// origin is the schema node the shape stands for: the target of its
	// $ref, if it has one. Fields compare origins to spot recursion.
	origin *jsonValue

	title, description string
	nullable           bool
	readOnly           bool
	writeOnly          bool
	deprecated         bool
	def                *jsonValue
	examples           []*jsonValue
	format             string
	limits             Limits
	notes              []say.Msg

	// exact limits for checking
	minimum, maximum, multipleOf *big.Rat
	pattern                      *regexp.Regexp

	// Enum, MultiEnum, Const, Variant
	options      []Option
	optionValues []*jsonValue // nil for Variant
	variants     []*jsonValue // schema of each Variant option

	// Object and KeyValue
	props           []propSchema
	required        map[string]bool
	offerEntries    bool          // the window offers "add key"
	forbidEntries   bool          // additionalProperties: false
	entrySchema     *jsonValue    // schema of free entries; nil means any value
	patternEntries  []patternRule // patternProperties
	requiredMissing []string      // required names with no property schema

	// Array and MultiEnum
	items *jsonValue // schema of every item; nil means any value
}

type propSchema struct {
	name   string
	schema *jsonValue
}

type patternRule struct {
	re     *regexp.Regexp
	schema *jsonValue
}

func (s *shape) note(m say.Msg) {
	s.notes = append(s.notes, m)
}

func newCompiler(root *jsonValue) *compiler {
	c := &compiler{root: root, shapes: map[*jsonValue]*shape{}}
	c.rootID = root.str("$id")
	return c
}

var anySchema = &jsonValue{kind: jsonObject, keys: []string{}, values: []*jsonValue{}}

// shapeOf returns the shape of a schema node (nil means any value).
func (c *compiler) shapeOf(node *jsonValue) *shape {
	if node == nil {
		node = anySchema
	}
	if s, ok := c.shapes[node]; ok {
		return s
	}
	c.budget = mergeBudget
	s := c.build(node)
	s.origin = c.origin(node)
	c.shapes[node] = s
	return s
}

// origin follows $ref from node as far as it goes.
func (c *compiler) origin(node *jsonValue) *jsonValue {
	for range maxMergeDepth {
		ref := node.get("$ref")
		if ref == nil || ref.kind != jsonString {
			break
		}
		target, err := c.resolveRef(ref.text)
		if err != nil {
			break
		}
		node = target
	}
	return node
}

// build makes the shape of node, whatever it is.
func (c *compiler) build(node *jsonValue) *shape {
	switch node.kind {
	case jsonBool:
		if node.boolean {
			return c.classify(anySchema)
		}
		s := rawShape(node)
		s.note(say.Text("The schema accepts no value here."))
		return s
	case jsonObject:
	default:
		s := rawShape(node)
		s.note(say.New("This part of the schema is {{.Kind}}, not a schema, so the form cannot understand it.", say.Args{"Kind": valueWord(node.kind.String())}))
		return s
	}
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
		s.title, s.description = node.str("title"), node.str("description")
		s.note(fatal)
		return s
	}
	s := c.classify(eff)
	s.notes = append(notes, s.notes...)
	return s
}

func rawShape(node *jsonValue) *shape {
	return &shape{kind: RawJSON, node: node}
}

// flatten follows $ref and merges allOf, so that the result describes the
// value on its own. It returns remarks about what could not be merged, and a
// fatal reason when the node cannot be understood at all.
func (c *compiler) flatten(node *jsonValue, depth int) (*jsonValue, []say.Msg, say.Msg) {
	if node.kind == jsonBool {
		if node.boolean {
			return anySchema, nil, say.Msg{}
		}
		return nil, nil, say.Text("The schema accepts no value here.")
	}
	if node.kind != jsonObject {
		return nil, nil, say.New("This part of the schema is {{.Kind}}, not a schema.", say.Args{"Kind": valueWord(node.kind.String())})
	}
	ref, allOf := node.get("$ref"), node.get("allOf")
	if ref == nil && allOf == nil {
		return node, nil, say.Msg{}
	}
	c.budget--
	if depth >= maxMergeDepth || c.budget < 0 {
		return nil, nil, say.Text("This part of the schema refers to itself (through $ref or allOf) without nesting, or is too complex, so it cannot be shown as a form.")
	}
	out := node.without("$ref", "allOf")
	var members []*jsonValue
	if ref != nil {
		if ref.kind != jsonString {
			return nil, nil, say.Text("Its $ref is not a text reference.")
		}
		target, err := c.resolveRef(ref.text)
		if err != nil {
			return nil, nil, msgOf(err)
		}
		members = append(members, target)
	}
	if allOf != nil {
		if allOf.kind != jsonArray {
			return nil, nil, say.Text("Its allOf is not a list of schemas.")
		}
		members = append(members, allOf.items...)
	}
	var notes []say.Msg
	for _, m := range members {
		fm, more, fatal := c.flatten(m, depth+1)
		if !fatal.IsZero() {
			return nil, nil, fatal
		}
		notes = append(notes, more...)
		notes = append(notes, mergeSchema(out, fm)...)
	}
	return out, notes, say.Msg{}
}

// resolveRef finds the schema a local reference points to.
func (c *compiler) resolveRef(ref string) (*jsonValue, error) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok && c.rootID != "" {
		if rest, ok2 := strings.CutPrefix(ref, c.rootID); ok2 {
			frag, ok = strings.CutPrefix(rest, "#")
			if rest == "" {
				frag, ok = "", true
			}
		}
	}
	if !ok {
		if target := c.idTarget(ref); target != nil {
			return target, nil
		}
		return nil, say.Error("It refers to {{.Ref}}, which is outside this schema; the form cannot fetch other documents.", say.Args{"Ref": strconv.Quote(ref)})
	}
	if unescaped, err := url.PathUnescape(frag); err == nil {
		frag = unescaped
	}
	if frag == "" {
		return c.root, nil
	}
	if !strings.HasPrefix(frag, "/") {
		if target := c.idTarget(frag); target != nil {
			return target, nil
		}
		return nil, say.Error("It refers to the anchor {{.Anchor}}, which this schema does not define.", say.Args{"Anchor": strconv.Quote(frag)})
	}
	node := c.root
	for _, seg := range strings.Split(frag[1:], "/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		var next *jsonValue
		switch node.kind {
		case jsonObject:
			next = node.get(seg)
		case jsonArray:
			if i, err := strconv.Atoi(seg); err == nil && i >= 0 && i < len(node.items) {
				next = node.items[i]
			}
		}
		if next == nil {
			return nil, say.Error("It refers to {{.Ref}}, which does not exist in this schema.", say.Args{"Ref": strconv.Quote(ref)})
		}
		node = next
	}
	return node, nil
}

// idTarget finds a sub-schema by its $anchor or $id.
func (c *compiler) idTarget(name string) *jsonValue {
	if c.ids == nil {
		c.ids = map[string]*jsonValue{}
		var walk func(v *jsonValue, depth int)
		walk = func(v *jsonValue, depth int) {
			if depth > maxJSONDepth {
				return
			}
			switch v.kind {
			case jsonObject:
				for _, key := range []string{"$anchor", "$id", "id"} {
					if id := v.str(key); id != "" {
						if _, dup := c.ids[id]; !dup {
							c.ids[id] = v
						}
					}
				}
				for _, m := range v.values {
					walk(m, depth+1)
				}
			case jsonArray:
				for _, m := range v.items {
					walk(m, depth+1)
				}
			}
		}
		walk(c.root, 0)
	}
	if v, ok := c.ids[name]; ok {
		return v
	}
	if c.rootID != "" {
		// "$ref": "item.json" against an "$id": "https://x/item.json"
		if base, err := url.Parse(c.rootID); err == nil {
			if abs, err := base.Parse(name); err == nil {
				return c.ids[abs.String()]
			}
		}
	}
	return nil
}

// mergeSchema merges the keywords of m into out (both flat schema objects)
// so that out describes values that satisfy both. It returns remarks about
// keywords it could not combine.
func mergeSchema(out, m *jsonValue) []say.Msg {
	var notes []say.Msg
	for i, key := range m.keys {
		val := m.values[i]
		cur := out.get(key)
		if cur == nil {
			if key != "$defs" && key != "definitions" && key != "$id" && key != "$schema" {
				out.set(key, val)
			}
			continue
		}
		merged, note := mergeKeyword(key, cur, val)
		if merged != nil {
			out.set(key, merged)
		}
		if !note.IsZero() {
			notes = append(notes, note)
		}
	}
	return notes
}

// mergeKeyword combines a keyword both schemas have, cur in the merge so far
// and val in the next part: the value to keep (nil leaves cur) and a remark
// when the two cannot be combined.
func mergeKeyword(key string, cur, val *jsonValue) (*jsonValue, say.Msg) {
	switch key {
	case "properties":
		return mergeProperties(cur, val), say.Msg{}
	case "required":
		return mergeRequired(cur, val), say.Msg{}
	case "type":
		return mergeTypes(cur, val)
	case "enum":
		return mergeEnum(cur, val), say.Msg{}
	case "minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties":
		if stricter(val, cur, 1) {
			return val, say.Msg{}
		}
	case "maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties":
		if stricter(val, cur, -1) {
			return val, say.Msg{}
		}
	case "additionalProperties", "items":
		return mergeSubschema(cur, val), say.Msg{}
	case "uniqueItems", "readOnly", "writeOnly", "deprecated":
		if val.kind == jsonBool && val.boolean {
			return val, say.Msg{}
		}
	case "oneOf", "anyOf", "pattern", "const", "not", "if", "multipleOf", "format":
		if !equalJSON(cur, val) {
			return nil, say.New("Its allOf has more than one {{.Key}}; the form uses the first, and the final check applies all.", say.Args{"Key": strconv.Quote(key)})
		}
	}
	return nil, say.Msg{}
}

// mergeProperties puts both parts' properties together; one both have must
// satisfy both definitions.
func mergeProperties(cur, val *jsonValue) *jsonValue {
	if cur.kind != jsonObject || val.kind != jsonObject {
		return nil
	}
	merged := cur.cloneObject()
	for j, name := range val.keys {
		if prev := merged.get(name); prev != nil {
			merged.set(name, allOfNode(prev, val.values[j]))
		} else {
			merged.set(name, val.values[j])
		}
	}
	return merged
}

// mergeRequired is the union of both required lists.
func mergeRequired(cur, val *jsonValue) *jsonValue {
	if cur.kind != jsonArray || val.kind != jsonArray {
		return nil
	}
	merged := &jsonValue{kind: jsonArray, items: append([]*jsonValue{}, cur.items...)}
	for _, r := range val.items {
		if !containsJSON(merged.items, r) {
			merged.items = append(merged.items, r)
		}
	}
	return merged
}

// mergeTypes keeps the types both parts allow (an integer is a number).
func mergeTypes(cur, val *jsonValue) (*jsonValue, say.Msg) {
	a, b := typeList(cur), typeList(val)
	var both []*jsonValue
	for _, t := range a {
		if containsString(b, t) || (t == "integer" && containsString(b, "number")) {
			both = append(both, &jsonValue{kind: jsonString, text: t})
		} else if t == "number" && containsString(b, "integer") {
			both = append(both, &jsonValue{kind: jsonString, text: "integer"})
		}
	}
	if len(both) == 0 {
		return &jsonValue{kind: jsonArray, items: []*jsonValue{{kind: jsonString, text: "null"}}},
			say.Text("Parts of its allOf ask for different types, so no value can satisfy it.")
	}
	return &jsonValue{kind: jsonArray, items: both}, say.Msg{}
}

// mergeEnum keeps the values both enums list.
func mergeEnum(cur, val *jsonValue) *jsonValue {
	if cur.kind != jsonArray || val.kind != jsonArray {
		return nil
	}
	common := &jsonValue{kind: jsonArray, items: []*jsonValue{}}
	for _, e := range cur.items {
		if containsJSON(val.items, e) {
			common.items = append(common.items, e)
		}
	}
	return common
}

// mergeSubschema combines two "items" or "additionalProperties": false
// wins, otherwise a value must satisfy both.
func mergeSubschema(cur, val *jsonValue) *jsonValue {
	if cur.kind == jsonBool && !cur.boolean {
		return nil
	}
	if val.kind == jsonBool && !val.boolean {
		return val
	}
	return allOfNode(cur, val)
}

func allOfNode(a, b *jsonValue) *jsonValue {
	return &jsonValue{kind: jsonObject, keys: []string{"allOf"},
		values: []*jsonValue{{kind: jsonArray, items: []*jsonValue{a, b}}}}
}

// stricter reports whether number a is a stricter bound than b: greater
// when sign is 1, smaller when -1.
func stricter(a, b *jsonValue, sign int) bool {
	if a.kind != jsonNumber || b.kind != jsonNumber {
		return false
	}
	x, okx := parseRat(a.text)
	y, oky := parseRat(b.text)
	return okx && oky && x.Cmp(y) == sign
}

func containsJSON(list []*jsonValue, v *jsonValue) bool {
	for _, item := range list {
		if equalJSON(item, v) {
			return true
		}
	}
	return false
}

func containsString(list []string, s string) bool {
	for _, item := range list {
		if item == s {
			return true
		}
	}
	return false
}

// typeList reads "type" as a list of names.
func typeList(t *jsonValue) []string {
	switch t.kind {
	case jsonString:
		return []string{t.text}
	case jsonArray:
		var out []string
		for _, item := range t.items {
			if item.kind == jsonString && !containsString(out, item.text) {
				out = append(out, item.text)
			}
		}
		return out
	}
	return nil
}
