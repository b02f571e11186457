// Package oauth signs MCP Browser in to remote MCP servers that answer 401, as
// the MCP authorization spec describes: discovery from the 401, client identity
// (pre-registered, Client ID Metadata Document, dynamic registration), the
// authorization code flow with PKCE in the person's browser, or the client
// credentials grant for machine-to-machine entries; tokens are kept per server
// and refreshed before they expire.
//
// The flows themselves are the Go SDK's (auth.AuthorizationCodeHandler,
// oauthex); a Handler wraps them to add what a desktop client needs and the SDK
// leaves to the caller: the loopback redirect listener and the browser, a token
// store, progress in plain words, masked secrets, a bounded step-up, and a
// refusal when the server's metadata names another resource.
package oauth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"golang.org/x/oauth2"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
)

// Grant types a server entry may ask for.
const (
	GrantAuthorizationCode = "authorization_code"
	GrantClientCredentials = "client_credentials"
	// GrantJWTBearer is the JWT-bearer grant for workload identity (RFC 7523
	// §2.1): a token the workload's platform issued is the grant.
	GrantJWTBearer = "jwt_bearer"
	// GrantEnterprise is enterprise-managed authorization (SEP-990): an ID
	// token from the enterprise's identity provider is exchanged there for an
	// ID-JAG (RFC 8693), which is then a JWT-bearer grant.
	GrantEnterprise = "enterprise"
)

// GrantTypes are the grant types a server entry may name, in the order offered.
var GrantTypes = []string{GrantAuthorizationCode, GrantClientCredentials, GrantJWTBearer, GrantEnterprise}

// DefaultSignInTimeout bounds the wait for the person to finish signing in in
// the browser.
const DefaultSignInTimeout = 5 * time.Minute

// maxStepUps bounds how often the same missing scope may send the person back
// to the browser: if the server still refuses after that, signing in again
// will not help.
const maxStepUps = 2

// Options configure a Handler for one server entry.
type Options struct {
	// ServerName is the key under which the token is stored.
	ServerName string
	// ServerURL is the MCP endpoint.
	ServerURL string
	// ClientID and ClientSecret are a pre-registered client (from the server
	// entry or --client-id/--client-secret). With a ClientID, no other client
	// identity is tried. The secret may be empty for a public client.
	ClientID, ClientSecret string
	// ClientMetadataURL is a Client ID Metadata Document URL (an https URL with
	// a path), used when the authorization server says it supports them.
	ClientMetadataURL string
	// Scopes, when set, replaces the scopes the server asks for.
	Scopes []string
	// GrantType is "" or GrantAuthorizationCode (a person signs in in the
	// browser), GrantClientCredentials (machine to machine; needs ClientID
	// and ClientSecret or PrivateKeyFile), GrantJWTBearer (needs an
	// assertion) or GrantEnterprise (needs the IdP fields and an ID token).
	GrantType string
	// PrivateKeyFile is a PEM private key: the client authenticates with a
	// signed assertion (private_key_jwt, RFC 7523 §2.2) instead of a secret.
	// SigningAlg is its JWS algorithm; "" means the one its type implies.
	PrivateKeyFile, SigningAlg string
	// AssertionFile or AssertionEnv holds the JWT the grant presents: the
	// workload's identity token (GrantJWTBearer) or the person's ID token from
	// the identity provider (GrantEnterprise). Read at each token request.
	AssertionFile, AssertionEnv string
	// IdPIssuer, IdPClientID and IdPClientSecret are the enterprise identity
	// provider and MCP Browser's client there (GrantEnterprise).
	IdPIssuer, IdPClientID, IdPClientSecret string
	// DPoP is DPoPAuto (""), DPoPAlways or DPoPNever.
	DPoP string
	// HTTPClient carries every discovery, registration and token request, so
	// the wire view sees each step. Nil means http.DefaultClient.
	HTTPClient *http.Client
	// Store keeps tokens between runs. Nil keeps them in memory only.
	Store *TokenStore
	// OpenBrowser shows the sign-in page to the person. Nil means OpenBrowser.
	OpenBrowser func(ctx context.Context, url string) error
	// Progress receives each step in plain words, for the window's status line
	// or the CLI's stderr. It never sees a secret. Nil means quiet. It is
	// called from the goroutine that runs the request.
	Progress func(step string)
	// Step receives each step as a message with its key (say.Msg), for a
	// front end to word in the person's language; like Progress, masked,
	// and called beside it. Nil means none.
	Step func(step say.Msg)
	// SignInTimeout bounds the wait for the browser. Zero means DefaultSignInTimeout.
	SignInTimeout time.Duration
}

// A Handler is an auth.OAuthHandler for the SDK's StreamableClientTransport:
// the transport asks it for a token before each request and calls Authorize
// when the server answers 401 or 403.
type Handler struct {
	opts       Options
	httpClient *http.Client

	// signingIn lets one sign-in run at a time; waiting for it honours ctx.
	signingIn chan struct{}

	// loadSaved reads the store once, on the first TokenSource call.
	loadSaved sync.Once

	mu sync.Mutex
	// tokens is the current token source, nil before sign-in.
	tokens oauth2.TokenSource
	// signedOut: SignOut was called, so a saved token is not picked up.
	signedOut bool
	// lastAccessToken is the access token most recently handed to the
	// transport, to tell a stale 401 from a real one.
	lastAccessToken string
	// granted are the scopes of the current token; step-up adds to them.
	granted []string
	// stepUps counts step-up sign-ins per asked-for scope set.
	stepUps map[string]int
	// signIns counts the sign-ins started, for the message that gives up.
	signIns int
	// secrets are the values never to show (client secret, tokens, codes).
	secrets []string

	// key signs client assertions (private_key_jwt); nil without one.
	key *signingKey
	// dpop is the DPoP prover once DPoP is on, and dpopTokenURL the token
	// endpoint its proofs go to; lastTokenType is the type of
	// lastAccessToken ("DPoP" for a bound token).
	dpop          *dpopProver
	dpopTokenURL  string
	lastTokenType string
	// refused is a machine grant's refusal by the authorization server,
	// answered again instead of asking again.
	refused error
	// idToken is the person's ID token from the identity provider's
	// sign-in (GrantEnterprise without a token file), valid until idTokenUntil.
	idToken      string
	idTokenUntil time.Time
}

var _ auth.OAuthHandler = (*Handler)(nil)

// NewHandler checks opts and returns a Handler. Give it to the transport as
// sdk.StreamableClientTransport{OAuthHandler: h}.
func NewHandler(opts Options) (*Handler, error) {
	if opts.ServerURL == "" {
		return nil, errors.New("oauth: ServerURL is required")
	}
	if opts.ServerName == "" {
		opts.ServerName = opts.ServerURL
	}
	// Settings that cannot work are sign-in failures (SignInFailure finds
	// them), said before anything is sent.
	if err := checkOptions(&opts); err != nil {
		return nil, maskError(err, []string{opts.ClientSecret, opts.IdPClientSecret})
	}
	if opts.ClientSecret != "" && opts.ClientID == "" {
		return nil, errors.New("a client secret was given without a client ID (--client-id)")
	}
	if opts.ClientMetadataURL != "" && !isNonRootHTTPS(opts.ClientMetadataURL) {
		return nil, fmt.Errorf("the client metadata document URL %q must be an https URL with a path, such as https://example.com/mcpbrowser.json", opts.ClientMetadataURL)
	}
	client := opts.HTTPClient
	if client == nil {
		client = http.DefaultClient
	}
	if opts.OpenBrowser == nil {
		opts.OpenBrowser = OpenBrowser
	}
	if opts.SignInTimeout <= 0 {
		opts.SignInTimeout = DefaultSignInTimeout
	}
	h := &Handler{
		opts:       opts,
		httpClient: client,
		signingIn:  make(chan struct{}, 1),
		stepUps:    map[string]int{},
	}
	if opts.PrivateKeyFile != "" {
		key, err := loadSigningKey(opts.PrivateKeyFile, opts.SigningAlg)
		if err != nil {
			return nil, maskError(err, nil)
		}
		h.key = key
	}
	// Token requests get DPoP proofs once it is on (tokenEndpointTransport).
	rt := client.Transport
	if rt == nil {
		rt = http.DefaultTransport
	}
	withProofs := *client
	withProofs.Transport = &tokenEndpointTransport{base: rt, h: h}
	h.httpClient = &withProofs
	h.addSecrets(opts.ClientSecret, opts.IdPClientSecret)
	return h, nil
}

// TokenSource returns the token source for the next request, or nil before
// sign-in. On the first call it picks up a token saved by an earlier run, so
// a server signed in to before connects without the browser.
func (h *Handler) TokenSource(ctx context.Context) (oauth2.TokenSource, error) {
	h.loadSaved.Do(func() {
		ts := h.tokenSourceFromStore()
		h.mu.Lock()
		if h.tokens == nil && !h.signedOut {
			h.tokens = ts
		}
		h.mu.Unlock()
	})
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.tokens == nil {
		return nil, nil // an untyped nil: the transport sends no Authorization header
	}
	return h.tokens, nil
}

// Authorize signs in after the server answered req with resp (401 or 403).
// On success the transport retries req with the new token.
func (h *Handler) Authorize(ctx context.Context, req *http.Request, resp *http.Response) error {
	defer resp.Body.Close()
	defer io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))

	select {
	case h.signingIn <- struct{}{}:
		defer func() { <-h.signingIn }()
	case <-ctx.Done():
		return fmt.Errorf("waiting for another sign-in to %s to finish: %w", h.opts.ServerURL, ctx.Err())
	}
	if h.tokenChangedSince(req) {
		// Another request signed in while this one waited: retry with that token.
		return nil
	}
	h.mu.Lock()
	refused := h.refused
	h.mu.Unlock()
	if refused != nil {
		// A machine grant the authorization server refused is not asked
		// again with the same settings (SEP-1933: surface, do not retry).
		return refused
	}
	err := h.authorize(ctx, req, resp)
	var retrieveErr *oauth2.RetrieveError
	if err != nil && machineGrant(h.opts.GrantType) && errors.As(err, &retrieveErr) {
		h.mu.Lock()
		h.refused = maskError(&signInError{h.opts.ServerURL, err}, slices.Clone(h.secrets))
		h.mu.Unlock()
	}
	if err != nil {
		h.progress("Sign-in to {{.URL}} failed.", say.Args{"URL": h.opts.ServerURL})
		return maskError(&signInError{h.opts.ServerURL, err}, h.secretList())
	}
	return nil
}

func (h *Handler) authorize(ctx context.Context, req *http.Request, resp *http.Response) error {
	ch, err := parseChallenge(resp)
	if err != nil {
		return err
	}
	stepUp := resp.StatusCode == http.StatusForbidden
	if stepUp {
		if ch.errorCode != "insufficient_scope" {
			// Not a scope problem, so a new token will not help. Returning nil
			// lets the transport retry once and report the 403 itself, as the
			// SDK's own handler does.
			return nil
		}
		if err := h.countStepUp(ch.scopes); err != nil {
			return err
		}
		h.progress("The server needs more permission (scope {{.Scope}}); signing in again…", say.Args{"Scope": strconv.Quote(strings.Join(ch.scopes, " "))})
	}

	h.progress("Discovering the authorization server…", nil)
	// One cache per sign-in: discovery's GETs are made once even though the
	// SDK's handler repeats them.
	client := newCachingClient(h.httpClient)
	d, err := discover(ctx, client, h.opts.ServerURL, ch)
	if err != nil {
		return err
	}
	if d.asmGuessed {
		if d.prm == nil && !machineGrant(h.opts.GrantType) && !endpointExists(ctx, client, d.asm.AuthorizationEndpoint) {
			return errNoSignIn
		}
		h.progress("The server publishes no authorization metadata; using {{.Authorize}}, {{.Token}} and {{.Register}} (2025-03-26 defaults).",
			say.Args{"Authorize": d.asm.AuthorizationEndpoint, "Token": d.asm.TokenEndpoint, "Register": d.asm.RegistrationEndpoint})
	} else {
		h.progress("Authorization server: {{.Issuer}}", say.Args{"Issuer": d.asm.Issuer})
	}

	if err := h.setUpDPoP(ctx, client, d); err != nil {
		return err
	}
	h.mu.Lock()
	h.signIns++
	h.mu.Unlock()
	if machineGrant(h.opts.GrantType) {
		return h.signInWithoutBrowser(ctx, client, d, stepUp)
	}
	return h.signInWithBrowser(ctx, client, req, resp.StatusCode, d, stepUp)
}

// SignOut forgets the token, in memory and in the store. The next request
// gets a 401 and signs in afresh.
func (h *Handler) SignOut() error {
	h.mu.Lock()
	h.tokens = nil
	h.refused = nil
	h.signedOut = true
	h.lastAccessToken = ""
	h.granted = nil
	h.mu.Unlock()
	if h.opts.Store == nil {
		return nil
	}
	return h.opts.Store.Delete(h.opts.ServerName)
}

// tokenChangedSince reports whether a newer token exists than the one req
// carried, so that two requests failing together cause one sign-in, not two.
func (h *Handler) tokenChangedSince(req *http.Request) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.lastAccessToken == "" {
		return false
	}
	return req.Header.Get("Authorization") != "Bearer "+h.lastAccessToken
}

// setUpDPoP turns DPoP on or off for this sign-in, from the entry's mode
// and the authorization server's dpop_signing_alg_values_supported.
func (h *Handler) setUpDPoP(ctx context.Context, client *http.Client, d *discovery) error {
	var advertised []string
	atAll := false
	if h.opts.DPoP != DPoPNever && !d.asmGuessed {
		raw := rawASMetadata(ctx, client, d.asm.Issuer)
		_, atAll = raw["dpop_signing_alg_values_supported"]
		advertised = dpopAlgsSupported(raw)
	}
	on, err := decideDPoP(h.opts.DPoP, advertised, atAll, d.asm.Issuer)
	if err != nil || !on {
		h.mu.Lock()
		h.dpop, h.dpopTokenURL = nil, ""
		h.mu.Unlock()
		return err
	}
	h.mu.Lock()
	p := h.dpop
	h.mu.Unlock()
	if p == nil {
		if p, err = newDPoPProver(nil); err != nil {
			return err
		}
	}
	h.mu.Lock()
	h.dpop, h.dpopTokenURL = p, d.asm.TokenEndpoint
	h.mu.Unlock()
	h.progress("Binding the token to a key of this app's (DPoP).", nil)
	return nil
}

// CheckConfig says what is wrong with a server entry's sign-in settings
// before anything is sent: the checks NewHandler makes, for the editor.
func CheckConfig(o *config.OAuthConfig) error {
	if o == nil {
		return nil
	}
	opts := OptionsFromConfig(o)
	return checkOptions(&opts)
}

// OptionsFromConfig is the sign-in part of Options for a server entry's
// "oauth" settings.
func OptionsFromConfig(o *config.OAuthConfig) Options {
	return Options{
		ClientID: o.ClientID, ClientSecret: o.ClientSecret, ClientMetadataURL: o.ClientMetadataURL,
		Scopes: o.Scopes, GrantType: o.GrantType,
		PrivateKeyFile: o.PrivateKeyFile, SigningAlg: o.SigningAlg,
		AssertionFile: o.AssertionFile, AssertionEnv: o.AssertionEnv,
		IdPIssuer: o.IdPIssuer, IdPClientID: o.IdPClientID, IdPClientSecret: o.IdPClientSecret,
		DPoP: o.DPoP,
	}
}

// dpopState is the prover and the token endpoint, nil before DPoP is on.
func (h *Handler) dpopState() (*dpopProver, string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.dpop, h.dpopTokenURL
}

// dpopProverFor is the prover when token is the current DPoP-bound token.
func (h *Handler) dpopProverFor(token string) *dpopProver {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.dpop == nil || token == "" || token != h.lastAccessToken || !strings.EqualFold(h.lastTokenType, "DPoP") {
		return nil
	}
	return h.dpop
}

// checkOptions says what is missing or contradictory in the entry's sign-in
// settings, in words that fit the editor and the CLI alike.
func checkOptions(opts *Options) error {
	switch opts.DPoP {
	case "":
		opts.DPoP = DPoPAuto
	case DPoPAuto, DPoPAlways, DPoPNever:
	default:
		return fmt.Errorf("unknown DPoP setting %q: use %s, %s or %s", opts.DPoP, DPoPAuto, DPoPAlways, DPoPNever)
	}
	if opts.GrantType == "" {
		opts.GrantType = GrantAuthorizationCode
	}
	if !slices.Contains(GrantTypes, opts.GrantType) {
		return fmt.Errorf("unknown OAuth grant type %q: use one of %s", opts.GrantType, strings.Join(GrantTypes, ", "))
	}
	hasKey, hasAssertion := opts.PrivateKeyFile != "", opts.AssertionFile != "" || opts.AssertionEnv != ""
	switch {
	case opts.SigningAlg != "" && !hasKey:
		return say.Error("a signing algorithm was given without a private key file", nil)
	case hasKey && opts.ClientSecret != "":
		return say.Error("give either a client secret or a private key file, not both: the client authenticates with one of them", nil)
	case hasKey && !machineGrant(opts.GrantType):
		return say.Error("a private key file is used with the client credentials, JWT-bearer or enterprise grant, not with browser sign-in", nil)
	case opts.AssertionFile != "" && opts.AssertionEnv != "":
		return say.Error("give the token either as a file or as an environment variable, not both", nil)
	case hasAssertion && opts.GrantType != GrantJWTBearer && opts.GrantType != GrantEnterprise:
		return say.Error("an assertion file or variable is used with the jwt_bearer or enterprise grant only", nil)
	}
	switch opts.GrantType {
	case GrantClientCredentials:
		if opts.ClientID == "" || (opts.ClientSecret == "" && !hasKey) {
			return say.Error("the client credentials grant needs a client ID and a client secret or private key file", nil)
		}
	case GrantJWTBearer:
		if !hasAssertion {
			return say.Error("the JWT-bearer grant needs the workload's identity token: a file or an environment variable", nil)
		}
	case GrantEnterprise:
		if opts.IdPIssuer == "" || opts.IdPClientID == "" || opts.ClientID == "" {
			return say.Error("enterprise-managed sign-in needs the identity provider's issuer URL and MCP Browser's client ID there, and the client ID at this server's authorization server", nil)
		}
	}
	if opts.IdPClientSecret != "" && opts.IdPClientID == "" {
		return say.Error("an identity provider client secret was given without its client ID", nil)
	}
	return nil
}

func (h *Handler) countStepUp(scopes []string) error {
	key := slices.Clone(scopes)
	slices.Sort(key)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.stepUps[strings.Join(key, " ")]++
	if n := h.stepUps[strings.Join(key, " ")]; n > maxStepUps {
		return say.Error("the permission the server needs (scope {{.Scope}}) was not granted after {{.N}} sign-ins, so MCP Browser stopped asking. Your account may not be allowed that scope: ask the server's owner, or sign in with another account",
			say.Args{"Scope": strconv.Quote(strings.Join(scopes, " ")), "N": max(h.signIns, maxStepUps)})
	}
	return nil
}

// scopesToRequest decides the scopes of a sign-in. discovered are the
// WWW-Authenticate scopes, else the metadata's scopes_supported (as the SDK
// picks them). An explicit Scopes option replaces them, except that a step-up
// must still ask for what the server says is missing; a step-up keeps what
// was granted before (SEP-2350).
func (h *Handler) scopesToRequest(discovered []string, stepUp bool) []string {
	scopes := discovered
	if len(h.opts.Scopes) > 0 {
		scopes = h.opts.Scopes
		if stepUp {
			scopes = union(h.opts.Scopes, discovered)
		}
	}
	if stepUp {
		h.mu.Lock()
		scopes = union(h.granted, scopes)
		h.mu.Unlock()
	}
	return scopes
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, s := range b {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// progress reports a step, worded by its key (the English template), to
// Progress and Step, with the secrets masked.
func (h *Handler) progress(key string, args say.Args) {
	if h.opts.Progress == nil && h.opts.Step == nil {
		return
	}
	secrets := h.secretList()
	mask := func(s string) string { return maskSecrets(s, secrets) }
	m := say.New(key, args)
	if h.opts.Progress != nil {
		h.opts.Progress(mask(m.String()))
	}
	if h.opts.Step != nil {
		h.opts.Step(m.Map(mask))
	}
}

func (h *Handler) addSecrets(secrets ...string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range secrets {
		if s != "" && !slices.Contains(h.secrets, s) {
			h.secrets = append(h.secrets, s)
		}
	}
}

func (h *Handler) secretList() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.secrets)
}

func isNonRootHTTPS(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.Path != "" && u.Path != "/"
}
