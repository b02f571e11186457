package i18n

import (
	"errors"
	"testing"
)

// TestExplainOAuthExtensions: the sign-in failures of the OAuth extensions
// (mcp/oauth, by key) in Chinese, nested inside "signing in to … failed:"
// as the window and the CLI show them; what the server or the system said
// stays as it came.
func TestExplainOAuthExtensions(t *testing.T) {
	signIn := func(err any) keyed {
		return k("signing in to {{.URL}} failed: {{.Err}}", "URL", "https://x.example/mcp", "Err", err)
	}
	checkKeyed(t, Explain, []keyedCase{
		{signIn(k("the private key file {{.Path}} is not usable: {{.Why}}", "Path", "/k.pem", "Why", k("the RSA key has {{.Bits}} bits; use at least 2048", "Bits", 1024))),
			"signing in to https://x.example/mcp failed: the private key file /k.pem is not usable: the RSA key has 1024 bits; use at least 2048",
			"登录 https://x.example/mcp 失败：私钥文件 /k.pem 无法使用：该 RSA 密钥只有 1024 位；至少需要 2048 位"},
		{k("unsupported signing algorithm {{.Alg}}: use one of {{.Algs}}", "Alg", `"HS256"`, "Algs", "ES256, ES384, RS256, PS256"),
			`unsupported signing algorithm "HS256": use one of ES256, ES384, RS256, PS256`,
			`不支持的签名算法 "HS256"：请使用 ES256, ES384, RS256, PS256 之一`},
		{k("the private key file {{.Path}} cannot be read: {{.Err}}", "Path", "/k.pem", "Err", "no such file or directory"),
			"the private key file /k.pem cannot be read: no such file or directory", "无法读取私钥文件 /k.pem：no such file or directory"},
		{signIn(k("the authorization server refused the {{.Grant}} grant (check {{.Check}}): {{.Err}}", "Grant", k("client credentials"),
			"Check", k("the client ID and that the server knows the public half of the private key"), "Err", `oauth2: "invalid_client"`)),
			`signing in to https://x.example/mcp failed: the authorization server refused the client credentials grant (check the client ID and that the server knows the public half of the private key): oauth2: "invalid_client"`,
			`登录 https://x.example/mcp 失败：授权服务器拒绝了客户端凭据授权（请检查客户端 ID，以及服务器是否登记了该私钥对应的公钥）：oauth2: "invalid_client"`},
		{k("the identity provider refused to exchange the ID token for an ID-JAG (check the ID token, the IdP client ID and secret): {{.Err}}", "Err", `token exchange request failed: oauth2: "invalid_grant"`),
			`the identity provider refused to exchange the ID token for an ID-JAG (check the ID token, the IdP client ID and secret): token exchange request failed: oauth2: "invalid_grant"`,
			`身份提供方拒绝用 ID 令牌换取 ID-JAG（请检查 ID 令牌以及在身份提供方的客户端 ID 和密钥）：token exchange request failed: oauth2: "invalid_grant"`},
		{k("the environment variable {{.Name}}, which should hold the {{.What}}, is not set", "Name", "WL_TOKEN", "What", k("workload identity token")),
			"the environment variable WL_TOKEN, which should hold the workload identity token, is not set",
			"应保存工作负载身份令牌的环境变量 WL_TOKEN 未设置"},
		{k("give either a client secret or a private key file, not both: the client authenticates with one of them"),
			"give either a client secret or a private key file, not both: the client authenticates with one of them",
			"客户端密钥和私钥文件只能二选一：客户端只用其中一种方式认证"},
		// The sign-in that gives up on a scope (mcp/oauth/handler.go countStepUp).
		{signIn(k("the permission the server needs (scope {{.Scope}}) was not granted after {{.N}} sign-ins, so MCP Browser stopped asking. Your account may not be allowed that scope: ask the server's owner, or sign in with another account", "Scope", `"mcp:admin"`, "N", 3)),
			`signing in to https://x.example/mcp failed: the permission the server needs (scope "mcp:admin") was not granted after 3 sign-ins, so MCP Browser stopped asking. Your account may not be allowed that scope: ask the server's owner, or sign in with another account`,
			`登录 https://x.example/mcp 失败：服务器需要的权限（scope "mcp:admin"）在 3 次登录后仍未授予，MCP Browser 已停止再次请求。你的账号可能没有该权限：请联系服务器所有者，或换一个账号登录`},
		// A sign-in's failure the core does not word passes through.
		{signIn(errors.New("denied")), "signing in to https://x.example/mcp failed: denied", "登录 https://x.example/mcp 失败：denied"},
	})
}
