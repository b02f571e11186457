package oauth

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"golang.org/x/oauth2"
)

// signInWithClientCredentials gets a token with the client credentials grant
// (RFC 6749 §4.4) for machine-to-machine entries: no person, no browser.
//
// Gap filled here rather than using the SDK's extauth.ClientCredentialsHandler
// (v1.8.0), because that handler (1) keeps a token source bound to the
// context of the request that signed in, so getting the next token fails with
// "context canceled" once that request is over; (2) sends no RFC 8707
// resource parameter, which the MCP spec requires in token requests; and
// (3) skips metadata naming another resource instead of refusing. Discovery is
// still the SDK's (see discover); the grant is golang.org/x/oauth2/clientcredentials.
func (h *Handler) signInWithClientCredentials(ctx context.Context, client *http.Client, d *discovery, stepUp bool) error {
	if len(d.asm.GrantTypesSupported) > 0 && !slices.Contains(d.asm.GrantTypesSupported, GrantClientCredentials) {
		return fmt.Errorf("the authorization server %s does not offer the client credentials grant (it offers %v); "+
			"remove the grant type from the server entry to sign in in the browser instead", d.asm.Issuer, d.asm.GrantTypesSupported)
	}
	discovered := d.challenge.scopes
	if len(discovered) == 0 && d.prm != nil {
		discovered = d.prm.ScopesSupported
	}
	scopes := h.scopesToRequest(discovered, stepUp)
	style := tokenAuthStyle(d.asm.TokenEndpointAuthMethodsSupported, h.opts.ClientSecret != "")
	cc := h.clientCredentialsConfig(d.asm.TokenEndpoint, style, scopes, d.resource)

	h.progress("Requesting a token for client %s (client credentials)…", h.opts.ClientID)
	tok, err := cc.Token(context.WithValue(ctx, oauth2.HTTPClient, client))
	if err != nil {
		return fmt.Errorf("the authorization server refused the client credentials "+
			"(check the client ID and secret): %w", err)
	}
	h.addSecrets(tok.AccessToken)
	granted := scopesFromToken(tok)
	if granted == nil {
		granted = scopes
	}
	record := StoredToken{
		ServerURL: h.opts.ServerURL,
		Resource:  d.resource,
		Issuer:    d.asm.Issuer,
		GrantType: GrantClientCredentials,
		ClientID:  h.opts.ClientID,
		TokenURL:  d.asm.TokenEndpoint,
		AuthStyle: style,
		Scopes:    granted,
		// AccessToken is left empty so the first Token call below saves it.
	}
	// Later tokens come from running the grant again, with the app's client
	// and a context that outlives this request.
	later := h.clientCredentialsConfig(d.asm.TokenEndpoint, style, scopes, d.resource)
	ts := h.newSavingTokenSource(oauth2.ReuseTokenSource(tok, later.TokenSource(h.refreshContext())), record)
	if _, err := ts.Token(); err != nil { // saves the token; it is fresh, so no request
		return err
	}
	h.setTokens(ts)
	h.progress("Signed in to %s as client %s.", h.opts.ServerURL, h.opts.ClientID)
	return nil
}
