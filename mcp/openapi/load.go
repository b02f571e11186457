package openapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"go.yaml.in/yaml/v4"
)

// maxSpecBytes bounds one OpenAPI document read from a file or URL.
const maxSpecBytes = 64 << 20

// A document is one loaded and resolved OpenAPI document.
type document struct {
	// spec is the document as the entry names it, for messages.
	spec string
	// location is where it was read: an http(s) URL, or a file URL path.
	location *url.URL
	doc      *openapi3.T
	// tree is the parsed YAML/JSON node tree, for line numbers and the
	// order of paths. Nil for a JSON document YAML cannot read (duplicate
	// keys), which kin-openapi still accepts.
	tree *yaml.Node
	// warnings are what validation found that does not stop the tools
	// from working (an example that does not match its schema …).
	warnings []*SpecError
}

// specLocation turns a spec as written in the entry (a path, relative to
// baseDir or "~/", a file:// URL, or an http(s) URL) into an absolute location.
func specLocation(spec, baseDir string) (*url.URL, error) {
	if strings.HasPrefix(spec, "http://") || strings.HasPrefix(spec, "https://") {
		u, err := url.Parse(spec)
		if err != nil {
			return nil, fmt.Errorf("OpenAPI document URL %q: %w", spec, err)
		}
		return u, nil
	}
	path := spec
	if strings.HasPrefix(spec, "file://") {
		u, err := url.Parse(spec)
		if err != nil {
			return nil, fmt.Errorf("OpenAPI document URL %q: %w", spec, err)
		}
		path = u.Path
		if len(path) >= 3 && path[0] == '/' && path[2] == ':' {
			path = path[1:] // file:///C:/x on Windows
		}
		path = filepath.FromSlash(path)
	} else if rest, ok := strings.CutPrefix(spec, "~/"); ok {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("OpenAPI document %q: finding the home folder: %w", spec, err)
		}
		path = filepath.Join(home, rest)
	}
	if !filepath.IsAbs(path) && baseDir != "" {
		path = filepath.Join(baseDir, path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("OpenAPI document %q: %w", spec, err)
	}
	return &url.URL{Path: filepath.ToSlash(abs)}, nil
}

// A reader reads documents and the files and URLs their $refs name, for one
// Load: through the entry's HTTP client (so the wire view shows the fetches)
// and with the caller's context.
type reader struct {
	ctx    context.Context
	client *http.Client
	cache  map[string][]byte
}

func (r *reader) read(u *url.URL) ([]byte, error) {
	key := u.String()
	if data, ok := r.cache[key]; ok {
		return data, nil
	}
	var data []byte
	var err error
	switch {
	case u.Scheme == "http" || u.Scheme == "https":
		data, err = r.fetch(u)
	case (u.Scheme == "" || u.Scheme == "file") && u.Host == "":
		data, err = readFileLimited(filepath.FromSlash(u.Path))
	default:
		err = fmt.Errorf("cannot read %q: only files and http(s) URLs are supported", key)
	}
	if err != nil {
		return nil, err
	}
	r.cache[key] = data
	return data, nil
}

func readFileLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, path)
}

func readLimited(rd io.Reader, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(rd, maxSpecBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", what, err)
	}
	if len(data) > maxSpecBytes {
		return nil, fmt.Errorf("%s is larger than %d MiB; that is too big for an OpenAPI document", what, maxSpecBytes>>20)
	}
	return data, nil
}

func (r *reader) fetch(u *url.URL) ([]byte, error) {
	req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", u, err)
	}
	req.Header.Set("Accept", "application/json, application/yaml, text/yaml, */*;q=0.5")
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, transportError(r.ctx, req, err, nil)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("fetching %s: the server answered %s", u, statusLine(resp.StatusCode))
	}
	return readLimited(resp.Body, u.String())
}

// readRef is the loader's ReadFromURIFunc. kin-openapi leaves the access
// policy for $refs to it: a document fetched from a URL may refer to other
// URLs but not to files on this computer, since whoever serves it should not
// be able to read them.
func (r *reader) readRef(root *url.URL) openapi3.ReadFromURIFunc {
	remote := root.Scheme == "http" || root.Scheme == "https"
	return func(_ *openapi3.Loader, u *url.URL) ([]byte, error) {
		if remote && u.Scheme != "http" && u.Scheme != "https" {
			return nil, fmt.Errorf("%s refers to %q, which is not an http(s) URL; a document loaded from a URL may only refer to other URLs", root, u.String())
		}
		return r.read(u)
	}
}

// loadDocument reads, parses, resolves and checks one OpenAPI document.
func loadDocument(r *reader, spec, baseDir string) (*document, error) {
	loc, err := specLocation(spec, baseDir)
	if err != nil {
		return nil, err
	}
	data, err := r.read(loc)
	if err != nil {
		var netErr *NetworkError
		if errors.As(err, &netErr) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("loading OpenAPI document %s: %w", spec, err)
		}
		return nil, fmt.Errorf("cannot read the OpenAPI document %s: %w", spec, err)
	}
	d := &document{spec: spec, location: loc}
	if d.tree, err = parseTree(spec, data); err != nil {
		return nil, err
	}
	if err := d.checkVersion(); err != nil {
		return nil, err
	}

	loader := openapi3.NewLoader()
	loader.Context = r.ctx
	loader.IncludeOrigin = true
	loader.IsExternalRefsAllowed = true
	loader.ReadFromURIFunc = r.readRef(loc)
	d.doc, err = loader.LoadFromDataWithPath(data, loc)
	if err != nil {
		if r.ctx.Err() != nil {
			return nil, fmt.Errorf("loading OpenAPI document %s: %w", spec, r.ctx.Err())
		}
		return nil, d.loadError(err)
	}
	if d.doc.Paths == nil {
		return nil, &SpecError{Spec: spec, Problem: `the document has no "paths" object, so it has no operations to offer as tools`}
	}
	d.validate(r.ctx)
	return d, nil
}

// parseTree parses data as YAML (JSON is YAML too) into a node tree. A
// syntax error becomes a SpecError with the line and column; JSON input is
// checked by the JSON parser first, whose messages suit JSON better.
func parseTree(spec string, data []byte) (*yaml.Node, error) {
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(trimmed) == 0 {
		return nil, &SpecError{Spec: spec, Problem: "the document is empty"}
	}
	isJSON := trimmed[0] == '{'
	if isJSON {
		if err := jsonSyntaxError(spec, data); err != nil {
			return nil, err
		}
	}
	var tree yaml.Node
	if err := yaml.Unmarshal(data, &tree); err != nil {
		if isJSON {
			// Valid JSON YAML refuses, such as duplicate keys: kin-openapi
			// reads it as JSON, only line numbers are lost.
			return nil, nil
		}
		return nil, yamlSyntaxError(spec, err)
	}
	root := documentRoot(&tree)
	if root == nil || root.Kind != yaml.MappingNode {
		return nil, &SpecError{Spec: spec, Line: 1, Column: 1, Problem: "the document is not a YAML or JSON object with OpenAPI fields"}
	}
	return &tree, nil
}

// checkVersion refuses what is not OpenAPI 3.x before kin-openapi tries to
// read it as such and says something less helpful.
func (d *document) checkVersion() error {
	root := documentRoot(d.tree)
	if root == nil {
		return nil
	}
	if _, v := mappingValue(root, "swagger"); v != nil {
		return &SpecError{Spec: d.spec, Line: v.Line, Column: v.Column, Pointer: "/swagger",
			Problem: fmt.Sprintf("this is a Swagger %s document; only OpenAPI 3.x is supported (convert it to OpenAPI 3 first)", v.Value)}
	}
	k, v := mappingValue(root, "openapi")
	if v == nil {
		return &SpecError{Spec: d.spec, Line: 1, Column: 1,
			Problem: `not an OpenAPI document: there is no "openapi" field (such as openapi: 3.0.3) at the top`}
	}
	if !strings.HasPrefix(v.Value, "3.") {
		return &SpecError{Spec: d.spec, Line: k.Line, Column: k.Column, Pointer: "/openapi",
			Problem: fmt.Sprintf("OpenAPI version %q is not supported; only 3.x is", v.Value)}
	}
	return nil
}

// validate runs kin-openapi's validation and keeps what it finds as
// warnings: many published documents break a rule or two (an example that
// does not match, an unknown field) and their operations still work.
// Pattern, format, default and example checks are off: they judge values,
// not the shape of the API, and Go's regexp cannot compile every pattern.
func (d *document) validate(ctx context.Context) {
	err := d.doc.Validate(ctx,
		openapi3.EnableMultiError(),
		openapi3.DisableExamplesValidation(),
		openapi3.DisableSchemaDefaultsValidation(),
		openapi3.DisableSchemaPatternValidation(),
		openapi3.DisableSchemaFormatValidation(),
	)
	if err == nil {
		return
	}
	var errs []error
	if me, ok := err.(openapi3.MultiError); ok {
		errs = me
	} else {
		errs = []error{err}
	}
	for _, e := range errs {
		d.warnings = append(d.warnings, d.validationError(e))
	}
}
