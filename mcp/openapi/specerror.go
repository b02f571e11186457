package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"go.yaml.in/yaml/v4"
)

// A SpecError says what is wrong in an OpenAPI document and where.
type SpecError struct {
	// Spec is the document as the server entry names it.
	Spec string
	// Line and Column are 1-based; 0 when the place is not known.
	Line, Column int
	// Pointer is the JSON pointer of the element in question
	// ("/paths/~1pets~1{id}/get"), or "" when not known.
	Pointer string
	// Problem says what is wrong, in plain words.
	Problem string
}

// Error reads like a compiler message: "api.yaml:12:5: problem (at
// paths > /pets/{id} > get)".
func (e *SpecError) Error() string {
	var b strings.Builder
	b.WriteString(e.Spec)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Problem)
	if where := readablePointer(e.Pointer); where != "" {
		fmt.Fprintf(&b, " (at %s)", where)
	}
	return b.String()
}

// readablePointer shows a JSON pointer as the keys it walks through.
func readablePointer(ptr string) string {
	if ptr == "" || ptr == "/" {
		return ""
	}
	return strings.Join(splitPointer(ptr), " > ")
}

func splitPointer(ptr string) []string {
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
	}
	return parts
}

func joinPointer(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

func yamlSyntaxError(spec string, err error) *SpecError {
	var le *yaml.LoadError
	if errors.As(err, &le) {
		problem := "YAML syntax error: " + le.Message
		if le.ContextMsg != "" && le.ContextMark.Line > 0 && le.ContextMark != le.Mark {
			// The start of the construct is often where the mistake is
			// (an unclosed bracket), the error's own place only where
			// the parser gave up.
			problem += fmt.Sprintf(" (%s that starts at line %d, column %d)", le.ContextMsg, le.ContextMark.Line, le.ContextMark.Column)
		}
		return &SpecError{Spec: spec, Line: le.Mark.Line, Column: le.Mark.Column, Problem: problem}
	}
	var les *yaml.LoadErrors
	if errors.As(err, &les) && len(les.Errors) > 0 {
		first := les.Errors[0]
		return &SpecError{Spec: spec, Line: first.Mark.Line, Column: first.Mark.Column, Problem: "YAML error: " + first.Message}
	}
	return &SpecError{Spec: spec, Problem: "YAML error: " + strings.TrimPrefix(err.Error(), "yaml: ")}
}

// jsonSyntaxError checks that data is JSON, and says where it is not.
func jsonSyntaxError(spec string, data []byte) *SpecError {
	var v any
	err := json.Unmarshal(data, &v)
	if err == nil {
		return nil
	}
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return &SpecError{Spec: spec, Problem: "JSON error: " + err.Error()}
	}
	before := data[:min(int(se.Offset), len(data))]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	if se.Offset > 0 {
		// The offset is just past the byte that was wrong.
		col--
	}
	return &SpecError{Spec: spec, Line: line, Column: max(col, 1), Problem: "JSON syntax error: " + se.Error()}
}

// documentRoot returns the top mapping of a parsed document, or nil.
func documentRoot(tree *yaml.Node) *yaml.Node {
	if tree == nil {
		return nil
	}
	if tree.Kind == yaml.DocumentNode {
		if len(tree.Content) == 0 {
			return nil
		}
		return tree.Content[0]
	}
	return tree
}

// mappingValue returns the key and value nodes of key in mapping m.
func mappingValue(m *yaml.Node, key string) (k, v *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// locate finds the node a JSON pointer names, as far as the tree goes. It
// returns the deepest node reached (the key node for a mapping entry, which
// is where a person looks) and whether the whole pointer was found.
func locate(tree *yaml.Node, ptr string) (*yaml.Node, bool) {
	node := documentRoot(tree)
	if node == nil {
		return nil, false
	}
	at := node
	if ptr == "" || ptr == "/" {
		return at, true
	}
	for _, part := range splitPointer(ptr) {
		for node.Kind == yaml.AliasNode && node.Alias != nil {
			node = node.Alias
		}
		switch node.Kind {
		case yaml.MappingNode:
			k, v := mappingValue(node, part)
			if v == nil {
				return at, false
			}
			at, node = k, v
		case yaml.SequenceNode:
			var i int
			if _, err := fmt.Sscanf(part, "%d", &i); err != nil || i < 0 || i >= len(node.Content) {
				return at, false
			}
			at, node = node.Content[i], node.Content[i]
		default:
			return at, false
		}
	}
	return at, true
}

// loadError explains a failure of kin-openapi's loader. Its messages do not
// say where in the document the problem is, so when a local $ref is the
// cause, the $ref is looked up in the tree for its line.
func (d *document) loadError(err error) error {
	if bad := findBrokenRef(d.tree); bad != nil {
		return bad.withSpec(d.spec)
	}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "failed to unmarshal data: ")
	return &SpecError{Spec: d.spec, Problem: msg}
}

type brokenRef struct {
	node    *yaml.Node
	pointer string
	problem string
}

func (b *brokenRef) withSpec(spec string) *SpecError {
	return &SpecError{Spec: spec, Line: b.node.Line, Column: b.node.Column, Pointer: b.pointer, Problem: b.problem}
}

// findBrokenRef returns the first "$ref": "#/…" in the tree that does not
// lead anywhere in the same document.
func findBrokenRef(tree *yaml.Node) *brokenRef {
	root := documentRoot(tree)
	var walk func(n *yaml.Node, path []string) *brokenRef
	walk = func(n *yaml.Node, path []string) *brokenRef {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if k.Value == "$ref" && v.Kind == yaml.ScalarNode && strings.HasPrefix(v.Value, "#/") {
					if _, ok := locate(tree, v.Value[1:]); !ok {
						return &brokenRef{node: v, pointer: joinPointer(path...), problem: brokenRefProblem(tree, v.Value)}
					}
					continue
				}
				if found := walk(v, append(path, k.Value)); found != nil {
					return found
				}
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				if found := walk(c, append(path, fmt.Sprint(i))); found != nil {
					return found
				}
			}
		}
		return nil
	}
	if root == nil {
		return nil
	}
	return walk(root, nil)
}

// brokenRefProblem names the first part of ref's pointer that is missing.
func brokenRefProblem(tree *yaml.Node, ref string) string {
	parts := splitPointer(ref[1:])
	for i := range parts {
		if _, ok := locate(tree, joinPointer(parts[:i+1]...)); !ok {
			parent := "the top of the document"
			if i > 0 {
				parent = strings.Join(parts[:i], " > ")
			}
			return fmt.Sprintf("$ref %q points to nothing: there is no %q in %s", ref, parts[i], parent)
		}
	}
	return fmt.Sprintf("$ref %q points to nothing", ref)
}

// componentSections maps the section names kin-openapi's
// ComponentValidationError uses to the keys under "components".
var componentSections = map[string]string{
	"schema": "schemas", "parameter": "parameters", "header": "headers",
	"request body": "requestBodies", "response": "responses", "security scheme": "securitySchemes",
	"example": "examples", "link": "links", "callback": "callbacks",
}

// validationError turns one of kin-openapi's validation errors into a
// SpecError. Its context wrappers (section, path, operation, component) give
// the JSON pointer, which the tree turns into a line; an Origin, which some
// errors carry, gives the line directly. The message is the innermost error
// with the wrappers' prefixes left out, since the place is said separately.
func (d *document) validationError(err error) *SpecError {
	var parts []string
	var origin *openapi3.Origin
	var leaf error
	for e := err; e != nil; {
		if origin == nil {
			origin = originOf(e)
		}
		var next error
		switch v := e.(type) {
		case openapi3.MultiError:
			if len(v) > 0 {
				next = v[0]
			}
		case *openapi3.SectionValidationError:
			parts, next = append(parts, v.Section), v.Cause
		case *openapi3.PathValidationError:
			parts, next = append(parts, v.Path), v.Cause
		case *openapi3.OperationValidationError:
			parts, next = append(parts, strings.ToLower(v.Method)), v.Cause
		case *openapi3.ComponentValidationError:
			if s, ok := componentSections[v.Section]; ok {
				parts = append(parts, s)
			}
			parts, next = append(parts, v.Name), v.Cause
		default:
			if pp, ok := e.(*openapi3.PathParametersError); ok {
				parts = append(parts, pp.Path, strings.ToLower(pp.Method))
			}
			if leaf == nil {
				leaf = e
			}
			next = errors.Unwrap(e)
		}
		e = next
	}
	if leaf == nil {
		leaf = err
	}
	se := &SpecError{Spec: d.spec, Problem: leaf.Error()}
	if len(parts) > 0 {
		se.Pointer = joinPointer(parts...)
	}
	if origin != nil && origin.Key != nil && origin.Key.Line > 0 {
		se.Line, se.Column = origin.Key.Line, origin.Key.Column
	} else if node, _ := locate(d.tree, se.Pointer); node != nil && se.Pointer != "" {
		se.Line, se.Column = node.Line, node.Column
	}
	return se
}

// originOf returns the Origin field many of kin-openapi's error types carry
// (they share no interface for it), or nil.
func originOf(err error) *openapi3.Origin {
	v := reflect.ValueOf(err)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := v.Elem().FieldByName("Origin")
	if !f.IsValid() {
		return nil
	}
	o, _ := f.Interface().(*openapi3.Origin)
	return o
}
