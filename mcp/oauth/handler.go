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
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"golang.org/x/oauth2"
)

// Grant types a server entry may ask for.
const (
	GrantAuthorizationCode = "authorization_code"
	GrantClientCredentials = "client_credentials"
)

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
	// browser) or GrantClientCredentials (machine to machine; needs ClientID
	// and ClientSecret).
	GrantType string
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
	// secrets are the values never to show (client secret, tokens, codes).
	secrets []string
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
	switch opts.GrantType {
	case "", GrantAuthorizationCode:
		opts.GrantType = GrantAuthorizationCode
	case GrantClientCredentials:
		if opts.ClientID == "" || opts.ClientSecret == "" {
			return nil, errors.New("the client credentials grant needs a client ID and a client secret (--client-id and --client-secret)")
		}
	default:
		return nil, fmt.Errorf("unknown OAuth grant type %q: use %q or %q", opts.GrantType, GrantAuthorizationCode, GrantClientCredentials)
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
	h.addSecrets(opts.ClientSecret)
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
	err := h.authorize(ctx, req, resp)
	if err != nil {
		h.progress("Sign-in to %s failed.", h.opts.ServerURL)
		return maskError(fmt.Errorf("signing in to %s: %w", h.opts.ServerURL, err), h.secretList())
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
		h.progress("The server needs more permission (scope %q); signing in again…", strings.Join(ch.scopes, " "))
	}

	h.progress("Discovering the authorization server…")
	// One cache per sign-in: discovery's GETs are made once even though the
	// SDK's handler repeats them.
	client := newCachingClient(h.httpClient)
	d, err := discover(ctx, client, h.opts.ServerURL, ch)
	if err != nil {
		return err
	}
	if d.asmGuessed {
		if d.prm == nil && h.opts.GrantType != GrantClientCredentials && !endpointExists(ctx, client, d.asm.AuthorizationEndpoint) {
			return errNoSignIn
		}
		h.progress("The server publishes no authorization metadata; using %s, %s and %s (2025-03-26 defaults).",
			d.asm.AuthorizationEndpoint, d.asm.TokenEndpoint, d.asm.RegistrationEndpoint)
	} else {
		h.progress("Authorization server: %s", d.asm.Issuer)
	}

	if h.opts.GrantType == GrantClientCredentials {
		return h.signInWithClientCredentials(ctx, client, d, stepUp)
	}
	return h.signInWithBrowser(ctx, client, req, resp.StatusCode, d, stepUp)
}

// SignOut forgets the token, in memory and in the store. The next request
// gets a 401 and signs in afresh.
func (h *Handler) SignOut() error {
	h.mu.Lock()
	h.tokens = nil
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

func (h *Handler) countStepUp(scopes []string) error {
	key := slices.Clone(scopes)
	slices.Sort(key)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.stepUps[strings.Join(key, " ")]++
	if n := h.stepUps[strings.Join(key, " ")]; n > maxStepUps {
		return fmt.Errorf("the server still asks for more permission (scope %q) after %d sign-ins, so MCP Browser stopped asking; "+
			"your account may not be allowed that scope", strings.Join(scopes, " "), maxStepUps)
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

func (h *Handler) progress(format string, args ...any) {
	if h.opts.Progress == nil {
		return
	}
	h.opts.Progress(maskSecrets(fmt.Sprintf(format, args...), h.secretList()))
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
