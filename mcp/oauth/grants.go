package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/auth/extauth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"mcpbrowser/mcp/say"
)

// The grants with no person and no browser: client credentials (RFC 6749
// §4.4, with a client secret or a private_key_jwt assertion), the JWT-bearer
// grant for workload identity (RFC 7523 §2.1) and enterprise-managed
// authorization (RFC 8693 token exchange for an ID-JAG at the enterprise's
// identity provider, then that ID-JAG as a JWT-bearer grant).
//
// Filled in here rather than with the SDK's extauth handlers (v1.8.0),
// because ClientCredentialsHandler (1) keeps a token source bound to the
// context of the request that signed in, so the next token fails with
// "context canceled"; (2) sends no RFC 8707 resource parameter; (3) skips
// metadata naming another resource instead of refusing; and EnterpriseHandler
// authenticates at the token endpoint in the body only (client_secret_post)
// even where the server takes client_secret_basic only, and neither does
// private_key_jwt or DPoP. Discovery is still the SDK's (see discover), and
// so is the token exchange itself (oauthex.ExchangeToken); the token requests
// are golang.org/x/oauth2/clientcredentials with the grant's parameters.

// Grant types of RFC 7523 and RFC 8693 as they go on the wire.
const (
	grantJWTBearerURN = "urn:ietf:params:oauth:grant-type:jwt-bearer"
	assertionTypeJWT  = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
)

// machineGrant reports whether a grant type runs without the browser.
func machineGrant(g string) bool {
	return g == GrantClientCredentials || g == GrantJWTBearer || g == GrantEnterprise
}

// grantTypeOnWire is the grant_type a grant sends, as grant_types_supported lists it.
func grantTypeOnWire(g string) string {
	if g == GrantJWTBearer || g == GrantEnterprise {
		return grantJWTBearerURN
	}
	return g
}

// grantWords names a grant in messages.
func grantWords(g string) string {
	switch g {
	case GrantJWTBearer:
		return "JWT-bearer (workload identity)"
	case GrantEnterprise:
		return "enterprise-managed (ID-JAG)"
	}
	return "client credentials"
}

// signInWithoutBrowser gets a token with one of the machine grants.
func (h *Handler) signInWithoutBrowser(ctx context.Context, client *http.Client, d *discovery, stepUp bool) error {
	grant := h.opts.GrantType
	if wire := grantTypeOnWire(grant); len(d.asm.GrantTypesSupported) > 0 && !slices.Contains(d.asm.GrantTypesSupported, wire) {
		return say.Error("the authorization server {{.Issuer}} does not offer the {{.Grant}} grant (it offers {{.Offers}}); choose another grant type for this server",
			say.Args{"Issuer": d.asm.Issuer, "Grant": say.Text(grantWords(grant)), "Offers": fmt.Sprint(d.asm.GrantTypesSupported)})
	}
	if h.key != nil && len(d.asm.TokenEndpointAuthSigningAlgValuesSupported) > 0 &&
		!slices.Contains(d.asm.TokenEndpointAuthSigningAlgValuesSupported, h.key.alg) {
		return say.Error("the authorization server {{.Issuer}} does not accept client assertions signed with {{.Alg}} (it takes {{.Algs}}); use a key and signing algorithm it accepts",
			say.Args{"Issuer": d.asm.Issuer, "Alg": h.key.alg, "Algs": fmt.Sprint(d.asm.TokenEndpointAuthSigningAlgValuesSupported)})
	}
	discovered := d.challenge.scopes
	if len(discovered) == 0 && d.prm != nil {
		discovered = d.prm.ScopesSupported
	}
	scopes := h.scopesToRequest(discovered, stepUp)
	record := StoredToken{
		ServerURL: h.opts.ServerURL,
		Resource:  d.resource,
		Issuer:    d.asm.Issuer,
		GrantType: grant,
		ClientID:  h.opts.ClientID,
		TokenURL:  d.asm.TokenEndpoint,
		AuthStyle: tokenAuthStyle(d.asm.TokenEndpointAuthMethodsSupported, h.opts.ClientSecret != ""),
		Scopes:    scopes,
		// AccessToken is left empty so the first Token call below saves it.
	}
	who := h.opts.ClientID
	if who == "" {
		who = "this workload"
	}
	h.progress("Requesting a token for {{.Who}} ({{.Grant}})…", say.Args{"Who": who, "Grant": say.Text(grantWords(grant))})
	tok, err := h.grantSource(ctx, client, record).Token()
	if err != nil {
		return h.explainGrantError(err)
	}
	h.addSecrets(tok.AccessToken)
	// Later tokens come from running the grant again, with the app's client
	// and a context that outlives this request.
	later := h.grantSource(h.refreshContext(), h.httpClient, record)
	ts := h.newSavingTokenSource(oauth2.ReuseTokenSource(tok, later), record)
	if _, err := ts.Token(); err != nil { // saves the token; it is fresh, so no request
		return err
	}
	h.setTokens(ts)
	h.progress("Signed in to {{.URL}} as {{.Who}}.", say.Args{"URL": h.opts.ServerURL, "Who": who})
	return nil
}

// explainGrantError says which side refused and what to check.
func (h *Handler) explainGrantError(err error) error {
	var idp *idpError
	if errors.As(err, &idp) {
		return err
	}
	check := say.Text("the client ID and secret")
	switch {
	case h.opts.GrantType == GrantJWTBearer:
		check = say.Text("the workload's token (is it for this authorization server, and not expired?)")
	case h.opts.GrantType == GrantEnterprise:
		check = say.Text("the client ID and secret registered at this authorization server")
	case h.key != nil:
		check = say.Text("the client ID and that the server knows the public half of the private key")
	}
	return say.Error("the authorization server refused the {{.Grant}} grant (check {{.Check}}): {{.Err}}",
		say.Args{"Grant": say.Text(grantWords(h.opts.GrantType)), "Check": check, "Err": err.Error(), "Cause": err})
}

// An idpError is a refusal by the enterprise identity provider.
type idpError struct {
	err   error
	login string // the provider, when its sign-in (not the exchange) failed
}

func (e *idpError) Error() string { return e.said().String() }

// MessageKey and MessageArgs say the refusal by key, for the front ends.
func (e *idpError) MessageKey() string { return e.said().Key }

// MessageArgs are the fields of MessageKey.
func (e *idpError) MessageArgs() map[string]any { return e.said().Args }

func (e *idpError) said() say.Msg {
	// What the provider said stays as it came.
	if e.login != "" {
		return say.New("signing in at the identity provider {{.Issuer}} did not work: {{.Err}}", say.Args{"Issuer": e.login, "Err": e.err.Error()})
	}
	return say.New("the identity provider refused to exchange the ID token for an ID-JAG (check the ID token, the IdP client ID and secret): {{.Err}}", say.Args{"Err": e.err.Error()})
}
func (e *idpError) Unwrap() error { return e.err }

// grantSource runs the entry's grant afresh at each call: a new client
// assertion (a new jti), the workload's token read again (they rotate), a
// new ID-JAG.
func (h *Handler) grantSource(ctx context.Context, client *http.Client, rec StoredToken) oauth2.TokenSource {
	once := h.grantOnce(ctx, client, rec)
	return tokenSourceFunc(func() (*oauth2.Token, error) {
		tok, err := once()
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.ErrorCode == "use_dpop_nonce" && h.key != nil {
			// The DPoP nonce is noted; a new assertion goes with it (RFC 9449 §8).
			tok, err = once()
		}
		return tok, err
	})
}

// grantOnce is one token request of the entry's grant.
func (h *Handler) grantOnce(ctx context.Context, client *http.Client, rec StoredToken) func() (*oauth2.Token, error) {
	return func() (*oauth2.Token, error) {
		ctx := context.WithValue(ctx, oauth2.HTTPClient, client)
		params := url.Values{}
		if rec.Resource != "" {
			// RFC 8707; the MCP spec: "MUST include the resource parameter in
			// both authorization requests and token requests".
			params.Set("resource", rec.Resource)
		}
		switch h.opts.GrantType {
		case GrantJWTBearer:
			a, err := h.readAssertion("workload identity token")
			if err != nil {
				return nil, err
			}
			params.Set("grant_type", grantJWTBearerURN)
			params.Set("assertion", a)
		case GrantEnterprise:
			jag, err := h.idJAG(ctx, client, rec)
			if err != nil {
				return nil, err
			}
			params.Set("grant_type", grantJWTBearerURN)
			params.Set("assertion", jag)
		}
		cc := &clientcredentials.Config{
			ClientID:     h.opts.ClientID,
			ClientSecret: h.opts.ClientSecret,
			TokenURL:     rec.TokenURL,
			Scopes:       rec.Scopes,
			AuthStyle:    rec.AuthStyle,
		}
		if h.key != nil {
			a, err := h.key.clientAssertion(h.opts.ClientID, rec.Issuer, time.Now())
			if err != nil {
				return nil, fmt.Errorf("signing the client assertion: %w", err)
			}
			h.addSecrets(a)
			params.Set("client_assertion_type", assertionTypeJWT)
			params.Set("client_assertion", a)
			cc.ClientSecret, cc.AuthStyle = "", oauth2.AuthStyleInParams
		}
		cc.EndpointParams = params
		return cc.Token(ctx)
	}
}

type tokenSourceFunc func() (*oauth2.Token, error)

func (f tokenSourceFunc) Token() (*oauth2.Token, error) { return f() }

// readAssertion reads the JWT the entry points at: a file, or an
// environment variable. Read at each token request, since these tokens are
// short-lived and renewed by whoever writes them.
func (h *Handler) readAssertion(what string) (string, error) {
	var v string
	switch {
	case h.opts.AssertionFile != "":
		data, err := os.ReadFile(h.opts.AssertionFile)
		if err != nil {
			return "", say.Error("the {{.What}} file {{.Path}} cannot be read: {{.Err}}", say.Args{"What": say.Text(what), "Path": h.opts.AssertionFile, "Err": errors.Unwrap(err).Error(), "Cause": errors.Unwrap(err)})
		}
		v = strings.TrimSpace(string(data))
		if v == "" {
			return "", say.Error("the {{.What}} file {{.Path}} is empty", say.Args{"What": say.Text(what), "Path": h.opts.AssertionFile})
		}
	default:
		v = strings.TrimSpace(os.Getenv(h.opts.AssertionEnv))
		if v == "" {
			return "", say.Error("the environment variable {{.Name}}, which should hold the {{.What}}, is not set", say.Args{"Name": h.opts.AssertionEnv, "What": say.Text(what)})
		}
	}
	if strings.Count(v, ".") != 2 {
		return "", say.Error("the {{.What}} is not a JWT (three dot-separated parts)", say.Args{"What": say.Text(what)})
	}
	h.addSecrets(v)
	return v, nil
}

// idJAG exchanges the person's ID token at the enterprise identity provider
// for an Identity Assertion JWT Authorization Grant for this server's
// authorization server (SEP-990; RFC 8693), with the SDK's oauthex.ExchangeToken.
func (h *Handler) idJAG(ctx context.Context, client *http.Client, rec StoredToken) (string, error) {
	var idToken string
	var err error
	if h.opts.AssertionFile != "" || h.opts.AssertionEnv != "" {
		idToken, err = h.readAssertion("ID token")
	} else {
		idToken, err = h.signInAtIdP(ctx, client)
	}
	if err != nil {
		return "", err
	}
	// The IdP's metadata is read here, not with auth.GetAuthServerMetadata:
	// that one refuses a server without PKCE, which a token exchange does
	// not involve.
	meta := rawASMetadata(ctx, client, h.opts.IdPIssuer)
	tokenURL, _ := meta["token_endpoint"].(string)
	if tokenURL == "" {
		return "", &idpError{err: fmt.Errorf("the identity provider %s publishes no OpenID or OAuth metadata with a token endpoint", h.opts.IdPIssuer)}
	}
	creds := &oauthex.ClientCredentials{ClientID: h.opts.IdPClientID}
	if h.opts.IdPClientSecret != "" {
		creds.ClientSecretAuth = &oauthex.ClientSecretAuth{ClientSecret: h.opts.IdPClientSecret}
	}
	h.progress("Exchanging the ID token at {{.Issuer}} for an ID-JAG…", say.Args{"Issuer": h.opts.IdPIssuer})
	tok, err := oauthex.ExchangeToken(ctx, tokenURL, &oauthex.TokenExchangeRequest{
		RequestedTokenType: oauthex.TokenTypeIDJAG,
		Audience:           rec.Issuer,
		Resource:           rec.Resource,
		Scope:              rec.Scopes,
		SubjectToken:       idToken,
		SubjectTokenType:   oauthex.TokenTypeIDToken,
	}, creds, client)
	if err != nil {
		return "", &idpError{err: err}
	}
	if t, _ := tok.Extra("issued_token_type").(string); t != oauthex.TokenTypeIDJAG {
		return "", &idpError{err: fmt.Errorf("it issued a %q, not an ID-JAG", t)}
	}
	h.addSecrets(tok.AccessToken)
	return tok.AccessToken, nil
}

// rawASMetadata is the authorization server's metadata document as JSON, for
// the members the SDK's AuthServerMeta does not have. It asks the same URLs
// in the same order as auth.GetAuthServerMetadata, through the sign-in's
// caching client, so nothing goes on the wire twice.
func rawASMetadata(ctx context.Context, client *http.Client, issuer string) map[string]any {
	u, err := url.Parse(issuer)
	if err != nil {
		return nil
	}
	path := strings.TrimLeft(u.Path, "/")
	var urls []string
	if path == "" {
		urls = []string{"/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"}
	} else {
		urls = []string{"/.well-known/oauth-authorization-server/" + path, "/.well-known/openid-configuration/" + path,
			"/" + path + "/.well-known/openid-configuration"}
	}
	for _, p := range urls {
		c := *u
		c.Path, c.RawPath = p, ""
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.String(), nil)
		if err != nil {
			continue
		}
		resp, err := client.Do(req)
		if err != nil {
			continue
		}
		var m map[string]any
		err = json.NewDecoder(io.LimitReader(resp.Body, maxCachedBody)).Decode(&m)
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK && err == nil {
			return m
		}
	}
	return nil
}

// idTokenMargin is how long before its expiry an ID token is no longer used.
const idTokenMargin = 30 * time.Second

// signInAtIdP gets the person's ID token by an OpenID Connect sign-in at the
// identity provider in the browser, with the SDK's extauth.PerformOIDCLogin
// (authorization code with PKCE) and the same loopback listener as the
// browser sign-in. The ID token is kept in memory while it is valid, so a
// new access token does not send the person to the browser again.
func (h *Handler) signInAtIdP(ctx context.Context, client *http.Client) (string, error) {
	h.mu.Lock()
	cached, until := h.idToken, h.idTokenUntil
	h.mu.Unlock()
	if cached != "" && time.Now().Before(until) {
		return cached, nil
	}
	ctx, cancel := context.WithTimeoutCause(ctx, h.opts.SignInTimeout, errSignInTimedOut)
	defer cancel()
	cb, err := listenForCallback(ctx)
	if err != nil {
		return "", err
	}
	defer cb.close()
	creds := &oauthex.ClientCredentials{ClientID: h.opts.IdPClientID}
	if h.opts.IdPClientSecret != "" {
		creds.ClientSecretAuth = &oauthex.ClientSecretAuth{ClientSecret: h.opts.IdPClientSecret}
	}
	h.progress("Signing in at the identity provider {{.Issuer}}…", say.Args{"Issuer": h.opts.IdPIssuer})
	tok, err := extauth.PerformOIDCLogin(ctx, &extauth.OIDCLoginConfig{
		IssuerURL:   h.opts.IdPIssuer,
		Credentials: creds,
		RedirectURL: cb.redirectURL,
		Scopes:      []string{"openid", "email"},
		HTTPClient:  client,
	}, func(ctx context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
		return h.waitForBrowser(ctx, cb, args.URL)
	})
	if err != nil {
		return "", &idpError{err: explainSDKError(ctx, err, h.opts.SignInTimeout), login: h.opts.IdPIssuer}
	}
	idToken, _ := tok.Extra("id_token").(string)
	h.addSecrets(idToken, tok.AccessToken, tok.RefreshToken)
	valid := time.Now().Add(5 * time.Minute)
	var claims jwt.RegisteredClaims
	if _, _, err := jwt.NewParser().ParseUnverified(idToken, &claims); err == nil && claims.ExpiresAt != nil {
		valid = claims.ExpiresAt.Add(-idTokenMargin)
	}
	h.mu.Lock()
	h.idToken, h.idTokenUntil = idToken, valid
	h.mu.Unlock()
	return idToken, nil
}
