package cli

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"mcpbrowser/internal/oauthtest"
	"mcpbrowser/mcp/config"
)

// TestOAuthExtensionFlags: the OAuth extensions' flags parse, are refused
// in plain words when wrong, and override the entry's "oauth" fields.
func TestOAuthExtensionFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		entry   *config.OAuthConfig
		want    *config.OAuthConfig
		wantErr string
	}{
		{"no flags keep the entry", []string{"tools", "--url", "http://x/mcp"},
			&config.OAuthConfig{ClientID: "c"}, &config.OAuthConfig{ClientID: "c"}, ""},
		{"private_key_jwt", []string{"tools", "--url", "http://x/mcp", "--private-key", "/k.pem", "--signing-alg", "RS256", "--dpop", "always"},
			nil, &config.OAuthConfig{PrivateKeyFile: "/k.pem", SigningAlg: "RS256", DPoP: "always"}, ""},
		{"enterprise", []string{"tools", "--url", "http://x/mcp", "--idp-issuer", "https://idp", "--idp-client-id", "i", "--idp-client-secret", "s", "--assertion-file", "/t"},
			&config.OAuthConfig{AssertionEnv: "OLD", ClientID: "c"},
			&config.OAuthConfig{ClientID: "c", IdPIssuer: "https://idp", IdPClientID: "i", IdPClientSecret: "s", AssertionFile: "/t"}, ""},
		{"a variable replaces the entry's file", []string{"tools", "--url", "http://x/mcp", "--assertion-env", "TOK"},
			&config.OAuthConfig{AssertionFile: "/old"}, &config.OAuthConfig{AssertionEnv: "TOK"}, ""},
		{"grant types", []string{"tools", "--url", "http://x/mcp", "--grant-type", "jwt_bearer"}, nil, nil, ""},
		{"unknown algorithm", []string{"tools", "--signing-alg", "HS256"}, nil, nil, "--signing-alg must be one of ES256, ES384, RS256, PS256"},
		{"unknown DPoP mode", []string{"tools", "--dpop", "maybe"}, nil, nil, "--dpop must be auto, always or never"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inv, err := parseArgs(tt.args)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.name == "grant types" {
				if inv.grantType != "jwt_bearer" {
					t.Errorf("grant type %q", inv.grantType)
				}
				return
			}
			if got := inv.oauthExt.apply(tt.entry); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("oauth = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// `mcpbrowser tools --url URL --grant-type client_credentials --private-key
// FILE` signs in with a signed client assertion (and DPoP where the server
// offers it); a bad key file is said in plain words before anything is sent.
func TestOAuthExtensionsCLI(t *testing.T) {
	isolateXDG(t)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := x509.MarshalPKCS8PrivateKey(key)
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "svc.pem")
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600)
	bad := filepath.Join(dir, "bad.pem")
	os.WriteFile(bad, []byte("hello"), 0o600)
	bed := oauthtest.NewServer(t, oauthtest.Config{ExtConfig: oauthtest.ExtConfig{
		ClientKeys: map[string]crypto.PublicKey{"svc": &key.PublicKey}, DPoP: true, DPoPNonce: "n"}})

	code, out, errOut := runSignIn(t, "tools", "--url", bed.ServerURL(), "--grant-type", "client_credentials", "--client-id", "svc", "--private-key", keyFile)
	if code != 0 || !strings.Contains(out, oauthtest.ToolName) {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if bed.DPoPProofs() == 0 || bed.CountTokenRequests("client_credentials", true) != 1 {
		t.Errorf("%d DPoP proofs, token requests %+v; want a DPoP-bound client credentials token", bed.DPoPProofs(), bed.TokenRequests())
	}
	checkNoSecrets(t, bed, out, errOut)
	if strings.Contains(errOut+out, "BEGIN") {
		t.Error("the output shows the key")
	}

	code, _, errOut = runSignIn(t, "tools", "--url", bed.ServerURL(), "--grant-type", "client_credentials", "--client-id", "svc", "--private-key", bad)
	if code == 0 || !strings.Contains(errOut, "holds no PEM private key") {
		t.Errorf("exit %d, stderr %q: want the bad key file named", code, errOut)
	}
}
