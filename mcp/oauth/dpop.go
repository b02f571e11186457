package oauth

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"io"
	"mcpbrowser/mcp/say"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// DPoP (RFC 9449): a key of MCP Browser's own proves, at the token endpoint
// and at every MCP request, that the token is presented by the client it was
// issued to. The proofs are added by two http.RoundTrippers, so every grant
// (the SDK's authorization code flow, refresh, client credentials,
// JWT-bearer) and the SDK's streamable transport get them without knowing.

// DPoP modes of a server entry (Options.DPoP).
const (
	DPoPAuto   = "auto"   // when the authorization server advertises DPoP (the default)
	DPoPAlways = "always" // always; refuse to sign in where it cannot be used
	DPoPNever  = "never"  // never: plain bearer tokens
)

// dpopAlg is what MCP Browser signs its proofs with.
const dpopAlg = "ES256"

// maxNonceBody bounds the error body read to find use_dpop_nonce.
const maxNonceBody = 64 << 10

// A dpopProver holds the proof key and the nonces servers handed out.
type dpopProver struct {
	key *signingKey
	jwk map[string]any
	jkt string // the key's thumbprint: the token's cnf.jkt

	mu     sync.Mutex
	nonces map[string]string // by origin (scheme://host)
}

func newDPoPProver(key crypto.Signer) (*dpopProver, error) {
	if key == nil {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return nil, fmt.Errorf("making a DPoP key: %w", err)
		}
		key = k
	}
	sk, err := newSigningKey(key, "")
	if err != nil {
		return nil, err
	}
	jwk := publicJWK(key)
	return &dpopProver{key: sk, jwk: jwk, jkt: jwkThumbprint(jwk), nonces: map[string]string{}}, nil
}

// htu is the request URI a proof names: no query, no fragment (RFC 9449 §4.2).
func htu(u *url.URL) string {
	c := *u
	c.RawQuery, c.Fragment, c.RawFragment, c.User = "", "", "", nil
	return c.String()
}

func origin(u *url.URL) string { return u.Scheme + "://" + u.Host }

// proof is a fresh DPoP proof for a request: a new jti each time, the
// server's latest nonce for that origin, and ath when an access token goes
// with it (RFC 9449 §4.2, §7.1).
func (p *dpopProver) proof(method string, u *url.URL, accessToken string, now time.Time) (string, error) {
	claims := jwt.MapClaims{
		"jti": newJTI(),
		"htm": method,
		"htu": htu(u),
		"iat": now.Unix(),
	}
	p.mu.Lock()
	if n := p.nonces[origin(u)]; n != "" {
		claims["nonce"] = n
	}
	p.mu.Unlock()
	if accessToken != "" {
		sum := sha256.Sum256([]byte(accessToken))
		claims["ath"] = b64(sum[:])
	}
	return p.key.sign(map[string]any{"typ": "dpop+jwt", "jwk": p.jwk}, claims)
}

// noteNonce keeps the DPoP-Nonce a response carried; it reports whether
// there was one.
func (p *dpopProver) noteNonce(u *url.URL, resp *http.Response) bool {
	n := resp.Header.Get("DPoP-Nonce")
	if n == "" {
		return false
	}
	p.mu.Lock()
	p.nonces[origin(u)] = n
	p.mu.Unlock()
	return true
}

// askedForNonce reports whether resp is a use_dpop_nonce refusal: a 400 from
// the token endpoint with that error in its JSON body (§8), or a 401 from the
// resource with it in WWW-Authenticate (§9). The body is put back unread.
func askedForNonce(resp *http.Response) bool {
	if resp.StatusCode != http.StatusBadRequest && resp.StatusCode != http.StatusUnauthorized {
		return false
	}
	for _, v := range resp.Header.Values("WWW-Authenticate") {
		if strings.Contains(v, "use_dpop_nonce") {
			return true
		}
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxNonceBody))
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), resp.Body), resp.Body}
	return bytes.Contains(body, []byte(`"use_dpop_nonce"`))
}

// sendWithProof sends req with a proof, and (when retry) once more with a
// new proof when the server answers use_dpop_nonce with a nonce. The nonce
// is noted either way.
func sendWithProof(base http.RoundTripper, p *dpopProver, req *http.Request, accessToken string, retry bool) (*http.Response, error) {
	body, err := replayableBody(req)
	if err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		r := req.Clone(req.Context())
		if body != nil {
			r.Body = body()
		}
		proof, err := p.proof(req.Method, req.URL, accessToken, time.Now())
		if err != nil {
			return nil, fmt.Errorf("signing the DPoP proof: %w", err)
		}
		r.Header.Set("DPoP", proof)
		resp, err := base.RoundTrip(r)
		if err != nil {
			return nil, err
		}
		if !p.noteNonce(req.URL, resp) || !retry || attempt > 0 || !askedForNonce(resp) {
			return resp, nil
		}
		io.Copy(io.Discard, io.LimitReader(resp.Body, maxNonceBody))
		resp.Body.Close()
	}
}

// replayableBody returns a function giving a fresh copy of req's body, or
// nil when it has none.
func replayableBody(req *http.Request) (func() io.ReadCloser, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	if req.GetBody != nil {
		return func() io.ReadCloser {
			b, err := req.GetBody()
			if err != nil {
				return io.NopCloser(errReader{err})
			}
			return b
		}, nil
	}
	data, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	return func() io.ReadCloser { return io.NopCloser(bytes.NewReader(data)) }, nil
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// A tokenEndpointTransport adds a proof to POSTs to the token endpoint once
// DPoP is on for the handler.
type tokenEndpointTransport struct {
	base http.RoundTripper
	h    *Handler
}

func (t *tokenEndpointTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	p, tokenURL := t.h.dpopState()
	if p == nil || req.Method != http.MethodPost || !sameEndpoint(req.URL, tokenURL) {
		return t.base.RoundTrip(req)
	}
	// A request with a client assertion is not sent twice: the assertion's
	// jti is single-use. The grant itself runs again instead (grantSource).
	return sendWithProof(t.base, p, req, "", t.h.key == nil)
}

func sameEndpoint(u *url.URL, endpoint string) bool {
	if endpoint == "" {
		return false
	}
	e, err := url.Parse(endpoint)
	return err == nil && htu(u) == htu(e)
}

// A resourceTransport turns the SDK transport's "Bearer" into "DPoP" for a
// DPoP-bound token and adds the proof (with ath) to every MCP request.
type resourceTransport struct {
	base http.RoundTripper
	h    *Handler
}

// WrapResourceTransport returns the round tripper for the MCP endpoint's
// requests: base, plus DPoP proofs whenever the token is DPoP-bound.
func (h *Handler) WrapResourceTransport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &resourceTransport{base: base, h: h}
}

func (t *resourceTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	token, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer ")
	p := t.h.dpopProverFor(token)
	if !ok || p == nil {
		return t.base.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	r.Body, r.GetBody = req.Body, req.GetBody
	r.Header.Set("Authorization", "DPoP "+token)
	return sendWithProof(t.base, p, r, token, true)
}

// dpopSupported reads dpop_signing_alg_values_supported from the
// authorization server's metadata document (the SDK's AuthServerMeta has no
// field for it), through the sign-in's caching client, so no request is
// repeated. nil means the server does not advertise DPoP.
func dpopAlgsSupported(raw map[string]any) []string {
	list, _ := raw["dpop_signing_alg_values_supported"].([]any)
	var out []string
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// decideDPoP turns the entry's mode and what the authorization server
// advertises into on or off, or a refusal in plain words.
func decideDPoP(mode string, advertised []string, advertisedAtAll bool, issuer string) (bool, error) {
	switch mode {
	case DPoPNever:
		return false, nil
	case DPoPAlways:
		if advertisedAtAll && !slices.Contains(advertised, dpopAlg) {
			return false, say.Error("the authorization server {{.Issuer}} accepts DPoP proofs signed with {{.Algs}} only; MCP Browser signs them with {{.Alg}}. Set DPoP to auto or never for this server",
				say.Args{"Issuer": issuer, "Algs": fmt.Sprint(advertised), "Alg": dpopAlg})
		}
		return true, nil
	}
	return advertisedAtAll && slices.Contains(advertised, dpopAlg), nil
}
