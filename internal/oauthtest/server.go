// Package oauthtest is the one test bed for signing in to MCP servers: a
// loopback HTTP server that is both a protected streamable-HTTP MCP server
// (the SDK's handler behind a bearer check) and an OAuth 2.1 authorization
// server strict enough to fail a wrong client. PKCE S256 is verified, the
// resource parameter checked, redirect URIs must be loopback, and clients must
// authenticate at the token endpoint exactly as allowed.
//
// Every discovery variant of the MCP authorization spec is a Config field, as
// are the client identity paths, scopes and step-up, token endpoint auth
// methods, refresh and the client credentials grant. A Browser stands in for
// the person: it loads the authorization URL and follows the redirect back to
// the client's loopback listener. The fakebrowser command is the same Browser
// as a program, for $BROWSER.
//
// Tests of mcp/oauth, mcp and cli share it:
//
//	srv := oauthtest.NewServer(t, oauthtest.Config{ChallengeScope: "mcp"})
//	browser := &oauthtest.Browser{}
//	// connect to srv.ServerURL() with browser.Open as the way to open URLs
package oauthtest

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Where the protected resource metadata is published (Config.MetadataAt).
const (
	MetadataAtPath      = "path"      // /.well-known/oauth-protected-resource/mcp (the default)
	MetadataAtRoot      = "root"      // /.well-known/oauth-protected-resource
	MetadataAtChallenge = "challenge" // a custom path, found only through the 401's resource_metadata
	MetadataNone        = "none"      // nowhere: a 2025-03-26 server
)

// Which authorization server metadata is published (Config.ASMetadata).
const (
	ASMetaOAuth      = "oauth"       // /.well-known/oauth-authorization-server{issuer path} (the default)
	ASMetaOIDC       = "oidc"        // /.well-known/openid-configuration{issuer path}
	ASMetaOIDCAppend = "oidc-append" // {issuer path}/.well-known/openid-configuration
	ASMetaNone       = "none"        // none: clients fall back to /authorize, /token, /register
)

// ResourceOrigin as Config.MetadataResource makes the metadata name the
// server's origin instead of its MCP endpoint.
const ResourceOrigin = "origin"

// MCPPath is the protected MCP endpoint's path.
const MCPPath = "/mcp"

// ToolName is the one tool the protected server offers; it answers ToolAnswer.
const (
	ToolName   = "whoami"
	ToolAnswer = "you"
)

// Config shapes the test bed. The zero Config is a server with protected
// resource metadata at the endpoint's well-known path, RFC 8414 metadata at
// the root issuer, dynamic registration, any token endpoint auth method, and
// no scopes.
type Config struct {
	// The protected MCP server.

	// ChallengeMetadata makes the 401 name the metadata URL (resource_metadata).
	ChallengeMetadata bool
	// ChallengeScope is the 401's scope parameter.
	ChallengeScope string
	// MetadataAt is one of the MetadataAt… constants; "" means MetadataAtPath.
	MetadataAt string
	// MetadataResource is the metadata's resource: "" means the endpoint URL,
	// ResourceOrigin the origin, anything else is used as written.
	MetadataResource string
	// MetadataScopes is the metadata's scopes_supported.
	MetadataScopes []string
	// RequiredScopes are needed by every MCP request.
	RequiredScopes []string
	// StepUpScope is needed by tools/call and tools/list too; without it they
	// get 403 insufficient_scope.
	StepUpScope string
	// ScopeFreeMethods need a token but none of the scopes (the conformance
	// suite's auth/scope-retry-limit lets initialize through).
	ScopeFreeMethods []string

	// The authorization server.

	// IssuerPath is "" or a path such as "/tenant1".
	IssuerPath string
	// ASMetadata is one of the ASMeta… constants; "" means ASMetaOAuth.
	ASMetadata string
	// AuthMethods is token_endpoint_auth_methods_supported; nil allows any.
	AuthMethods []string
	// ScopesSupported is the authorization server's scopes_supported.
	ScopesSupported []string
	// GrantTypes is grant_types_supported.
	GrantTypes []string
	// ClientIDMetadataDocuments says client_id_metadata_document_supported;
	// then any https client ID is accepted as a public client.
	ClientIDMetadataDocuments bool
	// NoRegistration leaves out the registration endpoint.
	NoRegistration bool
	// Preregistered maps client IDs to secrets ("" for a public client).
	Preregistered map[string]string
	// ExpiresIn is the access tokens' lifetime in seconds; 0 means 3600.
	ExpiresIn int
	// DenyScopes are never granted.
	DenyScopes []string
	// EchoSecret makes the token endpoint refuse every request, quoting the
	// client secret it was sent (to test that errors are masked).
	EchoSecret bool

	// The OAuth extensions (ext.go).
	ExtConfig
}

// A TokenRequest is one request the token endpoint got.
type TokenRequest struct {
	GrantType, ClientID, Resource, Scope string
	// Method is how the client authenticated: client_secret_basic,
	// client_secret_post or none.
	Method string
	// OK says a token was issued.
	OK bool
}

// A Server is the running test bed.
type Server struct {
	cfg Config
	srv *httptest.Server
	mcp http.Handler

	mu          sync.Mutex
	clients     map[string]*client
	codes       map[string]*codeGrant
	access      map[string]*grant
	refresh     map[string]*grant
	requests    []string // "GET /path" for every request the server saw
	authorizeQs []url.Values
	tokenReqs   []TokenRequest
	registered  []map[string]any
	tokensSeen  []string // bearer tokens the MCP endpoint accepted
	secrets     []string // every secret the bed handed out, was given or saw
	// The OAuth extensions (ext.go).
	jagKey     *ecdsa.PrivateKey
	jtis       map[string]bool
	dpopProofs int
	nonceAsks  int
	idpCodes   map[string]string // the identity provider's codes → PKCE challenges
	idpLogins  int
}

type client struct {
	secret     string
	authMethod string // how it must authenticate at the token endpoint; "" = any allowed
	redirects  []string
}

type codeGrant struct {
	clientID, redirect, challenge, resource string
	scopes                                  []string
}

type grant struct {
	clientID, resource string
	scopes             []string
	jkt                string // the DPoP key the token is bound to
}

// NewServer starts a test bed on 127.0.0.1; it stops when tb ends.
func NewServer(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	if cfg.MetadataAt == "" {
		cfg.MetadataAt = MetadataAtPath
	}
	if cfg.ASMetadata == "" {
		cfg.ASMetadata = ASMetaOAuth
	}
	s := &Server{
		cfg:      cfg,
		clients:  map[string]*client{},
		codes:    map[string]*codeGrant{},
		access:   map[string]*grant{},
		refresh:  map[string]*grant{},
		idpCodes: map[string]string{},
	}
	for id, secret := range cfg.Preregistered {
		s.clients[id] = &client{secret: secret}
		s.addSecret(secret)
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "protected", Version: "1"}, nil)
	sdk.AddTool(server, &sdk.Tool{Name: ToolName, Description: "Says who you are."},
		func(ctx context.Context, req *sdk.CallToolRequest, in struct{}) (*sdk.CallToolResult, struct{}, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: ToolAnswer}}}, struct{}{}, nil
		})
	s.mcp = sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, nil)
	// Started only once s.srv is set: the handler reads it, and a request from
	// another process (the fakebrowser command) gives the race detector no
	// other ordering to go by.
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.srv.Start()
	tb.Cleanup(s.srv.Close)
	return s
}

// Config is the configuration the server runs with, defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// URL is the server's origin, http://127.0.0.1:port.
func (s *Server) URL() string { return s.srv.URL }

// ServerURL is the protected MCP endpoint.
func (s *Server) ServerURL() string { return s.srv.URL + MCPPath }

// Issuer is the authorization server's issuer.
func (s *Server) Issuer() string { return s.srv.URL + s.cfg.IssuerPath }

// MetadataURL is where the protected resource metadata is, or "" with MetadataNone.
func (s *Server) MetadataURL() string {
	switch s.cfg.MetadataAt {
	case MetadataAtChallenge:
		return s.srv.URL + "/meta/protected-resource.json"
	case MetadataAtPath:
		return s.srv.URL + "/.well-known/oauth-protected-resource" + MCPPath
	case MetadataAtRoot:
		return s.srv.URL + "/.well-known/oauth-protected-resource"
	}
	return ""
}

// MetadataPath is MetadataURL without the origin.
func (s *Server) MetadataPath() string { return strings.TrimPrefix(s.MetadataURL(), s.srv.URL) }

// Resource is the resource the metadata names, and tokens must be for.
func (s *Server) Resource() string {
	switch s.cfg.MetadataResource {
	case "":
		return s.ServerURL()
	case ResourceOrigin:
		return s.srv.URL
	}
	return s.cfg.MetadataResource
}

func (s *Server) asMetadataPath() string {
	switch s.cfg.ASMetadata {
	case ASMetaOAuth:
		return "/.well-known/oauth-authorization-server" + s.cfg.IssuerPath
	case ASMetaOIDC:
		return "/.well-known/openid-configuration" + s.cfg.IssuerPath
	case ASMetaOIDCAppend:
		return s.cfg.IssuerPath + "/.well-known/openid-configuration"
	}
	return ""
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, r.Method+" "+r.URL.Path)
	s.mu.Unlock()
	if s.serveExt(w, r) {
		return
	}
	p := r.URL.Path
	switch {
	case p == MCPPath:
		s.serveMCP(w, r)
	case s.cfg.MetadataAt != MetadataNone && p == s.MetadataPath():
		writeJSON(w, http.StatusOK, map[string]any{
			"resource":              s.Resource(),
			"authorization_servers": []string{s.Issuer()},
			"scopes_supported":      s.cfg.MetadataScopes,
		})
	case s.cfg.ASMetadata != ASMetaNone && p == s.asMetadataPath():
		s.serveASMetadata(w)
	case p == s.cfg.IssuerPath+"/authorize":
		s.serveAuthorize(w, r)
	case p == s.cfg.IssuerPath+"/token" && r.Method == http.MethodPost:
		s.serveToken(w, r)
	case p == s.cfg.IssuerPath+"/register" && r.Method == http.MethodPost && !s.cfg.NoRegistration:
		s.serveRegister(w, r)
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) serveASMetadata(w http.ResponseWriter) {
	meta := map[string]any{
		"issuer":                           s.Issuer(),
		"authorization_endpoint":           s.Issuer() + "/authorize",
		"token_endpoint":                   s.Issuer() + "/token",
		"response_types_supported":         []string{"code"},
		"code_challenge_methods_supported": []string{"S256"},
	}
	if !s.cfg.NoRegistration {
		meta["registration_endpoint"] = s.Issuer() + "/register"
	}
	if s.cfg.ScopesSupported != nil {
		meta["scopes_supported"] = s.cfg.ScopesSupported
	}
	if s.cfg.GrantTypes != nil {
		meta["grant_types_supported"] = s.cfg.GrantTypes
	}
	if s.cfg.AuthMethods != nil {
		meta["token_endpoint_auth_methods_supported"] = s.cfg.AuthMethods
	}
	if s.cfg.ClientIDMetadataDocuments {
		meta["client_id_metadata_document_supported"] = true
	}
	if s.cfg.DPoP {
		meta["dpop_signing_alg_values_supported"] = []string{"ES256"}
	}
	writeJSON(w, http.StatusOK, meta)
}

// serveMCP is the bearer check in front of the SDK's streamable handler.
func (s *Server) serveMCP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	var params []string
	if s.cfg.ChallengeMetadata {
		params = append(params, fmt.Sprintf("resource_metadata=%q", s.MetadataURL()))
	}
	scheme := "Bearer "
	if s.cfg.DPoP {
		scheme = "DPoP "
	}
	bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), scheme)
	s.mu.Lock()
	tok := s.access[bearer]
	s.mu.Unlock()
	if ok && tok != nil && s.cfg.DPoP {
		res := s.checkDPoP(r, s.ServerURL(), bearer)
		if res.nonceAsk && res.err == nil {
			s.askForNonce()
			w.Header().Set("DPoP-Nonce", s.cfg.DPoPNonce)
			w.Header().Set("WWW-Authenticate", `DPoP error="use_dpop_nonce"`)
			writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "use_dpop_nonce"})
			return
		}
		if res.err != nil || res.jkt != tok.jkt {
			tok = nil
		}
	}
	if !ok || tok == nil || !slices.Contains([]string{s.Resource(), s.ServerURL()}, tok.resource) {
		if s.cfg.ChallengeScope != "" {
			params = append(params, fmt.Sprintf("scope=%q", s.cfg.ChallengeScope))
		}
		if len(params) > 0 {
			w.Header().Set("WWW-Authenticate", "Bearer "+strings.Join(params, ", "))
		}
		http.Error(w, "sign in first", http.StatusUnauthorized)
		return
	}
	need := slices.Clone(s.cfg.RequiredScopes)
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	json.Unmarshal(body, &msg)
	if s.cfg.StepUpScope != "" && (msg.Method == "tools/list" || msg.Method == "tools/call") {
		need = append(need, s.cfg.StepUpScope)
	}
	if slices.Contains(s.cfg.ScopeFreeMethods, msg.Method) {
		need = nil
	}
	for _, scope := range need {
		if !slices.Contains(tok.scopes, scope) {
			params = append(params, `error="insufficient_scope"`, fmt.Sprintf("scope=%q", strings.Join(need, " ")))
			w.Header().Set("WWW-Authenticate", "Bearer "+strings.Join(params, ", "))
			// A JSON-RPC error body keeps the client's session alive (the SDK
			// drops the connection on a bare 403).
			writeJSON(w, http.StatusForbidden, map[string]any{
				"jsonrpc": "2.0", "id": msg.ID,
				"error": map[string]any{"code": -32600, "message": "insufficient scope"},
			})
			return
		}
	}
	s.mu.Lock()
	s.tokensSeen = append(s.tokensSeen, bearer)
	s.mu.Unlock()
	s.mcp.ServeHTTP(w, r)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
