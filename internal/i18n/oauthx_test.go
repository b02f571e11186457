package i18n

import "testing"

// TestExplainOAuthExtensions: the sign-in failures of the OAuth extensions
// in Chinese, nested inside "signing in to … failed:" as the window and the
// CLI show them; what the server or the system said stays as it came.
func TestExplainOAuthExtensions(t *testing.T) {
	cases := []struct{ in, zh string }{
		{"signing in to https://x.example/mcp failed: the private key file /k.pem is not usable: the RSA key has 1024 bits; use at least 2048",
			"登录 https://x.example/mcp 失败：私钥文件 /k.pem 无法使用：该 RSA 密钥只有 1024 位；至少需要 2048 位"},
		{`unsupported signing algorithm "HS256": use one of ES256, ES384, RS256, PS256`,
			`不支持的签名算法 "HS256"：请使用 ES256, ES384, RS256, PS256 之一`},
		{"the private key file /k.pem cannot be read: no such file or directory", "无法读取私钥文件 /k.pem：no such file or directory"},
		{`signing in to https://x.example/mcp failed: the authorization server refused the client credentials grant (check the client ID and that the server knows the public half of the private key): oauth2: "invalid_client"`,
			`登录 https://x.example/mcp 失败：授权服务器拒绝了客户端凭据授权（请检查客户端 ID，以及服务器是否登记了该私钥对应的公钥）：oauth2: "invalid_client"`},
		{`the identity provider refused to exchange the ID token for an ID-JAG (check the ID token, the IdP client ID and secret): token exchange request failed: oauth2: "invalid_grant"`,
			`身份提供方拒绝用 ID 令牌换取 ID-JAG（请检查 ID 令牌以及在身份提供方的客户端 ID 和密钥）：token exchange request failed: oauth2: "invalid_grant"`},
		{"the environment variable WL_TOKEN, which should hold the workload identity token, is not set",
			"应保存工作负载身份令牌的环境变量 WL_TOKEN 未设置"},
		{"give either a client secret or a private key file, not both: the client authenticates with one of them",
			"客户端密钥和私钥文件只能二选一：客户端只用其中一种方式认证"},
	}
	checkBilingual(t, "Explain", explainText, cases)
}
