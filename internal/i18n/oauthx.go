package i18n

// The sign-in failures of the OAuth extensions (mcp/oauth: private_key_jwt,
// DPoP, the JWT-bearer grant, enterprise-managed authorization), added to
// Explain's table; their keys are in translations/core.*.json.

func init() {
	coreRules = append(coreRules, oauthxRules...)
}

var oauthxRules = []coreRule{
	// The key file (mcp/oauth/jose.go).
	rule(`the private key file (?P<Path>.+) cannot be read: (?P<Err>.*)`, "the private key file {{.Path}} cannot be read: {{.Err}}"),
	rule(`the private key file (?P<Path>.+) is not usable: (?P<Why>.*)`, "the private key file {{.Path}} is not usable: {{.Why}}", "Why"),
	rule(`it holds no PEM private key \(a block starting -----BEGIN PRIVATE KEY-----, -----BEGIN EC PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----\)`,
		"it holds no PEM private key (a block starting -----BEGIN PRIVATE KEY-----, -----BEGIN EC PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)"),
	rule(`the key is protected by a passphrase; save it without one \(for example with openssl pkcs8 -nocrypt\)`,
		"the key is protected by a passphrase; save it without one (for example with openssl pkcs8 -nocrypt)"),
	rule(`the EC key is on curve (?P<Curve>\S+); use P-256 \(ES256\) or P-384 \(ES384\)`, "the EC key is on curve {{.Curve}}; use P-256 (ES256) or P-384 (ES384)"),
	rule(`the RSA key has (?P<Bits>\d+) bits; use at least 2048`, "the RSA key has {{.Bits}} bits; use at least 2048"),
	rule(`unsupported signing algorithm (?P<Alg>".*"): use one of (?P<Algs>.*)`, "unsupported signing algorithm {{.Alg}}: use one of {{.Algs}}"),
	rule(`the signing algorithm (?P<Alg>\S+) does not fit the key \(an (?P<Kind>\S+) key signs with (?P<Implied>\S+)\)`,
		"the signing algorithm {{.Alg}} does not fit the key (an {{.Kind}} key signs with {{.Implied}})"),
	// The grants (mcp/oauth/grants.go).
	rule(`the authorization server refused the (?P<Grant>.+) grant \(check (?P<Check>.+)\): (?P<Err>.*)`,
		"the authorization server refused the {{.Grant}} grant (check {{.Check}}): {{.Err}}", "Grant", "Check"),
	rule(`the authorization server (?P<Issuer>\S+) does not offer the (?P<Grant>.+) grant \(it offers (?P<Offers>.*)\); choose another grant type for this server`,
		"the authorization server {{.Issuer}} does not offer the {{.Grant}} grant (it offers {{.Offers}}); choose another grant type for this server", "Grant"),
	rule(`the authorization server (?P<Issuer>\S+) does not accept client assertions signed with (?P<Alg>\S+) \(it takes (?P<Algs>.*)\); use a key and signing algorithm it accepts`,
		"the authorization server {{.Issuer}} does not accept client assertions signed with {{.Alg}} (it takes {{.Algs}}); use a key and signing algorithm it accepts"),
	rule(`the identity provider refused to exchange the ID token for an ID-JAG \(check the ID token, the IdP client ID and secret\): (?P<Err>.*)`,
		"the identity provider refused to exchange the ID token for an ID-JAG (check the ID token, the IdP client ID and secret): {{.Err}}"),
	rule(`the (?P<What>workload identity token|ID token) file (?P<Path>.+) cannot be read: (?P<Err>.*)`,
		"the {{.What}} file {{.Path}} cannot be read: {{.Err}}", "What"),
	rule(`the (?P<What>workload identity token|ID token) file (?P<Path>.+) is empty`, "the {{.What}} file {{.Path}} is empty", "What"),
	rule(`the environment variable (?P<Name>\S+), which should hold the (?P<What>workload identity token|ID token), is not set`,
		"the environment variable {{.Name}}, which should hold the {{.What}}, is not set", "What"),
	rule(`the (?P<What>workload identity token|ID token) is not a JWT \(three dot-separated parts\)`,
		"the {{.What}} is not a JWT (three dot-separated parts)", "What"),
	rule(`client credentials`, "client credentials"),
	rule(`JWT-bearer \(workload identity\)`, "JWT-bearer (workload identity)"),
	rule(`enterprise-managed \(ID-JAG\)`, "enterprise-managed (ID-JAG)"),
	rule(`workload identity token`, "workload identity token"),
	rule(`ID token`, "ID token"),
	rule(`the client ID and secret`, "the client ID and secret"),
	rule(`the workload's token \(is it for this authorization server, and not expired\?\)`, "the workload's token (is it for this authorization server, and not expired?)"),
	rule(`the client ID and secret registered at this authorization server`, "the client ID and secret registered at this authorization server"),
	rule(`the client ID and that the server knows the public half of the private key`, "the client ID and that the server knows the public half of the private key"),
	// DPoP (mcp/oauth/dpop.go).
	rule(`the authorization server (?P<Issuer>\S+) accepts DPoP proofs signed with (?P<Algs>.*) only; MCP Browser signs them with (?P<Alg>\S+)\. Set DPoP to auto or never for this server`,
		"the authorization server {{.Issuer}} accepts DPoP proofs signed with {{.Algs}} only; MCP Browser signs them with {{.Alg}}. Set DPoP to auto or never for this server"),
	// Settings that do not go together (mcp/oauth/handler.go checkOptions).
	rule(`a signing algorithm was given without a private key file`, "a signing algorithm was given without a private key file"),
	rule(`give either a client secret or a private key file, not both: the client authenticates with one of them`,
		"give either a client secret or a private key file, not both: the client authenticates with one of them"),
	rule(`a private key file is used with the client credentials, JWT-bearer or enterprise grant, not with browser sign-in`,
		"a private key file is used with the client credentials, JWT-bearer or enterprise grant, not with browser sign-in"),
	rule(`give the token either as a file or as an environment variable, not both`, "give the token either as a file or as an environment variable, not both"),
	rule(`the client credentials grant needs a client ID and a client secret or private key file`,
		"the client credentials grant needs a client ID and a client secret or private key file"),
	rule(`the JWT-bearer grant needs the workload's identity token: a file or an environment variable`,
		"the JWT-bearer grant needs the workload's identity token: a file or an environment variable"),
	rule(`enterprise-managed sign-in needs the identity provider's issuer URL and MCP Browser's client ID there, and the client ID at this server's authorization server`,
		"enterprise-managed sign-in needs the identity provider's issuer URL and MCP Browser's client ID there, and the client ID at this server's authorization server"),
	rule(`signing in at the identity provider (?P<Issuer>\S+) did not work: (?P<Err>.*)`, "signing in at the identity provider {{.Issuer}} did not work: {{.Err}}"),
	rule(`an assertion file or variable is used with the jwt_bearer or enterprise grant only`, "an assertion file or variable is used with the jwt_bearer or enterprise grant only"),
	rule(`an identity provider client secret was given without its client ID`, "an identity provider client secret was given without its client ID"),
}
