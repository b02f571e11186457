package oauthtest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// The OAuth extensions in the test bed: private_key_jwt client assertions
// (Config.ClientKeys), the JWT-bearer grant for workload identity
// (Config.WorkloadKey), enterprise-managed authorization (an identity
// provider at IdPPath that exchanges Config.IDToken for an ID-JAG), and DPoP
// at the token and MCP endpoints (Config.DPoP, Config.DPoPNonce). Each check
// is as strict as the conformance suite's: signatures, audiences, expiry,
// jti reuse, htm/htu/ath and the token's cnf.jkt.

// Grant types and token types on the wire.
const (
	GrantJWTBearer     = "urn:ietf:params:oauth:grant-type:jwt-bearer"
	GrantTokenExchange = "urn:ietf:params:oauth:grant-type:token-exchange"
	TokenTypeIDToken   = "urn:ietf:params:oauth:token-type:id_token"
	TokenTypeIDJAG     = "urn:ietf:params:oauth:token-type:id-jag"
	assertionTypeJWT   = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
)

// IdPPath is where the enterprise identity provider lives (its issuer is
// URL()+IdPPath).
const IdPPath = "/idp"

// ExtConfig are the test bed's OAuth extension settings (embedded in Config).
type ExtConfig struct {
	// ClientKeys are private_key_jwt clients: client ID → public key.
	ClientKeys map[string]crypto.PublicKey
	// WorkloadKey signs the workload identity tokens the JWT-bearer grant accepts.
	WorkloadKey crypto.PublicKey
	// IDToken is the ID token the identity provider exchanges for an ID-JAG;
	// IdPClientID is the client it must come from.
	IDToken, IdPClientID string
	// DPoP makes the server advertise DPoP (ES256), issue DPoP-bound tokens
	// and demand proofs; DPoPNonce, when set, must be in every proof (a
	// proof without it gets use_dpop_nonce with this nonce).
	DPoP      bool
	DPoPNonce string
}

// IdPIssuer is the identity provider's issuer URL.
func (s *Server) IdPIssuer() string { return s.srv.URL + IdPPath }

func (s *Server) bedKey() *ecdsa.PrivateKey {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.jagKey == nil {
		s.jagKey, _ = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	}
	return s.jagKey
}

// serveExt serves the identity provider; it reports whether it answered.
func (s *Server) serveExt(w http.ResponseWriter, r *http.Request) bool {
	switch r.URL.Path {
	case "/.well-known/oauth-authorization-server" + IdPPath:
		writeJSON(w, http.StatusOK, map[string]any{
			"issuer":                           s.IdPIssuer(),
			"authorization_endpoint":           s.IdPIssuer() + "/authorize",
			"token_endpoint":                   s.IdPIssuer() + "/token",
			"response_types_supported":         []string{"code"},
			"code_challenge_methods_supported": []string{"S256"},
			"grant_types_supported":            []string{"authorization_code", GrantTokenExchange},
		})
	case IdPPath + "/authorize":
		// The person signs in at the identity provider (OpenID Connect).
		q := r.URL.Query()
		if q.Get("client_id") != s.cfg.IdPClientID || q.Get("code_challenge_method") != "S256" || !strings.Contains(q.Get("scope"), "openid") {
			http.Error(w, "bad OpenID Connect request", http.StatusBadRequest)
			return true
		}
		code := rand.Text()
		s.mu.Lock()
		s.idpCodes[code] = q.Get("code_challenge")
		s.secrets = append(s.secrets, code)
		s.mu.Unlock()
		back := url.Values{"code": {code}, "state": {q.Get("state")}}
		http.Redirect(w, r, q.Get("redirect_uri")+"?"+back.Encode(), http.StatusFound)
	case IdPPath + "/token":
		r.ParseForm()
		if r.PostForm.Get("grant_type") == "authorization_code" {
			s.serveIdPLogin(w, r.PostForm)
			return true
		}
		s.serveTokenExchange(w, r)
	default:
		return false
	}
	return true
}

// serveIdPLogin ends the person's sign-in at the identity provider with
// Config.IDToken, once the code and its PKCE verifier match.
func (s *Server) serveIdPLogin(w http.ResponseWriter, f url.Values) {
	s.mu.Lock()
	challenge, ok := s.idpCodes[f.Get("code")]
	delete(s.idpCodes, f.Get("code"))
	s.idpLogins++
	s.mu.Unlock()
	sum := sha256.Sum256([]byte(f.Get("code_verifier")))
	if !ok || base64.RawURLEncoding.EncodeToString(sum[:]) != challenge {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_grant"})
		return
	}
	access := rand.Text()
	s.addSecret(access)
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600, "id_token": s.cfg.IDToken})
}

// IdPLogins is how many sign-ins the identity provider completed.
func (s *Server) IdPLogins() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.idpLogins
}

func (s *Server) serveTokenExchange(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f := r.PostForm
	s.addSecret(f.Get("subject_token"))
	switch {
	case f.Get("grant_type") != GrantTokenExchange || f.Get("requested_token_type") != TokenTypeIDJAG ||
		f.Get("subject_token_type") != TokenTypeIDToken || f.Get("audience") != s.Issuer() || f.Get("resource") != s.Resource():
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_request"})
	case s.cfg.IDToken == "" || f.Get("subject_token") != s.cfg.IDToken || f.Get("client_id") != s.cfg.IdPClientID:
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_grant", "error_description": "unknown ID token"})
	default:
		t := jwt.NewWithClaims(jwt.SigningMethodES256, jwt.MapClaims{
			"iss": s.IdPIssuer(), "aud": s.Issuer(), "sub": "person", "resource": f.Get("resource"),
			"client_id": s.firstClientID(), "iat": time.Now().Unix(), "exp": time.Now().Add(5 * time.Minute).Unix(), "jti": rand.Text(),
		})
		t.Header["typ"] = "oauth-id-jag+jwt"
		jag, _ := t.SignedString(s.bedKey())
		s.addSecret(jag)
		writeJSON(w, http.StatusOK, map[string]any{"access_token": jag, "issued_token_type": TokenTypeIDJAG, "token_type": "N_A"})
	}
}

// firstClientID is the pre-registered client an ID-JAG is issued for.
func (s *Server) firstClientID() string {
	ids := make([]string, 0, len(s.cfg.Preregistered))
	for id := range s.cfg.Preregistered {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}

// assertionClient checks a private_key_jwt client assertion and returns the
// client ID it proves, or ok false.
func (s *Server) assertionClient(f url.Values) (clientID string, ok bool) {
	if f.Get("client_assertion_type") != assertionTypeJWT || f.Get("client_assertion") == "" {
		return "", false
	}
	var claims jwt.RegisteredClaims
	_, err := jwt.ParseWithClaims(f.Get("client_assertion"), &claims, func(t *jwt.Token) (any, error) {
		sub, _ := t.Claims.GetSubject()
		if k := s.cfg.ClientKeys[sub]; k != nil {
			return k, nil
		}
		return nil, errors.New("unknown client")
	}, jwt.WithAudience(s.Issuer()), jwt.WithExpirationRequired(), jwt.WithIssuedAt())
	if err != nil || claims.Issuer != claims.Subject || claims.ID == "" || !s.freshJTI(claims.ID) {
		return claims.Subject, false
	}
	if id := f.Get("client_id"); id != "" && id != claims.Subject {
		return id, false
	}
	return claims.Subject, true
}

// freshJTI reports whether jti was never seen before, and remembers it.
func (s *Server) freshJTI(jti string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.jtis == nil {
		s.jtis = map[string]bool{}
	}
	if s.jtis[jti] {
		return false
	}
	s.jtis[jti] = true
	return true
}

// jwtBearerGrant checks a JWT-bearer grant's assertion: a workload token
// signed by WorkloadKey, or an ID-JAG from the identity provider for clientID.
func (s *Server) jwtBearerGrant(assertion, clientID, resource, scope string) *grant {
	var claims jwt.MapClaims
	tok, err := jwt.Parse(assertion, func(t *jwt.Token) (any, error) {
		if t.Header["typ"] == "oauth-id-jag+jwt" {
			return &s.bedKey().PublicKey, nil
		}
		if s.cfg.WorkloadKey == nil {
			return nil, errors.New("no workload key")
		}
		return s.cfg.WorkloadKey, nil
	}, jwt.WithAudience(s.Issuer()), jwt.WithExpirationRequired())
	if err != nil {
		return nil
	}
	claims = tok.Claims.(jwt.MapClaims)
	if tok.Header["typ"] == "oauth-id-jag+jwt" && (claims["client_id"] != clientID || claims["resource"] != s.Resource()) {
		return nil
	}
	return &grant{clientID: clientID, resource: resource, scopes: s.grant(strings.Fields(scope))}
}

// A dpopResult is what checkDPoP found.
type dpopResult struct {
	jkt      string // the proof key's thumbprint
	nonceAsk bool   // the proof lacked the nonce: answer use_dpop_nonce
	err      error
}

// checkDPoP verifies the DPoP proof of r for its method and URL (and, at the
// MCP endpoint, the access token's hash).
func (s *Server) checkDPoP(r *http.Request, target, accessToken string) dpopResult {
	proofs := r.Header.Values("DPoP")
	if len(proofs) != 1 {
		return dpopResult{err: fmt.Errorf("want one DPoP header, got %d", len(proofs))}
	}
	var jwk map[string]any
	tok, err := jwt.Parse(proofs[0], func(t *jwt.Token) (any, error) {
		if t.Header["typ"] != "dpop+jwt" {
			return nil, errors.New("typ must be dpop+jwt")
		}
		jwk, _ = t.Header["jwk"].(map[string]any)
		if jwk == nil || jwk["d"] != nil {
			return nil, errors.New("jwk missing or private")
		}
		return ecPublicKey(jwk)
	}, jwt.WithValidMethods([]string{"ES256"}), jwt.WithIssuedAt())
	if err != nil {
		return dpopResult{err: err}
	}
	c := tok.Claims.(jwt.MapClaims)
	jti, _ := c["jti"].(string)
	htu, _ := c["htu"].(string)
	switch {
	case jti == "":
		return dpopResult{err: errors.New("no jti")}
	case c["htm"] != r.Method:
		return dpopResult{err: fmt.Errorf("htm %v, want %s", c["htm"], r.Method)}
	case htu != target:
		return dpopResult{err: fmt.Errorf("htu %q, want %q", htu, target)}
	}
	if accessToken != "" {
		sum := sha256.Sum256([]byte(accessToken))
		if c["ath"] != base64.RawURLEncoding.EncodeToString(sum[:]) {
			return dpopResult{err: errors.New("ath does not match the token")}
		}
	}
	if !s.freshJTI("dpop:" + jti) {
		return dpopResult{err: errors.New("jti used before")}
	}
	b, _ := json.Marshal(map[string]any{"crv": jwk["crv"], "kty": jwk["kty"], "x": jwk["x"], "y": jwk["y"]})
	sum := sha256.Sum256(b)
	res := dpopResult{jkt: base64.RawURLEncoding.EncodeToString(sum[:])}
	if s.cfg.DPoPNonce != "" && c["nonce"] != s.cfg.DPoPNonce {
		res.nonceAsk = true
	}
	s.mu.Lock()
	s.dpopProofs++
	s.mu.Unlock()
	return res
}

func ecPublicKey(jwk map[string]any) (*ecdsa.PublicKey, error) {
	if jwk["kty"] != "EC" || jwk["crv"] != "P-256" {
		return nil, errors.New("want an EC P-256 jwk")
	}
	x, err1 := base64.RawURLEncoding.DecodeString(fmt.Sprint(jwk["x"]))
	y, err2 := base64.RawURLEncoding.DecodeString(fmt.Sprint(jwk["y"]))
	if err1 != nil || err2 != nil {
		return nil, errors.New("bad jwk coordinates")
	}
	return ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
}

// DPoPProofs is how many valid DPoP proofs the server got (token and MCP endpoints).
func (s *Server) DPoPProofs() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dpopProofs
}

// NonceChallenges is how many use_dpop_nonce answers the server gave.
func (s *Server) NonceChallenges() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nonceAsks
}

func (s *Server) askForNonce() {
	s.mu.Lock()
	s.nonceAsks++
	s.mu.Unlock()
}
