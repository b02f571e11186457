package oauth

import (
	"context"
	"errors"
	"net/http"
)

// errNoSignIn is a 401 from a server that offers no way to sign in: no
// protected resource metadata, no authorization server metadata, and not even
// the 2025-03-26 default endpoints. Registering there would only fail with a
// 404 that explains nothing.
var errNoSignIn = errors.New("the server refused the credentials (HTTP 401) and offers no sign-in: it publishes no OAuth metadata and has no authorization endpoint. Check the token or header you give it")

// endpointExists reports whether a GET of u (an authorization endpoint, which
// answers a bare GET with an error page or a redirect, never with a change)
// finds something there: anything but 404 or 405 … and no answer at all.
func endpointExists(ctx context.Context, client *http.Client, u string) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return false
	}
	noRedirects := *client
	noRedirects.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := noRedirects.Do(req)
	if err != nil {
		return true // unreachable now: let the sign-in say so in its own words
	}
	resp.Body.Close()
	return resp.StatusCode != http.StatusNotFound
}
