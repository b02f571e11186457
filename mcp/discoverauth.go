package mcp

import (
	"errors"
	"net/http"
	"strings"
)

// A server/discover answered 403 insufficient_scope is a sign-in problem,
// not a sign of an older server. The SDK gives every request one sign-in
// and one retry: when the first sign-in (after a 401) gets a token without
// the scope, the retry's 403 fails server/discover, the SDK falls back to
// initialize, and the person was shown whatever that fallback ran into
// ("Missing MCP-Protocol-Version header … Check the URL", or a server with
// no tools) instead of the refusal. So server/discover steps up like any
// request ("When a client receives insufficient_scope, it SHOULD initiate
// step-up authorization"), within the handler's limit, and once the
// handler gives up, no fallback is sent: the connect fails with the
// sign-in's own words.

// lacksScope reports whether resp is a 403 whose challenge says the token
// lacks a scope (error="insufficient_scope").
func lacksScope(resp *http.Response) bool {
	if resp.StatusCode != http.StatusForbidden {
		return false
	}
	for _, v := range resp.Header.Values("WWW-Authenticate") {
		v = strings.ToLower(v)
		if strings.Contains(v, `error="insufficient_scope"`) || strings.Contains(v, "error=insufficient_scope") {
			return true
		}
	}
	return false
}

// stepUp signs in again while server/discover is refused for a missing
// scope, sending it again with each new token. When the sign-in gives up,
// its error is kept on the probe, so the fallback initialize is not sent.
func (rt *discoverRoundTripper) stepUp(req *http.Request, resp *http.Response) (*http.Response, error) {
	for lacksScope(resp) {
		if err := rt.signIn.Authorize(req.Context(), req, resp); err != nil {
			rt.probe.refuse(err)
			return nil, err
		}
		next, err := rt.withCurrentToken(req)
		if err != nil {
			return nil, err
		}
		req = next
		if resp, err = rt.inner.RoundTrip(req); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

// withCurrentToken is req again, with a fresh body and the sign-in's
// current token (the SDK set the one that was refused).
func (rt *discoverRoundTripper) withCurrentToken(req *http.Request) (*http.Request, error) {
	ts, err := rt.signIn.TokenSource(req.Context())
	if err != nil {
		return nil, err
	}
	if ts == nil || req.GetBody == nil {
		return nil, errors.New("server/discover cannot be sent again after signing in")
	}
	tok, err := ts.Token()
	if err != nil {
		return nil, err
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, err
	}
	next := req.Clone(req.Context())
	next.Body = body
	next.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	return next, nil
}

// refuse keeps the sign-in's refusal: every later request of this connect
// fails with it.
func (p *discoverProbe) refuse(err error) {
	p.mu.Lock()
	p.refused = err
	p.mu.Unlock()
}

func (p *discoverProbe) signInRefused() error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.refused
}
