package openapi

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.yaml.in/yaml/v4"
)

// maxToolName is the longest tool name; MCP clients commonly refuse longer
// ones ("SHOULD be between 1 and 128 characters" in the spec; 64 in several
// model APIs).
const maxToolName = 64

// BodyProperty is the argument that holds an operation's request body. The
// body is never merged into the parameters: a body need not be an object,
// and its fields could clash with parameter names.
//
// Parameters are arguments under their own names; one whose name is taken
// (by a parameter of the same name elsewhere, or "body" when there is a
// request body) is called "<in>.<name>" instead, such as "header.id".
const BodyProperty = "body"

// MetaKey is the key under a tool's _meta where the operation it stands for
// is described: {"method": "GET", "path": "/pets/{id}", "operationId": …,
// "spec": …}, for a window that wants to show it.
const MetaKey = "mcpbrowser/openapi"

// An operation is one OpenAPI operation offered as a tool.
type operation struct {
	tool   *sdk.Tool
	method string
	// path is the path template, such as /pets/{id}.
	path string
	// baseURL is the server URL the path is appended to; nil when the
	// document gives no absolute one and the entry sets no baseUrl.
	baseURL *url.URL
	params  []boundParam
	body    *boundBody
	// accept lists the media types the success response may have.
	accept string
}

// A boundParam is a parameter and the argument that carries its value.
type boundParam struct {
	prop  string
	param *openapi3.Parameter
}

// A boundBody is the request body and the argument that carries it.
type boundBody struct {
	prop      string
	mediaType string
	required  bool
}

// bodyKind says how a request body of a media type is encoded, or "" when
// this package cannot send it.
func bodyKind(mediaType string) string {
	mt, _, err := mime.ParseMediaType(mediaType)
	if err != nil {
		mt = strings.ToLower(mediaType)
	}
	switch {
	case isJSONMediaType(mt):
		return "json"
	case mt == "application/x-www-form-urlencoded":
		return "form"
	case strings.HasPrefix(mt, "text/"):
		return "text"
	}
	return ""
}

func isJSONMediaType(mt string) bool {
	return mt == "application/json" || strings.HasSuffix(mt, "+json") ||
		(strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "/json"))
}

// pickMediaType chooses the media type to send or expect from content:
// JSON first, then the others that can be encoded, in name order for a
// stable choice.
func pickMediaType(content openapi3.Content, usable func(string) bool) string {
	names := slices.Sorted(maps.Keys(content))
	rank := func(mt string) int {
		switch {
		case mt == "application/json":
			return 0
		case bodyKind(mt) == "json":
			return 1
		case usable(mt):
			return 2
		}
		return 3
	}
	slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(rank(a), rank(b)) })
	if len(names) == 0 || !usable(names[0]) {
		return ""
	}
	return names[0]
}

// methodOrder is the order of methods within one path, as the OpenAPI
// specification lists them.
var methodOrder = []string{
	http.MethodGet, http.MethodPut, http.MethodPost, http.MethodDelete,
	http.MethodOptions, http.MethodHead, http.MethodPatch, http.MethodTrace, openapi3.MethodQuery,
}

// pathOrder returns the document's paths in the order it lists them (from
// the node tree), and any the tree does not show after them in name order.
func (d *document) pathOrder() []string {
	keys := d.doc.Paths.Keys()
	_, pathsNode := mappingValue(documentRoot(d.tree), "paths")
	if pathsNode == nil || pathsNode.Kind != yaml.MappingNode {
		return keys
	}
	pos := map[string]int{}
	for i := 0; i+1 < len(pathsNode.Content); i += 2 {
		pos[pathsNode.Content[i].Value] = i
	}
	slices.SortStableFunc(keys, func(a, b string) int {
		pa, okA := pos[a]
		pb, okB := pos[b]
		switch {
		case okA && okB:
			return cmp.Compare(pa, pb)
		case okA:
			return -1
		case okB:
			return 1
		}
		return 0
	})
	return keys
}

// operations lists a document's operations in document order.
func (d *document) operations() []struct {
	path, method string
	item         *openapi3.PathItem
	op           *openapi3.Operation
} {
	type entry = struct {
		path, method string
		item         *openapi3.PathItem
		op           *openapi3.Operation
	}
	var list []entry
	for _, path := range d.pathOrder() {
		item := d.doc.Paths.Value(path)
		if item == nil {
			continue
		}
		ops := item.Operations()
		for _, m := range methodOrder {
			if o := ops[m]; o != nil {
				list = append(list, entry{path, m, item, o})
				delete(ops, m)
			}
		}
		for _, m := range slices.Sorted(maps.Keys(ops)) {
			list = append(list, entry{path, m, item, ops[m]})
		}
	}
	return list
}

var (
	notToolNameChar = regexp.MustCompile(`[^A-Za-z0-9_-]`)
	repeatedUnders  = regexp.MustCompile(`_{2,}`)
)

// baseToolName is the name before it is made unique: the operationId with
// characters outside [A-Za-z0-9_-] replaced by "_", or, without one, the
// method and path ("GET /pets/{id}" gives "get_pets_id").
func baseToolName(method, path, operationID string) string {
	if operationID != "" {
		name := notToolNameChar.ReplaceAllString(operationID, "_")
		if strings.Trim(name, "_") != "" {
			return name
		}
	}
	p := strings.NewReplacer("{", "", "}", "").Replace(path)
	name := strings.ToLower(method) + "_" + notToolNameChar.ReplaceAllString(p, "_")
	name = repeatedUnders.ReplaceAllString(name, "_")
	return strings.TrimRight(name, "_")
}

// uniqueToolName cuts base to maxToolName characters and, when the name is
// taken, adds "_2", "_3" … (cutting further so that the suffix fits).
func uniqueToolName(base string, taken map[string]bool) string {
	name := base[:min(len(base), maxToolName)]
	for i := 2; taken[name]; i++ {
		suffix := "_" + strconv.Itoa(i)
		name = base[:min(len(base), maxToolName-len(suffix))] + suffix
	}
	taken[name] = true
	return name
}

// description joins summary and description, or says what the operation
// is when the document does not.
func description(method, path string, o *openapi3.Operation) string {
	var parts []string
	if o.Deprecated {
		parts = append(parts, "Deprecated.")
	}
	summary, desc := strings.TrimSpace(o.Summary), strings.TrimSpace(o.Description)
	if summary != "" {
		parts = append(parts, summary)
	}
	if desc != "" && desc != summary {
		parts = append(parts, desc)
	}
	if summary == "" && desc == "" {
		parts = append(parts, method+" "+path)
	}
	return strings.Join(parts, "\n\n")
}

// annotations follow HTTP's method semantics (RFC 9110, section 9.2): GET
// and HEAD are safe, PUT and DELETE idempotent. Every call reaches an
// outside service, so the world is open.
func annotations(method string) *sdk.ToolAnnotations {
	yes := true
	a := &sdk.ToolAnnotations{OpenWorldHint: &yes}
	switch method {
	case http.MethodGet, http.MethodHead, openapi3.MethodQuery:
		a.ReadOnlyHint = true
	case http.MethodDelete:
		a.DestructiveHint = &yes
		a.IdempotentHint = true
	case http.MethodPut:
		a.IdempotentHint = true
	}
	return a
}

// mergedParameters returns the path item's parameters with the
// operation's overriding those of the same name and location, path
// parameters first, then query, header and cookie.
func mergedParameters(item *openapi3.PathItem, o *openapi3.Operation) []*openapi3.Parameter {
	var list []*openapi3.Parameter
	seen := map[string]int{}
	add := func(ps openapi3.Parameters) {
		for _, ref := range ps {
			if ref == nil || ref.Value == nil {
				continue
			}
			p := ref.Value
			key := p.In + " " + p.Name
			if i, ok := seen[key]; ok {
				list[i] = p
				continue
			}
			seen[key] = len(list)
			list = append(list, p)
		}
	}
	add(item.Parameters)
	add(o.Parameters)
	order := map[string]int{openapi3.ParameterInPath: 0, openapi3.ParameterInQuery: 1, openapi3.ParameterInHeader: 2, openapi3.ParameterInCookie: 3}
	list = slices.DeleteFunc(list, func(p *openapi3.Parameter) bool {
		_, known := order[p.In]
		// "If in is header and the name field is Accept, Content-Type or
		// Authorization, the parameter definition SHALL be ignored."
		ignored := p.In == openapi3.ParameterInHeader &&
			slices.Contains([]string{"accept", "content-type", "authorization"}, strings.ToLower(p.Name))
		return !known || ignored
	})
	slices.SortStableFunc(list, func(a, b *openapi3.Parameter) int { return cmp.Compare(order[a.In], order[b.In]) })
	return list
}

// parameterSchema is the JSON Schema of one parameter's argument.
func parameterSchema(c *schemaConverter, p *openapi3.Parameter) map[string]any {
	ref := p.Schema
	if ref == nil {
		// A parameter may give its schema under content instead
		// ("content": {"application/json": {"schema": …}}).
		if mt := pickMediaType(p.Content, func(string) bool { return true }); mt != "" {
			ref = p.Content[mt].Schema
		}
	}
	var schema map[string]any
	switch conv := c.convert(ref, 0).(type) {
	case map[string]any:
		schema = maps.Clone(conv)
	default:
		schema = map[string]any{}
	}
	if ref == nil {
		schema["type"] = "string"
	}
	if p.Description != "" {
		schema["description"] = p.Description
	}
	if p.Deprecated {
		schema["deprecated"] = true
	}
	if p.Example != nil {
		if _, has := schema["examples"]; !has {
			schema["examples"] = []any{p.Example}
		}
	}
	return schema
}

// newOperation turns one OpenAPI operation into a tool named name.
func (d *document) newOperation(name, path, method string, item *openapi3.PathItem, o *openapi3.Operation, base *url.URL) *operation {
	op := &operation{method: method, path: path, baseURL: base}
	in := newSchemaConverter(true)
	props := orderedProps{schemas: map[string]any{}}
	var required []string
	taken := func(prop string) bool { _, ok := props.schemas[prop]; return ok }

	for _, p := range mergedParameters(item, o) {
		prop := p.Name
		if taken(prop) || prop == BodyProperty && o.RequestBody != nil {
			prop = p.In + "." + p.Name
		}
		props.add(prop, parameterSchema(in, p))
		if p.Required || p.In == openapi3.ParameterInPath {
			required = append(required, prop)
		}
		op.params = append(op.params, boundParam{prop: prop, param: p})
	}

	desc := description(method, path, o)
	if o.RequestBody != nil && o.RequestBody.Value != nil {
		rb := o.RequestBody.Value
		mt := pickMediaType(rb.Content, func(mt string) bool { return bodyKind(mt) != "" })
		if mt == "" {
			desc += fmt.Sprintf("\n\n(The request body, of type %s, cannot be sent from here.)", strings.Join(slices.Sorted(maps.Keys(rb.Content)), ", "))
		} else {
			prop := BodyProperty
			var schema map[string]any
			if bodyKind(mt) == "text" {
				schema = map[string]any{"type": "string"}
			} else if conv, ok := in.convert(rb.Content[mt].Schema, 0).(map[string]any); ok {
				schema = maps.Clone(conv)
			} else {
				schema = map[string]any{}
			}
			if rb.Description != "" {
				schema["description"] = rb.Description
			}
			props.add(prop, schema)
			if rb.Required {
				required = append(required, prop)
			}
			op.body = &boundBody{prop: prop, mediaType: mt, required: rb.Required}
		}
	}

	input := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		input["required"] = required
	}
	in.attachDefs(input)

	op.tool = &sdk.Tool{
		Name:        name,
		Description: desc,
		InputSchema: mustMarshal(input),
		Annotations: annotations(method),
		Meta: sdk.Meta{MetaKey: map[string]any{
			"method": method, "path": path, "operationId": o.OperationID, "spec": d.spec,
		}},
	}
	op.tool.OutputSchema, op.accept = successResponse(o)
	return op
}

// successResponse returns the output schema of an operation's success
// response (the lowest 2xx status given, else "2XX"), when that response is
// JSON described by an object schema, and the media types it may have, for
// the Accept header.
func successResponse(o *openapi3.Operation) (outputSchema any, accept string) {
	if o.Responses == nil {
		return nil, ""
	}
	var resp *openapi3.ResponseRef
	for _, code := range o.Responses.Keys() {
		if n, err := strconv.Atoi(code); err == nil && n/100 == 2 {
			resp = o.Responses.Value(code)
			break
		}
	}
	if resp == nil {
		resp = cmp.Or(o.Responses.Value("2XX"), o.Responses.Value("2xx"))
	}
	if resp == nil || resp.Value == nil || len(resp.Value.Content) == 0 {
		return nil, ""
	}
	content := resp.Value.Content
	types := slices.Sorted(maps.Keys(content))
	slices.SortStableFunc(types, func(a, b string) int {
		return cmp.Compare(boolRank(!isJSONMediaType(a)), boolRank(!isJSONMediaType(b)))
	})
	accept = strings.Join(types, ", ")
	mt := pickMediaType(content, func(mt string) bool { return bodyKind(mt) == "json" })
	if mt == "" || content[mt].Schema == nil {
		return nil, accept
	}
	out := newSchemaConverter(false)
	schema := out.convert(content[mt].Schema, 0)
	if !isObjectSchema(schema) {
		return nil, accept
	}
	root := maps.Clone(schema.(map[string]any))
	out.attachDefs(root)
	return mustMarshal(root), accept
}

// mustMarshal encodes a schema built here. Schemas are JSON values read from
// a JSON or YAML document, so encoding cannot fail; should it, the tool gets
// the schema that accepts any object rather than a panic.
func mustMarshal(schema map[string]any) json.RawMessage {
	data, err := json.Marshal(schema)
	if err != nil {
		return json.RawMessage(`{"type":"object"}`)
	}
	return data
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// serverURL returns the base URL for an operation: the entry's baseUrl when
// set, else the first of the operation's, the path's or the document's
// servers (OpenAPI: "If the servers property is not provided, or is an empty
// array, the default value would be a Server Object with a url value of /"),
// with its variables' defaults filled in and resolved against the document's
// URL. A URL that stays relative (the document is a file) gives nil.
func (d *document) serverURL(item *openapi3.PathItem, o *openapi3.Operation, override *url.URL) *url.URL {
	if override != nil {
		return override
	}
	var server *openapi3.Server
	switch {
	case o.Servers != nil && len(*o.Servers) > 0:
		server = (*o.Servers)[0]
	case len(item.Servers) > 0:
		server = item.Servers[0]
	case len(d.doc.Servers) > 0:
		server = d.doc.Servers[0]
	}
	raw := "/"
	if server != nil {
		raw = server.URL
		for name, v := range server.Variables {
			if v != nil {
				raw = strings.ReplaceAll(raw, "{"+name+"}", v.Default)
			}
		}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil
	}
	if !u.IsAbs() {
		if d.location.Scheme != "http" && d.location.Scheme != "https" {
			return nil
		}
		u = d.location.ResolveReference(u)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil
	}
	return u
}
