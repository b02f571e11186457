package cli

import (
	"flag"
	"slices"
	"strings"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/oauth"
)

// The sign-in flags of the OAuth extensions (private_key_jwt, the JWT-bearer
// grant, enterprise-managed authorization, DPoP), each one a field of the
// servers file's "oauth" object; a flag overrides the entry's field.

// oauthExtras are the values of those flags.
type oauthExtras struct {
	privateKey, signingAlg          string
	assertionFile, assertionEnv     string
	idpIssuer, idpClient, idpSecret string
	dpop                            string
}

func oauthExtFlags(fs *flag.FlagSet, inv *invocation) {
	x := &inv.oauthExt
	fs.StringVar(&x.privateKey, "private-key", "", "a PEM private key `FILE`: the client authenticates with a signed assertion (private_key_jwt) instead of a secret")
	fs.Func("signing-alg", "the private key's `ALG`: "+strings.Join(oauth.SigningAlgs, ", ")+" (default: what the key's type implies)", func(v string) error {
		if !slices.Contains(oauth.SigningAlgs, v) {
			return usageT("--signing-alg must be one of {{.Choices}}, not {{.Value}}", M{"Choices": strings.Join(oauth.SigningAlgs, ", "), "Value": q(v)})
		}
		x.signingAlg = v
		return nil
	})
	fs.StringVar(&x.assertionFile, "assertion-file", "", "a `FILE` holding the JWT the jwt_bearer grant presents (a workload identity token) or, for enterprise, the ID token")
	fs.StringVar(&x.assertionEnv, "assertion-env", "", "an environment `VARIABLE` holding that JWT instead")
	fs.StringVar(&x.idpIssuer, "idp-issuer", "", "enterprise: the identity provider's issuer `URL`")
	fs.StringVar(&x.idpClient, "idp-client-id", "", "enterprise: this client's `ID` at the identity provider")
	fs.StringVar(&x.idpSecret, "idp-client-secret", "", "enterprise: that client's `SECRET`")
	fs.Func("dpop", "`MODE` of DPoP-bound tokens: auto (when the authorization server offers it, the default), always or never", func(v string) error {
		if v != oauth.DPoPAuto && v != oauth.DPoPAlways && v != oauth.DPoPNever {
			return usageT("--dpop must be auto, always or never, not {{.Value}}", M{"Value": q(v)})
		}
		x.dpop = v
		return nil
	})
}

// validGrantType reports whether --grant-type names a grant the app has.
func validGrantType(v string) bool { return slices.Contains(oauth.GrantTypes, v) }

// applyOAuthExt writes the flags given into o, which may be nil; it returns
// the (possibly new) settings, or nil when there were none and no flag.
func (x *oauthExtras) apply(o *config.OAuthConfig) *config.OAuthConfig {
	if *x == (oauthExtras{}) {
		return o
	}
	if o == nil {
		o = &config.OAuthConfig{}
	}
	for _, f := range []struct {
		dst *string
		v   string
	}{
		{&o.PrivateKeyFile, x.privateKey}, {&o.SigningAlg, x.signingAlg},
		{&o.AssertionFile, x.assertionFile}, {&o.AssertionEnv, x.assertionEnv},
		{&o.IdPIssuer, x.idpIssuer}, {&o.IdPClientID, x.idpClient}, {&o.IdPClientSecret, x.idpSecret},
		{&o.DPoP, x.dpop},
	} {
		if f.v != "" {
			*f.dst = f.v
		}
	}
	// A file given on the command line replaces the entry's variable, and
	// the other way round.
	if x.assertionFile != "" {
		o.AssertionEnv = ""
	} else if x.assertionEnv != "" {
		o.AssertionFile = ""
	}
	return o
}
