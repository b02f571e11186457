package demo

import (
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
)

// The demo's schemas are written by hand rather than inferred from the Go
// argument structs: inference cannot express enum, default, minimum or
// maximum, and it describes every slice as "array or null", which makes a
// poor form. The Go structs still decode the arguments; the tests check that
// both agree by calling every tool.

// property is one named entry of an object schema, kept in order so that a
// form built from the schema shows the fields in the order written here.
type property struct {
	name     string
	schema   *jsonschema.Schema
	required bool
}

// object returns an object schema with the properties in the given order.
func object(props ...property) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	for _, p := range props {
		s.Properties[p.name] = p.schema
		s.PropertyOrder = append(s.PropertyOrder, p.name)
		if p.required {
			s.Required = append(s.Required, p.name)
		}
	}
	return s
}

func required(name string, s *jsonschema.Schema) property {
	return property{name: name, schema: s, required: true}
}

func optional(name string, s *jsonschema.Schema) property {
	return property{name: name, schema: s}
}

// integer returns an integer schema bounded by lo and hi.
func integer(title, description string, lo, hi int) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "integer",
		Title:       title,
		Description: description,
		Minimum:     jsonschema.Ptr(float64(lo)),
		Maximum:     jsonschema.Ptr(float64(hi)),
	}
}

func number(title, description string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "number", Title: title, Description: description}
}

func text(title, description string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Title: title, Description: description}
}

func boolean(title, description string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "boolean", Title: title, Description: description}
}

// choice returns a string schema that accepts only the given values.
func choice(title, description string, values ...string) *jsonschema.Schema {
	s := text(title, description)
	for _, v := range values {
		s.Enum = append(s.Enum, v)
	}
	return s
}

// withDefault sets the schema's default value and returns the schema.
// The SDK fills in defaults before a handler runs, so a handler sees the
// default whenever the client leaves the argument out.
func withDefault(s *jsonschema.Schema, value any) *jsonschema.Schema {
	raw, err := json.Marshal(value)
	if err != nil {
		// Only literals written in this package reach here.
		panic(fmt.Sprintf("demo: default %v cannot be encoded: %v", value, err))
	}
	s.Default = raw
	return s
}

// array returns an array schema whose items follow item.
func array(title, description string, item *jsonschema.Schema, minItems, maxItems int) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "array",
		Title:       title,
		Description: description,
		Items:       item,
		MinItems:    jsonschema.Ptr(minItems),
		MaxItems:    jsonschema.Ptr(maxItems),
	}
}
