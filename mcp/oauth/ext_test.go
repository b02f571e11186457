package oauth

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"mcpbrowser/internal/oauthtest"
)

// Tests of the OAuth extensions: the JWT builders (client assertion, DPoP
// proof), the nonce retry, and every flow against the test bed.

func writePEM(t *testing.T, dir, name, typ string, der []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func pkcs8(t *testing.T, key crypto.Signer) []byte {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

var (
	testKeysOnce sync.Once
	testEC256    *ecdsa.PrivateKey
	testEC384    *ecdsa.PrivateKey
	testEC224    *ecdsa.PrivateKey
	testRSA      *rsa.PrivateKey
	testRSASmall *rsa.PrivateKey
)

func testKeys(t *testing.T) {
	testKeysOnce.Do(func() {
		testEC256, _ = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		testEC384, _ = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
		testEC224, _ = ecdsa.GenerateKey(elliptic.P224(), rand.Reader)
		testRSA, _ = rsa.GenerateKey(rand.Reader, 2048)
		testRSASmall, _ = rsa.GenerateKey(rand.Reader, 1024)
	})
}

func TestLoadSigningKey(t *testing.T) {
	testKeys(t)
	dir := t.TempDir()
	sec1, _ := x509.MarshalECPrivateKey(testEC256)
	garbage := filepath.Join(dir, "garbage.pem")
	os.WriteFile(garbage, []byte("not a key"), 0o600)
	pub, _ := x509.MarshalPKIXPublicKey(&testEC256.PublicKey)
	tests := []struct {
		name, path, alg string
		wantAlg         string
		wantErr         string
	}{
		{"EC P-256 PKCS #8 implies ES256", writePEM(t, dir, "ec.pem", "PRIVATE KEY", pkcs8(t, testEC256)), "", "ES256", ""},
		{"EC P-256 SEC 1", writePEM(t, dir, "ec1.pem", "EC PRIVATE KEY", sec1), "ES256", "ES256", ""},
		{"EC P-384 implies ES384", writePEM(t, dir, "ec384.pem", "PRIVATE KEY", pkcs8(t, testEC384)), "", "ES384", ""},
		{"RSA PKCS #1 implies RS256", writePEM(t, dir, "rsa1.pem", "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(testRSA)), "", "RS256", ""},
		{"RSA with PS256", writePEM(t, dir, "rsa.pem", "PRIVATE KEY", pkcs8(t, testRSA)), "PS256", "PS256", ""},
		{"EC key with RS256", filepath.Join(dir, "ec.pem"), "RS256", "", "does not fit the key"},
		{"EC P-256 with ES384", filepath.Join(dir, "ec.pem"), "ES384", "", "does not fit the key"},
		{"HS256 is unsupported", filepath.Join(dir, "ec.pem"), "HS256", "", `unsupported signing algorithm "HS256"`},
		{"P-224 is refused", writePEM(t, dir, "ec224.pem", "PRIVATE KEY", pkcs8(t, testEC224)), "", "", "use P-256"},
		{"small RSA is refused", writePEM(t, dir, "small.pem", "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(testRSASmall)), "", "", "at least 2048"},
		{"not PEM", garbage, "", "", "holds no PEM private key"},
		{"a public key only", writePEM(t, dir, "pub.pem", "PUBLIC KEY", pub), "", "", "holds no PEM private key"},
		{"encrypted", writePEM(t, dir, "enc.pem", "ENCRYPTED PRIVATE KEY", []byte{1}), "", "", "passphrase"},
		{"missing file", filepath.Join(dir, "nope.pem"), "", "", "cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := loadSigningKey(tt.path, tt.alg)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if k.alg != tt.wantAlg {
				t.Errorf("alg = %s, want %s", k.alg, tt.wantAlg)
			}
		})
	}
}

func TestClientAssertion(t *testing.T) {
	testKeys(t)
	now := time.Now()
	for _, tt := range []struct {
		key crypto.Signer
		alg string
	}{{testEC256, "ES256"}, {testRSA, "RS256"}, {testRSA, "PS256"}, {testEC384, "ES384"}} {
		t.Run(tt.alg, func(t *testing.T) {
			k, err := newSigningKey(tt.key, tt.alg)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for range 3 {
				a, err := k.clientAssertion("client-1", "https://as.example", now)
				if err != nil {
					t.Fatal(err)
				}
				var c jwt.RegisteredClaims
				tok, err := jwt.ParseWithClaims(a, &c, func(*jwt.Token) (any, error) { return tt.key.Public(), nil },
					jwt.WithValidMethods([]string{tt.alg}), jwt.WithAudience("https://as.example"), jwt.WithIssuer("client-1"),
					jwt.WithSubject("client-1"), jwt.WithExpirationRequired())
				if err != nil || !tok.Valid {
					t.Fatalf("assertion does not verify with the public key: %v", err)
				}
				if c.IssuedAt.Unix() != now.Unix() || c.ExpiresAt.Sub(c.IssuedAt.Time) != assertionLifetime {
					t.Errorf("iat %v exp %v, want now and now+%v", c.IssuedAt, c.ExpiresAt, assertionLifetime)
				}
				if c.ID == "" || seen[c.ID] {
					t.Errorf("jti %q empty or reused", c.ID)
				}
				seen[c.ID] = true
			}
		})
	}
}

// TestJWKThumbprint checks RFC 7638 §3.1's own example.
func TestJWKThumbprint(t *testing.T) {
	n, _ := base64.RawURLEncoding.DecodeString("0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw")
	key := &rsa.PrivateKey{PublicKey: rsa.PublicKey{N: new(big.Int).SetBytes(n), E: 65537}}
	got := jwkThumbprint(publicJWK(key))
	if want := "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs"; got != want {
		t.Errorf("thumbprint = %s, want %s", got, want)
	}
}

func TestDPoPProof(t *testing.T) {
	p, err := newDPoPProver(nil)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse("https://mcp.example/mcp?session=1#frag")
	p.noteNonce(u, &http.Response{Header: http.Header{"Dpop-Nonce": {"n-1"}}})
	other, _ := url.Parse("https://as.example/token")
	tests := []struct {
		name, method string
		u            *url.URL
		token        string
		wantHTU      string
		wantNonce    any
	}{
		{"resource request with token and nonce", "POST", u, "tok-123", "https://mcp.example/mcp", "n-1"},
		{"GET at the resource", "GET", u, "tok-123", "https://mcp.example/mcp", "n-1"},
		{"token endpoint: no ath, no nonce yet", "POST", other, "", "https://as.example/token", nil},
	}
	jtis := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proof, err := p.proof(tt.method, tt.u, tt.token, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			var header map[string]any
			tok, err := jwt.Parse(proof, func(tok *jwt.Token) (any, error) {
				header = tok.Header
				jwk := tok.Header["jwk"].(map[string]any)
				x, _ := base64.RawURLEncoding.DecodeString(jwk["x"].(string))
				y, _ := base64.RawURLEncoding.DecodeString(jwk["y"].(string))
				return ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
			}, jwt.WithValidMethods([]string{"ES256"}))
			if err != nil {
				t.Fatalf("proof does not verify with its own jwk: %v", err)
			}
			if header["typ"] != "dpop+jwt" {
				t.Errorf("typ = %v", header["typ"])
			}
			if jwk := header["jwk"].(map[string]any); jwk["d"] != nil || jwkThumbprint(jwk) != p.jkt {
				t.Errorf("jwk %v has a private part or another thumbprint than %s", jwk, p.jkt)
			}
			c := tok.Claims.(jwt.MapClaims)
			if c["htm"] != tt.method || c["htu"] != tt.wantHTU {
				t.Errorf("htm %v htu %v, want %s %s", c["htm"], c["htu"], tt.method, tt.wantHTU)
			}
			if c["nonce"] != tt.wantNonce {
				t.Errorf("nonce = %v, want %v", c["nonce"], tt.wantNonce)
			}
			wantATH := any(nil)
			if tt.token != "" {
				sum := sha256.Sum256([]byte(tt.token))
				wantATH = base64.RawURLEncoding.EncodeToString(sum[:])
			}
			if c["ath"] != wantATH {
				t.Errorf("ath = %v, want %v", c["ath"], wantATH)
			}
			jti, _ := c["jti"].(string)
			if jti == "" || jtis[jti] {
				t.Errorf("jti %q empty or reused", jti)
			}
			jtis[jti] = true
		})
	}
}

// TestDPoPNonceRetry: a use_dpop_nonce answer (token endpoint: 400 and a
// JSON error; resource: 401 and WWW-Authenticate) is retried once with the
// nonce, the body sent again; a server that keeps refusing is not asked a
// third time; a refusal without a nonce is not retried.
func TestDPoPNonceRetry(t *testing.T) {
	tests := []struct {
		name        string
		refuse      func(w http.ResponseWriter)
		refusals    int // how many times the server refuses before accepting
		wantCalls   int
		wantFinal   int
		wantNonceOn int // the call (1-based) whose proof carries the nonce; 0 none
	}{
		{"token endpoint", func(w http.ResponseWriter) {
			w.Header().Set("DPoP-Nonce", "n-as")
			w.WriteHeader(400)
			io.WriteString(w, `{"error":"use_dpop_nonce"}`)
		}, 1, 2, 200, 2},
		{"resource", func(w http.ResponseWriter) {
			w.Header().Set("DPoP-Nonce", "n-as")
			w.Header().Set("WWW-Authenticate", `DPoP error="use_dpop_nonce"`)
			w.WriteHeader(401)
		}, 1, 2, 200, 2},
		{"keeps refusing", func(w http.ResponseWriter) {
			w.Header().Set("DPoP-Nonce", "n-as")
			w.WriteHeader(400)
			io.WriteString(w, `{"error":"use_dpop_nonce"}`)
		}, 5, 2, 400, 2},
		{"refused without a nonce", func(w http.ResponseWriter) {
			w.WriteHeader(400)
			io.WriteString(w, `{"error":"invalid_dpop_proof"}`)
		}, 1, 1, 400, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var calls int
			var nonceOn []int
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				mu.Lock()
				calls++
				n := calls
				mu.Unlock()
				if string(body) != "grant_type=x" {
					t.Errorf("call %d body %q: not sent again whole", n, body)
				}
				tok, _, _ := jwt.NewParser().ParseUnverified(r.Header.Get("DPoP"), jwt.MapClaims{})
				if tok != nil && tok.Claims.(jwt.MapClaims)["nonce"] == "n-as" {
					nonceOn = append(nonceOn, n)
				}
				if n <= tt.refusals {
					tt.refuse(w)
					return
				}
				io.WriteString(w, "{}")
			}))
			defer srv.Close()
			p, _ := newDPoPProver(nil)
			req, _ := http.NewRequest("POST", srv.URL+"/token", strings.NewReader("grant_type=x"))
			resp, err := sendWithProof(http.DefaultTransport, p, req, "", true)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if calls != tt.wantCalls || resp.StatusCode != tt.wantFinal {
				t.Errorf("%d calls ending in %d, want %d ending in %d", calls, resp.StatusCode, tt.wantCalls, tt.wantFinal)
			}
			if tt.wantNonceOn == 0 && len(nonceOn) > 0 || tt.wantNonceOn > 0 && (len(nonceOn) == 0 || nonceOn[0] != tt.wantNonceOn) {
				t.Errorf("nonce sent on calls %v, want first on %d", nonceOn, tt.wantNonceOn)
			}
		})
	}
}

// TestExtensionFlows signs in with each extension against the test bed and
// lists the tools.
func TestExtensionFlows(t *testing.T) {
	testKeys(t)
	dir := t.TempDir()
	ecKey := writePEM(t, dir, "ec.pem", "PRIVATE KEY", pkcs8(t, testEC256))
	rsaKey := writePEM(t, dir, "rsa.pem", "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(testRSA))
	workload, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	sign := func(aud string) string {
		s, _ := jwt.NewWithClaims(jwt.SigningMethodES256, jwt.MapClaims{"iss": "https://idp.example", "sub": "workload",
			"aud": aud, "exp": time.Now().Add(time.Minute).Unix()}).SignedString(workload)
		return s
	}
	tests := []struct {
		name      string
		cfg       oauthtest.Config
		opts      func(bed *oauthtest.Server, o *Options)
		wantGrant string
		wantAuth  string // the token endpoint auth method
		wantDPoP  bool
		wantNonce bool
	}{
		{"client credentials with private_key_jwt (ES256)",
			oauthtest.Config{ExtConfig: oauthtest.ExtConfig{ClientKeys: map[string]crypto.PublicKey{"svc": &testEC256.PublicKey}}},
			func(_ *oauthtest.Server, o *Options) {
				o.GrantType, o.ClientID, o.PrivateKeyFile = GrantClientCredentials, "svc", ecKey
			}, "client_credentials", "private_key_jwt", false, false},
		{"client credentials with private_key_jwt (RS256)",
			oauthtest.Config{ExtConfig: oauthtest.ExtConfig{ClientKeys: map[string]crypto.PublicKey{"svc": &testRSA.PublicKey}}},
			func(_ *oauthtest.Server, o *Options) {
				o.GrantType, o.ClientID, o.PrivateKeyFile = GrantClientCredentials, "svc", rsaKey
			}, "client_credentials", "private_key_jwt", false, false},
		{"JWT-bearer from a file",
			oauthtest.Config{NoRegistration: true, ExtConfig: oauthtest.ExtConfig{WorkloadKey: &workload.PublicKey}},
			func(bed *oauthtest.Server, o *Options) {
				path := filepath.Join(t.TempDir(), "token")
				os.WriteFile(path, []byte(sign(bed.Issuer())+"\n"), 0o600)
				o.GrantType, o.AssertionFile = GrantJWTBearer, path
			}, oauthtest.GrantJWTBearer, "none", false, false},
		{"JWT-bearer from the environment, with a DPoP nonce",
			oauthtest.Config{NoRegistration: true, ExtConfig: oauthtest.ExtConfig{WorkloadKey: &workload.PublicKey, DPoP: true, DPoPNonce: "n1"}},
			func(bed *oauthtest.Server, o *Options) {
				t.Setenv("OAUTHX_TEST_WORKLOAD_TOKEN", sign(bed.Issuer()))
				o.GrantType, o.AssertionEnv = GrantJWTBearer, "OAUTHX_TEST_WORKLOAD_TOKEN"
			}, oauthtest.GrantJWTBearer, "none", true, true},
		{"enterprise-managed",
			oauthtest.Config{Preregistered: map[string]string{"mcp-client": "mcp-secret"}, AuthMethods: []string{"client_secret_basic"},
				ExtConfig: oauthtest.ExtConfig{IDToken: "id.token.jwt", IdPClientID: "idp-client"}},
			func(bed *oauthtest.Server, o *Options) {
				path := filepath.Join(t.TempDir(), "id-token")
				os.WriteFile(path, []byte("id.token.jwt"), 0o600)
				o.GrantType, o.ClientID, o.ClientSecret = GrantEnterprise, "mcp-client", "mcp-secret"
				o.IdPIssuer, o.IdPClientID, o.AssertionFile = bed.IdPIssuer(), "idp-client", path
			}, oauthtest.GrantJWTBearer, "client_secret_basic", false, false},
		{"enterprise-managed, signing in at the identity provider in the browser",
			oauthtest.Config{Preregistered: map[string]string{"mcp-client": "mcp-secret"},
				ExtConfig: oauthtest.ExtConfig{IDToken: "id.token.jwt", IdPClientID: "idp-client"}},
			func(bed *oauthtest.Server, o *Options) {
				o.GrantType, o.ClientID, o.ClientSecret = GrantEnterprise, "mcp-client", "mcp-secret"
				o.IdPIssuer, o.IdPClientID = bed.IdPIssuer(), "idp-client"
			}, oauthtest.GrantJWTBearer, "client_secret_basic", false, false},
		{"browser sign-in with DPoP (auto)",
			oauthtest.Config{ExtConfig: oauthtest.ExtConfig{DPoP: true}},
			nil, "authorization_code", "none", true, false},
		{"browser sign-in with DPoP nonces at both endpoints",
			oauthtest.Config{ExtConfig: oauthtest.ExtConfig{DPoP: true, DPoPNonce: "n-42"}},
			nil, "authorization_code", "none", true, true},
		{"private_key_jwt with DPoP always and a nonce: a new assertion with the nonce",
			oauthtest.Config{ExtConfig: oauthtest.ExtConfig{DPoP: true, DPoPNonce: "n-7", ClientKeys: map[string]crypto.PublicKey{"svc": &testEC256.PublicKey}}},
			func(_ *oauthtest.Server, o *Options) {
				o.GrantType, o.ClientID, o.PrivateKeyFile, o.DPoP = GrantClientCredentials, "svc", ecKey, DPoPAlways
			}, "client_credentials", "private_key_jwt", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bed := oauthtest.NewServer(t, tt.cfg)
			store := NewTokenStore(t.TempDir())
			s := newSession(t, bed, store, func(o *Options) {
				if tt.opts != nil {
					tt.opts(bed, o)
				}
			})
			s.listTools(t)
			var ok []oauthtest.TokenRequest
			for _, r := range bed.TokenRequests() {
				if r.OK {
					ok = append(ok, r)
				}
			}
			if len(ok) == 0 || ok[0].GrantType != tt.wantGrant || ok[0].Method != tt.wantAuth || ok[0].Resource != bed.Resource() {
				t.Fatalf("token requests %+v, want a %s one authenticated by %s for %s", bed.TokenRequests(), tt.wantGrant, tt.wantAuth, bed.Resource())
			}
			if bed.Config().IDToken != "" && tt.opts != nil {
				o := Options{}
				tt.opts(bed, &o)
				if want := map[bool]int{true: 0, false: 1}[o.AssertionFile != "" || o.AssertionEnv != ""]; bed.IdPLogins() != want {
					t.Errorf("%d sign-ins at the identity provider, want %d", bed.IdPLogins(), want)
				}
			}
			if got := bed.DPoPProofs() > 0; got != tt.wantDPoP {
				t.Errorf("DPoP proofs: %d, want some: %v", bed.DPoPProofs(), tt.wantDPoP)
			}
			// The bed's token and MCP endpoints share an origin, so the nonce
			// the first hands out serves at the second (TestDPoPNonceRetry
			// covers the MCP endpoint's own challenge).
			if tt.wantNonce && bed.NonceChallenges() < 1 {
				t.Errorf("no use_dpop_nonce answer was needed: the nonce was never checked")
			}
			// A second run of the app uses the saved token (and, for DPoP, its key).
			again := newSession(t, bed, store, func(o *Options) {
				if tt.opts != nil {
					tt.opts(bed, o)
				}
			})
			before := len(bed.TokenRequests())
			again.listTools(t)
			if n := len(bed.TokenRequests()); n != before {
				t.Errorf("the second run made %d token requests, want the saved token used", n-before)
			}
		})
	}
}

// TestExtensionErrors: what a person is told when an extension cannot sign in.
func TestExtensionErrors(t *testing.T) {
	testKeys(t)
	dir := t.TempDir()
	ecKey := writePEM(t, dir, "ec.pem", "PRIVATE KEY", pkcs8(t, testEC256))
	other, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tests := []struct {
		name    string
		cfg     oauthtest.Config
		opts    func(bed *oauthtest.Server, o *Options)
		wantErr []string
	}{
		{"the server does not know the key",
			oauthtest.Config{ExtConfig: oauthtest.ExtConfig{ClientKeys: map[string]crypto.PublicKey{"svc": &other.PublicKey}}},
			func(_ *oauthtest.Server, o *Options) {
				o.GrantType, o.ClientID, o.PrivateKeyFile = GrantClientCredentials, "svc", ecKey
			}, []string{"refused the client credentials grant", "public half of the private key"}},
		{"the identity provider refuses the ID token",
			oauthtest.Config{Preregistered: map[string]string{"mcp-client": "mcp-secret"}, ExtConfig: oauthtest.ExtConfig{IDToken: "right.id.token", IdPClientID: "idp-client"}},
			func(bed *oauthtest.Server, o *Options) {
				o.GrantType, o.ClientID, o.ClientSecret = GrantEnterprise, "mcp-client", "mcp-secret"
				o.IdPIssuer, o.IdPClientID, o.AssertionEnv = bed.IdPIssuer(), "idp-client", "OAUTHX_TEST_ID_TOKEN"
				t.Setenv("OAUTHX_TEST_ID_TOKEN", "wrong.id.token")
			}, []string{"identity provider refused to exchange the ID token"}},
		{"the workload token is not set",
			oauthtest.Config{},
			func(_ *oauthtest.Server, o *Options) {
				o.GrantType, o.AssertionEnv = GrantJWTBearer, "OAUTHX_TEST_UNSET"
			}, []string{"environment variable OAUTHX_TEST_UNSET", "is not set"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bed := oauthtest.NewServer(t, tt.cfg)
			s := newSession(t, bed, nil, func(o *Options) { tt.opts(bed, o) })
			_, err := s.connect(context.Background())
			if err == nil {
				t.Fatal("connected, want a refusal")
			}
			msg, ok := SignInFailure(err)
			if !ok {
				t.Fatalf("err %v is not a sign-in failure", err)
			}
			for _, want := range tt.wantErr {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q does not say %q", msg, want)
				}
			}
			// A refusal is reported, not asked again (SEP-1933).
			if n := len(bed.TokenRequests()); n > 1 {
				t.Errorf("%d token requests after a refusal, want at most 1", n)
			}
			for _, secret := range append(bed.Secrets(), "mcp-secret", "wrong.id.token") {
				if strings.Contains(msg, secret) {
					t.Errorf("message %q shows a secret", msg)
				}
			}
		})
	}
}

func TestCheckOptions(t *testing.T) {
	tests := []struct {
		name    string
		o       Options
		wantErr string
	}{
		{"browser", Options{}, ""},
		{"cc with key", Options{GrantType: GrantClientCredentials, ClientID: "c", PrivateKeyFile: "k"}, ""},
		{"cc without secret or key", Options{GrantType: GrantClientCredentials, ClientID: "c"}, "client secret or private key"},
		{"key and secret", Options{GrantType: GrantClientCredentials, ClientID: "c", ClientSecret: "s", PrivateKeyFile: "k"}, "not both"},
		{"key with browser sign-in", Options{PrivateKeyFile: "k"}, "not with browser sign-in"},
		{"alg without key", Options{SigningAlg: "ES256"}, "without a private key"},
		{"jwt_bearer without token", Options{GrantType: GrantJWTBearer}, "workload's identity token"},
		{"token as file and env", Options{GrantType: GrantJWTBearer, AssertionFile: "f", AssertionEnv: "E"}, "not both"},
		{"assertion with browser", Options{AssertionFile: "f"}, "jwt_bearer or enterprise grant only"},
		{"enterprise incomplete", Options{GrantType: GrantEnterprise, AssertionFile: "f", ClientID: "c"}, "issuer URL"},
		{"enterprise without a token file signs in at the provider", Options{GrantType: GrantEnterprise, ClientID: "c", IdPIssuer: "https://idp", IdPClientID: "i"}, ""},
		{"unknown grant", Options{GrantType: "password"}, "unknown OAuth grant type"},
		{"unknown dpop", Options{DPoP: "sometimes"}, "unknown DPoP setting"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkOptions(&tt.o)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want one saying %q", err, tt.wantErr)
			}
		})
	}
}
