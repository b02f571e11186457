package lint

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// portableFormats are the string formats model APIs commonly accept.
var portableFormats = []string{"date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri"}

// checkSchemas applies the schema-portability rules to each tool's inputSchema.
func checkSchemas(c *checker, s Surface) {
	for _, t := range s.Tools {
		if len(t.InputSchema) == 0 || string(t.InputSchema) == "null" {
			c.add("schema-missing-type", KindTool, t.Name, "inputSchema", msgNoInputSchema)
			continue
		}
		var root any
		if err := json.Unmarshal(t.InputSchema, &root); err != nil {
			c.add("schema-invalid", KindTool, t.Name, "inputSchema", msgInputNotJSON)
			continue
		}
		switch v := root.(type) {
		case bool:
			c.add("schema-boolean", KindTool, t.Name, "inputSchema", msgInputBoolean, Args{"Value": v})
			c.add("schema-missing-type", KindTool, t.Name, "inputSchema", msgInputBooleanNoType)
			continue
		case map[string]any:
			switch typ := v["type"].(type) {
			case nil:
				c.add("schema-missing-type", KindTool, t.Name, "inputSchema", msgInputNoType)
			case string:
				if typ != "object" {
					c.add("schema-not-object", KindTool, t.Name, "inputSchema", msgInputOfType, Args{"Type": strconv.Quote(typ)})
				}
			default:
				if !slices.Contains(typeList(typ), "object") || len(typeList(typ)) != 1 {
					c.add("schema-not-object", KindTool, t.Name, "inputSchema", msgInputTypes, Args{"Types": compact(typ)})
				}
			}
			walkSchema(c, t.Name, "inputSchema", v, false)
		default:
			c.add("schema-invalid", KindTool, t.Name, "inputSchema", msgInputNotObject)
		}
	}
}

// walkSchema checks one subschema and everything below it. property says
// whether the schema is an object property (where "untyped" applies).
func walkSchema(c *checker, tool, path string, m map[string]any, property bool) {
	if ref, ok := m["$ref"].(string); ok && ref != "" && !strings.HasPrefix(ref, "#") {
		c.add("schema-remote-ref", KindTool, tool, path, msgRemoteRef, Args{"Ref": strconv.Quote(ref)})
	}
	if typ, ok := m["type"].([]any); ok {
		types := typeList(typ)
		if len(nonNull(types)) > 1 {
			c.add("schema-type-union", KindTool, tool, path, msgTypeList, Args{"Types": strings.Join(types, ", ")})
		}
	}
	if property && untyped(m) {
		c.add("schema-untyped-property", KindTool, tool, path, msgUntypedProperty)
	}
	if f, ok := m["format"].(string); ok && !slices.Contains(portableFormats, f) {
		c.add("schema-format", KindTool, tool, path, msgFormat, Args{"Format": strconv.Quote(f)})
	}
	if ap, ok := m["additionalProperties"].(map[string]any); ok && len(ap) > 0 {
		c.add("schema-additional-properties", KindTool, tool, path, msgAdditionalSchema)
	}
	// Subschemas.
	if props, ok := m["properties"].(map[string]any); ok {
		for _, name := range sortedKeys(props) {
			sub(c, tool, path+".properties."+name, props[name], true)
		}
	}
	for _, key := range []string{"items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "additionalItems", "unevaluatedProperties", "unevaluatedItems"} {
		v, ok := m[key]
		if !ok {
			continue
		}
		if _, isBool := v.(bool); isBool && key != "items" {
			continue // additionalProperties: false and friends are the common, portable form
		}
		if list, isList := v.([]any); isList {
			for i, e := range list {
				sub(c, tool, fmt.Sprintf("%s.%s[%d]", path, key, i), e, false)
			}
			continue
		}
		sub(c, tool, path+"."+key, v, key == "items")
	}
	for _, key := range []string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		if list, ok := m[key].([]any); ok {
			for i, e := range list {
				sub(c, tool, fmt.Sprintf("%s.%s[%d]", path, key, i), e, false)
			}
		}
	}
	for _, key := range []string{"$defs", "definitions", "patternProperties", "dependentSchemas"} {
		if defs, ok := m[key].(map[string]any); ok {
			for _, name := range sortedKeys(defs) {
				sub(c, tool, path+"."+key+"."+name, defs[name], false)
			}
		}
	}
}

func sub(c *checker, tool, path string, v any, property bool) {
	switch s := v.(type) {
	case bool:
		c.add("schema-boolean", KindTool, tool, path, msgSubschemaBoolean, Args{"Value": s})
	case map[string]any:
		walkSchema(c, tool, path, s, property)
	}
}

// untyped reports whether a property's schema says nothing about its type.
func untyped(m map[string]any) bool {
	for _, k := range []string{"type", "$ref", "enum", "const", "anyOf", "oneOf", "allOf", "not"} {
		if _, ok := m[k]; ok {
			return false
		}
	}
	return true
}

func typeList(v any) []string {
	switch t := v.(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, e := range t {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// nonNull drops "null": ["string", "null"] is how optional values are
// written and is widely accepted.
func nonNull(types []string) []string {
	var out []string
	for _, t := range types {
		if t != "null" {
			out = append(out, t)
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// propertyNames returns the names and descriptions of an object schema's
// properties (top level only).
func properties(schema json.RawMessage) (names []string, descs map[string]string) {
	var m struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(schema, &m) != nil {
		return nil, nil
	}
	descs = map[string]string{}
	for name, raw := range m.Properties {
		names = append(names, name)
		var p struct {
			Description string `json:"description"`
			Title       string `json:"title"`
		}
		json.Unmarshal(raw, &p)
		descs[name] = p.Description
	}
	sort.Strings(names)
	return names, descs
}
