package i18n

import (
	"strings"
	"testing"
)

func TestExplainTranslatesTheCoresSentences(t *testing.T) {
	cases := []struct{ in, zh string }{
		{"the server did not answer initialize within 10s.", "服务器未在 10s 内响应 initialize。"},
		{"the server answered initialize but did not answer tools/list within 10s.", "服务器响应了 initialize，但未在 10s 内响应 tools/list。"},
		{"the request did not get through, or its reply could not be read: the server's reply was over the limit of 64 MiB and was not read",
			"请求未能送达，或无法读取其响应：服务器的响应超过了 64 MiB 的上限，未被读取"},
		{"the request did not get through, or its reply could not be read: the server's reply had an HTTP header that could not be read (malformed MIME header line: x)",
			"请求未能送达，或无法读取其响应：服务器响应中有无法读取的 HTTP 头（malformed MIME header line: x）"},
		{`the server did not answer initialize within 10s. It printed nothing to stderr. Check that the command really starts an MCP server over stdio, or raise "connectTimeout" for a slow one.`,
			`服务器未在 10s 内响应 initialize。它没有向 stderr 输出任何内容。请检查该命令是否确实通过 stdio 启动了 MCP 服务器；如果服务器启动较慢，请调高 "connectTimeout"。`},
		{"the server exited with code 3 before it finished starting. Last stderr lines:\n  boom: no such file\n  exiting",
			"服务器在启动完成前退出，退出码 3。stderr 最后几行：\n  boom: no such file\n  exiting"},
		{"the server exited with code 1 before it finished starting. It wrote text that is not MCP to stdout (servers must print only protocol messages there; logs belong on stderr):\n  hello world Last stderr lines:\n  oops",
			"服务器在启动完成前退出，退出码 1。它向 stdout 写入了非 MCP 的文本（服务器在 stdout 上只能输出协议消息；日志应写到 stderr）：\n  hello world stderr 最后几行：\n  oops"},
		{"the server exited with code 2.", "服务器已退出，退出码 2。"},
		{"the server exited with code 137 while the call was running.", "服务器在调用进行中退出，退出码 137。"},
		{"the server exited with code 1 during resources/read.", "服务器在 resources/read 期间退出，退出码 1。"},
		{"the server closed the connection but is still running; stopping it.", "服务器关闭了连接但仍在运行；正在停止它。"},
		{"the connection to http://127.0.0.1:1/mcp closed.", "与 http://127.0.0.1:1/mcp 的连接已关闭。"},
		{"connecting was cancelled", "连接已取消"},
		{"could not connect to http://127.0.0.1:1/mcp: connection refused. Check the URL and that the server is running.",
			"无法连接到 http://127.0.0.1:1/mcp：连接被拒绝。请检查 URL，并确认服务器正在运行。"},
		{"could not initialize the session: EOF", "无法初始化会话：连接已关闭"},
		{`could not start the server: the program "npx" was not found. It comes with Node.js: install Node.js (https://nodejs.org) and try again. PATH searched: /usr/bin:/bin`,
			`无法启动服务器：找不到程序 "npx"。它随 Node.js 提供：请安装 Node.js（https://nodejs.org）后重试。已搜索的 PATH：/usr/bin:/bin`},
		{`could not start the server: the program "npx" was not found. Check the command's spelling, or give its full path. PATH searched: /usr/bin (and the login shell's PATH: /opt/bin:/usr/bin)`,
			`无法启动服务器：找不到程序 "npx"。请检查命令的拼写，或给出它的完整路径。已搜索的 PATH：/usr/bin（以及登录 shell 的 PATH：/opt/bin:/usr/bin）`},
		{`could not start the server "./srv": permission denied`, `无法启动服务器 "./srv"：没有权限`},
		{`the server did not answer within 30s (and sent no progress meanwhile); the call was cancelled. Raise "callTimeout" in the entry for slow tools.`,
			`服务器未在 30s 内响应（期间也没有发送进度）；调用已取消。对于较慢的工具，请在该条目中调高 "callTimeout"。`},
		{"the call ran longer than the 5m0s maximum and was cancelled.", "调用超过了 5m0s 的上限，已取消。"},
		{`the server did not answer prompts/get within 30s; the request was cancelled. Raise "callTimeout" in the entry for a slow server.`,
			`服务器未在 30s 内响应 prompts/get；请求已取消。对于较慢的服务器，请在该条目中调高 "callTimeout"。`},
		{`the server refused resources/list: Method not found (JSON-RPC error -32601, method not found). The server does not declare the "resources" capability, so this was to be expected`,
			`服务器拒绝了 resources/list：Method not found（JSON-RPC 错误 -32601，方法不存在）。服务器未声明 "resources" 能力，因此这在意料之中`},
		{"the server refused tools/call: bad (JSON-RPC error -32602, invalid params)", "服务器拒绝了 tools/call：bad（JSON-RPC 错误 -32602，参数无效）"},
		{"tools/list failed: broken pipe", "tools/list 失败：连接被中断"},
		{"not connected: capabilities unknown", "未连接：能力未知"},
		{"the tool ran and reported an error: no such city", "工具已运行并报告了错误：no such city"},
		{"the server's reply to prompts/get was not valid: messages must be a list", "服务器对 prompts/get 的回复无效：messages must be a list"},
		{"signing in to https://x.example/mcp failed: denied", "登录 https://x.example/mcp 失败：denied"},
		{"the server refused the request: nope (JSON-RPC error -32602, invalid params)", "服务器拒绝了该请求：nope（JSON-RPC 错误 -32602，参数无效）"},
		{"the server went away while the call was running: the server exited with code 1. Last stderr lines:\n  panic: x",
			"服务器在调用进行中断开：服务器已退出，退出码 1。stderr 最后几行：\n  panic: x"},
		{"the server is not connected. Start (or restart) it first.", "服务器未连接。请先启动（或重新启动）它。"},
		{"you cancelled the call; the server was told (notifications/cancelled).", "你取消了调用；已通知服务器（notifications/cancelled）。"},
		// The causes mcp/plaincause.go names after a colon.
		{"could not connect to http://127.0.0.1:1/mcp: the connection was refused (nothing is listening there). Check the URL and that the server is running.",
			"无法连接到 http://127.0.0.1:1/mcp：连接被拒绝（那里没有程序在监听）。请检查 URL，并确认服务器正在运行。"},
		{`could not connect to https://nowhere.invalid/mcp: the host name "nowhere.invalid" is not known. Check the URL and that the server is running.`,
			`无法连接到 https://nowhere.invalid/mcp：主机名 "nowhere.invalid" 无法解析。请检查 URL，并确认服务器正在运行。`},
		{"could not connect to https://x/mcp: the server answered HTTP 404 Not Found. Check the URL and that the server is running.",
			"无法连接到 https://x/mcp：服务器返回了 HTTP 404 Not Found。请检查 URL，并确认服务器正在运行。"},
		{"tools/list failed: the connection closed", "tools/list 失败：连接已关闭"},
		{"tools/list failed: no answer came in time", "tools/list 失败：未能及时得到响应"},
		{"resources/list failed: the server no longer knows this session (it may have restarted)", "resources/list 失败：服务器已不认识这个会话（它可能已重新启动）"},
		{"could not initialize the session: the server's TLS certificate is not trusted", "无法初始化会话：服务器的 TLS 证书不受信任"},
		{"prompts/list failed: the network cannot reach that address", "prompts/list 失败：网络无法到达该地址"},
		{"the call failed: the connection was broken off", "调用失败：连接被中断"},
		{"the call failed: the server sent an event of more than 64 MB without ending it; the stream was closed", "调用失败：服务器发送的一个事件超过 64 MB 仍未结束，已关闭该数据流"},
		{`tools/list failed: the host name "h" could not be looked up`, `tools/list 失败：无法查询主机名 "h"`},
		{"tools/list ran out of time: context deadline exceeded", "tools/list 超时：时限已到"},
		{"open /tmp/x.json: no such file or directory", "/tmp/x.json 不存在"},
		{"stat /etc/x: permission denied", "没有权限访问 /etc/x"},
		{"read /tmp: is a directory", "/tmp 是文件夹，不是文件"},
		{"listing prompts: prompts/list failed: the connection closed", "列出提示词失败：prompts/list 失败：连接已关闭"},
		{"reading the snapshot: open /tmp/s.json: no such file or directory", "读取快照失败：/tmp/s.json 不存在"},
		{"not a surface snapshot: it has no tools, resources, resourceTemplates or prompts", "不是接口快照：其中没有 tools、resources、resourceTemplates 或 prompts"},
		{"pasted text:1:2: not valid JSON: invalid character 'b' looking for beginning of object key string", "粘贴的文本 第 1 行第 2 列：不是有效的 JSON：这里应是用双引号括起的键名，却出现了字符 'b'"},
		{"/tmp/s.json: not a surface snapshot: unexpected end of JSON input", "/tmp/s.json：不是接口快照：JSON 没有写完（缺少右括号或引号？）"},
		{"fill in path to make a URI from demo://files/{+path}", "请填写 path，才能由 demo://files/{+path} 生成 URI"},
		{`/tmp/s.json:1:22: server "x": field "command" must be a string`, `/tmp/s.json 第 1 行第 22 列：服务器 "x"：字段 "command" 必须是文本`},
		{`unknown transport type "ws"; use stdio, http, sse or openapi`, `未知的传输方式 "ws"；请使用 stdio、http、sse 或 openapi`},
		{`server "a" is written twice; rename or remove one`, `服务器 "a" 写了两次；请重命名或删除其中一个`},
		{"refused skill://x/SKILL.md: its content does not match the digest in the server's listing (sha256 dc8ebc3363ba…, listed 53f4c0c3122c…); the skill was not loaded",
			"拒绝了 skill://x/SKILL.md：它的内容与服务器列表中的摘要不符（sha256 dc8ebc3363ba…，列表写的是 53f4c0c3122c…）；技能没有加载"},
		{"the server was killed: signal: killed", "服务器被终止：收到信号：killed"},
		{"could not connect to http://x/mcp: the server answered: Missing MCP-Protocol-Version header (JSON-RPC error -32600). Check the URL and that the server is running.",
			"无法连接到 http://x/mcp：服务器回答：Missing MCP-Protocol-Version header（JSON-RPC 错误 -32600）。请检查 URL，并确认服务器正在运行。"},
		// Unknown text passes through unchanged, in both languages.
		{"something the core never says", "something the core never says"},
		{"", ""},
	}
	checkBilingual(t, "Explain", explainText, cases)
}

// Every key of the rules and tails is in the translation files, so none
// silently falls back to English.
func TestExplainKeysAreTranslated(t *testing.T) {
	var tails []string
	for _, tail := range coreTails {
		tails = append(tails, strings.TrimPrefix(tail, " "))
	}
	checkRuleKeys(t, coreRules, tails...)
}

// BenchmarkExplain is what translating one core message costs.
func BenchmarkExplain(b *testing.B) {
	Setup(SimplifiedChinese)
	defer Setup(English)
	msg := "the server exited with code 1 before it finished starting. Last stderr lines:\n  boom"
	for b.Loop() {
		Explain(msg)
	}
}
