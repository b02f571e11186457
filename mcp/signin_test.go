package mcp

// Sign-in through a Session, end to end: a protected streamable-HTTP server
// and its authorization server (internal/oauthtest) on loopback, and a
// browser double (ManagerOptions.OpenBrowser) that follows the authorization
// URL back to the session's loopback listener.

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/oauthtest"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/oauth"
)

// signInServerName is the entry's name, and so the token's key in the store.
const signInServerName = "protected"

// A signInRig is a protected server, a browser double, and a token folder
// shared by every run of "the app" (each session call is a new Manager, as a
// new start of the app would be).
type signInRig struct {
	bed      *oauthtest.Server
	browser  *oauthtest.Browser
	tokenDir string
}

func newSignInRig(t *testing.T, cfg oauthtest.Config) *signInRig {
	t.Helper()
	return &signInRig{
		bed:      oauthtest.NewServer(t, cfg),
		browser:  &oauthtest.Browser{},
		tokenDir: filepath.Join(t.TempDir(), "tokens"),
	}
}

// tokenPath is where the entry's token is saved.
func (r *signInRig) tokenPath() string {
	return oauth.NewTokenStore(r.tokenDir).Path(signInServerName)
}

// A signInRun is one session of the rig and everything it showed.
type signInRun struct {
	s  *Session
	m  *Manager
	mu sync.Mutex
	// statuses are every status the session went through.
	statuses []Status
}

// session makes a new Manager for an http entry pointing at the bed; edit
// changes the entry first.
func (r *signInRig) session(t *testing.T, edit func(*config.ServerConfig)) *signInRun {
	t.Helper()
	entry := &config.ServerConfig{Name: signInServerName, Type: config.TypeHTTP, URL: r.bed.ServerURL()}
	if edit != nil {
		edit(entry)
	}
	entry.Validate()
	if entry.Problem != "" {
		t.Fatalf("entry: %s", entry.Problem)
	}
	m := NewManager(&config.Config{Path: filepath.Join(t.TempDir(), "servers.json"), Servers: []*config.ServerConfig{entry}},
		ManagerOptions{Tokens: oauth.NewTokenStore(r.tokenDir), OpenBrowser: r.browser.Open})
	t.Cleanup(m.Close)
	run := &signInRun{m: m, s: m.Session(signInServerName)}
	m.Subscribe(func(e Event) {
		if e.Kind == EventState {
			run.mu.Lock()
			run.statuses = append(run.statuses, *e.Status)
			run.mu.Unlock()
		}
	})
	return run
}

func (run *signInRun) allStatuses() []Status {
	run.mu.Lock()
	defer run.mu.Unlock()
	return slices.Clone(run.statuses)
}

// connectAndCall connects, checks the tool is listed, and calls it.
func (run *signInRun) connectAndCall(t *testing.T) {
	t.Helper()
	ctx := t.Context()
	if err := run.s.Connect(ctx); err != nil {
		t.Fatalf("Connect: %v\nlog:\n%s", err, run.logText())
	}
	if run.s.Tool(oauthtest.ToolName) == nil {
		t.Fatalf("tools = %v, want %s listed", run.s.Tools(), oauthtest.ToolName)
	}
	res := run.s.CallTool(ctx, oauthtest.ToolName, nil, CallOptions{})
	if !res.OK() {
		t.Fatalf("calling %s: %s (%v)", oauthtest.ToolName, res.Message, res.Err)
	}
	if got := signInCallText(res); got != oauthtest.ToolAnswer {
		t.Errorf("%s answered %q, want %q", oauthtest.ToolName, got, oauthtest.ToolAnswer)
	}
}

func signInCallText(r *CallResult) string {
	var parts []string
	if r.Result != nil {
		for _, c := range r.Result.Content {
			if tc, ok := c.(*sdk.TextContent); ok {
				parts = append(parts, tc.Text)
			}
		}
	}
	return strings.Join(parts, "\n")
}

func (run *signInRun) logText() string {
	entries, _ := run.s.Log.Since(0)
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// wire is the session's wire log, one line per entry: direction, summary, JSON.
func (run *signInRun) wire() []string {
	entries, _ := run.s.Wire.Since(0)
	var lines []string
	for _, e := range entries {
		lines = append(lines, e.Dir.String()+" "+e.Summary+" "+string(e.JSON))
	}
	return lines
}

// checkNoSecretsShown fails if any secret the bed knows (client secrets,
// codes, code verifiers, access and refresh tokens) is anywhere a person can
// see it: the wire log (summaries and recorded JSON or form bodies), the
// server log, any status, and the signed-in description.
func (r *signInRig) checkNoSecretsShown(t *testing.T, run *signInRun) {
	t.Helper()
	var shown []string
	shown = append(shown, run.wire()...)
	shown = append(shown, run.logText(), run.s.SignedIn())
	for _, st := range run.allStatuses() {
		shown = append(shown, st.Detail, st.Reason)
	}
	secrets := r.bed.Secrets()
	if len(secrets) == 0 {
		t.Fatal("the bed knows no secrets: the check would prove nothing")
	}
	for _, text := range shown {
		for _, secret := range secrets {
			if strings.Contains(text, secret) || strings.Contains(text, url.QueryEscape(secret)) {
				t.Errorf("a secret is shown: %q", text)
			}
		}
	}
}

// Every discovery variant of the MCP authorization spec, through a session:
// Connect signs in, lists the tools, and a call works.
func TestSignInDiscoveryThroughSession(t *testing.T) {
	tests := []struct {
		name string
		cfg  oauthtest.Config
		// mustSee are requests the bed must have had: the proof that this
		// path, and not another, was taken.
		mustSee []string
	}{
		{"resource_metadata URL from WWW-Authenticate",
			oauthtest.Config{MetadataAt: oauthtest.MetadataAtChallenge, ChallengeMetadata: true},
			[]string{"GET /meta/protected-resource.json", "GET /.well-known/oauth-authorization-server"}},
		{"protected resource metadata at the endpoint's well-known path",
			oauthtest.Config{MetadataAt: oauthtest.MetadataAtPath},
			[]string{"GET /.well-known/oauth-protected-resource/mcp"}},
		{"protected resource metadata at the root, naming the endpoint",
			oauthtest.Config{MetadataAt: oauthtest.MetadataAtRoot},
			[]string{"GET /.well-known/oauth-protected-resource/mcp", "GET /.well-known/oauth-protected-resource"}},
		{"protected resource metadata at the root, naming the origin",
			oauthtest.Config{MetadataAt: oauthtest.MetadataAtRoot, MetadataResource: oauthtest.ResourceOrigin},
			[]string{"GET /.well-known/oauth-protected-resource"}},
		{"openid-configuration at the root issuer",
			oauthtest.Config{ASMetadata: oauthtest.ASMetaOIDC},
			[]string{"GET /.well-known/oauth-authorization-server", "GET /.well-known/openid-configuration"}},
		{"path issuer, oauth-authorization-server with path insertion",
			oauthtest.Config{IssuerPath: "/tenant1"},
			[]string{"GET /.well-known/oauth-authorization-server/tenant1", "POST /tenant1/token"}},
		{"path issuer, openid-configuration with path insertion",
			oauthtest.Config{IssuerPath: "/tenant1", ASMetadata: oauthtest.ASMetaOIDC},
			[]string{"GET /.well-known/openid-configuration/tenant1"}},
		{"path issuer, openid-configuration with path appending",
			oauthtest.Config{IssuerPath: "/tenant1", ASMetadata: oauthtest.ASMetaOIDCAppend},
			[]string{"GET /tenant1/.well-known/openid-configuration"}},
		{"2025-03-26: no resource metadata, authorization metadata at the server root",
			oauthtest.Config{MetadataAt: oauthtest.MetadataNone},
			[]string{"GET /.well-known/oauth-protected-resource", "GET /.well-known/oauth-authorization-server"}},
		{"2025-03-26: no metadata at all, default endpoints",
			oauthtest.Config{MetadataAt: oauthtest.MetadataNone, ASMetadata: oauthtest.ASMetaNone},
			[]string{"GET /.well-known/openid-configuration", "POST /register", "GET /authorize", "POST /token"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := newSignInRig(t, tt.cfg)
			run := rig.session(t, nil)
			run.connectAndCall(t)
			for _, r := range tt.mustSee {
				if !rig.bed.Saw(r) {
					t.Errorf("the bed never got %q; it got %q", r, rig.bed.Requests())
				}
			}
			if n := rig.browser.OpenCount(); n != 1 {
				t.Errorf("browser opened %d times, want 1", n)
			}
			if st := run.s.Status(); st.State != StateReady || st.Detail != "" {
				t.Errorf("status after sign-in = %+v, want ready with no detail", st)
			}
			rig.checkNoSecretsShown(t, run)
		})
	}
}

// The steps of a sign-in reach the status line while the session is
// starting, and the server log, in plain words.
func TestSignInProgressOnStatusLine(t *testing.T) {
	rig := newSignInRig(t, oauthtest.Config{})
	run := rig.session(t, nil)
	run.connectAndCall(t)
	var details []string
	for _, st := range run.allStatuses() {
		if st.Detail != "" {
			if st.State != StateStarting {
				t.Errorf("detail %q shown in state %s", st.Detail, st.State)
			}
			details = append(details, st.Detail)
		}
	}
	for _, want := range []string{"Discovering the authorization server…", "Registering MCP Browser",
		"Opening the browser to sign in at ", "Waiting for you to sign in in the browser…", "Signed in to " + rig.bed.ServerURL()} {
		if !slices.ContainsFunc(details, func(d string) bool { return strings.HasPrefix(d, want) }) {
			t.Errorf("no status detail %q; details were %q", want, details)
		}
		if !strings.Contains(run.logText(), "sign-in: "+want) {
			t.Errorf("the server log lacks %q:\n%s", "sign-in: "+want, run.logText())
		}
	}
}

// The token is saved (0600 in a 0700 folder); the next start of the app
// connects without the browser; sign-out deletes it and the next connect
// asks again.
func TestSignInTokenSavedReusedAndSignedOut(t *testing.T) {
	rig := newSignInRig(t, oauthtest.Config{ChallengeScope: "mcp"})

	first := rig.session(t, nil)
	if got := first.s.SignedIn(); got != "" {
		t.Errorf("SignedIn before any sign-in = %q, want empty", got)
	}
	first.connectAndCall(t)
	checkFileMode(t, rig.tokenDir, 0o700)
	checkFileMode(t, rig.tokenPath(), 0o600)
	signedIn := first.s.SignedIn()
	for _, want := range []string{rig.bed.ServerURL(), rig.bed.Issuer(), `scopes "mcp"`, "refreshable"} {
		if !strings.Contains(signedIn, want) {
			t.Errorf("SignedIn = %q, lacks %q", signedIn, want)
		}
	}
	rig.checkNoSecretsShown(t, first)
	first.m.Close()

	tokenRequests := len(rig.bed.TokenRequests())
	second := rig.session(t, nil)
	second.connectAndCall(t)
	if n := rig.browser.OpenCount(); n != 1 {
		t.Errorf("the browser opened %d times over two runs, want 1 (the token was saved)", n)
	}
	if got := len(rig.bed.TokenRequests()); got != tokenRequests {
		t.Errorf("the second run made %d token requests, want none", got-tokenRequests)
	}
	second.m.Close()

	// Sign out from a session that has not connected in this run: the CLI's
	// "mcpbrowser sign-out", or the window before Connect.
	third := rig.session(t, nil)
	if err := third.s.SignOut(); err != nil {
		t.Fatalf("SignOut: %v", err)
	}
	if _, err := os.Stat(rig.tokenPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the token file is still there after sign-out (%v)", err)
	}
	if got := third.s.SignedIn(); got != "" {
		t.Errorf("SignedIn after sign-out = %q, want empty", got)
	}
	third.connectAndCall(t)
	if n := rig.browser.OpenCount(); n != 2 {
		t.Errorf("after sign-out the browser opened %d times in all, want 2", n)
	}
	if third.s.SignedIn() == "" {
		t.Error("SignedIn is empty after signing in again")
	}
}

// Signing out of a connected session forgets the token at once: the next
// request finds no token, gets a 401, and signs in again.
func TestSignInSignOutWhileConnected(t *testing.T) {
	rig := newSignInRig(t, oauthtest.Config{})
	run := rig.session(t, nil)
	run.connectAndCall(t)
	if err := run.s.SignOut(); err != nil {
		t.Fatalf("SignOut: %v", err)
	}
	if _, err := os.Stat(rig.tokenPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the token file is still there after sign-out (%v)", err)
	}
	seen := len(rig.bed.TokensSeen())
	res := run.s.CallTool(t.Context(), oauthtest.ToolName, nil, CallOptions{})
	if !res.OK() {
		t.Fatalf("call after sign-out: %s", res.Message)
	}
	if n := rig.browser.OpenCount(); n != 2 {
		t.Errorf("the browser opened %d times, want 2 (sign-in, then again after sign-out)", n)
	}
	all := rig.bed.TokensSeen()
	if slices.Contains(all[seen:], all[seen-1]) {
		t.Error("the token from before the sign-out was still sent")
	}
}

// A token close to expiry is refreshed before use, through the session's
// HTTP client (so the wire log shows it), and the rotated tokens are saved;
// a saved, expired token is refreshed on the next start without the browser.
func TestSignInRefreshBeforeExpiry(t *testing.T) {
	// expires_in 1 second is inside the oauth2 package's early-refresh window,
	// so every use of the token refreshes it first.
	rig := newSignInRig(t, oauthtest.Config{ExpiresIn: 1, ChallengeScope: "mcp",
		ScopesSupported: []string{"mcp", "offline_access"}})
	run := rig.session(t, nil)
	run.connectAndCall(t)
	// Closed first: closing sends a request too (DELETE of the MCP session),
	// which refreshes the token once more.
	run.m.Close()
	if n := rig.bed.CountTokenRequests("refresh_token", true); n == 0 {
		t.Fatalf("no refresh: %+v", rig.bed.TokenRequests())
	}
	if n := rig.bed.CountTokenRequests("refresh_token", false); n != 0 {
		t.Errorf("%d refreshes refused: %+v", n, rig.bed.TokenRequests())
	}
	if !slices.ContainsFunc(run.wire(), func(l string) bool {
		return strings.HasPrefix(l, "→ POST "+rig.bed.Issuer()+"/token ") && strings.Contains(l, "grant_type=refresh_token")
	}) {
		t.Errorf("the wire log shows no refresh:\n%s", strings.Join(run.wire(), "\n"))
	}
	saved, err := oauth.NewTokenStore(rig.tokenDir).Load(signInServerName)
	if err != nil || saved == nil {
		t.Fatalf("Load = %v, %v", saved, err)
	}
	if !rig.bed.RefreshTokenLive(saved.RefreshToken) {
		t.Error("the saved refresh token is not the latest one (rotation lost)")
	}
	if seen := rig.bed.TokensSeen(); saved.AccessToken != seen[len(seen)-1] {
		t.Error("the saved access token is not the one last used")
	}
	rig.checkNoSecretsShown(t, run)

	saved.Expiry = time.Now().Add(-time.Hour)
	if err := oauth.NewTokenStore(rig.tokenDir).Save(signInServerName, saved); err != nil {
		t.Fatal(err)
	}
	next := rig.session(t, nil)
	next.connectAndCall(t)
	if n := rig.browser.OpenCount(); n != 1 {
		t.Errorf("the browser opened %d times in all, want 1: an expired token with a refresh token needs none", n)
	}
	if seen := rig.bed.TokensSeen(); slices.Contains(seen[len(seen)-3:], saved.AccessToken) {
		t.Error("the expired token was sent")
	}
}

// Metadata naming another resource stops the sign-in before any browser or
// token request, and the session says so in plain words.
func TestSignInResourceMismatchRefused(t *testing.T) {
	tests := []struct {
		name string
		cfg  oauthtest.Config
	}{
		{"from the challenge", oauthtest.Config{MetadataAt: oauthtest.MetadataAtChallenge, ChallengeMetadata: true,
			MetadataResource: "https://other.example/mcp"}},
		{"at the path", oauthtest.Config{MetadataResource: "https://other.example/mcp"}},
		{"at the root", oauthtest.Config{MetadataAt: oauthtest.MetadataAtRoot, MetadataResource: "https://other.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := newSignInRig(t, tt.cfg)
			run := rig.session(t, nil)
			err := run.s.Connect(t.Context())
			var mismatch *oauth.ResourceMismatchError
			if !errors.As(err, &mismatch) {
				t.Fatalf("Connect error = %v, want a ResourceMismatchError inside", err)
			}
			st := run.s.Status()
			if st.State != StateFailed {
				t.Errorf("state = %s, want failed", st.State)
			}
			for _, want := range []string{"signing in to " + rig.bed.ServerURL() + " failed", "refusing to sign in",
				"other.example", "check the server's URL"} {
				if !strings.Contains(st.Reason, want) {
					t.Errorf("Status.Reason lacks %q: %q", want, st.Reason)
				}
			}
			if strings.Contains(st.Reason, "\n") {
				t.Errorf("Status.Reason is not one line: %q", st.Reason)
			}
			if rig.browser.OpenCount() != 0 || len(rig.bed.TokenRequests()) != 0 || len(rig.bed.AuthorizeRequests()) != 0 {
				t.Errorf("the sign-in went on: browser %d, token requests %d", rig.browser.OpenCount(), len(rig.bed.TokenRequests()))
			}
			if _, err := os.Stat(rig.tokenPath()); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a token was saved (%v)", err)
			}
		})
	}
}

// signInReason turns the SDK's wrapped error into the sign-in's own words;
// a failure that is not a sign-in is not taken for one.
func TestSignInReasonIsPlain(t *testing.T) {
	tests := []struct {
		name    string
		cfg     oauthtest.Config
		browser *oauthtest.Browser
		want    string
	}{
		{"resource mismatch", oauthtest.Config{MetadataResource: "https://other.example/mcp"}, &oauthtest.Browser{},
			"refusing to sign in"},
		{"forged state", oauthtest.Config{}, &oauthtest.Browser{TamperState: true},
			"does not belong to this sign-in"},
		{"no way to identify the client", oauthtest.Config{NoRegistration: true}, &oauthtest.Browser{},
			"ask the server's owner for a client ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := newSignInRig(t, tt.cfg)
			rig.browser = tt.browser
			run := rig.session(t, nil)
			err := run.s.Connect(t.Context())
			if err == nil {
				t.Fatal("Connect worked")
			}
			if !isSignInError(err) {
				t.Fatalf("isSignInError(%v) = false", err)
			}
			reason := signInReason(run.s.Config(), err).String()
			want := "signing in to " + rig.bed.ServerURL() + " failed: "
			if !strings.HasPrefix(reason, want) || !strings.Contains(reason, tt.want) {
				t.Errorf("reason = %q, want %q… with %q", reason, want, tt.want)
			}
			for _, noise := range []string{`calling "initialize"`, "rejected by transport", "sending"} {
				if strings.Contains(reason, noise) {
					t.Errorf("reason %q carries the transport's words %q", reason, noise)
				}
			}
		})
	}
}

// A server that cannot be reached is not a failed sign-in, even when its
// error has "sign" in it.
func TestSignInErrorNotTakenForSignIn(t *testing.T) {
	tlsServer := httptest.NewTLSServer(http.NotFoundHandler()) // a self-signed certificate
	defer tlsServer.Close()
	entry := &config.ServerConfig{Name: "tls", Type: config.TypeHTTP, URL: tlsServer.URL + "/mcp"}
	entry.Validate()
	m := NewManager(&config.Config{Path: filepath.Join(t.TempDir(), "servers.json"), Servers: []*config.ServerConfig{entry}},
		ManagerOptions{Tokens: oauth.NewTokenStore(t.TempDir()), OpenBrowser: (&oauthtest.Browser{}).Open})
	defer m.Close()
	err := m.Session("tls").Connect(t.Context())
	if err == nil || !strings.Contains(err.Error(), "the server's TLS certificate is not trusted") {
		t.Fatalf("Connect error = %v, want the certificate error", err)
	}
	if isSignInError(err) {
		t.Errorf("isSignInError(%v) = true", err)
	}
	if reason := m.Session("tls").Status().Reason; strings.Contains(reason, "signing in") {
		t.Errorf("Status.Reason = %q, calls a certificate error a sign-in", reason)
	}
}

// A 403 insufficient_scope signs in again asking for more (keeping what was
// granted), and the request goes through.
func TestSignInStepUp(t *testing.T) {
	rig := newSignInRig(t, oauthtest.Config{ChallengeScope: "mcp:read", RequiredScopes: []string{"mcp:read"},
		StepUpScope: "mcp:tools"})
	run := rig.session(t, nil)
	run.connectAndCall(t)
	auths := rig.bed.AuthorizeRequests()
	if len(auths) != 2 {
		t.Fatalf("%d sign-ins, want 2 (first, then step-up)", len(auths))
	}
	if got := strings.Fields(auths[0].Get("scope")); !slices.Equal(got, []string{"mcp:read"}) {
		t.Errorf("first scope = %q, want mcp:read", got)
	}
	got := strings.Fields(auths[1].Get("scope"))
	slices.Sort(got)
	if !slices.Equal(got, []string{"mcp:read", "mcp:tools"}) {
		t.Errorf("step-up scope = %q, want mcp:read and mcp:tools", got)
	}
	if !strings.Contains(run.logText(), "sign-in: The server needs more permission") {
		t.Errorf("the log does not say why the browser opened again:\n%s", run.logText())
	}
	saved, err := oauth.NewTokenStore(rig.tokenDir).Load(signInServerName)
	if err != nil || saved == nil || !slices.Contains(saved.Scopes, "mcp:tools") {
		t.Errorf("saved token %v (%v), want the stepped-up scopes", saved, err)
	}
}

// An entry with the client credentials grant gets its token without a
// person or a browser, and keeps it for the next run.
func TestSignInClientCredentials(t *testing.T) {
	const clientID, secret = "m2m", "m2m-s3cret-value"
	rig := newSignInRig(t, oauthtest.Config{Preregistered: map[string]string{clientID: secret},
		GrantTypes: []string{"authorization_code", "client_credentials"}, ChallengeScope: "mcp"})
	entry := func(sc *config.ServerConfig) {
		sc.OAuth = &config.OAuthConfig{ClientID: clientID, ClientSecret: secret, GrantType: oauth.GrantClientCredentials}
	}
	run := rig.session(t, entry)
	run.connectAndCall(t)
	if rig.browser.OpenCount() != 0 {
		t.Error("the browser was opened for a machine-to-machine entry")
	}
	reqs := rig.bed.TokenRequests()
	if len(reqs) != 1 || reqs[0].GrantType != "client_credentials" || !reqs[0].OK ||
		reqs[0].ClientID != clientID || reqs[0].Resource != rig.bed.ServerURL() || reqs[0].Scope != "mcp" {
		t.Fatalf("token requests %+v, want one client_credentials grant for %s, resource and scope", reqs, clientID)
	}
	checkFileMode(t, rig.tokenPath(), 0o600)
	rig.checkNoSecretsShown(t, run)
	run.m.Close()

	rig.session(t, entry).connectAndCall(t)
	if got := len(rig.bed.TokenRequests()); got != 1 {
		t.Errorf("%d token requests after a second run, want still 1 (the token was saved)", got)
	}
}

// A pre-registered client from the entry is used as it is: no registration,
// its way of authenticating at the token endpoint, and the entry's scopes.
func TestSignInPreregisteredClient(t *testing.T) {
	tests := []struct {
		name        string
		authMethods []string
		clientID    string
		secret      string
		scopes      []string
		wantMethod  string
		wantScope   string
	}{
		{name: "secret, client_secret_basic", authMethods: []string{"client_secret_basic"},
			clientID: "pre-basic", secret: "basic-s3cret-value", wantMethod: "client_secret_basic"},
		{name: "secret, client_secret_post", authMethods: []string{"client_secret_post"},
			clientID: "pre-post", secret: "post-s3cret-value", wantMethod: "client_secret_post"},
		{name: "public client with the entry's scopes", authMethods: []string{"none"},
			clientID: "pre-public", scopes: []string{"files:read", "mail"}, wantMethod: "none", wantScope: "files:read mail"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := newSignInRig(t, oauthtest.Config{AuthMethods: tt.authMethods, ChallengeScope: "server-choice",
				Preregistered: map[string]string{tt.clientID: tt.secret}})
			run := rig.session(t, func(sc *config.ServerConfig) {
				sc.OAuth = &config.OAuthConfig{ClientID: tt.clientID, ClientSecret: tt.secret, Scopes: tt.scopes}
			})
			run.connectAndCall(t)
			if rig.bed.Saw("POST /register") {
				t.Error("registered although the entry has a client ID")
			}
			auths := rig.bed.AuthorizeRequests()
			if len(auths) != 1 || auths[0].Get("client_id") != tt.clientID {
				t.Fatalf("authorization requests %v, want one for %s", auths, tt.clientID)
			}
			wantScope := tt.wantScope
			if wantScope == "" {
				wantScope = "server-choice"
			}
			got := strings.Fields(auths[0].Get("scope"))
			slices.Sort(got)
			if strings.Join(got, " ") != wantScope {
				t.Errorf("scope = %q, want %q", got, wantScope)
			}
			// Only the exchange that worked is checked: for a public client
			// whose server lists only "none", the SDK lets x/oauth2 try HTTP
			// Basic with an empty secret first (AuthStyleAutoDetect).
			reqs := rig.bed.TokenRequests()
			last := reqs[len(reqs)-1]
			if !last.OK || last.Method != tt.wantMethod || last.ClientID != tt.clientID || rig.bed.CountTokenRequests("authorization_code", true) != 1 {
				t.Errorf("token requests %+v, want one that worked, %s by %s", reqs, tt.wantMethod, tt.clientID)
			}
			rig.checkNoSecretsShown(t, run)
		})
	}
}

// The connect timeout is for servers that do not answer, not for people
// signing in: a 1 s connect timeout lets a 2 s sign-in finish, whether the
// browser command returns at once (xdg-open) or runs until the page is done.
func TestSignInConnectTimeoutSparesTheBrowser(t *testing.T) {
	tests := []struct {
		name    string
		browser *oauthtest.Browser
	}{
		{"browser returns at once, person signs in later", &oauthtest.Browser{Detached: true, Delay: 2 * time.Second}},
		{"browser command runs while the person signs in", &oauthtest.Browser{Delay: 2 * time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := newSignInRig(t, oauthtest.Config{})
			rig.browser = tt.browser
			defer tt.browser.Wait()
			run := rig.session(t, func(sc *config.ServerConfig) {
				one := 1.0
				sc.ConnectTimeout = &one
			})
			run.connectAndCall(t)
		})
	}
}

// A sign-in nobody finishes still ends when the caller gives up (the
// window's Cancel, or closing the session), and leaves nothing listening.
func TestSignInNeverFinishedEnds(t *testing.T) {
	tests := []struct {
		name      string
		giveUp    func(cancel context.CancelFunc, s *Session)
		wantState State
	}{
		{"connect context cancelled", func(cancel context.CancelFunc, _ *Session) { cancel() }, StateFailed},
		{"session closed", func(_ context.CancelFunc, s *Session) { s.Close() }, StateFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := newSignInRig(t, oauthtest.Config{})
			opened := make(chan struct{})
			rig.browser = &oauthtest.Browser{Stay: true, OnOpen: func() { close(opened) }}
			run := rig.session(t, func(sc *config.ServerConfig) {
				one := 1.0 // paused once the browser opens; it must not be what ends the wait
				sc.ConnectTimeout = &one
			})
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- run.s.Connect(ctx) }()
			select {
			case <-opened:
			case err := <-done:
				t.Fatalf("Connect returned before the browser opened: %v", err)
			}
			// Well past the connect timeout: the wait is still on.
			time.Sleep(1500 * time.Millisecond)
			select {
			case err := <-done:
				t.Fatalf("the sign-in ended on its own: %v", err)
			default:
			}
			if st := run.s.Status(); st.State != StateStarting || !strings.HasPrefix(st.Detail, "Waiting for you to sign in") {
				t.Errorf("status while waiting = %+v, want starting, waiting for the browser", st)
			}
			tt.giveUp(cancel, run.s)
			if err := <-done; err == nil {
				t.Fatal("Connect worked without a sign-in")
			}
			if st := run.s.Status(); st.State != tt.wantState || !strings.Contains(st.Reason, "cancelled") {
				t.Errorf("status = %+v, want %s, cancelled", st, tt.wantState)
			}
			if redirect := rig.browser.RedirectURI(); !signInPortClosed(t, redirect) {
				t.Errorf("the loopback listener %s is still open", redirect)
			}
		})
	}
}

// The wire log shows every HTTP step of the flow the app makes (method, URL,
// status) with no secret in any summary or recorded body.
func TestSignInWireShowsStepsWithoutSecrets(t *testing.T) {
	tests := []struct {
		name  string
		cfg   oauthtest.Config
		entry *config.OAuthConfig
		// steps are "METHOD path STATUS" the wire must show, sent and answered.
		steps []string
	}{
		{name: "registered public client",
			cfg: oauthtest.Config{ExpiresIn: 1},
			steps: []string{"POST /mcp 401", "GET /.well-known/oauth-protected-resource/mcp 200",
				"GET /.well-known/oauth-authorization-server 200", "POST /register 201", "POST /token 200"}},
		{name: "registered confidential client, secret in the body",
			cfg:   oauthtest.Config{AuthMethods: []string{"client_secret_post"}, ExpiresIn: 1},
			steps: []string{"POST /register 201", "POST /token 200"}},
		{name: "pre-registered client, secret in the header",
			cfg:   oauthtest.Config{AuthMethods: []string{"client_secret_basic"}, Preregistered: map[string]string{"pre": "pre-s3cret-value"}},
			entry: &config.OAuthConfig{ClientID: "pre", ClientSecret: "pre-s3cret-value"},
			steps: []string{"POST /token 200"}},
		{name: "client credentials, secret in the body",
			cfg: oauthtest.Config{AuthMethods: []string{"client_secret_post"}, Preregistered: map[string]string{"m2m": "m2m-s3cret-value"},
				ExpiresIn: 1},
			entry: &config.OAuthConfig{ClientID: "m2m", ClientSecret: "m2m-s3cret-value", GrantType: oauth.GrantClientCredentials},
			steps: []string{"POST /mcp 401", "POST /token 200"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := newSignInRig(t, tt.cfg)
			run := rig.session(t, func(sc *config.ServerConfig) { sc.OAuth = tt.entry })
			run.connectAndCall(t)
			wire := run.wire()
			for _, step := range tt.steps {
				f := strings.Fields(step)
				sent := "→ " + f[0] + " " + rig.bed.URL() + f[1] + " "
				answered := "← " + f[0] + " " + rig.bed.URL() + f[1] + " → " + f[2] + " "
				hasSent := slices.ContainsFunc(wire, func(l string) bool { return strings.HasPrefix(l, sent) })
				if f[1] == oauthtest.MCPPath {
					hasSent = true // MCP requests show as JSON-RPC messages
				}
				if !hasSent || !slices.ContainsFunc(wire, func(l string) bool { return strings.HasPrefix(l, answered) }) {
					t.Errorf("the wire log lacks %q (sent %v):\n%s", step, hasSent, strings.Join(wire, "\n"))
				}
			}
			rig.checkNoSecretsShown(t, run)
		})
	}
}

func checkFileMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != want {
		t.Errorf("%s has mode %o, want %o", path, got, want)
	}
}

// signInPortClosed reports whether nothing listens at the redirect URI any more.
func signInPortClosed(t *testing.T, redirectURI string) bool {
	t.Helper()
	u, err := url.Parse(redirectURI)
	if err != nil || u.Host == "" {
		t.Fatalf("redirect URI %q: %v", redirectURI, err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		return true
	}
	conn.Close()
	return false
}
