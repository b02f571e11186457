// Package openapi offers the operations of OpenAPI 3.x documents as MCP
// tools, so that an HTTP API can be tried like an MCP server: each operation
// is a tool with an input schema built from its parameters and request body,
// and calling the tool sends the HTTP request and turns the response into a
// tool result. No MCP server process is involved.
//
// Documents are read and their $refs resolved by kin-openapi.
package openapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Auth is the credential sent with every call, as written under "auth" in a
// server entry. Its fields are those of mcp.APIAuth, so one converts to the
// other.
type Auth struct {
	// Type is "bearer", "basic" or "apiKey".
	Type string `json:"type"`
	// Token is the bearer token.
	Token string `json:"token,omitempty"`
	// Username and Password are for basic.
	Username string `json:"username,omitempty"`
	Password string `json:"password,omitempty"`
	// Name is the header, query or cookie parameter of an API key, In is
	// where it goes ("header", the default, "query" or "cookie"), and
	// Value is the key.
	Name  string `json:"name,omitempty"`
	In    string `json:"in,omitempty"`
	Value string `json:"value,omitempty"`
}

// Options says which documents to load and how to call the API.
type Options struct {
	// Specs are the OpenAPI documents: file paths (relative ones against
	// BaseDir; "~/" is the home folder) or http(s) URLs, JSON or YAML.
	// The operations of all of them are offered together.
	Specs []string
	// BaseURL, when set, replaces every document's servers.
	BaseURL string
	// Headers and Query are added to every call (arguments for parameters
	// of the same name win).
	Headers map[string]string
	Query   map[string]string
	Auth    *Auth
	// HTTPClient fetches URL documents and sends the calls; nil means
	// http.DefaultClient. The app passes one whose RoundTripper records
	// the traffic for its wire view.
	HTTPClient *http.Client
	// BaseDir is the folder relative spec paths start from (the config
	// file's folder).
	BaseDir string
}

// A Server is loaded OpenAPI documents seen as an MCP server's tools. It is
// safe for concurrent use.
type Server struct {
	opts   Options
	client *http.Client
	// name, version and description are Info's answer.
	name, version, description string
	tools                      []*sdk.Tool
	ops                        map[string]*operation
	warnings                   []*SpecError
	// redactQuery names query parameters whose values must not appear in
	// messages (an API key).
	redactQuery []string
}

// Load reads, resolves and checks the documents and builds one tool per
// operation. A document that cannot be used is a *SpecError saying where it
// is wrong; one that cannot be fetched is a *NetworkError (wrapped).
func Load(ctx context.Context, opts Options) (*Server, error) {
	if len(opts.Specs) == 0 {
		return nil, errors.New(`no OpenAPI document: set "spec" to a file path or URL`)
	}
	if err := checkAuth(opts.Auth); err != nil {
		return nil, err
	}
	var override *url.URL
	if opts.BaseURL != "" {
		u, err := url.Parse(opts.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("baseUrl %q is not an http(s) URL such as https://api.example.com/v1", opts.BaseURL)
		}
		override = u
	}
	// The caller's maps stay the caller's: calls read these copies.
	opts.Specs, opts.Headers, opts.Query = slices.Clone(opts.Specs), maps.Clone(opts.Headers), maps.Clone(opts.Query)
	if opts.Auth != nil {
		a := *opts.Auth
		opts.Auth = &a
	}
	s := &Server{opts: opts, client: opts.HTTPClient, ops: map[string]*operation{}}
	if s.client == nil {
		s.client = http.DefaultClient
	}
	if s.authIn() == "query" {
		s.redactQuery = []string{opts.Auth.Name}
	}

	r := &reader{ctx: ctx, client: s.client, cache: map[string][]byte{}}
	var docs []*document
	for _, spec := range opts.Specs {
		d, err := loadDocument(r, spec, opts.BaseDir)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
		s.warnings = append(s.warnings, d.warnings...)
	}
	s.name, s.version, s.description = info(docs)

	taken := map[string]bool{}
	for _, d := range docs {
		noServer := false
		for _, e := range d.operations() {
			name := uniqueToolName(baseToolName(e.method, e.path, e.op.OperationID), taken)
			base := d.serverURL(e.item, e.op, override)
			noServer = noServer || base == nil
			op := d.newOperation(name, e.path, e.method, e.item, e.op, base)
			s.ops[name] = op
			s.tools = append(s.tools, op.tool)
		}
		if noServer {
			s.warnings = append(s.warnings, &SpecError{Spec: d.spec,
				Problem: `the document gives no absolute server URL, so calls have nowhere to go; set "baseUrl" in the server entry`})
		}
	}
	return s, nil
}

func checkAuth(a *Auth) error {
	if a == nil {
		return nil
	}
	switch strings.ToLower(a.Type) {
	case "bearer", "basic":
		return nil
	case "apikey":
		if a.Name == "" {
			return errors.New(`auth: an apiKey needs "name", the header or query parameter it goes in`)
		}
		switch strings.ToLower(a.In) {
		case "", "header", "query", "cookie":
			return nil
		}
		return fmt.Errorf(`auth: "in" is %q; use "header", "query" or "cookie"`, a.In)
	}
	return fmt.Errorf(`auth: type %q is not known; use "bearer", "basic" or "apiKey"`, a.Type)
}

// Info returns what the first document's info object says: its title,
// version and description. With several documents the name joins every
// title with " + ". The name is "" when no document has a title.
func (s *Server) Info() (name, version, description string) {
	return s.name, s.version, s.description
}

func info(docs []*document) (name, version, description string) {
	var titles []string
	for _, d := range docs {
		if d.doc.Info != nil && d.doc.Info.Title != "" {
			titles = append(titles, d.doc.Info.Title)
		}
	}
	name = strings.Join(titles, " + ")
	if first := docs[0].doc.Info; first != nil {
		version, description = first.Version, first.Description
	}
	return name, version, description
}

// Tools returns one tool per operation, in document order. InputSchema and
// OutputSchema are json.RawMessage, with properties in the document's order
// (parameters first, then "body"). The tools are shared: do not modify them.
func (s *Server) Tools() []*sdk.Tool {
	return append([]*sdk.Tool(nil), s.tools...)
}

// Warnings returns what validation found wrong in the documents without
// stopping the tools from working, for a log the user can read.
func (s *Server) Warnings() []*SpecError {
	return append([]*SpecError(nil), s.warnings...)
}

// Call sends the operation behind tool name with the given arguments (a
// JSON object) and returns the response as a tool result; a non-2xx status
// is a result with IsError set. Errors are of three kinds: a
// *jsonrpc.Error with code CodeInvalidParams for an unknown tool or
// arguments that cannot make a request (as an MCP server would answer); a
// *NetworkError when the API cannot be reached; and the context's error
// when ctx ends first.
func (s *Server) Call(ctx context.Context, name string, args json.RawMessage) (*sdk.CallToolResult, error) {
	op := s.ops[name]
	if op == nil {
		return nil, invalidArguments("unknown tool %q", name)
	}
	argMap, err := decodeArguments(args)
	if err != nil {
		return nil, err
	}
	req, err := s.newRequest(ctx, op, argMap)
	if err != nil {
		return nil, err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, transportError(ctx, req, err, s.redactQuery)
	}
	defer resp.Body.Close()
	body, truncated, err := readBody(resp)
	if err != nil {
		return nil, transportError(ctx, req, err, s.redactQuery)
	}
	return toolResult(req, resp, body, truncated, s.redactQuery), nil
}
