package i18n

import (
	"context"
	"errors"
	"io"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
)

// k is a keyed message, as the core makes one (mcp/say.New).
func k(key string, args ...any) keyed {
	m := map[string]any{}
	for i := 0; i+1 < len(args); i += 2 {
		m[args[i].(string)] = args[i+1]
	}
	return keyed{key, m}
}

// What the core says about a session — connecting, starting a stdio
// server, calls and requests — by key, in both languages: the same
// sentences the table of core.go once matched in English.
func TestExplainTheSessionsMessages(t *testing.T) {
	stderr := func(reason Keyed, lines string) keyed {
		return k("{{.Reason}} Last stderr lines:{{.Lines}}", "Reason", reason, "Lines", lines)
	}
	noise := func(reason Keyed, lines string) keyed {
		return k("{{.Reason}} It wrote text that is not MCP to stdout (servers must print only protocol messages there; logs belong on stderr):{{.Lines}}", "Reason", reason, "Lines", lines)
	}
	connect := func(url string, cause any) keyed {
		return k("could not connect to {{.URL}}: {{.Err}}. Check the URL and that the server is running.", "URL", url, "Err", cause)
	}
	failed := func(method string, cause any) keyed {
		return k("{{.Method}} failed: {{.Err}}", "Method", method, "Err", cause)
	}
	exited := k("the server exited with code {{.Code}} before it finished starting.", "Code", 3)
	checkKeyed(t, Explain, []keyedCase{
		{k("the server did not answer initialize within {{.Timeout}}.", "Timeout", "10s"),
			"the server did not answer initialize within 10s.", "服务器未在 10s 内响应 initialize。"},
		{k("the server answered initialize but did not answer tools/list within {{.Timeout}}.", "Timeout", "10s"),
			"the server answered initialize but did not answer tools/list within 10s.", "服务器响应了 initialize，但未在 10s 内响应 tools/list。"},
		{k("the request did not get through, or its reply could not be read: {{.Cause}}", "Cause", (&transport.ReplyTooLargeError{Limit: 64 << 20}).Said()),
			"the request did not get through, or its reply could not be read: the server's reply was over the limit of 64 MiB and was not read",
			"请求未能送达，或无法读取其响应：服务器的响应超过了 64 MiB 的上限，未被读取"},
		{k("the request did not get through, or its reply could not be read: {{.Cause}}", "Cause", k("the server's reply had an HTTP header that could not be read ({{.Detail}})", "Detail", "malformed MIME header line: x")),
			"the request did not get through, or its reply could not be read: the server's reply had an HTTP header that could not be read (malformed MIME header line: x)",
			"请求未能送达，或无法读取其响应：服务器响应中有无法读取的 HTTP 头（malformed MIME header line: x）"},
		{k(`{{.Reason}} It printed nothing to stderr. Check that the command really starts an MCP server over stdio, or raise "connectTimeout" for a slow one.`, "Reason", k("the server did not answer initialize within {{.Timeout}}.", "Timeout", "10s")),
			`the server did not answer initialize within 10s. It printed nothing to stderr. Check that the command really starts an MCP server over stdio, or raise "connectTimeout" for a slow one.`,
			`服务器未在 10s 内响应 initialize。它没有向 stderr 输出任何内容。请检查该命令是否确实通过 stdio 启动了 MCP 服务器；如果服务器启动较慢，请调高 "connectTimeout"。`},
		{stderr(exited, "\n  boom: no such file\n  exiting"),
			"the server exited with code 3 before it finished starting. Last stderr lines:\n  boom: no such file\n  exiting",
			"服务器在启动完成前退出，退出码 3。stderr 最后几行：\n  boom: no such file\n  exiting"},
		{stderr(noise(k("the server exited with code {{.Code}} before it finished starting.", "Code", 1), "\n  hello world"), "\n  oops"),
			"the server exited with code 1 before it finished starting. It wrote text that is not MCP to stdout (servers must print only protocol messages there; logs belong on stderr):\n  hello world Last stderr lines:\n  oops",
			"服务器在启动完成前退出，退出码 1。它向 stdout 写入了非 MCP 的文本（服务器在 stdout 上只能输出协议消息；日志应写到 stderr）：\n  hello world stderr 最后几行：\n  oops"},
		{k("the server exited with code {{.Code}}.", "Code", 2), "the server exited with code 2.", "服务器已退出，退出码 2。"},
		{k("the server exited with code {{.Code}} while the call was running.", "Code", 137), "the server exited with code 137 while the call was running.", "服务器在调用进行中退出，退出码 137。"},
		{k("the server exited with code {{.Code}} during {{.Method}}.", "Code", 1, "Method", "resources/read"), "the server exited with code 1 during resources/read.", "服务器在 resources/read 期间退出，退出码 1。"},
		{k("the server closed the connection but is still running; stopping it."), "the server closed the connection but is still running; stopping it.", "服务器关闭了连接但仍在运行；正在停止它。"},
		{k("the connection to {{.URL}} closed.", "URL", "http://127.0.0.1:1/mcp"), "the connection to http://127.0.0.1:1/mcp closed.", "与 http://127.0.0.1:1/mcp 的连接已关闭。"},
		{k("connecting was cancelled"), "connecting was cancelled", "连接已取消"},
		{connect("http://127.0.0.1:1/mcp", syscall.ECONNREFUSED),
			"could not connect to http://127.0.0.1:1/mcp: connection refused. Check the URL and that the server is running.",
			"无法连接到 http://127.0.0.1:1/mcp：连接被拒绝。请检查 URL，并确认服务器正在运行。"},
		{k("could not initialize the session: {{.Err}}", "Err", io.EOF), "could not initialize the session: EOF", "无法初始化会话：连接已关闭"},
		{(&transport.StartError{Command: "npx", PathUsed: "/usr/bin:/bin", NotFound: true}).Said(),
			`could not start the server: the program "npx" was not found. It comes with Node.js: install Node.js (https://nodejs.org) and try again. PATH searched: /usr/bin:/bin`,
			`无法启动服务器：找不到程序 "npx"。它随 Node.js 提供：请安装 Node.js（https://nodejs.org）后重试。已搜索的 PATH：/usr/bin:/bin`},
		{(&transport.StartError{Command: "srv", PathUsed: "/usr/bin", ShellPath: "/opt/bin:/usr/bin", NotFound: true}).Said(),
			`could not start the server: the program "srv" was not found. Check the command's spelling, or give its full path. PATH searched: /usr/bin (and the login shell's PATH: /opt/bin:/usr/bin)`,
			`无法启动服务器：找不到程序 "srv"。请检查命令的拼写，或给出它的完整路径。已搜索的 PATH：/usr/bin（以及登录 shell 的 PATH：/opt/bin:/usr/bin）`},
		{(&transport.StartError{Command: "./srv", Err: syscall.EACCES}).Said(), `could not start the server "./srv": permission denied`, `无法启动服务器 "./srv"：没有权限`},
		{k(`the server did not answer within {{.Timeout}} (and sent no progress meanwhile); the call was cancelled. Raise "callTimeout" in the entry for slow tools.`, "Timeout", "30s"),
			`the server did not answer within 30s (and sent no progress meanwhile); the call was cancelled. Raise "callTimeout" in the entry for slow tools.`,
			`服务器未在 30s 内响应（期间也没有发送进度）；调用已取消。对于较慢的工具，请在该条目中调高 "callTimeout"。`},
		{k("the call ran longer than the {{.Max}} maximum and was cancelled.", "Max", "5m0s"), "the call ran longer than the 5m0s maximum and was cancelled.", "调用超过了 5m0s 的上限，已取消。"},
		{k("the request ran longer than the {{.Max}} maximum and was cancelled.", "Max", "5m0s"), "the request ran longer than the 5m0s maximum and was cancelled.", "请求超过了 5m0s 的上限，已取消。"},
		{k(`the server did not answer {{.Method}} within {{.Timeout}}; the request was cancelled. Raise "callTimeout" in the entry for a slow server.`, "Method", "prompts/get", "Timeout", "30s"),
			`the server did not answer prompts/get within 30s; the request was cancelled. Raise "callTimeout" in the entry for a slow server.`,
			`服务器未在 30s 内响应 prompts/get；请求已取消。对于较慢的服务器，请在该条目中调高 "callTimeout"。`},
		{k("the server refused {{.Method}}: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}}). The server does not declare the {{.Capability}} capability, so this was to be expected",
			"Method", "resources/list", "Message", "Method not found", "Code", -32601, "CodeName", mcp.RPCCodeWords(-32601), "Capability", `"resources"`),
			`the server refused resources/list: Method not found (JSON-RPC error -32601, method not found). The server does not declare the "resources" capability, so this was to be expected`,
			`服务器拒绝了 resources/list：Method not found（JSON-RPC 错误 -32601，方法不存在）。服务器未声明 "resources" 能力，因此这在意料之中`},
		{k("the server refused {{.Method}}: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}})", "Method", "tools/call", "Message", "bad", "Code", -32602, "CodeName", mcp.RPCCodeWords(-32602)),
			"the server refused tools/call: bad (JSON-RPC error -32602, invalid params)", "服务器拒绝了 tools/call：bad（JSON-RPC 错误 -32602，参数无效）"},
		{failed("tools/list", syscall.EPIPE), "tools/list failed: broken pipe", "tools/list 失败：连接被中断"},
		{k("the tool ran and reported an error: {{.Text}}", "Text", "no such city"), "the tool ran and reported an error: no such city", "工具已运行并报告了错误：no such city"},
		{k("the tool ran and reported an error"), "the tool ran and reported an error", "工具已运行并报告了错误"},
		{k("the server ran the tool at once instead of as a task"), "the server ran the tool at once instead of as a task", "服务器没有把工具作为任务运行，而是立即运行了它"},
		{k("the server's reply to {{.Method}} was not valid: {{.Why}}", "Method", "prompts/get", "Why", "messages must be a list"),
			"the server's reply to prompts/get was not valid: messages must be a list", "服务器对 prompts/get 的回复无效：messages must be a list"},
		{k("signing in to {{.URL}} failed: {{.Err}}", "URL", "https://x.example/mcp", "Err", errors.New("denied")), "signing in to https://x.example/mcp failed: denied", "登录 https://x.example/mcp 失败：denied"},
		{k("the server refused the request: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}})", "Message", "nope", "Code", -32602, "CodeName", mcp.RPCCodeWords(-32602)),
			"the server refused the request: nope (JSON-RPC error -32602, invalid params)", "服务器拒绝了该请求：nope（JSON-RPC 错误 -32602，参数无效）"},
		{k("the server went away while the call was running: {{.Reason}}", "Reason", stderr(k("the server exited with code {{.Code}}.", "Code", 1), "\n  panic: x")),
			"the server went away while the call was running: the server exited with code 1. Last stderr lines:\n  panic: x",
			"服务器在调用进行中断开：服务器已退出，退出码 1。stderr 最后几行：\n  panic: x"},
		{k("the server went away during {{.Method}}: {{.Reason}}", "Method", "prompts/get", "Reason", k("the connection to {{.URL}} closed.", "URL", "http://h/mcp")),
			"the server went away during prompts/get: the connection to http://h/mcp closed.", "服务器在 prompts/get 期间断开：与 http://h/mcp 的连接已关闭。"},
		{k("the server went away: {{.Reason}}", "Reason", k("the connection to {{.URL}} closed.", "URL", "http://h/mcp")),
			"the server went away: the connection to http://h/mcp closed.", "服务器已断开：与 http://h/mcp 的连接已关闭。"},
		{k("the server is not connected. Start (or restart) it first."), "the server is not connected. Start (or restart) it first.", "服务器未连接。请先启动（或重新启动）它。"},
		{k("the server is not connected. Start (or restart) it first. Last state: {{.Reason}}", "Reason", k("connecting was cancelled")),
			"the server is not connected. Start (or restart) it first. Last state: connecting was cancelled", "服务器未连接。请先启动（或重新启动）它。上次的状态：连接已取消"},
		{k("you cancelled the call; the server was told (notifications/cancelled)."), "you cancelled the call; the server was told (notifications/cancelled).", "你取消了调用；已通知服务器（notifications/cancelled）。"},
		{k("you cancelled the request; the server was told (notifications/cancelled)."), "you cancelled the request; the server was told (notifications/cancelled).", "你取消了请求；已通知服务器（notifications/cancelled）。"},
		{k("the server was stopped while the call was running."), "the server was stopped while the call was running.", "服务器在调用进行中被停止。"},
		{k("the server was stopped while the request was running."), "the server was stopped while the request was running.", "服务器在请求进行中被停止。"},
		{k("the request ran out of time and was cancelled."), "the request ran out of time and was cancelled.", "请求超时，已取消。"},
		{k("the call ran out of time: {{.Err}}", "Err", context.DeadlineExceeded), "the call ran out of time: context deadline exceeded", "调用超时：时限已到"},
		{k("the call failed: {{.Err}}", "Err", mcp.PlainCauseMsg(syscall.ECONNRESET)), "the call failed: the connection was broken off", "调用失败：连接被中断"},
		// The causes mcp.PlainCauseMsg names after a colon.
		{connect("http://127.0.0.1:1/mcp", mcp.PlainCauseMsg(syscall.ECONNREFUSED)),
			"could not connect to http://127.0.0.1:1/mcp: the connection was refused (nothing is listening there). Check the URL and that the server is running.",
			"无法连接到 http://127.0.0.1:1/mcp：连接被拒绝（那里没有程序在监听）。请检查 URL，并确认服务器正在运行。"},
		{connect("https://nowhere.invalid/mcp", k("the host name {{.Host}} is not known", "Host", `"nowhere.invalid"`)),
			`could not connect to https://nowhere.invalid/mcp: the host name "nowhere.invalid" is not known. Check the URL and that the server is running.`,
			`无法连接到 https://nowhere.invalid/mcp：主机名 "nowhere.invalid" 无法解析。请检查 URL，并确认服务器正在运行。`},
		{connect("https://x/mcp", mcp.PlainCauseMsg(errors.New("POST https://x/mcp: Not Found"))),
			"could not connect to https://x/mcp: the server answered HTTP 404 Not Found. Check the URL and that the server is running.",
			"无法连接到 https://x/mcp：服务器返回了 HTTP 404 Not Found。请检查 URL，并确认服务器正在运行。"},
		{connect("http://x/mcp", mcp.PlainCauseMsg(&jsonrpc.Error{Code: -32600, Message: "Missing MCP-Protocol-Version header"})),
			"could not connect to http://x/mcp: the server answered: Missing MCP-Protocol-Version header (JSON-RPC error -32600). Check the URL and that the server is running.",
			"无法连接到 http://x/mcp：服务器回答：Missing MCP-Protocol-Version header（JSON-RPC 错误 -32600）。请检查 URL，并确认服务器正在运行。"},
		{failed("tools/list", mcp.PlainCauseMsg(io.EOF)), "tools/list failed: the connection closed", "tools/list 失败：连接已关闭"},
		{failed("tools/list", mcp.PlainCauseMsg(context.DeadlineExceeded)), "tools/list failed: no answer came in time", "tools/list 失败：未能及时得到响应"},
		{failed("resources/list", k("the server no longer knows this session (it may have restarted)")),
			"resources/list failed: the server no longer knows this session (it may have restarted)", "resources/list 失败：服务器已不认识这个会话（它可能已重新启动）"},
		{k("could not initialize the session: {{.Err}}", "Err", k("the server's TLS certificate is not trusted")),
			"could not initialize the session: the server's TLS certificate is not trusted", "无法初始化会话：服务器的 TLS 证书不受信任"},
		{failed("prompts/list", mcp.PlainCauseMsg(syscall.ENETUNREACH)), "prompts/list failed: the network cannot reach that address", "prompts/list 失败：网络无法到达该地址"},
		{k("the call failed: {{.Err}}", "Err", k("the server sent an event of more than {{.MB}} MB without ending it; the stream was closed", "MB", 64)),
			"the call failed: the server sent an event of more than 64 MB without ending it; the stream was closed", "调用失败：服务器发送的一个事件超过 64 MB 仍未结束，已关闭该数据流"},
		{failed("tools/list", k("the host name {{.Host}} could not be looked up", "Host", `"h"`)), `tools/list failed: the host name "h" could not be looked up`, `tools/list 失败：无法查询主机名 "h"`},
		{k("{{.Method}} ran out of time: {{.Err}}", "Method", "tools/list", "Err", context.DeadlineExceeded), "tools/list ran out of time: context deadline exceeded", "tools/list 超时：时限已到"},
		{k("the server was killed: {{.Err}}", "Err", k("signal: {{.Signal}}", "Signal", "killed")), "the server was killed: signal: killed", "服务器被终止：收到信号：killed"},
		{k("the server exited (code 0)"), "the server exited (code 0)", "服务器已退出（退出码 0）"},
		{k("the server exited with code {{.Code}}", "Code", 2), "the server exited with code 2", "服务器已退出，退出码 2"},
		{k("listing prompts: {{.Err}}", "Err", failed("prompts/list", mcp.PlainCauseMsg(io.EOF))), "listing prompts: prompts/list failed: the connection closed", "列出提示词失败：prompts/list 失败：连接已关闭"},
		// A skill whose files do not match its listing (mcp/skills.go SkillError).
		{k("refused {{.URI}}: {{.Reason}}; the skill was not loaded", "URI", "skill://x/SKILL.md", "Reason",
			k("its content does not match the digest in the server's listing (sha256 {{.Got}}, listed {{.Want}})", "Got", "dc8ebc3363ba…", "Want", "53f4c0c3122c…")),
			"refused skill://x/SKILL.md: its content does not match the digest in the server's listing (sha256 dc8ebc3363ba…, listed 53f4c0c3122c…); the skill was not loaded",
			"拒绝了 skill://x/SKILL.md：它的内容与服务器列表中的摘要不符（sha256 dc8ebc3363ba…，列表写的是 53f4c0c3122c…）；技能没有加载"},
		// Filling a resource template (mcp.ExpandTemplate).
		{k("fill in {{.Names}} to make a URI from {{.Template}}", "Names", "path", "Template", "demo://files/{+path}"),
			"fill in path to make a URI from demo://files/{+path}", "请填写 path，才能由 demo://files/{+path} 生成 URI"},
		{k("{{.Text}}", "Text", "a sentence no one translated"), "a sentence no one translated", "a sentence no one translated"},
	})
}
