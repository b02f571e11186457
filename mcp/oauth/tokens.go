package oauth

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"mcpbrowser/mcp/say"
)

// A savingTokenSource hands out tokens from base and saves each new one, so a
// refreshed token (and a rotated refresh token) survives a restart. The oauth2
// package refreshes a token shortly before it expires (oauth2's expiryDelta);
// this wrapper adds nothing to that but persistence.
type savingTokenSource struct {
	h    *Handler
	base oauth2.TokenSource

	mu     sync.Mutex
	record StoredToken // the last token handed out, with its client and endpoint
}

func (h *Handler) newSavingTokenSource(base oauth2.TokenSource, record StoredToken) *savingTokenSource {
	return &savingTokenSource{h: h, base: base, record: record}
}

func (s *savingTokenSource) Token() (*oauth2.Token, error) {
	tok, err := s.base.Token()
	if err != nil {
		s.h.noteAccessToken("", "")
		// Masked, but still unwrapping to *oauth2.RetrieveError: the transport
		// looks for invalid_grant to send the request without a token and get
		// the 401 that starts a new sign-in.
		return nil, maskError(err, s.h.secretList())
	}
	s.h.addSecrets(tok.AccessToken, tok.RefreshToken)
	s.mu.Lock()
	changed := tok.AccessToken != s.record.AccessToken
	if changed {
		s.record.AccessToken = tok.AccessToken
		s.record.TokenType = tok.TokenType
		s.record.RefreshToken = tok.RefreshToken
		s.record.Expiry = tok.Expiry
		if granted := scopesFromToken(tok); granted != nil {
			s.record.Scopes = granted
		}
		s.record.SavedAt = time.Now()
		s.record.DPoPKey = ""
		if p, _ := s.h.dpopState(); p != nil && strings.EqualFold(tok.Type(), "DPoP") {
			s.record.DPoPKey = encodePrivateKey(p.key.key)
		}
	}
	record := s.record
	s.mu.Unlock()
	s.h.noteAccessToken(tok.AccessToken, tok.Type())
	if changed {
		s.h.setGranted(record.Scopes)
		s.h.save(&record)
	}
	return tok, nil
}

// scopesFromToken is the token response's "scope", or nil when it has none
// (RFC 6749 §5.1: then the granted scopes are the requested ones).
func scopesFromToken(tok *oauth2.Token) []string {
	if s, ok := tok.Extra("scope").(string); ok {
		return strings.Fields(s)
	}
	return nil
}

func (h *Handler) noteAccessToken(t, tokenType string) {
	h.mu.Lock()
	h.lastAccessToken, h.lastTokenType = t, tokenType
	h.mu.Unlock()
}

func (h *Handler) setGranted(scopes []string) {
	h.mu.Lock()
	h.granted = slices.Clone(scopes)
	h.mu.Unlock()
}

func (h *Handler) setTokens(ts oauth2.TokenSource) {
	h.mu.Lock()
	h.tokens = ts
	h.signedOut = false
	h.mu.Unlock()
}

func (h *Handler) save(t *StoredToken) {
	if h.opts.Store == nil {
		return
	}
	if err := h.opts.Store.Save(h.opts.ServerName, t); err != nil {
		h.progress("Signed in, but the token could not be saved for next time: {{.Err}}", say.Args{"Err": err.Error()})
	}
}

// refreshContext is the context the oauth2 package keeps for refreshing a
// token later, long after the request that signed in has finished; it
// carries the app's HTTP client so refreshes show in the wire view too.
// (oauth2.TokenSource has no per-call context; the transport's requests bound
// the wait instead.)
func (h *Handler) refreshContext() context.Context {
	return context.WithValue(context.Background(), oauth2.HTTPClient, h.httpClient)
}

// tokenSourceFromStore turns a token saved by an earlier run into a token
// source, or returns nil when there is none that fits this entry.
func (h *Handler) tokenSourceFromStore() oauth2.TokenSource {
	if h.opts.Store == nil {
		return nil
	}
	rec, err := h.opts.Store.Load(h.opts.ServerName)
	if err != nil {
		h.progress("Ignoring the saved sign-in: {{.Err}}", say.Args{"Err": err.Error()})
		return nil
	}
	if rec == nil || !h.fits(rec) {
		return nil
	}
	h.addSecrets(rec.AccessToken, rec.RefreshToken, rec.ClientSecret)
	h.setGranted(rec.Scopes)
	if rec.DPoPKey != "" {
		key, err := decodePrivateKey(rec.DPoPKey)
		var p *dpopProver
		if err == nil {
			p, err = newDPoPProver(key)
		}
		if err != nil {
			h.progress("Ignoring the saved sign-in: {{.Err}}", say.Args{"Err": "its DPoP key cannot be read (" + err.Error() + ")"})
			return nil
		}
		h.mu.Lock()
		h.dpop, h.dpopTokenURL = p, rec.TokenURL
		h.mu.Unlock()
	}
	var base oauth2.TokenSource
	switch {
	case machineGrant(rec.GrantType):
		// These grants have no refresh token: when the token expires the
		// grant is simply run again.
		base = oauth2.ReuseTokenSource(rec.oauth2Token(), h.grantSource(h.refreshContext(), h.httpClient, *rec))
	default:
		cfg := &oauth2.Config{
			ClientID:     rec.ClientID,
			ClientSecret: rec.ClientSecret,
			Endpoint:     oauth2.Endpoint{TokenURL: rec.TokenURL, AuthStyle: rec.AuthStyle},
			Scopes:       rec.Scopes,
		}
		base = cfg.TokenSource(h.refreshContext(), rec.oauth2Token())
	}
	return h.newSavingTokenSource(base, *rec)
}

// fits says whether a saved token may be used for this entry: same endpoint
// (a token never goes to another URL), same grant, same client if one is set.
func (h *Handler) fits(rec *StoredToken) bool {
	if !sameResource(rec.ServerURL, h.opts.ServerURL) || rec.GrantType != h.opts.GrantType {
		return false
	}
	if h.opts.ClientID != "" && rec.ClientID != h.opts.ClientID {
		return false
	}
	return rec.AccessToken != "" || rec.RefreshToken != ""
}

// tokenAuthStyle picks how to authenticate at the token endpoint from the
// authorization server's token_endpoint_auth_methods_supported, in the SDK's
// order of preference (client_secret_post, then client_secret_basic); with
// neither listed the oauth2 package tries both. A client without a secret
// always sends its client_id in the body ("none").
func tokenAuthStyle(supported []string, hasSecret bool) oauth2.AuthStyle {
	switch {
	case !hasSecret:
		return oauth2.AuthStyleInParams
	case slices.Contains(supported, "client_secret_post"):
		return oauth2.AuthStyleInParams
	case slices.Contains(supported, "client_secret_basic"):
		return oauth2.AuthStyleInHeader
	}
	return oauth2.AuthStyleAutoDetect
}
