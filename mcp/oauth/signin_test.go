package oauth

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpbrowser/internal/oauthtest"
)

// Every discovery path the MCP authorization spec describes, each ending in a
// connected client that lists the server's tools.
func TestDiscovery(t *testing.T) {
	tests := []struct {
		name string
		cfg  oauthtest.Config
		// mustSee are requests the server must have had: the proof that this
		// path, and not another, was taken.
		mustSee []string
	}{
		{
			name:    "resource_metadata URL from WWW-Authenticate",
			cfg:     oauthtest.Config{MetadataAt: oauthtest.MetadataAtChallenge, ChallengeMetadata: true},
			mustSee: []string{"GET /meta/protected-resource.json", "GET /.well-known/oauth-authorization-server"},
		},
		{
			name:    "protected resource metadata at the endpoint's well-known path",
			cfg:     oauthtest.Config{MetadataAt: oauthtest.MetadataAtPath},
			mustSee: []string{"GET /.well-known/oauth-protected-resource/mcp"},
		},
		{
			name:    "protected resource metadata at the root, naming the endpoint",
			cfg:     oauthtest.Config{MetadataAt: oauthtest.MetadataAtRoot},
			mustSee: []string{"GET /.well-known/oauth-protected-resource/mcp", "GET /.well-known/oauth-protected-resource"},
		},
		{
			name:    "protected resource metadata at the root, naming the origin",
			cfg:     oauthtest.Config{MetadataAt: oauthtest.MetadataAtRoot, MetadataResource: oauthtest.ResourceOrigin},
			mustSee: []string{"GET /.well-known/oauth-protected-resource"},
		},
		{
			name:    "openid-configuration at the root issuer",
			cfg:     oauthtest.Config{ASMetadata: oauthtest.ASMetaOIDC},
			mustSee: []string{"GET /.well-known/oauth-authorization-server", "GET /.well-known/openid-configuration"},
		},
		{
			name:    "path issuer, oauth-authorization-server with path insertion",
			cfg:     oauthtest.Config{IssuerPath: "/tenant1", ASMetadata: oauthtest.ASMetaOAuth},
			mustSee: []string{"GET /.well-known/oauth-authorization-server/tenant1", "POST /tenant1/token"},
		},
		{
			name:    "path issuer, openid-configuration with path insertion",
			cfg:     oauthtest.Config{IssuerPath: "/tenant1", ASMetadata: oauthtest.ASMetaOIDC},
			mustSee: []string{"GET /.well-known/openid-configuration/tenant1"},
		},
		{
			name:    "path issuer, openid-configuration with path appending",
			cfg:     oauthtest.Config{IssuerPath: "/tenant1", ASMetadata: oauthtest.ASMetaOIDCAppend},
			mustSee: []string{"GET /tenant1/.well-known/openid-configuration"},
		},
		{
			name:    "2025-03-26: no resource metadata, authorization metadata at the server root",
			cfg:     oauthtest.Config{MetadataAt: oauthtest.MetadataNone, ASMetadata: oauthtest.ASMetaOAuth},
			mustSee: []string{"GET /.well-known/oauth-protected-resource", "GET /.well-known/oauth-authorization-server"},
		},
		{
			name: "2025-03-26: no metadata at all, default endpoints",
			cfg:  oauthtest.Config{MetadataAt: oauthtest.MetadataNone, ASMetadata: oauthtest.ASMetaNone},
			mustSee: []string{"GET /.well-known/openid-configuration", "POST /register",
				"GET /authorize", "POST /token"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bed := oauthtest.NewServer(t, tt.cfg)
			s := newSession(t, bed, nil, nil)
			s.listTools(t)
			for _, r := range tt.mustSee {
				if !bed.Saw(r) {
					t.Errorf("the server never got %q; it got %q", r, bed.Requests())
				}
			}
			if n := s.browser.OpenCount(); n != 1 {
				t.Errorf("browser opened %d times, want 1", n)
			}
			// Discovery runs twice (ours and the SDK's), but each document is
			// fetched once: the wire view shows each step once.
			if bed.Config().MetadataAt != oauthtest.MetadataNone {
				if n := s.wire.count("GET " + bed.MetadataPath() + " 200"); n != 1 {
					t.Errorf("protected resource metadata fetched %d times, want 1", n)
				}
			}
		})
	}
}

// A metadata document naming another resource stops the sign-in before any
// browser or token request.
func TestResourceMismatchRefused(t *testing.T) {
	tests := []struct {
		name string
		cfg  oauthtest.Config
	}{
		{"from the challenge", oauthtest.Config{MetadataAt: oauthtest.MetadataAtChallenge, ChallengeMetadata: true, MetadataResource: "https://other.example/mcp"}},
		{"at the path", oauthtest.Config{MetadataAt: oauthtest.MetadataAtPath, MetadataResource: "https://other.example/mcp"}},
		{"at the root", oauthtest.Config{MetadataAt: oauthtest.MetadataAtRoot, MetadataResource: "https://other.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bed := oauthtest.NewServer(t, tt.cfg)
			s := newSession(t, bed, nil, nil)
			_, err := s.connect(context.Background())
			var mismatch *ResourceMismatchError
			if !errors.As(err, &mismatch) {
				t.Fatalf("connect error = %v, want a ResourceMismatchError", err)
			}
			if !strings.Contains(err.Error(), "refusing to sign in") || !strings.Contains(err.Error(), "other.example") {
				t.Errorf("error %q does not say what happened", err)
			}
			if s.browser.OpenCount() != 0 || len(bed.TokenRequests()) != 0 || len(bed.AuthorizeRequests()) != 0 {
				t.Errorf("sign-in went on: browser %d, token requests %d", s.browser.OpenCount(), len(bed.TokenRequests()))
			}
		})
	}
}

// Client identity in the spec's order: pre-registered, metadata document,
// dynamic registration.
func TestClientIdentity(t *testing.T) {
	const cimdURL = "https://mcpbrowser.example/client.json"
	tests := []struct {
		name          string
		cfg           oauthtest.Config
		clientID      string
		secret        string
		cimd          string
		wantClientID  string // "dyn-" for a dynamically registered one
		wantRegisters bool
	}{
		{name: "pre-registered with secret wins over a metadata document",
			cfg:      oauthtest.Config{ClientIDMetadataDocuments: true, Preregistered: map[string]string{"pre-1": "pre-secret"}},
			clientID: "pre-1", secret: "pre-secret", cimd: cimdURL, wantClientID: "pre-1"},
		{name: "pre-registered public client",
			cfg:      oauthtest.Config{Preregistered: map[string]string{"pre-2": ""}},
			clientID: "pre-2", wantClientID: "pre-2"},
		{name: "metadata document when the server supports them",
			cfg:  oauthtest.Config{ClientIDMetadataDocuments: true},
			cimd: cimdURL, wantClientID: cimdURL},
		{name: "dynamic registration when the server does not support metadata documents",
			cfg:  oauthtest.Config{},
			cimd: cimdURL, wantClientID: "dyn-", wantRegisters: true},
		{name: "dynamic registration with nothing configured",
			cfg:          oauthtest.Config{},
			wantClientID: "dyn-", wantRegisters: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bed := oauthtest.NewServer(t, tt.cfg)
			s := newSession(t, bed, nil, func(o *Options) {
				o.ClientID, o.ClientSecret, o.ClientMetadataURL = tt.clientID, tt.secret, tt.cimd
			})
			s.listTools(t)
			auths := bed.AuthorizeRequests()
			if len(auths) != 1 {
				t.Fatalf("%d authorization requests, want 1", len(auths))
			}
			if got := auths[0].Get("client_id"); !strings.HasPrefix(got, tt.wantClientID) {
				t.Errorf("client_id = %q, want %q", got, tt.wantClientID)
			}
			if got := bed.Saw("POST /register"); got != tt.wantRegisters {
				t.Errorf("registered = %v, want %v", got, tt.wantRegisters)
			}
		})
	}
}

func TestNoClientIdentityPossible(t *testing.T) {
	bed := oauthtest.NewServer(t, oauthtest.Config{NoRegistration: true})
	s := newSession(t, bed, nil, nil)
	_, err := s.connect(context.Background())
	if err == nil || !strings.Contains(err.Error(), "--client-id") {
		t.Fatalf("connect error = %v, want one that says to use a client ID", err)
	}
	if s.browser.OpenCount() != 0 {
		t.Error("the browser was opened although there was no client to sign in as")
	}
}

// PKCE S256 and the resource parameter, checked by the authorization server.
func TestPKCEAndResource(t *testing.T) {
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	s := newSession(t, bed, nil, nil)
	s.listTools(t)
	auth := bed.AuthorizeRequests()[0]
	if auth.Get("code_challenge_method") != "S256" || auth.Get("code_challenge") == "" {
		t.Errorf("authorization request without PKCE S256: %v", auth)
	}
	if auth.Get("resource") != bed.ServerURL() {
		t.Errorf("resource = %q, want %q", auth.Get("resource"), bed.ServerURL())
	}
	var exchanged bool
	for _, tr := range bed.TokenRequests() {
		if tr.GrantType == "authorization_code" {
			// The bed grants only when sha256(code_verifier) matches the challenge.
			exchanged = tr.OK
			if tr.Resource != bed.ServerURL() {
				t.Errorf("token request resource = %q", tr.Resource)
			}
		}
	}
	if !exchanged {
		t.Errorf("no successful code exchange: %+v", bed.TokenRequests())
	}
}

func TestStateMismatchRefused(t *testing.T) {
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	s := newSession(t, bed, nil, nil)
	s.browser.TamperState = true
	_, err := s.connect(context.Background())
	if !errors.Is(err, ErrStateMismatch) {
		t.Fatalf("connect error = %v, want ErrStateMismatch", err)
	}
	if !strings.Contains(err.Error(), "does not belong to this sign-in") {
		t.Errorf("error %q does not explain itself", err)
	}
	for _, tr := range bed.TokenRequests() {
		if tr.GrantType == "authorization_code" {
			t.Error("the code was exchanged despite the wrong state")
		}
	}
	if status, page := s.browser.LastPage(); status != 400 || !strings.Contains(page, "Sign-in failed") {
		t.Errorf("the browser page said %d %q, want the failure", status, page)
	}
	if !portClosed(t, s.browser.RedirectURI()) {
		t.Error("the loopback listener is still open after the sign-in")
	}
}

func TestListenerClosedAfterSignIn(t *testing.T) {
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	s := newSession(t, bed, nil, nil)
	s.listTools(t)
	if !strings.HasPrefix(s.browser.RedirectURI(), "http://127.0.0.1:") || !strings.HasSuffix(s.browser.RedirectURI(), "/callback") {
		t.Errorf("redirect URI = %q, want http://127.0.0.1:<port>/callback", s.browser.RedirectURI())
	}
	if status, page := s.browser.LastPage(); status != 200 || !strings.Contains(page, "signed in") {
		t.Errorf("the browser page said %d %q", status, page)
	}
	if !portClosed(t, s.browser.RedirectURI()) {
		t.Error("the loopback listener is still open after the sign-in")
	}
}

// The wait for the browser ends when the caller gives up, and on its own
// deadline.
func TestBrowserWaitIsBounded(t *testing.T) {
	t.Run("caller cancels", func(t *testing.T) {
		bed := oauthtest.NewServer(t, oauthtest.Config{})
		s := newSession(t, bed, nil, nil)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s.browser.Stay = true
		s.browser.OnOpen = cancel
		// Which error the SDK's client returns depends on which of its
		// goroutines sees the cancellation first, and some flatten it to
		// text; the direct test below checks the handler's own error.
		_, err := s.connect(ctx)
		if err == nil || !strings.Contains(err.Error(), "context canceled") {
			t.Fatalf("connect error = %v, want the cancelled wait", err)
		}
		if !portClosed(t, s.browser.RedirectURI()) {
			t.Error("the loopback listener is still open")
		}
	})
	t.Run("caller cancels, Authorize directly", func(t *testing.T) {
		bed := oauthtest.NewServer(t, oauthtest.Config{})
		s := newSession(t, bed, nil, nil)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s.browser.Stay = true
		s.browser.OnOpen = cancel
		req, resp := unauthorized(t, bed)
		err := s.handler.Authorize(ctx, req, resp)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Authorize error = %v, want context.Canceled", err)
		}
	})
	t.Run("sign-in timeout", func(t *testing.T) {
		bed := oauthtest.NewServer(t, oauthtest.Config{})
		s := newSession(t, bed, nil, func(o *Options) { o.SignInTimeout = 50 * time.Millisecond })
		s.browser.Stay = true
		_, err := s.connect(context.Background())
		if !errors.Is(err, errSignInTimedOut) || !strings.Contains(err.Error(), "try again") {
			t.Fatalf("connect error = %v, want the sign-in timeout", err)
		}
	})
}

func TestAuthorizationServerRefuses(t *testing.T) {
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	s := newSession(t, bed, nil, nil)
	// The person clicks "Deny": the server sends the browser back with an error.
	s.browser.Stay = true
	s.browser.OnOpen = func() {
		redirect := s.browser.RedirectURI()
		state := ""
		if opened := s.browser.Opened(); len(opened) > 0 {
			u := opened[len(opened)-1]
			state = mustQuery(t, u).Get("state")
		}
		get(t, redirect+"?error=access_denied&error_description=The+person+said+no&state="+state)
	}
	_, err := s.connect(context.Background())
	if err == nil || !strings.Contains(err.Error(), "access_denied") || !strings.Contains(err.Error(), "The person said no") {
		t.Fatalf("connect error = %v, want access_denied with its description", err)
	}
}

// Scope: WWW-Authenticate, else scopes_supported, else none; an explicit
// choice wins; offline_access only when the server lists it.
func TestScopeSelection(t *testing.T) {
	tests := []struct {
		name      string
		cfg       oauthtest.Config
		scopes    []string
		wantScope []string // as a set; nil means no scope parameter
	}{
		{"from WWW-Authenticate", oauthtest.Config{ChallengeScope: "mcp:read mcp:write", MetadataScopes: []string{"other"}}, nil,
			[]string{"mcp:read", "mcp:write"}},
		{"from scopes_supported", oauthtest.Config{MetadataScopes: []string{"files", "mail"}}, nil, []string{"files", "mail"}},
		{"none", oauthtest.Config{}, nil, nil},
		{"explicit choice", oauthtest.Config{ChallengeScope: "mcp:read"}, []string{"mine"}, []string{"mine"}},
		{"offline_access when the server lists it",
			oauthtest.Config{ChallengeScope: "mcp:read", ScopesSupported: []string{"mcp:read", "offline_access"}}, nil,
			[]string{"mcp:read", "offline_access"}},
		{"no offline_access when it does not",
			oauthtest.Config{ChallengeScope: "mcp:read", ScopesSupported: []string{"mcp:read"}}, nil,
			[]string{"mcp:read"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bed := oauthtest.NewServer(t, tt.cfg)
			s := newSession(t, bed, nil, func(o *Options) { o.Scopes = tt.scopes })
			s.listTools(t)
			auth := bed.AuthorizeRequests()[0]
			if tt.wantScope == nil {
				if auth.Has("scope") {
					t.Errorf("scope = %q, want no scope parameter", auth.Get("scope"))
				}
				return
			}
			if !sameSet(strings.Fields(auth.Get("scope")), tt.wantScope) {
				t.Errorf("scope = %q, want %q", auth.Get("scope"), tt.wantScope)
			}
		})
	}
}

// A 403 insufficient_scope signs in again asking for more, keeping what was
// granted; a scope that is never granted stops after maxStepUps sign-ins.
func TestStepUp(t *testing.T) {
	t.Run("granted", func(t *testing.T) {
		bed := oauthtest.NewServer(t, oauthtest.Config{ChallengeScope: "mcp:read", RequiredScopes: []string{"mcp:read"}, StepUpScope: "mcp:tools"})
		s := newSession(t, bed, nil, nil)
		s.listTools(t)
		auths := bed.AuthorizeRequests()
		if len(auths) != 2 {
			t.Fatalf("%d sign-ins, want 2 (first, then step-up)", len(auths))
		}
		if !sameSet(strings.Fields(auths[1].Get("scope")), []string{"mcp:read", "mcp:tools"}) {
			t.Errorf("step-up scope = %q, want mcp:read and mcp:tools", auths[1].Get("scope"))
		}
	})
	t.Run("never granted", func(t *testing.T) {
		bed := oauthtest.NewServer(t, oauthtest.Config{ChallengeScope: "mcp:read", RequiredScopes: []string{"mcp:read"},
			StepUpScope: "admin", DenyScopes: []string{"admin"}})
		s := newSession(t, bed, nil, nil)
		ctx := context.Background()
		cs, err := s.connect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		var lastErr error
		for range maxStepUps + 2 {
			_, lastErr = cs.ListTools(ctx, nil)
			if lastErr == nil {
				t.Fatal("tools/list worked without the admin scope")
			}
		}
		if got, want := s.browser.OpenCount(), 1+maxStepUps; got != want {
			t.Errorf("browser opened %d times, want %d (first sign-in and %d step-ups)", got, want, maxStepUps)
		}
		if !strings.Contains(lastErr.Error(), "stopped asking") {
			t.Errorf("last error = %v, want one that says why the sign-in stopped", lastErr)
		}
	})
}

// The token endpoint is called the way the authorization server says it
// authenticates clients; the bed refuses any other way.
func TestTokenEndpointAuthMethod(t *testing.T) {
	tests := []struct {
		name       string
		cfg        oauthtest.Config
		clientID   string
		secret     string
		grant      string
		wantMethod string
	}{
		{name: "pre-registered, client_secret_basic", cfg: oauthtest.Config{AuthMethods: []string{"client_secret_basic"},
			Preregistered: map[string]string{"c": "s3cret-basic"}}, clientID: "c", secret: "s3cret-basic", wantMethod: "client_secret_basic"},
		{name: "pre-registered, client_secret_post", cfg: oauthtest.Config{AuthMethods: []string{"client_secret_post"},
			Preregistered: map[string]string{"c": "s3cret-post"}}, clientID: "c", secret: "s3cret-post", wantMethod: "client_secret_post"},
		{name: "pre-registered public client, none", cfg: oauthtest.Config{AuthMethods: []string{"none"},
			Preregistered: map[string]string{"c": ""}}, clientID: "c", wantMethod: "none"},
		{name: "registered, none", cfg: oauthtest.Config{AuthMethods: []string{"none", "client_secret_basic"}}, wantMethod: "none"},
		{name: "registered, client_secret_basic", cfg: oauthtest.Config{AuthMethods: []string{"client_secret_basic"}}, wantMethod: "client_secret_basic"},
		{name: "registered, client_secret_post", cfg: oauthtest.Config{AuthMethods: []string{"client_secret_post"}}, wantMethod: "client_secret_post"},
		{name: "client credentials, client_secret_basic", cfg: oauthtest.Config{AuthMethods: []string{"client_secret_basic"},
			Preregistered: map[string]string{"m2m": "m2m-s3cret"}}, clientID: "m2m", secret: "m2m-s3cret",
			grant: GrantClientCredentials, wantMethod: "client_secret_basic"},
		{name: "client credentials, client_secret_post", cfg: oauthtest.Config{AuthMethods: []string{"client_secret_post"},
			Preregistered: map[string]string{"m2m": "m2m-s3cret"}}, clientID: "m2m", secret: "m2m-s3cret",
			grant: GrantClientCredentials, wantMethod: "client_secret_post"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bed := oauthtest.NewServer(t, tt.cfg)
			s := newSession(t, bed, nil, func(o *Options) {
				o.ClientID, o.ClientSecret, o.GrantType = tt.clientID, tt.secret, tt.grant
			})
			s.listTools(t)
			reqs := bed.TokenRequests()
			last := reqs[len(reqs)-1]
			if !last.OK || last.Method != tt.wantMethod {
				t.Errorf("token requests %+v, want the last to succeed with %s", reqs, tt.wantMethod)
			}
		})
	}
}

// unauthorized makes the request and 401 response the transport would hand
// to Authorize, by asking the bed's endpoint without a token.
func unauthorized(t *testing.T, bed *oauthtest.Server) (*http.Request, *http.Response) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, bed.ServerURL(), strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the bed answered %s without a token", resp.Status)
	}
	return req, resp
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// What a person sees during a sign-in, step by step; and the wire view shows
// each HTTP step once.
func TestProgressAndWire(t *testing.T) {
	bed := oauthtest.NewServer(t, oauthtest.Config{ChallengeScope: "mcp"})
	s := newSession(t, bed, nil, nil)
	s.listTools(t)
	for _, step := range s.progress.all() {
		t.Log("progress:", step)
	}
	s.wire.mu.Lock()
	for _, step := range s.wire.steps {
		t.Log("wire:", step)
	}
	s.wire.mu.Unlock()
	want := []string{"Discovering the authorization server…", "Registering MCP Browser",
		"Waiting for you to sign in in the browser…", "Signed in to "}
	steps := strings.Join(s.progress.all(), "\n")
	for _, w := range want {
		if !strings.Contains(steps, w) {
			t.Errorf("progress lacks %q", w)
		}
	}
	for _, step := range []string{"POST /register 201", "POST /token 200", "GET /.well-known/oauth-authorization-server 200"} {
		if n := s.wire.count(step); n != 1 {
			t.Errorf("wire shows %q %d times, want 1", step, n)
		}
	}
}

// Requests that fail together lead to one sign-in: the others wait for it and
// retry with its token.
func TestConcurrentUnauthorizedSignInOnce(t *testing.T) {
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	s := newSession(t, bed, nil, nil)
	const n = 3
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		req, resp := unauthorized(t, bed)
		wg.Go(func() { errs[i] = s.handler.Authorize(context.Background(), req, resp) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Authorize %d: %v", i, err)
		}
	}
	if got := s.browser.OpenCount(); got != 1 {
		t.Errorf("browser opened %d times, want 1", got)
	}
	ts, err := s.handler.TokenSource(context.Background())
	if err != nil || ts == nil {
		t.Fatalf("TokenSource = %v, %v", ts, err)
	}
}
