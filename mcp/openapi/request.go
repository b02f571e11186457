package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// invalidArguments is the error for arguments that cannot make a request,
// the same JSON-RPC error an MCP server answers with.
func invalidArguments(format string, a ...any) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(format, a...)}
}

// decodeArguments reads a tools/call "arguments" object. Numbers stay
// json.Number so that large integers reach the API unchanged.
func decodeArguments(raw json.RawMessage) (map[string]any, error) {
	args := map[string]any{}
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return args, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&args); err != nil {
		return nil, invalidArguments("the arguments must be a JSON object: %v", err)
	}
	return args, nil
}

var pathTemplateVar = regexp.MustCompile(`\{([^{}]+)\}`)

// newRequest builds the HTTP request for one call. Arguments that cannot
// make one (a required parameter missing) give a JSON-RPC invalid-params
// error.
func (s *Server) newRequest(ctx context.Context, op *operation, args map[string]any) (*http.Request, error) {
	if op.baseURL == nil {
		return nil, fmt.Errorf("%s %s: no server URL to send it to: the OpenAPI document gives no absolute one; set \"baseUrl\" in the server entry", op.method, op.path)
	}
	values := map[*openapi3.Parameter]any{}
	for _, bp := range op.params {
		v, ok := args[bp.prop]
		if !ok || v == nil {
			if bp.param.Required || bp.param.In == openapi3.ParameterInPath {
				return nil, invalidArguments("missing required %s parameter %q", bp.param.In, bp.prop)
			}
			continue
		}
		if bp.param.In == openapi3.ParameterInPath && v == "" {
			// An empty segment would call another path ("/pets/" for "/pets/{id}").
			return nil, invalidArguments("path parameter %q is empty", bp.prop)
		}
		values[bp.param] = v
	}

	path, err := renderPath(op, values)
	if err != nil {
		return nil, err
	}
	u := *op.baseURL
	u.RawQuery = ""
	target, err := url.Parse(strings.TrimSuffix(u.String(), "/") + path)
	if err != nil {
		return nil, invalidArguments("the path %q does not make a valid URL: %v", path, err)
	}
	target.RawQuery = s.query(op, values)

	body, contentType, err := encodeBody(op, args)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, op.method, target.String(), body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", op.method, op.path, err)
	}
	for _, k := range slices.Sorted(maps.Keys(s.opts.Headers)) {
		req.Header.Set(k, s.opts.Headers[k])
	}
	var cookies []string
	for _, bp := range op.params {
		v, ok := values[bp.param]
		if !ok || (bp.param.In != openapi3.ParameterInHeader && bp.param.In != openapi3.ParameterInCookie) {
			continue
		}
		text := simpleValue(bp.param, v)
		if !validHeaderValue(text) {
			// net/http would refuse to send it, which would look like a
			// network failure.
			return nil, invalidArguments("%s parameter %q holds a line break or another control character", bp.param.In, bp.prop)
		}
		if bp.param.In == openapi3.ParameterInHeader {
			req.Header.Set(bp.param.Name, text)
		} else {
			cookies = append(cookies, bp.param.Name+"="+text)
		}
	}
	if len(cookies) > 0 {
		if have := req.Header.Get("Cookie"); have != "" {
			cookies = append([]string{have}, cookies...)
		}
		req.Header.Set("Cookie", strings.Join(cookies, "; "))
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if op.accept != "" && req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", op.accept)
	}
	s.authorize(req)
	return req, nil
}

// validHeaderValue reports whether s can be sent as a header value: no
// control characters other than tab (RFC 9110, section 5.5).
func validHeaderValue(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; (b < 0x20 && b != '\t') || b == 0x7f {
			return false
		}
	}
	return true
}

// renderPath fills the path template with path parameters, escaped so that
// a value cannot change which path is called ("a/b" stays one segment).
func renderPath(op *operation, values map[*openapi3.Parameter]any) (string, error) {
	byName := map[string]*openapi3.Parameter{}
	for _, bp := range op.params {
		if bp.param.In == openapi3.ParameterInPath {
			byName[bp.param.Name] = bp.param
		}
	}
	var missing string
	path := pathTemplateVar.ReplaceAllStringFunc(op.path, func(m string) string {
		name := m[1 : len(m)-1]
		p := byName[name]
		if p == nil {
			missing = name
			return m
		}
		return pathValue(p, values[p])
	})
	if missing != "" {
		return "", fmt.Errorf("%s %s: the path names {%s}, which the document does not declare as a path parameter", op.method, op.path, missing)
	}
	return path, nil
}

// query builds the query string: the base URL's own, then the entry's fixed
// query parameters (unless an argument sets the same name), then the
// operation's parameters, then an API key when it goes in the query.
func (s *Server) query(op *operation, values map[*openapi3.Parameter]any) string {
	var pairs []string
	if op.baseURL.RawQuery != "" {
		pairs = append(pairs, op.baseURL.RawQuery)
	}
	set := map[string]bool{}
	for _, bp := range op.params {
		if _, ok := values[bp.param]; ok && bp.param.In == openapi3.ParameterInQuery {
			set[bp.param.Name] = true
		}
	}
	if s.opts.Auth != nil && s.authIn() == "query" {
		set[s.opts.Auth.Name] = true
	}
	for _, k := range slices.Sorted(maps.Keys(s.opts.Query)) {
		if !set[k] {
			pairs = append(pairs, queryEscape(k)+"="+queryEscape(s.opts.Query[k]))
		}
	}
	for _, bp := range op.params {
		if v, ok := values[bp.param]; ok && bp.param.In == openapi3.ParameterInQuery {
			pairs = append(pairs, queryPairs(bp.param, v)...)
		}
	}
	if s.opts.Auth != nil && s.authIn() == "query" {
		pairs = append(pairs, queryEscape(s.opts.Auth.Name)+"="+queryEscape(s.opts.Auth.Value))
	}
	return strings.Join(pairs, "&")
}

// authorize adds the entry's credential; it goes last, so that it wins over
// a header of the same name.
func (s *Server) authorize(req *http.Request) {
	a := s.opts.Auth
	if a == nil {
		return
	}
	switch strings.ToLower(a.Type) {
	case "bearer":
		req.Header.Set("Authorization", "Bearer "+a.Token)
	case "basic":
		req.SetBasicAuth(a.Username, a.Password)
	case "apikey":
		switch s.authIn() {
		case "header":
			req.Header.Set(a.Name, a.Value)
		case "cookie":
			c := a.Name + "=" + a.Value
			if have := req.Header.Get("Cookie"); have != "" {
				c = have + "; " + c
			}
			req.Header.Set("Cookie", c)
		}
	}
}

// authIn is where an API key goes: "header" (the default), "query" or
// "cookie"; "" for other kinds of credential.
func (s *Server) authIn() string {
	a := s.opts.Auth
	if a == nil || !strings.EqualFold(a.Type, "apiKey") {
		return ""
	}
	if a.In == "" {
		return "header"
	}
	return strings.ToLower(a.In)
}

// encodeBody encodes the body argument in the operation's media type.
func encodeBody(op *operation, args map[string]any) (io.Reader, string, error) {
	if op.body == nil {
		return nil, "", nil
	}
	v, ok := args[op.body.prop]
	if !ok || v == nil {
		if op.body.required {
			return nil, "", invalidArguments("missing the request body %q", op.body.prop)
		}
		return nil, "", nil
	}
	switch bodyKind(op.body.mediaType) {
	case "json":
		data, err := json.Marshal(v)
		if err != nil {
			return nil, "", invalidArguments("the request body cannot be encoded as JSON: %v", err)
		}
		return bytes.NewReader(data), op.body.mediaType, nil
	case "form":
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, "", invalidArguments("the request body %q must be an object for %s", op.body.prop, op.body.mediaType)
		}
		form := url.Values{}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if list, ok := obj[k].([]any); ok {
				for _, item := range list {
					form.Add(k, scalarString(item))
				}
				continue
			}
			form.Add(k, scalarString(obj[k]))
		}
		return strings.NewReader(form.Encode()), op.body.mediaType, nil
	default:
		return strings.NewReader(scalarString(v)), op.body.mediaType, nil
	}
}

// scalarString is the text of one value as it goes into a URL or header:
// strings as they are, numbers as written, anything else as compact JSON.
func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return ""
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

// queryEscape escapes for a query string, with spaces as %20 (RFC 3986)
// rather than the form encoding's "+".
func queryEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

// paramStyle returns a parameter's style and explode, with OpenAPI's
// defaults: simple for path and header, form for query and cookie; explode
// true for form only.
func paramStyle(p *openapi3.Parameter) (style string, explode bool) {
	sm, err := p.SerializationMethod()
	if err != nil {
		return openapi3.SerializationSimple, false
	}
	return sm.Style, sm.Explode
}

// contentEncoded reports whether a parameter is described by content
// rather than schema: its value is then sent as one JSON text.
func contentEncoded(p *openapi3.Parameter) bool {
	return p.Schema == nil && len(p.Content) > 0
}

// items returns v's elements when it is an array, and its entries in key
// order when it is an object.
func items(v any) (list []any, obj [][2]string, isList, isObj bool) {
	switch x := v.(type) {
	case []any:
		return x, nil, true, false
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			obj = append(obj, [2]string{k, scalarString(x[k])})
		}
		return nil, obj, false, true
	}
	return nil, nil, false, false
}

// pathValue renders a path parameter (styles simple, label and matrix).
func pathValue(p *openapi3.Parameter, v any) string {
	style, explode := paramStyle(p)
	esc := url.PathEscape
	if contentEncoded(p) {
		return esc(scalarString(v))
	}
	list, obj, isList, isObj := items(v)
	var strs []string
	for _, it := range list {
		strs = append(strs, esc(scalarString(it)))
	}
	switch style {
	case openapi3.SerializationLabel:
		sep := ","
		if explode {
			sep = "."
		}
		switch {
		case isList:
			return "." + strings.Join(strs, sep)
		case isObj:
			return "." + joinObject(obj, esc, explode, sep)
		}
		return "." + esc(scalarString(v))
	case openapi3.SerializationMatrix:
		name := ";" + esc(p.Name) + "="
		switch {
		case isList && explode:
			return name + strings.Join(strs, name)
		case isList:
			return name + strings.Join(strs, ",")
		case isObj && explode:
			return ";" + joinObject(obj, esc, true, ";")
		case isObj:
			return name + joinObject(obj, esc, false, ",")
		}
		return name + esc(scalarString(v))
	default: // simple
		switch {
		case isList:
			return strings.Join(strs, ",")
		case isObj:
			return joinObject(obj, esc, explode, ",")
		}
		return esc(scalarString(v))
	}
}

// joinObject renders object entries as "k=v<sep>k=v" (explode) or
// "k,v,k,v".
func joinObject(obj [][2]string, esc func(string) string, explode bool, sep string) string {
	var parts []string
	for _, kv := range obj {
		if explode {
			parts = append(parts, esc(kv[0])+"="+esc(kv[1]))
		} else {
			parts = append(parts, esc(kv[0]), esc(kv[1]))
		}
	}
	if !explode {
		sep = ","
	}
	return strings.Join(parts, sep)
}

// simpleValue renders a header or cookie parameter (style simple for
// headers; cookies use form, which reads the same for one name=value).
func simpleValue(p *openapi3.Parameter, v any) string {
	if contentEncoded(p) {
		return scalarString(v)
	}
	_, explode := paramStyle(p)
	list, obj, isList, isObj := items(v)
	ident := func(s string) string { return s }
	switch {
	case isList:
		strs := make([]string, 0, len(list))
		for _, it := range list {
			strs = append(strs, scalarString(it))
		}
		return strings.Join(strs, ",")
	case isObj:
		return joinObject(obj, ident, explode && p.In == openapi3.ParameterInHeader, ",")
	}
	return scalarString(v)
}

// queryPairs renders a query parameter as escaped name=value pairs (styles
// form, spaceDelimited, pipeDelimited and deepObject).
func queryPairs(p *openapi3.Parameter, v any) []string {
	name := queryEscape(p.Name)
	if contentEncoded(p) {
		return []string{name + "=" + queryEscape(scalarString(v))}
	}
	style, explode := paramStyle(p)
	list, obj, isList, isObj := items(v)
	var strs []string
	for _, it := range list {
		strs = append(strs, queryEscape(scalarString(it)))
	}
	var pairs []string
	switch {
	case style == openapi3.SerializationDeepObject && isObj:
		for _, kv := range obj {
			pairs = append(pairs, name+"["+queryEscape(kv[0])+"]="+queryEscape(kv[1]))
		}
	case isList && explode:
		for _, s := range strs {
			pairs = append(pairs, name+"="+s)
		}
	case isList:
		sep := ","
		switch style {
		case openapi3.SerializationSpaceDelimited:
			sep = "%20"
		case openapi3.SerializationPipeDelimited:
			sep = "|"
		}
		pairs = append(pairs, name+"="+strings.Join(strs, sep))
	case isObj && explode:
		for _, kv := range obj {
			pairs = append(pairs, queryEscape(kv[0])+"="+queryEscape(kv[1]))
		}
	case isObj:
		pairs = append(pairs, name+"="+joinObject(obj, queryEscape, false, ","))
	default:
		pairs = append(pairs, name+"="+queryEscape(scalarString(v)))
	}
	return pairs
}
