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
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
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

func (s *Server) serveAuthorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	clientID := q.Get("client_id")
	s.mu.Lock()
	s.authorizeQs = append(s.authorizeQs, q)
	c := s.clients[clientID]
	s.mu.Unlock()
	if c == nil && s.cfg.ClientIDMetadataDocuments && strings.HasPrefix(clientID, "https://") {
		c = &client{authMethod: "none"} // a Client ID Metadata Document client
	}
	redirect := q.Get("redirect_uri")
	ru, err := url.Parse(redirect)
	switch {
	case c == nil:
		http.Error(w, "unknown client "+clientID, http.StatusBadRequest)
	case err != nil || ru.Scheme != "http" || ru.Hostname() != "127.0.0.1" || ru.Port() == "":
		// RFC 8252 §7.3: a native app's loopback redirect, any port.
		http.Error(w, "redirect_uri must be http://127.0.0.1:PORT/…: "+redirect, http.StatusBadRequest)
	case c.redirects != nil && !slices.Contains(c.redirects, redirect):
		http.Error(w, "redirect_uri not registered", http.StatusBadRequest)
	case q.Get("response_type") != "code":
		http.Error(w, "response_type must be code", http.StatusBadRequest)
	case q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "":
		http.Error(w, "PKCE S256 required", http.StatusBadRequest)
	case q.Get("resource") != s.Resource():
		http.Error(w, "wrong resource "+q.Get("resource"), http.StatusBadRequest)
	default:
		code := rand.Text()
		s.mu.Lock()
		s.codes[code] = &codeGrant{clientID: clientID, redirect: redirect, challenge: q.Get("code_challenge"),
			resource: q.Get("resource"), scopes: s.grant(strings.Fields(q.Get("scope")))}
		s.secrets = append(s.secrets, code)
		s.mu.Unlock()
		back := url.Values{"code": {code}, "state": {q.Get("state")}}
		http.Redirect(w, r, redirect+"?"+back.Encode(), http.StatusFound)
	}
}

// grant is the requested scopes minus the ones this server never grants.
func (s *Server) grant(requested []string) []string {
	var out []string
	for _, scope := range requested {
		if !slices.Contains(s.cfg.DenyScopes, scope) {
			out = append(out, scope)
		}
	}
	return out
}

// authenticate checks the client at the token endpoint and says which method it used.
func (s *Server) authenticate(r *http.Request) (clientID, method string, ok bool) {
	id, secret, basic := r.BasicAuth()
	method = "none"
	if r.PostForm.Get("client_assertion") != "" {
		id, ok = s.assertionClient(r.PostForm)
		return id, "private_key_jwt", ok && !basic && r.PostForm.Get("client_secret") == ""
	}
	switch {
	case basic:
		method = "client_secret_basic"
		id, _ = url.QueryUnescape(id)
		secret, _ = url.QueryUnescape(secret)
	case r.PostForm.Get("client_secret") != "":
		method = "client_secret_post"
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	default:
		id = r.PostForm.Get("client_id")
	}
	s.mu.Lock()
	c := s.clients[id]
	s.mu.Unlock()
	if c == nil && s.cfg.ClientIDMetadataDocuments && strings.HasPrefix(id, "https://") {
		c = &client{authMethod: "none"}
	}
	if c == nil || c.secret != secret {
		return id, method, false
	}
	if c.authMethod != "" && c.authMethod != method {
		return id, method, false
	}
	if s.cfg.AuthMethods != nil && !slices.Contains(s.cfg.AuthMethods, method) {
		return id, method, false
	}
	return id, method, true
}

func (s *Server) serveToken(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f := r.PostForm
	s.addSecret(f.Get("code_verifier"))
	clientID, method, ok := s.authenticate(r)
	req := TokenRequest{GrantType: f.Get("grant_type"), ClientID: clientID, Method: method,
		Resource: f.Get("resource"), Scope: f.Get("scope")}
	defer func() {
		s.mu.Lock()
		s.tokenReqs = append(s.tokenReqs, req)
		s.mu.Unlock()
	}()
	if s.cfg.EchoSecret {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client",
			"error_description": "wrong secret " + r.PostForm.Get("client_secret")})
		return
	}
	// A workload's JWT-bearer grant may come with no client at all (RFC 7523 §3.1).
	if !ok && !(req.GrantType == GrantJWTBearer && clientID == "" && method == "none") {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client"})
		return
	}
	var jkt string
	if s.cfg.DPoP {
		res := s.checkDPoP(r, s.Issuer()+"/token", "")
		if res.err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_dpop_proof", "error_description": res.err.Error()})
			return
		}
		if res.nonceAsk {
			s.askForNonce()
			w.Header().Set("DPoP-Nonce", s.cfg.DPoPNonce)
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "use_dpop_nonce"})
			return
		}
		jkt = res.jkt
	}
	var g *grant
	s.mu.Lock()
	switch req.GrantType {
	case "authorization_code":
		c := s.codes[f.Get("code")]
		delete(s.codes, f.Get("code"))
		sum := sha256.Sum256([]byte(f.Get("code_verifier")))
		if c != nil && c.clientID == clientID && c.redirect == f.Get("redirect_uri") &&
			base64.RawURLEncoding.EncodeToString(sum[:]) == c.challenge && f.Get("resource") == c.resource {
			g = &grant{clientID: clientID, resource: c.resource, scopes: c.scopes}
		}
	case "refresh_token":
		if old := s.refresh[f.Get("refresh_token")]; old != nil && old.clientID == clientID {
			delete(s.refresh, f.Get("refresh_token")) // rotation: a refresh token works once
			g = old
		}
	case "client_credentials":
		if (s.clients[clientID] != nil && s.clients[clientID].secret != "") || method == "private_key_jwt" {
			g = &grant{clientID: clientID, resource: f.Get("resource"), scopes: s.grant(strings.Fields(f.Get("scope")))}
		}
	}
	s.mu.Unlock()
	if req.GrantType == GrantJWTBearer {
		g = s.jwtBearerGrant(f.Get("assertion"), clientID, f.Get("resource"), f.Get("scope"))
		s.addSecret(f.Get("assertion"))
	}
	if g != nil {
		g.jkt = jkt
	}
	if g == nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_grant"})
		return
	}
	req.OK = true
	access := rand.Text()
	resp := map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600,
		"scope": strings.Join(g.scopes, " ")}
	if jkt != "" {
		resp["token_type"] = "DPoP"
	}
	if s.cfg.ExpiresIn != 0 {
		resp["expires_in"] = s.cfg.ExpiresIn
	}
	s.mu.Lock()
	s.access[access] = g
	s.secrets = append(s.secrets, access)
	if req.GrantType != "client_credentials" && req.GrantType != GrantJWTBearer && (slices.Contains(g.scopes, "offline_access") || !slices.Contains(s.cfg.ScopesSupported, "offline_access")) {
		// Refresh tokens go to those who asked with offline_access, or to everyone
		// when the server does not know that scope.
		refresh := rand.Text()
		s.refresh[refresh] = g
		s.secrets = append(s.secrets, refresh)
		resp["refresh_token"] = refresh
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) serveRegister(w http.ResponseWriter, r *http.Request) {
	var meta map[string]any
	if err := json.NewDecoder(r.Body).Decode(&meta); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_client_metadata"})
		return
	}
	method, _ := meta["token_endpoint_auth_method"].(string)
	if method == "" {
		method = "client_secret_basic"
	}
	uris, _ := meta["redirect_uris"].([]any)
	var redirects []string
	for _, u := range uris {
		if s, ok := u.(string); ok {
			redirects = append(redirects, s)
		}
	}
	if len(redirects) == 0 {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_redirect_uri"})
		return
	}
	id := "dyn-" + rand.Text()[:8]
	c := &client{authMethod: method, redirects: redirects}
	resp := map[string]any{"client_id": id, "redirect_uris": redirects, "token_endpoint_auth_method": method}
	if method != "none" {
		c.secret = rand.Text()
		resp["client_secret"] = c.secret
	}
	s.mu.Lock()
	s.clients[id] = c
	s.registered = append(s.registered, meta)
	s.mu.Unlock()
	s.addSecret(c.secret)
	writeJSON(w, http.StatusCreated, resp)
}

func (s *Server) addSecret(secret string) {
	if secret == "" {
		return
	}
	s.mu.Lock()
	s.secrets = append(s.secrets, secret)
	s.mu.Unlock()
}

// Saw reports whether the server got a request "METHOD /path".
func (s *Server) Saw(request string) bool { return s.Count(request) > 0 }

// Count is how many requests "METHOD /path" the server got.
func (s *Server) Count(request string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		if r == request {
			n++
		}
	}
	return n
}

// Requests are all requests so far, as "METHOD /path".
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// TokenRequests are the token endpoint's requests so far.
func (s *Server) TokenRequests() []TokenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.tokenReqs)
}

// CountTokenRequests is how many token requests of grantType were answered
// with a token (ok) or refused (!ok).
func (s *Server) CountTokenRequests(grantType string, ok bool) int {
	n := 0
	for _, r := range s.TokenRequests() {
		if r.GrantType == grantType && r.OK == ok {
			n++
		}
	}
	return n
}

// AuthorizeRequests are the authorization endpoint's query strings so far.
func (s *Server) AuthorizeRequests() []url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.authorizeQs)
}

// Registered are the client metadata documents of dynamic registrations.
func (s *Server) Registered() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.registered)
}

// Secrets are every secret the server handed out, was configured with or
// saw: client secrets, authorization codes, code verifiers, access and
// refresh tokens. None of them may show anywhere a person can see.
func (s *Server) Secrets() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.secrets)
}

// TokensSeen are the bearer tokens the MCP endpoint accepted, in order.
func (s *Server) TokensSeen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.tokensSeen)
}

// RefreshTokenLive reports whether token is a refresh token the server still accepts.
func (s *Server) RefreshTokenLive(token string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refresh[token] != nil
}

// RevokeRefreshTokens makes every refresh token issued so far worthless.
func (s *Server) RevokeRefreshTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.refresh)
}

// RevokeAccessTokens makes every access token issued so far worthless, as a
// server does that forgets its sessions.
func (s *Server) RevokeAccessTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.access)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
