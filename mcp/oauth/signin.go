package oauth

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"

	"mcpbrowser/mcp/say"
)

// ErrStateMismatch means the browser came back to MCP Browser with a state
// other than the one it sent: the response belongs to another sign-in, or was
// forged (RFC 6749 §10.12), so it is refused.
var ErrStateMismatch = errors.New("the sign-in response from the browser does not belong to this sign-in " +
	"(its state does not match), so MCP Browser refused it; start the sign-in again")

// errSignInTimedOut is the cause of the sign-in's own deadline, to tell it
// apart from the caller giving up.
var errSignInTimedOut = errors.New("no sign-in arrived from the browser in time")

// callbackPath is where the authorization server sends the browser back.
const callbackPath = "/callback"

// signInWithBrowser runs the authorization code flow with PKCE through the
// SDK's AuthorizationCodeHandler. What it adds: the loopback listener that
// receives the code, the browser, the client identity chosen in the spec's
// order, and saving the token.
func (h *Handler) signInWithBrowser(ctx context.Context, client *http.Client, req *http.Request, status int, d *discovery, stepUp bool) error {
	ctx, cancel := context.WithTimeoutCause(ctx, h.opts.SignInTimeout, errSignInTimedOut)
	defer cancel()

	// The SDK leaves receiving the redirect to the caller ("The caller is
	// responsible for handling the redirect out of band"): a listener on
	// 127.0.0.1 with a port the system picks (RFC 8252 §7.3).
	cb, err := listenForCallback(ctx)
	if err != nil {
		return err
	}
	defer cb.close()

	cfg := &auth.AuthorizationCodeHandlerConfig{
		RedirectURL: cb.redirectURL,
		AuthorizationCodeFetcher: func(ctx context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
			return h.waitForBrowser(ctx, cb, args.URL)
		},
		ScopeFilter: func(discovered []string) []string {
			return h.scopesToRequest(discovered, stepUp)
		},
		// The SDK adds offline_access only when the authorization server lists it.
		RequestRefreshToken:   true,
		AcceptUnadvertisedIss: true, // a matching iss is still checked; a wrong one is refused
		Client:                client,
		NewTokenSource: func(ctx context.Context, cfg *oauth2.Config, tok *oauth2.Token) (oauth2.TokenSource, error) {
			record := StoredToken{
				ServerURL: h.opts.ServerURL,
				Resource:  d.resource,
				Issuer:    d.asm.Issuer,
				GrantType: GrantAuthorizationCode,
				ClientID:  cfg.ClientID,
				// A registered client's secret is needed again to refresh.
				ClientSecret: cfg.ClientSecret,
				TokenURL:     cfg.Endpoint.TokenURL,
				AuthStyle:    cfg.Endpoint.AuthStyle,
				Scopes:       cfg.Scopes,
			}
			h.addSecrets(cfg.ClientSecret)
			return h.newSavingTokenSource(cfg.TokenSource(ctx, tok), record), nil
		},
	}
	if err := h.chooseClientIdentity(cfg, d, cb.redirectURL); err != nil {
		return err
	}
	sdkHandler, err := auth.NewAuthorizationCodeHandler(cfg)
	if err != nil {
		return err
	}
	sdkReq, sdkResp, err := d.sdkRequestAndResponse(req, status)
	if err != nil {
		return err
	}
	if err := sdkHandler.Authorize(ctx, sdkReq, sdkResp); err != nil {
		return explainSDKError(ctx, err, h.opts.SignInTimeout)
	}
	ts, err := sdkHandler.TokenSource(ctx)
	if err != nil {
		return err
	}
	if ts == nil {
		return errors.New("the sign-in finished without a token")
	}
	h.setTokens(ts)
	h.progress("Signed in to {{.URL}}.", say.Args{"URL": h.opts.ServerURL})
	return nil
}

// explainSDKError turns the SDK's terse errors into ones that say what to do.
func explainSDKError(ctx context.Context, err error, waited time.Duration) error {
	if cause := context.Cause(ctx); errors.Is(cause, errSignInTimedOut) {
		return fmt.Errorf("%w (waited %s); try again and finish signing in in the browser", cause, waited)
	}
	var regErr *oauthex.ClientRegistrationError
	if errors.As(err, &regErr) {
		return fmt.Errorf("the authorization server refused to register MCP Browser (%w); "+
			"ask the server's owner for a client ID and enter it in the server's settings (CLI: --client-id)", err)
	}
	var retrieveErr *oauth2.RetrieveError
	if errors.As(err, &retrieveErr) {
		return fmt.Errorf("the authorization server refused to issue a token: %w", err)
	}
	return err
}

// chooseClientIdentity configures exactly one client identity, so that the
// SDK (which itself prefers a metadata document over a pre-registered
// client) follows the spec's order: a pre-registered client first, then a
// Client ID Metadata Document if the authorization server supports them, then
// dynamic client registration.
func (h *Handler) chooseClientIdentity(cfg *auth.AuthorizationCodeHandlerConfig, d *discovery, redirectURL string) error {
	switch {
	case h.opts.ClientID != "":
		creds := &oauthex.ClientCredentials{ClientID: h.opts.ClientID}
		if h.opts.ClientSecret != "" {
			creds.ClientSecretAuth = &oauthex.ClientSecretAuth{ClientSecret: h.opts.ClientSecret}
		}
		cfg.PreregisteredClient = creds
		h.progress("Using the pre-registered client ID {{.ID}}.", say.Args{"ID": h.opts.ClientID})
	case h.opts.ClientMetadataURL != "" && d.asm.ClientIDMetadataDocumentSupported:
		cfg.ClientIDMetadataDocumentConfig = &auth.ClientIDMetadataDocumentConfig{URL: h.opts.ClientMetadataURL}
		h.progress("Identifying MCP Browser by its client metadata document {{.URL}}.", say.Args{"URL": h.opts.ClientMetadataURL})
	case d.asm.RegistrationEndpoint != "":
		cfg.DynamicClientRegistrationConfig = &auth.DynamicClientRegistrationConfig{
			Metadata: &oauthex.ClientRegistrationMetadata{
				RedirectURIs:            []string{redirectURL},
				ClientName:              "MCP Browser",
				GrantTypes:              []string{"authorization_code", "refresh_token"},
				ResponseTypes:           []string{"code"},
				TokenEndpointAuthMethod: registrationAuthMethod(d.asm.TokenEndpointAuthMethodsSupported),
			},
		}
		h.progress("Registering MCP Browser with the authorization server…", nil)
	default:
		why := "it has no registration endpoint"
		if h.opts.ClientMetadataURL != "" {
			why += " and does not accept client metadata documents"
		}
		return fmt.Errorf("the authorization server %s offers no way for MCP Browser to identify itself (%s); "+
			"ask the server's owner for a client ID and enter it in the server's settings (CLI: --client-id)", d.asm.Issuer, why)
	}
	return nil
}

// registrationAuthMethod is the token endpoint auth method to register with:
// "none" (a public client, as a desktop app is: RFC 8252 §8.4) unless the
// authorization server only takes a secret.
func registrationAuthMethod(supported []string) string {
	if len(supported) == 0 || slices.Contains(supported, "none") {
		return "none"
	}
	for _, m := range []string{"client_secret_basic", "client_secret_post"} {
		if slices.Contains(supported, m) {
			return m
		}
	}
	return "none"
}

// waitForBrowser is the SDK's AuthorizationCodeFetcher: it opens the
// authorization URL and waits for the redirect to the loopback listener.
func (h *Handler) waitForBrowser(ctx context.Context, cb *callbackListener, authURL string) (*auth.AuthorizationResult, error) {
	u, err := url.Parse(authURL)
	if err != nil {
		return nil, fmt.Errorf("the authorization URL %q is not a URL: %w", authURL, err)
	}
	cb.expectState(u.Query().Get("state"))
	h.progress("Opening the browser to sign in at {{.Host}}…", say.Args{"Host": u.Host})
	if err := h.opts.OpenBrowser(ctx, authURL); err != nil {
		h.progress("Could not open a browser ({{.Err}}). To sign in, open this address yourself: {{.URL}}", say.Args{"Err": err.Error(), "URL": authURL})
	}
	h.progress("Waiting for you to sign in in the browser…", nil)
	select {
	case res := <-cb.results:
		if res.err != nil {
			return nil, res.err
		}
		h.addSecrets(res.code)
		h.progress("Signed in in the browser; getting a token…", nil)
		return &auth.AuthorizationResult{Code: res.code, State: res.state, Iss: res.iss}, nil
	case <-ctx.Done():
		if cause := context.Cause(ctx); errors.Is(cause, errSignInTimedOut) {
			return nil, fmt.Errorf("%w (waited %s); try again and finish signing in in the browser", cause, h.opts.SignInTimeout)
		}
		return nil, fmt.Errorf("stopped waiting for the sign-in in the browser: %w", ctx.Err())
	}
}

// A callbackListener is the loopback HTTP server the browser is sent back to.
type callbackListener struct {
	server      *http.Server
	redirectURL string
	results     chan callbackResult // holds the first result only

	mu    sync.Mutex
	state string
}

type callbackResult struct {
	code, state, iss string
	err              error
}

func listenForCallback(ctx context.Context) (*callbackListener, error) {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("opening a local port for the browser to return to: %w", err)
	}
	cb := &callbackListener{
		redirectURL: "http://" + ln.Addr().String() + callbackPath,
		results:     make(chan callbackResult, 1),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+callbackPath, cb.serveCallback)
	cb.server = &http.Server{Handler: mux}
	go cb.server.Serve(ln) // returns when close closes the listener
	return cb, nil
}

func (cb *callbackListener) expectState(state string) {
	cb.mu.Lock()
	cb.state = state
	cb.mu.Unlock()
}

func (cb *callbackListener) serveCallback(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cb.mu.Lock()
	want := cb.state
	cb.mu.Unlock()
	var res callbackResult
	switch {
	case q.Get("error") != "":
		// RFC 6749 §4.1.2.1: the person declined, or the server refused.
		msg := "the authorization server did not sign you in: " + q.Get("error")
		if desc := q.Get("error_description"); desc != "" {
			msg += " (" + desc + ")"
		}
		res.err = errors.New(msg)
	case want == "" || q.Get("state") != want:
		res.err = ErrStateMismatch
	case q.Get("code") == "":
		res.err = errors.New("the browser came back without an authorization code")
	default:
		res = callbackResult{code: q.Get("code"), state: q.Get("state"), iss: q.Get("iss")}
	}
	select {
	case cb.results <- res:
	default: // a result is already in; later visits change nothing
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	title, text := "Signed in", "You are signed in to MCP Browser. You can close this tab and go back to the app."
	if res.err != nil {
		w.WriteHeader(http.StatusBadRequest)
		title, text = "Sign-in failed", res.err.Error()
	}
	fmt.Fprintf(w, "<!doctype html><meta charset=utf-8><title>%s</title><h1>%s</h1><p>%s</p>\n",
		html.EscapeString(title), html.EscapeString(title), html.EscapeString(strings.TrimSpace(text)))
}

// close stops the listener and drops its connections, so nothing is left
// listening once the sign-in is over.
func (cb *callbackListener) close() {
	cb.server.Close()
}
