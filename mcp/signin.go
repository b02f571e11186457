package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/oauth"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/store"
	"mcpbrowser/mcp/transport"
)

// Remote servers that answer 401 are signed in to through package oauth
// (the SDK's authorization-code handler plus what it lacks). The sign-in's
// every HTTP step goes through the session's tapped client, so the wire view
// shows it; its progress goes to the server's log and status line.

// TokenDir is where sign-in tokens are kept, one 0600 file per server,
// outside the servers file.
func TokenDir() string { return store.Path(store.Data, "tokens") }

// streamableTransport builds the streamable HTTP transport of an entry, with sign-in.
func (s *Session) streamableTransport(cfg *config.ServerConfig, pauseConnectTimeout func()) (sdk.Transport, error) {
	hc := transport.NewHTTPClient(cfg, s.Wire)
	o := cfg.OAuth
	if o == nil {
		o = &config.OAuthConfig{}
	}
	store := s.tokens
	if store == nil {
		store = oauth.NewTokenStore(TokenDir())
	}
	openBrowser := s.openBrowser
	if openBrowser == nil {
		openBrowser = oauth.OpenBrowser
	}
	opts := oauth.OptionsFromConfig(o)
	opts.ServerName, opts.ServerURL = cfg.Name, cfg.URL
	opts.HTTPClient, opts.Store, opts.SignInTimeout = transport.NewOAuthHTTPClient(s.Wire), store, s.signInTimeout
	opts.OpenBrowser = func(ctx context.Context, url string) error {
		// From here on the person is signing in: the sign-in has its own,
		// longer limit, and the connect timeout must not cut it short. It
		// is paused before the browser starts, because starting one can
		// itself take seconds (a browser command that keeps running is
		// given a few seconds to fail).
		pauseConnectTimeout()
		return openBrowser(ctx, url)
	}
	opts.Step = func(step say.Msg) {
		s.Log.Say(transport.LogInfo, say.New("sign-in: {{.Step}}", say.Args{"Step": step}))
		s.setDetail(step.String())
	}
	h, err := oauth.NewHandler(opts)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.signIn = h
	s.mu.Unlock()
	// DPoP proofs on the MCP requests when the token is DPoP-bound.
	withProofs := *hc
	withProofs.Transport = h.WrapResourceTransport(hc.Transport)
	hc = &withProofs
	return &sdk.StreamableClientTransport{Endpoint: cfg.URL, HTTPClient: hc, MaxRetries: 1, OAuthHandler: h, MaxEventSize: transport.MaxEventSize}, nil
}

// SignOut forgets the server's sign-in (the saved token and the one in memory).
func (s *Session) SignOut() error {
	s.mu.Lock()
	h := s.signIn
	name := s.cfg.Name
	store := s.tokens
	s.mu.Unlock()
	if h != nil {
		return h.SignOut()
	}
	if store == nil {
		store = oauth.NewTokenStore(TokenDir())
	}
	return store.Delete(name)
}

// SignedIn describes the saved sign-in (issuer, client, scopes, expiry; no
// secrets), or "" when there is none.
func (s *Session) SignedIn() string {
	s.mu.Lock()
	name := s.cfg.Name
	store := s.tokens
	s.mu.Unlock()
	if store == nil {
		store = oauth.NewTokenStore(TokenDir())
	}
	t, err := store.Load(name)
	if err != nil || t == nil {
		return ""
	}
	return t.String()
}

// setDetail shows a step of a slow start (a sign-in) on the status line.
func (s *Session) setDetail(step string) {
	s.mu.Lock()
	st := s.status
	s.mu.Unlock()
	if st.State != StateStarting {
		return
	}
	st.Detail = step
	s.setStatus(st)
}

// isSignInError reports whether a connect failed in the sign-in. It asks
// package oauth rather than looking for words in the text, which would take
// "certificate signed by unknown authority" for a sign-in.
func isSignInError(err error) bool {
	_, ok := oauth.SignInFailure(err)
	return ok
}

// signInReason is Status.Reason for a connect that failed in the sign-in:
// the sign-in's own plain message, without the words the SDK's transport
// wraps around it ("calling "initialize": sending …: rejected by transport").
func signInReason(cfg *config.ServerConfig, err error) say.Msg {
	var why any = err
	if cause, ok := oauth.SignInCause(err); ok {
		why = cause
	}
	return say.New("signing in to {{.URL}} failed: {{.Err}}", say.Args{"URL": cfg.URL, "Err": why})
}
