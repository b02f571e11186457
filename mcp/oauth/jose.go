package oauth

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"mcpbrowser/mcp/say"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Signed JWTs MCP Browser makes itself: the client assertion of
// private_key_jwt (RFC 7523 §2.2) and DPoP proofs (RFC 9449 §4). Signing is
// golang-jwt/jwt v5, already in the module graph through the Go SDK (its
// auth/extauth reads ID-JAGs with it); what is here is the claims, the keys
// and the public JWK with its RFC 7638 thumbprint, which that library leaves
// to its callers.

// SigningAlgs are the JWS algorithms a private key file may sign with, in
// the order offered.
var SigningAlgs = []string{"ES256", "ES384", "RS256", "PS256"}

// assertionLifetime bounds a client assertion; the authorization server sees
// it a moment after it is made.
const assertionLifetime = 5 * time.Minute

// A signingKey is a private key and the JWS algorithm it signs with.
type signingKey struct {
	key    crypto.Signer
	alg    string
	method jwt.SigningMethod
}

// loadSigningKey reads a PEM private key (PKCS #8, PKCS #1 RSA or SEC 1 EC)
// from path and pairs it with alg, or with the algorithm its type implies
// when alg is "" (ES256 for P-256, ES384 for P-384, RS256 for RSA).
func loadSigningKey(path, alg string) (*signingKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, say.Error("the private key file {{.Path}} cannot be read: {{.Err}}", say.Args{"Path": path, "Err": errors.Unwrap(err).Error(), "Cause": errors.Unwrap(err)})
	}
	key, err := parsePrivateKeyPEM(data)
	if err != nil {
		return nil, say.Error("the private key file {{.Path}} is not usable: {{.Why}}", say.Args{"Path": path, "Why": err})
	}
	return newSigningKey(key, alg)
}

func parsePrivateKeyPEM(data []byte) (crypto.Signer, error) {
	for {
		var block *pem.Block
		block, data = pem.Decode(data)
		if block == nil {
			return nil, say.Error("it holds no PEM private key (a block starting -----BEGIN PRIVATE KEY-----, -----BEGIN EC PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)", nil)
		}
		if !strings.Contains(block.Type, "PRIVATE KEY") {
			continue // a certificate or public key next to it
		}
		if strings.Contains(block.Type, "ENCRYPTED") || block.Headers["Proc-Type"] != "" {
			return nil, say.Error("the key is protected by a passphrase; save it without one (for example with openssl pkcs8 -nocrypt)", nil)
		}
		var k any
		var err error
		switch block.Type {
		case "EC PRIVATE KEY":
			k, err = x509.ParseECPrivateKey(block.Bytes)
		case "RSA PRIVATE KEY":
			k, err = x509.ParsePKCS1PrivateKey(block.Bytes)
		default:
			k, err = x509.ParsePKCS8PrivateKey(block.Bytes)
		}
		if err != nil {
			return nil, fmt.Errorf("its %s cannot be read (%v)", block.Type, err)
		}
		switch k := k.(type) {
		case *ecdsa.PrivateKey:
			return k, nil
		case *rsa.PrivateKey:
			return k, nil
		}
		return nil, fmt.Errorf("it holds a %T key; use an EC (P-256 or P-384) or RSA key", k)
	}
}

func newSigningKey(key crypto.Signer, alg string) (*signingKey, error) {
	implied := ""
	switch k := key.(type) {
	case *ecdsa.PrivateKey:
		switch k.Curve {
		case elliptic.P256():
			implied = "ES256"
		case elliptic.P384():
			implied = "ES384"
		default:
			return nil, say.Error("the EC key is on curve {{.Curve}}; use P-256 (ES256) or P-384 (ES384)", say.Args{"Curve": k.Curve.Params().Name})
		}
	case *rsa.PrivateKey:
		if k.N.BitLen() < 2048 {
			return nil, say.Error("the RSA key has {{.Bits}} bits; use at least 2048", say.Args{"Bits": k.N.BitLen()})
		}
		implied = "RS256"
	}
	if alg == "" {
		alg = implied
	}
	if !slices.Contains(SigningAlgs, alg) {
		return nil, say.Error("unsupported signing algorithm {{.Alg}}: use one of {{.Algs}}", say.Args{"Alg": strconv.Quote(alg), "Algs": strings.Join(SigningAlgs, ", ")})
	}
	_, isRSA := key.(*rsa.PrivateKey)
	if wantRSA := alg[0] != 'E'; wantRSA != isRSA || (!isRSA && alg != implied) {
		return nil, say.Error("the signing algorithm {{.Alg}} does not fit the key (an {{.Kind}} key signs with {{.Implied}})", say.Args{"Alg": alg, "Kind": keyKind(key), "Implied": implied})
	}
	return &signingKey{key: key, alg: alg, method: jwt.GetSigningMethod(alg)}, nil
}

func keyKind(key crypto.Signer) string {
	if _, ok := key.(*rsa.PrivateKey); ok {
		return "RSA"
	}
	return "EC"
}

// sign makes a compact JWS of claims with extra header parameters.
func (k *signingKey) sign(header map[string]any, claims jwt.MapClaims) (string, error) {
	t := jwt.NewWithClaims(k.method, claims)
	for name, v := range header {
		t.Header[name] = v
	}
	return t.SignedString(k.key)
}

// newJTI is a fresh JWT ID: 128 random bits.
func newJTI() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// clientAssertion is a private_key_jwt client assertion (RFC 7523 §2.2 and
// §3): the client is both issuer and subject, the audience is the
// authorization server's issuer (RFC 7523bis, and what the MCP
// client-credentials extension's conformance test checks).
func (k *signingKey) clientAssertion(clientID, audience string, now time.Time) (string, error) {
	return k.sign(nil, jwt.MapClaims{
		"iss": clientID,
		"sub": clientID,
		"aud": audience,
		"iat": now.Unix(),
		"exp": now.Add(assertionLifetime).Unix(),
		"jti": newJTI(),
	})
}

// publicJWK is the key's public half as a JWK (RFC 7517), with only the
// members RFC 7638 hashes.
func publicJWK(key crypto.Signer) map[string]any {
	switch k := key.Public().(type) {
	case *ecdsa.PublicKey:
		point, err := k.Bytes() // 0x04 || X || Y, each padded to the curve's size
		if err != nil {
			return nil
		}
		size := (len(point) - 1) / 2
		return map[string]any{
			"kty": "EC",
			"crv": k.Curve.Params().Name,
			"x":   b64(point[1 : 1+size]),
			"y":   b64(point[1+size:]),
		}
	case *rsa.PublicKey:
		return map[string]any{
			"kty": "RSA",
			"n":   b64(k.N.Bytes()),
			"e":   b64(big.NewInt(int64(k.E)).Bytes()),
		}
	}
	return nil
}

// jwkThumbprint is the RFC 7638 SHA-256 thumbprint of a public JWK:
// encoding/json writes map keys sorted and without spaces, which is exactly
// the canonical form the RFC asks for.
func jwkThumbprint(jwk map[string]any) string {
	b, _ := json.Marshal(jwk)
	sum := sha256.Sum256(b)
	return b64(sum[:])
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// encodePrivateKey and decodePrivateKey keep a DPoP key with the token bound
// to it (PKCS #8 PEM), so a saved DPoP token still works after a restart.
func encodePrivateKey(key crypto.Signer) string {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return ""
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
}

func decodePrivateKey(s string) (crypto.Signer, error) { return parsePrivateKeyPEM([]byte(s)) }
