package openapi

import (
	"bytes"
	"cmp"
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// maxInlinedNodes bounds how many schema nodes one tool schema inlines before
// named schemas are emitted once under $defs and referred to. Without a bound,
// a document whose schemas share one another heavily (large public APIs do)
// expands exponentially when every $ref is copied in place.
const maxInlinedNodes = 5000

// maxSchemaDepth stops descent in schemas that nest without a named cycle that
// could be turned into a $ref.
const maxSchemaDepth = 64

// A schemaConverter turns resolved OpenAPI schemas into JSON Schema 2020-12
// values (the dialect MCP tool schemas use), for one tool schema at a time.
//
// References are inlined, so that a form builder sees plain nested schemas.
// Two things are kept as "$ref": "#/$defs/Name" instead, with Name defined
// once under the root's $defs: a schema that contains itself (a tree node, a
// linked list), and, past maxInlinedNodes, every named schema.
type schemaConverter struct {
	// request says which side of the exchange the schema describes:
	// readOnly properties are dropped from requests, writeOnly ones from
	// responses, as OpenAPI defines.
	request bool

	inlined   int
	expanding map[*openapi3.Schema]bool
	defName   map[*openapi3.Schema]string
	defs      map[string]any
}

func newSchemaConverter(request bool) *schemaConverter {
	return &schemaConverter{
		request:   request,
		expanding: map[*openapi3.Schema]bool{},
		defName:   map[*openapi3.Schema]string{},
		defs:      map[string]any{},
	}
}

// attachDefs adds the collected $defs to the root schema that holds the
// references to them.
func (c *schemaConverter) attachDefs(root map[string]any) {
	if len(c.defs) > 0 {
		root["$defs"] = c.defs
	}
}

// convert returns the JSON Schema for ref: a map[string]any, or a bool for
// the boolean schemas of OpenAPI 3.1.
func (c *schemaConverter) convert(ref *openapi3.SchemaRef, depth int) any {
	if ref == nil || ref.Value == nil {
		return map[string]any{}
	}
	s := ref.Value
	if s.Always != nil {
		return *s.Always
	}
	if name, ok := c.defName[s]; ok {
		// Already defined (or being defined) under $defs.
		return map[string]any{"$ref": "#/$defs/" + name}
	}
	if c.expanding[s] || (ref.Ref != "" && c.inlined > maxInlinedNodes) {
		return c.refToDef(ref)
	}
	if depth > maxSchemaDepth {
		return map[string]any{"description": "(nested too deeply to show)"}
	}
	c.inlined++
	c.expanding[s] = true
	out := c.convertValue(s, depth)
	delete(c.expanding, s)
	if name, ok := c.defName[s]; ok && c.defs[name] == nil {
		// s referred to itself while it was being expanded: the
		// expansion just made is the definition. A copy, since callers
		// add keywords (a parameter's description) to the inline one.
		c.defs[name] = maps.Clone(out)
	}
	return out
}

// refToDef names s under $defs and returns a reference to it, converting its
// definition now unless it is being converted further up the stack.
func (c *schemaConverter) refToDef(ref *openapi3.SchemaRef) any {
	s := ref.Value
	name := c.newDefName(ref.Ref)
	c.defName[s] = name
	c.defs[name] = nil // reserves the name; filled in below or by convert when s is done
	if !c.expanding[s] {
		c.expanding[s] = true
		c.defs[name] = c.convertValue(s, 0)
		delete(c.expanding, s)
	}
	return map[string]any{"$ref": "#/$defs/" + name}
}

var notDefNameChar = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// newDefName derives a $defs key from the $ref that named the schema
// ("#/components/schemas/Node" gives "Node"), unique within this schema.
func (c *schemaConverter) newDefName(ref string) string {
	base := ref[strings.LastIndex(ref, "/")+1:]
	base = notDefNameChar.ReplaceAllString(base, "_")
	if base == "" {
		base = "schema"
	}
	name := base
	for i := 2; ; i++ {
		if _, taken := c.defs[name]; !taken {
			return name
		}
		name = base + "_" + strconv.Itoa(i)
	}
}

// convertValue converts one schema object. The scalar keywords come from
// kin-openapi's own marshalling of the schema with its subschemas removed;
// the subschemas are then converted here, so that references are inlined.
func (c *schemaConverter) convertValue(s *openapi3.Schema, depth int) map[string]any {
	out := scalarKeywords(s)

	sub := func(r *openapi3.SchemaRef) any { return c.convert(r, depth+1) }
	subList := func(rs openapi3.SchemaRefs) []any {
		list := make([]any, 0, len(rs))
		for _, r := range rs {
			list = append(list, sub(r))
		}
		return list
	}
	subMap := func(m openapi3.Schemas) map[string]any {
		conv := make(map[string]any, len(m))
		for _, k := range slices.Sorted(maps.Keys(m)) {
			conv[k] = sub(m[k])
		}
		return conv
	}

	if len(s.OneOf) > 0 {
		out["oneOf"] = subList(s.OneOf)
	}
	if len(s.AnyOf) > 0 {
		out["anyOf"] = subList(s.AnyOf)
	}
	if len(s.AllOf) > 0 {
		out["allOf"] = subList(s.AllOf)
	}
	if len(s.PrefixItems) > 0 {
		out["prefixItems"] = subList(s.PrefixItems)
	}
	// Fixed order, so that $defs names do not depend on map iteration.
	for _, f := range []struct {
		key string
		ref *openapi3.SchemaRef
	}{
		{"not", s.Not}, {"items", s.Items}, {"contains", s.Contains}, {"propertyNames", s.PropertyNames},
		{"if", s.If}, {"then", s.Then}, {"else", s.Else}, {"contentSchema", s.ContentSchema},
	} {
		if f.ref != nil {
			out[f.key] = sub(f.ref)
		}
	}
	for _, f := range []struct {
		key string
		b   openapi3.BoolSchema
	}{
		{"additionalProperties", s.AdditionalProperties}, {"unevaluatedItems", s.UnevaluatedItems},
		{"unevaluatedProperties", s.UnevaluatedProperties},
	} {
		switch {
		case f.b.Schema != nil:
			out[f.key] = sub(f.b.Schema)
		case f.b.Has != nil:
			out[f.key] = *f.b.Has
		}
	}
	if len(s.PatternProperties) > 0 {
		out["patternProperties"] = subMap(s.PatternProperties)
	}
	if len(s.DependentSchemas) > 0 {
		out["dependentSchemas"] = subMap(s.DependentSchemas)
	}
	if len(s.Properties) > 0 {
		c.addProperties(out, s, depth)
	}
	return out
}

// addProperties converts s's properties, leaving out those that do not
// belong on this side of the exchange (readOnly in a request, writeOnly in a
// response) along with their "required" entries.
func (c *schemaConverter) addProperties(out map[string]any, s *openapi3.Schema, depth int) {
	props := orderedProps{schemas: map[string]any{}}
	var dropped []string
	for _, name := range propertyOrder(s.Properties) {
		p := s.Properties[name]
		if p != nil && p.Value != nil && ((c.request && p.Value.ReadOnly) || (!c.request && p.Value.WriteOnly)) {
			dropped = append(dropped, name)
			continue
		}
		props.add(name, c.convert(p, depth+1))
	}
	out["properties"] = props
	if len(dropped) > 0 && len(s.Required) > 0 {
		var req []string
		for _, r := range s.Required {
			if !slices.Contains(dropped, r) {
				req = append(req, r)
			}
		}
		if len(req) == 0 {
			delete(out, "required")
		} else {
			out["required"] = req
		}
	}
}

// propertyOrder returns property names in the order the document writes
// them, which kin-openapi keeps only as source positions; properties with
// no position follow in name order.
func propertyOrder(props openapi3.Schemas) []string {
	names := slices.Sorted(maps.Keys(props))
	pos := func(name string) (openapi3.Location, bool) {
		if r := props[name]; r != nil && r.Origin != nil && r.Origin.Key != nil {
			return *r.Origin.Key, true
		}
		return openapi3.Location{}, false
	}
	slices.SortStableFunc(names, func(a, b string) int {
		pa, okA := pos(a)
		pb, okB := pos(b)
		switch {
		case okA && okB:
			return cmp.Or(strings.Compare(pa.File, pb.File), cmp.Compare(pa.Line, pb.Line), cmp.Compare(pa.Column, pb.Column))
		case okA:
			return -1
		case okB:
			return 1
		}
		return 0
	})
	return names
}

// orderedProps is a JSON Schema "properties" object that marshals in the
// order its properties were added, where a Go map would sort them: a form
// built from the schema then lists fields as the document does.
type orderedProps struct {
	names   []string
	schemas map[string]any
}

func (p *orderedProps) add(name string, schema any) {
	if _, dup := p.schemas[name]; !dup {
		p.names = append(p.names, name)
	}
	p.schemas[name] = schema
}

func (p orderedProps) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range p.names {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(p.schemas[name])
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// scalarKeywords returns s's keywords that hold no subschema, translated
// from OpenAPI 3.0's dialect where it differs from JSON Schema 2020-12.
func scalarKeywords(s *openapi3.Schema) map[string]any {
	flat := *s
	flat.OneOf, flat.AnyOf, flat.AllOf, flat.PrefixItems = nil, nil, nil, nil
	flat.Not, flat.Items, flat.Contains, flat.PropertyNames = nil, nil, nil, nil
	flat.If, flat.Then, flat.Else, flat.ContentSchema = nil, nil, nil, nil
	flat.AdditionalProperties, flat.UnevaluatedItems, flat.UnevaluatedProperties =
		openapi3.BoolSchema{}, openapi3.BoolSchema{}, openapi3.BoolSchema{}
	flat.Properties, flat.PatternProperties, flat.DependentSchemas, flat.Defs = nil, nil, nil, nil
	flat.Extensions = nil
	// Identifiers and anchors would change how the "#/$defs/…" references
	// left here resolve, and every reference they served is inlined.
	flat.SchemaID, flat.SchemaDialect, flat.Anchor, flat.DynamicAnchor, flat.DynamicRef = "", "", "", "", ""
	// Documentation and code-generation hints with no meaning in JSON Schema.
	flat.Discriminator, flat.XML, flat.ExternalDocs = nil, nil, nil

	out := map[string]any{}
	if data, err := json.Marshal(flat); err == nil {
		// A schema struct always marshals; should that ever change, the
		// keywords are lost but the tool still works.
		_ = json.Unmarshal(data, &out)
	}

	// OpenAPI 3.0: "nullable: true" is JSON Schema's type union with null.
	if nullable, _ := out["nullable"].(bool); nullable {
		switch t := out["type"].(type) {
		case string:
			out["type"] = []any{t, "null"}
		case []any:
			if !slices.Contains(t, any("null")) {
				out["type"] = append(t, "null")
			}
		}
	}
	if nullable, _ := out["nullable"].(bool); nullable {
		if enum, ok := out["enum"].([]any); ok && !slices.Contains(enum, nil) {
			out["enum"] = append(enum, nil)
		}
	}
	delete(out, "nullable")
	// OpenAPI 3.0: boolean exclusiveMinimum/Maximum modify minimum/maximum.
	for _, pair := range [][2]string{{"exclusiveMinimum", "minimum"}, {"exclusiveMaximum", "maximum"}} {
		excl, bound := pair[0], pair[1]
		if b, isBool := out[excl].(bool); isBool {
			if b && out[bound] != nil {
				out[excl] = out[bound]
				delete(out, bound)
			} else {
				delete(out, excl)
			}
		}
	}
	// OpenAPI 3.0's single example is 2020-12's examples list.
	if ex, ok := out["example"]; ok {
		if _, has := out["examples"]; !has {
			out["examples"] = []any{ex}
		}
		delete(out, "example")
	}
	return out
}

// isObjectSchema reports whether a converted schema describes JSON objects
// only, as MCP requires of a tool's outputSchema.
func isObjectSchema(schema any) bool {
	m, ok := schema.(map[string]any)
	if !ok {
		return false
	}
	return m["type"] == "object"
}
