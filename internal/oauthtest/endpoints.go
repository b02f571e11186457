package oauthtest

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

func (s *Server) serveAuthorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	clientID := q.Get("client_id")
	s.mu.Lock()
	s.authorizeQs = append(s.authorizeQs, q)
	c := s.clients[clientID]
	s.mu.Unlock()
	if c == nil && s.cfg.ClientIDMetadataDocuments && strings.HasPrefix(clientID, "https://") {
		c = &client{authMethod: "none"} // a Client ID Metadata Document client
	}
	redirect := q.Get("redirect_uri")
	ru, err := url.Parse(redirect)
	switch {
	case c == nil:
		http.Error(w, "unknown client "+clientID, http.StatusBadRequest)
	case err != nil || ru.Scheme != "http" || ru.Hostname() != "127.0.0.1" || ru.Port() == "":
		// RFC 8252 §7.3: a native app's loopback redirect, any port.
		http.Error(w, "redirect_uri must be http://127.0.0.1:PORT/…: "+redirect, http.StatusBadRequest)
	case c.redirects != nil && !slices.Contains(c.redirects, redirect):
		http.Error(w, "redirect_uri not registered", http.StatusBadRequest)
	case q.Get("response_type") != "code":
		http.Error(w, "response_type must be code", http.StatusBadRequest)
	case q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "":
		http.Error(w, "PKCE S256 required", http.StatusBadRequest)
	case q.Get("resource") != s.Resource():
		http.Error(w, "wrong resource "+q.Get("resource"), http.StatusBadRequest)
	default:
		code := rand.Text()
		s.mu.Lock()
		s.codes[code] = &codeGrant{clientID: clientID, redirect: redirect, challenge: q.Get("code_challenge"),
			resource: q.Get("resource"), scopes: s.grant(strings.Fields(q.Get("scope")))}
		s.secrets = append(s.secrets, code)
		s.mu.Unlock()
		back := url.Values{"code": {code}, "state": {q.Get("state")}}
		http.Redirect(w, r, redirect+"?"+back.Encode(), http.StatusFound)
	}
}

// grant is the requested scopes minus the ones this server never grants.
func (s *Server) grant(requested []string) []string {
	var out []string
	for _, scope := range requested {
		if !slices.Contains(s.cfg.DenyScopes, scope) {
			out = append(out, scope)
		}
	}
	return out
}

// authenticate checks the client at the token endpoint and says which method it used.
func (s *Server) authenticate(r *http.Request) (clientID, method string, ok bool) {
	id, secret, basic := r.BasicAuth()
	method = "none"
	if r.PostForm.Get("client_assertion") != "" {
		id, ok = s.assertionClient(r.PostForm)
		return id, "private_key_jwt", ok && !basic && r.PostForm.Get("client_secret") == ""
	}
	switch {
	case basic:
		method = "client_secret_basic"
		id, _ = url.QueryUnescape(id)
		secret, _ = url.QueryUnescape(secret)
	case r.PostForm.Get("client_secret") != "":
		method = "client_secret_post"
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	default:
		id = r.PostForm.Get("client_id")
	}
	s.mu.Lock()
	c := s.clients[id]
	s.mu.Unlock()
	if c == nil && s.cfg.ClientIDMetadataDocuments && strings.HasPrefix(id, "https://") {
		c = &client{authMethod: "none"}
	}
	if c == nil || c.secret != secret {
		return id, method, false
	}
	if c.authMethod != "" && c.authMethod != method {
		return id, method, false
	}
	if s.cfg.AuthMethods != nil && !slices.Contains(s.cfg.AuthMethods, method) {
		return id, method, false
	}
	return id, method, true
}

func (s *Server) serveToken(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f := r.PostForm
	s.addSecret(f.Get("code_verifier"))
	clientID, method, ok := s.authenticate(r)
	req := TokenRequest{GrantType: f.Get("grant_type"), ClientID: clientID, Method: method,
		Resource: f.Get("resource"), Scope: f.Get("scope")}
	defer func() {
		s.mu.Lock()
		s.tokenReqs = append(s.tokenReqs, req)
		s.mu.Unlock()
	}()
	if s.cfg.EchoSecret {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client",
			"error_description": "wrong secret " + r.PostForm.Get("client_secret")})
		return
	}
	// A workload's JWT-bearer grant may come with no client at all (RFC 7523 §3.1).
	if !ok && !(req.GrantType == GrantJWTBearer && clientID == "" && method == "none") {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client"})
		return
	}
	var jkt string
	if s.cfg.DPoP {
		res := s.checkDPoP(r, s.Issuer()+"/token", "")
		if res.err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_dpop_proof", "error_description": res.err.Error()})
			return
		}
		if res.nonceAsk {
			s.askForNonce()
			w.Header().Set("DPoP-Nonce", s.cfg.DPoPNonce)
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "use_dpop_nonce"})
			return
		}
		jkt = res.jkt
	}
	var g *grant
	s.mu.Lock()
	switch req.GrantType {
	case "authorization_code":
		c := s.codes[f.Get("code")]
		delete(s.codes, f.Get("code"))
		sum := sha256.Sum256([]byte(f.Get("code_verifier")))
		if c != nil && c.clientID == clientID && c.redirect == f.Get("redirect_uri") &&
			base64.RawURLEncoding.EncodeToString(sum[:]) == c.challenge && f.Get("resource") == c.resource {
			g = &grant{clientID: clientID, resource: c.resource, scopes: c.scopes}
		}
	case "refresh_token":
		if old := s.refresh[f.Get("refresh_token")]; old != nil && old.clientID == clientID {
			delete(s.refresh, f.Get("refresh_token")) // rotation: a refresh token works once
			g = old
		}
	case "client_credentials":
		if (s.clients[clientID] != nil && s.clients[clientID].secret != "") || method == "private_key_jwt" {
			g = &grant{clientID: clientID, resource: f.Get("resource"), scopes: s.grant(strings.Fields(f.Get("scope")))}
		}
	}
	s.mu.Unlock()
	if req.GrantType == GrantJWTBearer {
		g = s.jwtBearerGrant(f.Get("assertion"), clientID, f.Get("resource"), f.Get("scope"))
		s.addSecret(f.Get("assertion"))
	}
	if g != nil {
		g.jkt = jkt
	}
	if g == nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_grant"})
		return
	}
	req.OK = true
	access := rand.Text()
	resp := map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600,
		"scope": strings.Join(g.scopes, " ")}
	if jkt != "" {
		resp["token_type"] = "DPoP"
	}
	if s.cfg.ExpiresIn != 0 {
		resp["expires_in"] = s.cfg.ExpiresIn
	}
	s.mu.Lock()
	s.access[access] = g
	s.secrets = append(s.secrets, access)
	if req.GrantType != "client_credentials" && req.GrantType != GrantJWTBearer && (slices.Contains(g.scopes, "offline_access") || !slices.Contains(s.cfg.ScopesSupported, "offline_access")) {
		// Refresh tokens go to those who asked with offline_access, or to everyone
		// when the server does not know that scope.
		refresh := rand.Text()
		s.refresh[refresh] = g
		s.secrets = append(s.secrets, refresh)
		resp["refresh_token"] = refresh
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) serveRegister(w http.ResponseWriter, r *http.Request) {
	var meta map[string]any
	if err := json.NewDecoder(r.Body).Decode(&meta); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_client_metadata"})
		return
	}
	method, _ := meta["token_endpoint_auth_method"].(string)
	if method == "" {
		method = "client_secret_basic"
	}
	uris, _ := meta["redirect_uris"].([]any)
	var redirects []string
	for _, u := range uris {
		if s, ok := u.(string); ok {
			redirects = append(redirects, s)
		}
	}
	if len(redirects) == 0 {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_redirect_uri"})
		return
	}
	id := "dyn-" + rand.Text()[:8]
	c := &client{authMethod: method, redirects: redirects}
	resp := map[string]any{"client_id": id, "redirect_uris": redirects, "token_endpoint_auth_method": method}
	if method != "none" {
		c.secret = rand.Text()
		resp["client_secret"] = c.secret
	}
	s.mu.Lock()
	s.clients[id] = c
	s.registered = append(s.registered, meta)
	s.mu.Unlock()
	s.addSecret(c.secret)
	writeJSON(w, http.StatusCreated, resp)
}

func (s *Server) addSecret(secret string) {
	if secret == "" {
		return
	}
	s.mu.Lock()
	s.secrets = append(s.secrets, secret)
	s.mu.Unlock()
}
