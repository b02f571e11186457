package oauth

// The test bed: one loopback HTTP server that is both a protected MCP server
// (the SDK's streamable handler behind a bearer check) and an OAuth 2.1
// authorization server strict enough to fail a wrong client: PKCE S256 is
// verified, the resource parameter checked, redirect URIs must be loopback,
// and clients must authenticate at the token endpoint exactly as allowed.

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type bedConfig struct {
	// The protected MCP server.
	challengeMetadata bool     // the 401 names the metadata URL (resource_metadata)
	challengeScope    string   // the 401's scope parameter
	prmAt             string   // "challenge" (a custom path), "path", "root", or "none"
	prmResource       string   // the metadata's resource; "" means the endpoint URL, "origin" the origin
	prmScopes         []string // the metadata's scopes_supported
	requiredScopes    []string // every MCP request needs these
	stepUpScope       string   // tools/list needs this too; else 403 insufficient_scope

	// The authorization server.
	issuerPath      string   // "" or e.g. "/tenant1"
	asMeta          string   // "oauth", "oidc", "oidc-append" or "none"
	authMethods     []string // token_endpoint_auth_methods_supported
	scopesSupported []string
	grantTypes      []string
	cimd            bool              // client_id_metadata_document_supported
	noRegistration  bool              // no registration endpoint
	preregistered   map[string]string // client ID → secret ("" for a public client)
	expiresIn       int               // seconds; 0 means 3600
	denyScopes      []string          // never granted
	echoSecret      bool              // the token endpoint refuses, quoting the client secret
}

type bedClient struct {
	secret     string
	authMethod string // how it must authenticate at the token endpoint; "" = any allowed
	redirects  []string
}

type bedCode struct {
	clientID, redirect, challenge, resource string
	scopes                                  []string
}

type bedToken struct {
	clientID, resource string
	scopes             []string
}

type tokenRequest struct {
	grantType, clientID, method, resource, scope string
	ok                                           bool
}

type testBed struct {
	t   *testing.T
	cfg bedConfig
	srv *httptest.Server
	mcp http.Handler

	mu           sync.Mutex
	clients      map[string]*bedClient
	codes        map[string]*bedCode
	access       map[string]*bedToken
	refresh      map[string]*bedToken
	requests     []string // "GET /path" for every request the server saw
	authorizeQs  []url.Values
	tokenReqs    []tokenRequest
	registered   []map[string]any
	tokensSeen   []string // bearer tokens the MCP endpoint accepted
	issuedSecret []string // every secret the bed handed out or was given
}

const mcpPath = "/mcp"

func newTestBed(t *testing.T, cfg bedConfig) *testBed {
	t.Helper()
	if cfg.prmAt == "" {
		cfg.prmAt = "path"
	}
	if cfg.asMeta == "" {
		cfg.asMeta = "oauth"
	}
	b := &testBed{
		t: t, cfg: cfg,
		clients: map[string]*bedClient{},
		codes:   map[string]*bedCode{},
		access:  map[string]*bedToken{},
		refresh: map[string]*bedToken{},
	}
	for id, secret := range cfg.preregistered {
		b.clients[id] = &bedClient{secret: secret}
		if secret != "" {
			b.issuedSecret = append(b.issuedSecret, secret)
		}
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "protected", Version: "1"}, nil)
	sdk.AddTool(server, &sdk.Tool{Name: "whoami", Description: "Says who you are."},
		func(ctx context.Context, req *sdk.CallToolRequest, in struct{}) (*sdk.CallToolResult, struct{}, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "you"}}}, struct{}{}, nil
		})
	b.mcp = sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, nil)
	b.srv = httptest.NewServer(http.HandlerFunc(b.serve))
	t.Cleanup(b.srv.Close)
	return b
}

func (b *testBed) serverURL() string { return b.srv.URL + mcpPath }
func (b *testBed) issuer() string    { return b.srv.URL + b.cfg.issuerPath }

func (b *testBed) prmURL() string {
	switch b.cfg.prmAt {
	case "challenge":
		return b.srv.URL + "/meta/protected-resource.json"
	case "path":
		return b.srv.URL + "/.well-known/oauth-protected-resource" + mcpPath
	case "root":
		return b.srv.URL + "/.well-known/oauth-protected-resource"
	}
	return ""
}

func (b *testBed) expectedResource() string {
	switch b.cfg.prmResource {
	case "":
		return b.serverURL()
	case "origin":
		return b.srv.URL
	}
	return b.cfg.prmResource
}

func (b *testBed) asmPath() string {
	switch b.cfg.asMeta {
	case "oauth":
		return "/.well-known/oauth-authorization-server" + b.cfg.issuerPath
	case "oidc":
		return "/.well-known/openid-configuration" + b.cfg.issuerPath
	case "oidc-append":
		return b.cfg.issuerPath + "/.well-known/openid-configuration"
	}
	return ""
}

func (b *testBed) serve(w http.ResponseWriter, r *http.Request) {
	b.mu.Lock()
	b.requests = append(b.requests, r.Method+" "+r.URL.Path)
	b.mu.Unlock()
	p := r.URL.Path
	switch {
	case p == mcpPath:
		b.serveMCP(w, r)
	case b.cfg.prmAt != "none" && p == strings.TrimPrefix(b.prmURL(), b.srv.URL):
		writeJSON(w, http.StatusOK, map[string]any{
			"resource":              b.expectedResource(),
			"authorization_servers": []string{b.issuer()},
			"scopes_supported":      b.cfg.prmScopes,
		})
	case b.cfg.asMeta != "none" && p == b.asmPath():
		b.serveASMetadata(w)
	case p == b.cfg.issuerPath+"/authorize":
		b.serveAuthorize(w, r)
	case p == b.cfg.issuerPath+"/token" && r.Method == http.MethodPost:
		b.serveToken(w, r)
	case p == b.cfg.issuerPath+"/register" && r.Method == http.MethodPost && !b.cfg.noRegistration:
		b.serveRegister(w, r)
	default:
		http.NotFound(w, r)
	}
}

func (b *testBed) serveASMetadata(w http.ResponseWriter) {
	meta := map[string]any{
		"issuer":                           b.issuer(),
		"authorization_endpoint":           b.issuer() + "/authorize",
		"token_endpoint":                   b.issuer() + "/token",
		"response_types_supported":         []string{"code"},
		"code_challenge_methods_supported": []string{"S256"},
	}
	if !b.cfg.noRegistration {
		meta["registration_endpoint"] = b.issuer() + "/register"
	}
	if b.cfg.scopesSupported != nil {
		meta["scopes_supported"] = b.cfg.scopesSupported
	}
	if b.cfg.grantTypes != nil {
		meta["grant_types_supported"] = b.cfg.grantTypes
	}
	if b.cfg.authMethods != nil {
		meta["token_endpoint_auth_methods_supported"] = b.cfg.authMethods
	}
	if b.cfg.cimd {
		meta["client_id_metadata_document_supported"] = true
	}
	writeJSON(w, http.StatusOK, meta)
}

// serveMCP is the bearer check in front of the SDK's streamable handler.
func (b *testBed) serveMCP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	var params []string
	if b.cfg.challengeMetadata {
		params = append(params, fmt.Sprintf("resource_metadata=%q", b.prmURL()))
	}
	bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	b.mu.Lock()
	tok := b.access[bearer]
	b.mu.Unlock()
	if !ok || tok == nil || !slices.Contains([]string{b.expectedResource(), b.serverURL()}, tok.resource) {
		if b.cfg.challengeScope != "" {
			params = append(params, fmt.Sprintf("scope=%q", b.cfg.challengeScope))
		}
		if len(params) > 0 {
			w.Header().Set("WWW-Authenticate", "Bearer "+strings.Join(params, ", "))
		}
		http.Error(w, "sign in first", http.StatusUnauthorized)
		return
	}
	need := slices.Clone(b.cfg.requiredScopes)
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	json.Unmarshal(body, &msg)
	if b.cfg.stepUpScope != "" && msg.Method == "tools/list" {
		need = append(need, b.cfg.stepUpScope)
	}
	for _, s := range need {
		if !slices.Contains(tok.scopes, s) {
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
	b.mu.Lock()
	b.tokensSeen = append(b.tokensSeen, bearer)
	b.mu.Unlock()
	b.mcp.ServeHTTP(w, r)
}

func (b *testBed) serveAuthorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	b.mu.Lock()
	b.authorizeQs = append(b.authorizeQs, q)
	client := b.clients[q.Get("client_id")]
	b.mu.Unlock()
	clientID := q.Get("client_id")
	if client == nil && b.cfg.cimd && strings.HasPrefix(clientID, "https://") {
		client = &bedClient{authMethod: "none"} // a Client ID Metadata Document client
	}
	redirect := q.Get("redirect_uri")
	ru, err := url.Parse(redirect)
	switch {
	case client == nil:
		http.Error(w, "unknown client "+clientID, http.StatusBadRequest)
	case err != nil || ru.Scheme != "http" || ru.Hostname() != "127.0.0.1" || ru.Path != "/callback":
		http.Error(w, "redirect_uri must be a loopback /callback: "+redirect, http.StatusBadRequest)
	case client.redirects != nil && !slices.Contains(client.redirects, redirect):
		http.Error(w, "redirect_uri not registered", http.StatusBadRequest)
	case q.Get("response_type") != "code":
		http.Error(w, "response_type must be code", http.StatusBadRequest)
	case q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "":
		http.Error(w, "PKCE S256 required", http.StatusBadRequest)
	case q.Get("resource") != b.expectedResource():
		http.Error(w, "wrong resource "+q.Get("resource"), http.StatusBadRequest)
	default:
		code := randomString()
		b.mu.Lock()
		b.codes[code] = &bedCode{clientID: clientID, redirect: redirect, challenge: q.Get("code_challenge"),
			resource: q.Get("resource"), scopes: b.grant(strings.Fields(q.Get("scope")))}
		b.mu.Unlock()
		back := url.Values{"code": {code}, "state": {q.Get("state")}}
		http.Redirect(w, r, redirect+"?"+back.Encode(), http.StatusFound)
	}
}

// grant is the requested scopes minus the ones this server never grants.
func (b *testBed) grant(requested []string) []string {
	var out []string
	for _, s := range requested {
		if !slices.Contains(b.cfg.denyScopes, s) {
			out = append(out, s)
		}
	}
	return out
}

// authenticate checks the client at the token endpoint and says which method it used.
func (b *testBed) authenticate(r *http.Request) (clientID, method string, ok bool) {
	id, secret, basic := r.BasicAuth()
	method = "none"
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
	b.mu.Lock()
	client := b.clients[id]
	b.mu.Unlock()
	if client == nil && b.cfg.cimd && strings.HasPrefix(id, "https://") {
		client = &bedClient{authMethod: "none"}
	}
	if client == nil || client.secret != secret {
		return id, method, false
	}
	if client.authMethod != "" && client.authMethod != method {
		return id, method, false
	}
	if b.cfg.authMethods != nil && !slices.Contains(b.cfg.authMethods, method) {
		return id, method, false
	}
	return id, method, true
}

func (b *testBed) serveToken(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f := r.PostForm
	clientID, method, ok := b.authenticate(r)
	req := tokenRequest{grantType: f.Get("grant_type"), clientID: clientID, method: method,
		resource: f.Get("resource"), scope: f.Get("scope")}
	defer func() {
		b.mu.Lock()
		b.tokenReqs = append(b.tokenReqs, req)
		b.mu.Unlock()
	}()
	if b.cfg.echoSecret {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client",
			"error_description": "wrong secret " + r.PostForm.Get("client_secret")})
		return
	}
	if !ok {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client"})
		return
	}
	var grant *bedToken
	b.mu.Lock()
	switch req.grantType {
	case "authorization_code":
		c := b.codes[f.Get("code")]
		delete(b.codes, f.Get("code"))
		sum := sha256.Sum256([]byte(f.Get("code_verifier")))
		if c != nil && c.clientID == clientID && c.redirect == f.Get("redirect_uri") &&
			base64.RawURLEncoding.EncodeToString(sum[:]) == c.challenge && f.Get("resource") == c.resource {
			grant = &bedToken{clientID: clientID, resource: c.resource, scopes: c.scopes}
		}
	case "refresh_token":
		if g := b.refresh[f.Get("refresh_token")]; g != nil && g.clientID == clientID {
			delete(b.refresh, f.Get("refresh_token")) // rotation: a refresh token works once
			grant = g
		}
	case "client_credentials":
		if b.clients[clientID] != nil && b.clients[clientID].secret != "" {
			grant = &bedToken{clientID: clientID, resource: f.Get("resource"), scopes: b.grant(strings.Fields(f.Get("scope")))}
		}
	}
	b.mu.Unlock()
	if grant == nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_grant"})
		return
	}
	req.ok = true
	access := randomString()
	resp := map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600,
		"scope": strings.Join(grant.scopes, " ")}
	if b.cfg.expiresIn != 0 {
		resp["expires_in"] = b.cfg.expiresIn
	}
	b.mu.Lock()
	b.access[access] = grant
	b.issuedSecret = append(b.issuedSecret, access)
	if req.grantType != "client_credentials" && (slices.Contains(grant.scopes, "offline_access") || !slices.Contains(b.cfg.scopesSupported, "offline_access")) {
		// Refresh tokens go to those who asked with offline_access, or to everyone
		// when the server does not know that scope.
		refresh := randomString()
		b.refresh[refresh] = grant
		b.issuedSecret = append(b.issuedSecret, refresh)
		resp["refresh_token"] = refresh
	}
	b.mu.Unlock()
	writeJSON(w, http.StatusOK, resp)
}

func (b *testBed) serveRegister(w http.ResponseWriter, r *http.Request) {
	var meta map[string]any
	if err := json.NewDecoder(r.Body).Decode(&meta); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_client_metadata"})
		return
	}
	method, _ := meta["token_endpoint_auth_method"].(string)
	if method == "" {
		method = "client_secret_basic"
	}
	var redirects []string
	for _, u := range meta["redirect_uris"].([]any) {
		redirects = append(redirects, u.(string))
	}
	id := "dyn-" + randomString()[:8]
	client := &bedClient{authMethod: method, redirects: redirects}
	resp := map[string]any{"client_id": id, "redirect_uris": redirects, "token_endpoint_auth_method": method}
	if method != "none" {
		client.secret = randomString()
		resp["client_secret"] = client.secret
	}
	b.mu.Lock()
	b.clients[id] = client
	b.registered = append(b.registered, meta)
	if client.secret != "" {
		b.issuedSecret = append(b.issuedSecret, client.secret)
	}
	b.mu.Unlock()
	writeJSON(w, http.StatusCreated, resp)
}

// saw reports whether the server got a request "METHOD /path".
func (b *testBed) saw(request string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Contains(b.requests, request)
}

func (b *testBed) count(request string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, r := range b.requests {
		if r == request {
			n++
		}
	}
	return n
}

func (b *testBed) tokenRequests() []tokenRequest {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.tokenReqs)
}

func (b *testBed) authorizeRequests() []url.Values {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.authorizeQs)
}

func (b *testBed) secrets() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.issuedSecret)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func randomString() string { return rand.Text() }

// A fakeBrowser stands in for the person at the browser: it loads the
// authorization URL and follows the redirect back to the loopback listener,
// as a browser would.
type fakeBrowser struct {
	// tamperState changes the state on the way back, as a forged response would.
	tamperState bool
	// stay makes it open nothing and leave the sign-in waiting; onOpen, if set,
	// runs instead (to cancel the caller's context, say).
	stay   bool
	onOpen func()

	mu          sync.Mutex
	opened      []string
	lastStatus  int
	lastPage    string
	redirectURI string
}

func (fb *fakeBrowser) open(ctx context.Context, authURL string) error {
	fb.mu.Lock()
	fb.opened = append(fb.opened, authURL)
	if u, err := url.Parse(authURL); err == nil {
		fb.redirectURI = u.Query().Get("redirect_uri")
	}
	fb.mu.Unlock()
	if fb.onOpen != nil {
		fb.onOpen()
	}
	if fb.stay {
		return nil
	}
	client := &http.Client{CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if fb.tamperState && req.URL.Path == callbackPath {
			q := req.URL.Query()
			q.Set("state", "forged")
			req.URL.RawQuery = q.Encode()
		}
		return nil
	}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil // a browser shows the error page; the sign-in waits on
	}
	defer resp.Body.Close()
	page, _ := io.ReadAll(resp.Body)
	fb.mu.Lock()
	fb.lastStatus, fb.lastPage = resp.StatusCode, string(page)
	redirectURI := fb.redirectURI
	fb.mu.Unlock()
	if resp.Request.URL.Path != callbackPath && redirectURI != "" {
		// The authorization server showed an error page instead of sending the
		// browser back. A person would give up; so does the double, through the
		// callback, so that a failing test fails at once instead of waiting out
		// the sign-in timeout.
		back := url.Values{"error": {"stuck_at_authorization_server"},
			"error_description": {fmt.Sprintf("%d %s", resp.StatusCode, strings.TrimSpace(string(page)))}}
		if r, err := http.Get(redirectURI + "?" + back.Encode()); err == nil {
			r.Body.Close()
		}
	}
	return nil
}

func (fb *fakeBrowser) openCount() int {
	fb.mu.Lock()
	defer fb.mu.Unlock()
	return len(fb.opened)
}

// A wireRecorder is the app's RoundTripper in miniature: every HTTP step the
// handler makes goes through it.
type wireRecorder struct {
	mu    sync.Mutex
	steps []string
}

func (wr *wireRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	step := req.Method + " " + req.URL.Path
	if err == nil {
		step += fmt.Sprintf(" %d", resp.StatusCode)
	}
	wr.mu.Lock()
	wr.steps = append(wr.steps, step)
	wr.mu.Unlock()
	return resp, err
}

func (wr *wireRecorder) count(prefix string) int {
	wr.mu.Lock()
	defer wr.mu.Unlock()
	n := 0
	for _, s := range wr.steps {
		if strings.HasPrefix(s, prefix) {
			n++
		}
	}
	return n
}

// A progressLog collects Progress steps.
type progressLog struct {
	mu    sync.Mutex
	steps []string
}

func (p *progressLog) add(s string) {
	p.mu.Lock()
	p.steps = append(p.steps, s)
	p.mu.Unlock()
}

func (p *progressLog) all() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.steps)
}

// A session is one handler wired to the bed the way the app wires it.
type session struct {
	bed      *testBed
	handler  *Handler
	browser  *fakeBrowser
	wire     *wireRecorder
	progress *progressLog
	store    *TokenStore
}

// newSession makes a handler for the bed; edit changes its options first.
func newSession(t *testing.T, bed *testBed, store *TokenStore, edit func(*Options)) *session {
	t.Helper()
	s := &session{bed: bed, browser: &fakeBrowser{}, wire: &wireRecorder{}, progress: &progressLog{}, store: store}
	opts := Options{
		ServerName:  "test server",
		ServerURL:   bed.serverURL(),
		HTTPClient:  &http.Client{Transport: s.wire},
		Store:       store,
		OpenBrowser: s.browser.open,
		Progress:    s.progress.add,
	}
	if edit != nil {
		edit(&opts)
	}
	h, err := NewHandler(opts)
	if err != nil {
		t.Fatalf("NewHandler: %v", err)
	}
	s.handler = h
	return s
}

// connect connects an SDK client through the handler.
func (s *session) connect(ctx context.Context) (*sdk.ClientSession, error) {
	transport := &sdk.StreamableClientTransport{
		Endpoint:     s.bed.serverURL(),
		HTTPClient:   &http.Client{Transport: s.wire},
		OAuthHandler: s.handler,
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "mcpbrowser-test", Version: "1"}, nil)
	return client.Connect(ctx, transport, nil)
}

// listTools connects, lists the tools and checks the bed's tool is there.
func (s *session) listTools(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	cs, err := s.connect(ctx)
	if err != nil {
		t.Fatalf("connect: %v\nprogress: %q", err, s.progress.all())
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	if len(res.Tools) != 1 || res.Tools[0].Name != "whoami" {
		t.Fatalf("tools = %v, want [whoami]", res.Tools)
	}
	s.checkNoSecretsShown(t)
}

// checkNoSecretsShown fails if a progress step shows a secret.
func (s *session) checkNoSecretsShown(t *testing.T) {
	t.Helper()
	for _, step := range s.progress.all() {
		for _, secret := range s.bed.secrets() {
			if strings.Contains(step, secret) {
				t.Errorf("progress step %q shows a secret", step)
			}
		}
	}
}

// portClosed reports whether nothing listens at the redirect URI any more.
func portClosed(t *testing.T, redirectURI string) bool {
	t.Helper()
	u, err := url.Parse(redirectURI)
	if err != nil {
		t.Fatalf("redirect URI %q: %v", redirectURI, err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		return true
	}
	conn.Close()
	return false
}
