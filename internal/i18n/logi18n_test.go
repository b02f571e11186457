package i18n

import (
	"io"
	"syscall"
	"testing"
)

// The "connected" lines and the era's reasons (mcp/session.go describeInit,
// mcp/era.go, mcp/eraconnect.go), by key, in both languages; a line
// written as text comes back unchanged.
func TestLogLineTranslatesTheAppsLines(t *testing.T) {
	connected := func(key, name, version string, why any) keyed {
		return keyed{key, map[string]any{"Name": name, "Version": version, "Why": why}}
	}
	discover := func(why any) keyed {
		return keyed{"{{.Why}}; starting the server again and asking initialize", map[string]any{"Why": why}}
	}
	checkKeyed(t, LogLine, []keyedCase{
		{keyed{"connected", nil}, "connected", "已连接"},
		{connected("connected to {{.Name}}, protocol {{.Version}} (pinned)", "mcp-servers/everything 2.0.0", "2025-11-25", ""),
			"connected to mcp-servers/everything 2.0.0, protocol 2025-11-25 (pinned)", "已连接到 mcp-servers/everything 2.0.0，协议版本 2025-11-25（固定）"},
		{connected("connected to {{.Name}}, protocol {{.Version}} (discovered)", "mcp-servers/everything 2.0.0", "2026-07-28", ""),
			"connected to mcp-servers/everything 2.0.0, protocol 2026-07-28 (discovered)", "已连接到 mcp-servers/everything 2.0.0，协议版本 2026-07-28（经 server/discover 得知）"},
		{connected("connected to {{.Name}}, protocol {{.Version}} (remembered)", "mcp-servers/everything 2.0.0", "2025-11-25", ""),
			"connected to mcp-servers/everything 2.0.0, protocol 2025-11-25 (remembered)", "已连接到 mcp-servers/everything 2.0.0，协议版本 2025-11-25（沿用上次）"},
		{connected("connected to {{.Name}}, protocol {{.Version}} (discovered: {{.Why}})", "slow 1.0", "2026-07-28", keyed{"answered late", nil}),
			"connected to slow 1.0, protocol 2026-07-28 (discovered: answered late)", "已连接到 slow 1.0，协议版本 2026-07-28（经 server/discover 得知：响应较晚）"},
		{connected("connected to {{.Name}}, protocol {{.Version}} (fell back: {{.Why}})", "old 0.1", "2025-11-25", keyed{"no answer to server/discover within {{.Wait}}", map[string]any{"Wait": "1.5s"}}),
			"connected to old 0.1, protocol 2025-11-25 (fell back: no answer to server/discover within 1.5s)",
			"已连接到 old 0.1，协议版本 2025-11-25（已回退：server/discover 在 1.5s 内没有响应）"},
		{connected("connected to {{.Name}}, protocol {{.Version}} (fell back: {{.Why}})", "everything 2.0", "2025-11-25", keyed{"server/discover: {{.Err}}", map[string]any{"Err": keyed{"method not found", nil}}}),
			"connected to everything 2.0, protocol 2025-11-25 (fell back: server/discover: method not found)",
			"已连接到 everything 2.0，协议版本 2025-11-25（已回退：server/discover：方法不存在）"},
		{connected("connected to {{.Name}}, protocol {{.Version}} (fell back)", "old 0.1", "2025-11-25", ""),
			"connected to old 0.1, protocol 2025-11-25 (fell back)", "已连接到 old 0.1，协议版本 2025-11-25（已回退）"},
		{connected("connected to {{.Name}}, protocol {{.Version}}", "the server", "2025-06-18", ""),
			"connected to the server, protocol 2025-06-18", "已连接到 the server，协议版本 2025-06-18"},
		{discover(keyed{"the server exited when asked server/discover", nil}),
			"the server exited when asked server/discover; starting the server again and asking initialize", "服务器在收到 server/discover 时退出了；正在重新启动服务器并发送 initialize"},
		{discover(keyed{"server/discover offered no version this app speaks", nil}),
			"server/discover offered no version this app speaks; starting the server again and asking initialize", "server/discover 给出的版本本应用都不支持；正在重新启动服务器并发送 initialize"},
		{discover(keyed{"server/discover failed", nil}),
			"server/discover failed; starting the server again and asking initialize", "server/discover 失败；正在重新启动服务器并发送 initialize"},
	})
	checkBilingual(t, "LogLine", func(s string) string { return LogLine(s) }, []struct{ in, zh string }{
		{"something the app never says", "something the app never says"},
		{"the server exited with code 2.", "the server exited with code 2."},
	})
}

// The lines the core writes by key (transport.ServerLog.Say): one case per
// kind of line, in both languages.
func TestLogLineTranslatesTheKeyedLines(t *testing.T) {
	checkKeyed(t, LogLine, []keyedCase{
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Discovering the authorization server…", nil}}},
			"sign-in: Discovering the authorization server…", "登录：正在查找授权服务器…"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Authorization server: {{.Issuer}}", map[string]any{"Issuer": "https://as.example"}}}},
			"sign-in: Authorization server: https://as.example", "登录：授权服务器：https://as.example"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Using the pre-registered client ID {{.ID}}.", map[string]any{"ID": "abc"}}}},
			"sign-in: Using the pre-registered client ID abc.", "登录：使用预先注册的客户端 ID abc。"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Identifying MCP Browser by its client metadata document {{.URL}}.", map[string]any{"URL": "https://c.example/m.json"}}}},
			"sign-in: Identifying MCP Browser by its client metadata document https://c.example/m.json.", "登录：以客户端元数据文档 https://c.example/m.json 标识 MCP Browser。"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Registering MCP Browser with the authorization server…", nil}}},
			"sign-in: Registering MCP Browser with the authorization server…", "登录：正在向授权服务器注册 MCP Browser…"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Opening the browser to sign in at {{.Host}}…", map[string]any{"Host": "as.example"}}}},
			"sign-in: Opening the browser to sign in at as.example…", "登录：正在打开浏览器，在 as.example 登录…"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Could not open a browser ({{.Err}}). To sign in, open this address yourself: {{.URL}}", map[string]any{"Err": "exec: no xdg-open", "URL": "https://as.example/a?x=1"}}}},
			"sign-in: Could not open a browser (exec: no xdg-open). To sign in, open this address yourself: https://as.example/a?x=1", "登录：无法打开浏览器（exec: no xdg-open）。要登录，请自行打开此地址：https://as.example/a?x=1"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Waiting for you to sign in in the browser…", nil}}},
			"sign-in: Waiting for you to sign in in the browser…", "登录：正在等待你在浏览器中登录…"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Signed in in the browser; getting a token…", nil}}},
			"sign-in: Signed in in the browser; getting a token…", "登录：已在浏览器中登录；正在获取 token…"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Signed in to {{.URL}} as {{.Who}}.", map[string]any{"URL": "https://x.example/mcp", "Who": "bot"}}}},
			"sign-in: Signed in to https://x.example/mcp as bot.", "登录：已以 bot 身份登录 https://x.example/mcp。"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Signed in to {{.URL}}.", map[string]any{"URL": "https://x.example/mcp"}}}},
			"sign-in: Signed in to https://x.example/mcp.", "登录：已登录 https://x.example/mcp。"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Sign-in to {{.URL}} failed.", map[string]any{"URL": "https://x.example/mcp"}}}},
			"sign-in: Sign-in to https://x.example/mcp failed.", "登录：登录 https://x.example/mcp 失败。"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"The server needs more permission (scope {{.Scope}}); signing in again…", map[string]any{"Scope": `"a b"`}}}},
			`sign-in: The server needs more permission (scope "a b"); signing in again…`, `登录：服务器需要更多权限（scope "a b"）；正在重新登录…`},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Binding the token to a key of this app's (DPoP).", nil}}},
			"sign-in: Binding the token to a key of this app's (DPoP).", "登录：正在把 token 绑定到本应用的一个密钥（DPoP）。"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Signed in, but the token could not be saved for next time: {{.Err}}", map[string]any{"Err": "read-only"}}}},
			"sign-in: Signed in, but the token could not be saved for next time: read-only", "登录：已登录，但 token 无法保存以供下次使用：read-only"},
		{keyed{"sign-in: {{.Step}}", map[string]any{"Step": keyed{"Ignoring the saved sign-in: {{.Err}}", map[string]any{"Err": "expired"}}}},
			"sign-in: Ignoring the saved sign-in: expired", "登录：忽略已保存的登录：expired"},
		{keyed{"the server did not connect with protocol {{.Version}} as it did last time; asking it afresh", map[string]any{"Version": "2026-07-28"}},
			"the server did not connect with protocol 2026-07-28 as it did last time; asking it afresh", "服务器没有像上次那样以协议版本 2026-07-28 连接；正在重新询问"},
		{keyed{"the server answered server/discover late; connecting again with protocol {{.Version}}", map[string]any{"Version": "2026-07-28"}},
			"the server answered server/discover late; connecting again with protocol 2026-07-28", "服务器对 server/discover 的响应来得太晚；正在以协议版本 2026-07-28 重新连接"},
		{keyed{"could not remember the server's protocol version: {{.Err}}", map[string]any{"Err": "disk full"}},
			"could not remember the server's protocol version: disk full", "无法记住服务器的协议版本：disk full"},
		{keyed{"{{.Tool}}'s app tried to call {{.Name}}, which is not offered to apps; refused", map[string]any{"Tool": "get-time", "Name": "secret"}},
			"get-time's app tried to call secret, which is not offered to apps; refused", "get-time 的应用尝试调用 secret，但该工具不对应用开放；已拒绝"},
		{keyed{"{{.Tool}}'s app calls the tool {{.Name}}", map[string]any{"Tool": "get-time", "Name": "get-time"}},
			"get-time's app calls the tool get-time", "get-time 的应用调用工具 get-time"},
		{keyed{"{{.Tool}}'s app reads {{.URI}}", map[string]any{"Tool": "get-time", "URI": "ui://get-time/app.html"}},
			"get-time's app reads ui://get-time/app.html", "get-time 的应用读取 ui://get-time/app.html"},
		{keyed{"{{.Tool}}'s app lists the resources", map[string]any{"Tool": "get-time"}},
			"get-time's app lists the resources", "get-time 的应用列出资源"},
		{keyed{"{{.Tool}}'s app lists the resource templates", map[string]any{"Tool": "get-time"}},
			"get-time's app lists the resource templates", "get-time 的应用列出资源模板"},
		{keyed{"{{.Tool}}'s app lists the prompts", map[string]any{"Tool": "get-time"}},
			"get-time's app lists the prompts", "get-time 的应用列出提示词"},
		{keyed{"MCP Browser (opening {{.Tool}}'s app) reads {{.URI}}", map[string]any{"Tool": "get-time", "URI": "ui://get-time/app.html"}},
			"MCP Browser (opening get-time's app) reads ui://get-time/app.html", "MCP Browser（正在打开 get-time 的应用）读取 ui://get-time/app.html"},
		{keyed{"started {{.Command}} (pid {{.Pid}})", map[string]any{"Command": "node /srv/index.js --stdio", "Pid": 4242}},
			"started node /srv/index.js --stdio (pid 4242)", "已启动 node /srv/index.js --stdio（pid 4242）"},
		{keyed{"found {{.Command}} through the login shell's PATH", map[string]any{"Command": "npx"}},
			"found npx through the login shell's PATH", "通过登录 shell 的 PATH 找到了 npx"},
		{keyed{"stopped", nil},
			"stopped", "已停止"},
		{keyed{"the server did not exit when its input closed; sending it SIGTERM", nil},
			"the server did not exit when its input closed; sending it SIGTERM", "服务器在输入关闭后没有退出；正在向它发送 SIGTERM"},
		{keyed{"the server ignored SIGTERM; killing it", nil},
			"the server ignored SIGTERM; killing it", "服务器忽略了 SIGTERM；正在强制结束它"},
		{keyed{"call #{{.ID}} {{.Name}} started", map[string]any{"ID": 1, "Name": "echo"}},
			"call #1 echo started", "调用 #1 echo 已开始"},
		{keyed{"call #{{.ID}} {{.Name}} started as a task", map[string]any{"ID": 2, "Name": "slow"}},
			"call #2 slow started as a task", "调用 #2 slow 已作为任务开始"},
		{keyed{"call #{{.ID}} {{.Name}} ended after {{.Took}}: {{.Outcome}}", map[string]any{"ID": 1, "Name": "echo", "Took": "23ms", "Outcome": keyed{"ok", nil}}},
			"call #1 echo ended after 23ms: ok", "调用 #1 echo 已结束，用时 23ms：成功"},
		{keyed{"call #{{.ID}} {{.Name}} ended after {{.Took}}: {{.Outcome}}", map[string]any{"ID": 3, "Name": "add", "Took": keyed{"{{.Took}} (not counting {{.Waited}} waiting for your answer)", map[string]any{"Took": "1.2s", "Waited": "4s"}}, "Outcome": keyed{"tool error", nil}}},
			"call #3 add ended after 1.2s (not counting 4s waiting for your answer): tool error", "调用 #3 add 已结束，用时 1.2s（不含等待你回答的 4s）：工具错误"},
		{keyed{"call #{{.ID}} {{.Name}} ended after {{.Took}}: {{.Outcome}}", map[string]any{"ID": 4, "Name": "bad", "Took": "5ms", "Outcome": keyed{"JSON-RPC error", nil}}},
			"call #4 bad ended after 5ms: JSON-RPC error", "调用 #4 bad 已结束，用时 5ms：JSON-RPC 错误"},
		{keyed{"call #{{.ID}} {{.Name}} ended after {{.Took}}: {{.Outcome}}", map[string]any{"ID": 5, "Name": "x", "Took": "30s", "Outcome": "timeout"}},
			"call #5 x ended after 30s: timeout", "调用 #5 x 已结束，用时 30s：timeout"},
		{keyed{"{{.Method}} #{{.ID}} {{.What}} started", map[string]any{"Method": "resources/read", "ID": 6, "What": "file:///a.txt"}},
			"resources/read #6 file:///a.txt started", "resources/read #6 file:///a.txt 已开始"},
		{keyed{"{{.Method}} #{{.ID}} {{.What}} ended after {{.Took}}: {{.Outcome}}", map[string]any{"Method": "prompts/get", "ID": 7, "What": "greet", "Took": "8ms", "Outcome": keyed{"ok", nil}}},
			"prompts/get #7 greet ended after 8ms: ok", "prompts/get #7 greet 已结束，用时 8ms：成功"},
		{keyed{"the connection dropped; reconnecting once before giving up", nil},
			"the connection dropped; reconnecting once before giving up", "连接已断开；放弃前重新连接一次"},
		// The core's explanations logged as they are (mcp/transport describeExit, session watch).
		{keyed{"the server exited (code 0)", nil}, "the server exited (code 0)", "服务器已退出（退出码 0）"},
		{keyed{"the server exited with code {{.Code}}.", map[string]any{"Code": 2}}, "the server exited with code 2.", "服务器已退出，退出码 2。"},
		{keyed{"{{.Reason}} Last stderr lines:{{.Lines}}", map[string]any{"Reason": keyed{"the server exited with code {{.Code}}.", map[string]any{"Code": 1}}, "Lines": "\n  panic: x"}},
			"the server exited with code 1. Last stderr lines:\n  panic: x", "服务器已退出，退出码 1。stderr 最后几行：\n  panic: x"},
		{keyed{"listing tools failed: {{.Err}}", map[string]any{"Err": keyed{"{{.Method}} failed: {{.Err}}", map[string]any{"Method": "tools/list", "Err": syscall.EPIPE}}}},
			"listing tools failed: tools/list failed: broken pipe", "列出工具失败：tools/list 失败：连接被中断"},
		{keyed{"refreshing the tool list failed: {{.Err}}", map[string]any{"Err": io.EOF}},
			"refreshing the tool list failed: EOF", "刷新工具列表失败：连接已关闭"},
		{keyed{"resource updated: {{.URI}}", map[string]any{"URI": "file:///a.txt"}},
			"resource updated: file:///a.txt", "资源已更新：file:///a.txt"},
		{keyed{"OpenAPI document: {{.Warning}}", map[string]any{"Warning": "path /x has no operationId"}},
			"OpenAPI document: path /x has no operationId", "OpenAPI 文档：path /x has no operationId"},
	})
}
