package i18n

import "testing"

// TestExplainScopeNeverGranted: the sign-in that gave up on a scope, in
// Chinese inside "signing in to … failed:", as the window and the CLI show it.
func TestExplainScopeNeverGranted(t *testing.T) {
	cases := []struct{ in, zh string }{
		{`signing in to https://x.example/mcp failed: the permission the server needs (scope "mcp:admin") was not granted after 3 sign-ins, so MCP Browser stopped asking. Your account may not be allowed that scope: ask the server's owner, or sign in with another account`,
			`登录 https://x.example/mcp 失败：服务器需要的权限（scope "mcp:admin"）在 3 次登录后仍未授予，MCP Browser 已停止再次请求。你的账号可能没有该权限：请联系服务器所有者，或换一个账号登录`},
	}
	checkBilingual(t, "Explain", explainText, cases)
}
