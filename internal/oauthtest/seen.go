package oauthtest

import (
	"net/url"
	"slices"
)

// Saw reports whether the server got a request "METHOD /path".
func (s *Server) Saw(request string) bool { return s.Count(request) > 0 }

// Count is how many requests "METHOD /path" the server got.
func (s *Server) Count(request string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		if r == request {
			n++
		}
	}
	return n
}

// Requests are all requests so far, as "METHOD /path".
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// TokenRequests are the token endpoint's requests so far.
func (s *Server) TokenRequests() []TokenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.tokenReqs)
}

// CountTokenRequests is how many token requests of grantType were answered
// with a token (ok) or refused (!ok).
func (s *Server) CountTokenRequests(grantType string, ok bool) int {
	n := 0
	for _, r := range s.TokenRequests() {
		if r.GrantType == grantType && r.OK == ok {
			n++
		}
	}
	return n
}

// AuthorizeRequests are the authorization endpoint's query strings so far.
func (s *Server) AuthorizeRequests() []url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.authorizeQs)
}

// Registered are the client metadata documents of dynamic registrations.
func (s *Server) Registered() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.registered)
}

// Secrets are every secret the server handed out, was configured with or
// saw: client secrets, authorization codes, code verifiers, access and
// refresh tokens. None of them may show anywhere a person can see.
func (s *Server) Secrets() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.secrets)
}

// TokensSeen are the bearer tokens the MCP endpoint accepted, in order.
func (s *Server) TokensSeen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.tokensSeen)
}

// RefreshTokenLive reports whether token is a refresh token the server still accepts.
func (s *Server) RefreshTokenLive(token string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refresh[token] != nil
}

// RevokeRefreshTokens makes every refresh token issued so far worthless.
func (s *Server) RevokeRefreshTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.refresh)
}

// RevokeAccessTokens makes every access token issued so far worthless, as a
// server does that forgets its sessions.
func (s *Server) RevokeAccessTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.access)
}
