package view

import (
	"encoding/json"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/schema"
)

// inBoth runs f with English and then with Simplified Chinese loaded.
func inBoth(t *testing.T, f func(language string)) {
	t.Helper()
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	for _, language := range []string{i18n.English, i18n.SimplifiedChinese} {
		if _, err := i18n.Setup(language); err != nil {
			t.Fatal(err)
		}
		f(language)
	}
}

type wording struct {
	name   string
	got    func() string
	en, zh string
}

func checkWordings(t *testing.T, tests []wording) {
	t.Helper()
	inBoth(t, func(language string) {
		for _, tt := range tests {
			want := tt.en
			if language == i18n.SimplifiedChinese {
				want = tt.zh
			}
			if got := tt.got(); got != want {
				t.Errorf("%s, %s: got %q, want %q", tt.name, language, got, want)
			}
		}
	})
}

func TestDurationWords(t *testing.T) {
	d := func(x time.Duration) func() string { return func() string { return Duration(x) } }
	checkWordings(t, []wording{
		{"zero", d(0), "", ""},
		{"µs", d(934 * time.Microsecond), "934 µs", "934 微秒"},
		{"short ms", d(3200 * time.Microsecond), "3.2 ms", "3.2 毫秒"},
		{"ms", d(42 * time.Millisecond), "42 ms", "42 毫秒"},
		{"s", d(3254 * time.Millisecond), "3.3 s", "3.3 秒"},
		{"min", d(90 * time.Second), "1 min 30 s", "1 分 30 秒"},
	})
}

func TestServerDetailWords(t *testing.T) {
	sd := func(transport string, st mcp.State, tools int, disabled, unstartable, waiting bool) func() string {
		return func() string { return ServerDetail(transport, st, tools, disabled, unstartable, waiting) }
	}
	checkWordings(t, []wording{
		{"one tool", sd("stdio", mcp.StateReady, 1, false, false, false), "stdio · 1 tool", "stdio · 1 个工具"},
		{"tools", sd("http", mcp.StateReady, 12, false, false, false), "http · 12 tools", "http · 12 个工具"},
		{"disabled", sd("stdio", mcp.StateReady, 3, true, false, false), "stdio · disabled", "stdio · 已停用"},
		{"unstartable", sd("stdio", mcp.StateStopped, 0, false, true, false), "stdio · not startable", "stdio · 无法启动"},
		{"waiting", sd("stdio", mcp.StateFailed, 0, false, false, true), "stdio · waiting for you", "stdio · 等待你处理"},
		{"state", sd("", mcp.StateExited, 0, false, false, false), "unknown transport · exited", "未知传输方式 · 已退出"},
	})
}

// The header's line leads with plain words; the protocol's exact terms
// (fell back, declared, listChanged) are CapabilitiesDetail's.
func TestCapabilitiesLine(t *testing.T) {
	c := mcp.Capabilities{Known: true, Tools: true, ToolsListChanged: true, Logging: true}
	fellBack := mcp.Era{Version: "2025-11-25", How: mcp.EraFellBack, Why: "server/discover: method not found", Said: discoverRefused}
	checkWordings(t, []wording{
		{"unknown", func() string { return CapabilitiesLine(mcp.Capabilities{}, mcp.Era{}) },
			"not connected: capabilities unknown", "未连接：能力未知"},
		{"discovered", func() string { return CapabilitiesLine(c, mcp.Era{Version: "2025-11-25", How: mcp.EraDiscovered}) },
			"MCP version 2025-11-25, the newest the server speaks. Offers tools, logging; not resources, prompts, completions.",
			"MCP 协议版本 2025-11-25，服务器支持的最新版本。提供工具, 日志；不提供资源, 提示词, 补全。"},
		{"fell back, nothing offered", func() string { return CapabilitiesLine(mcp.Capabilities{Known: true}, fellBack) },
			"MCP version 2025-11-25, an older one, since the server did not take the newest. Offers none of these: tools, resources, prompts, completions, logging.",
			"MCP 协议版本 2025-11-25，较旧的版本，因为服务器不接受最新版本。以下均不提供：工具, 资源, 提示词, 补全, 日志。"},
		{"pinned", func() string { return CapabilitiesLine(c, mcp.Era{Version: "2025-06-18", How: mcp.EraPinned}) },
			"MCP version 2025-06-18, as set in the server's entry. Offers tools, logging; not resources, prompts, completions.",
			"MCP 协议版本 2025-06-18，按服务器条目中的设置。提供工具, 日志；不提供资源, 提示词, 补全。"},
		{"remembered, no version", func() string { return CapabilitiesLine(c, mcp.Era{}) },
			"Offers tools, logging; not resources, prompts, completions.", "提供工具, 日志；不提供资源, 提示词, 补全。"},
	})
}

func TestCapabilitiesDetail(t *testing.T) {
	c := mcp.Capabilities{Known: true, Tools: true, ToolsListChanged: true, Logging: true}
	checkWordings(t, []wording{
		{"declared", func() string { return CapabilitiesDetail(c, mcp.Era{Version: "2025-11-25", How: mcp.EraDiscovered}) },
			"Protocol 2025-11-25 (discovered). Declared: tools (listChanged), logging; not declared: resources, prompts, completions",
			"协议 2025-11-25（已发现）。已声明：工具 (listChanged), 日志；未声明：资源, 提示词, 补全"},
		{"fell back", func() string {
			return CapabilitiesDetail(mcp.Capabilities{Known: true}, mcp.Era{Version: "2025-11-25", How: mcp.EraFellBack, Why: "no answer"})
		}, "Protocol 2025-11-25 (fell back: no answer). Nothing declared; not declared: tools, resources, prompts, completions, logging",
			"协议 2025-11-25（已回退：no answer）。未声明任何能力；未声明：工具, 资源, 提示词, 补全, 日志"},
		{"fell back, why translated", func() string {
			return CapabilitiesDetail(mcp.Capabilities{Known: true}, mcp.Era{Version: "2025-11-25", How: mcp.EraFellBack, Why: "server/discover: method not found", Said: discoverRefused})
		}, "Protocol 2025-11-25 (fell back: server/discover: method not found). Nothing declared; not declared: tools, resources, prompts, completions, logging",
			"协议 2025-11-25（已回退：server/discover：方法不存在）。未声明任何能力；未声明：工具, 资源, 提示词, 补全, 日志"},
	})
}

func TestResultWords(t *testing.T) {
	words := func(r *mcp.CallResult) func() string {
		return func() string { title, s := ResultWords(r); return title + " | " + s }
	}
	ok := &mcp.CallResult{Result: &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "x"}}}}
	timeout := &mcp.CallResult{}
	timeout.Layer = mcp.LayerTimeout
	timeout.Said = say.New("the call ran longer than the {{.Max}} maximum and was cancelled.", say.Args{"Max": "5m0s"})
	timeout.Message = timeout.Said.String()
	conn := &mcp.CallResult{}
	conn.Layer = mcp.LayerConnection
	conn.Said = say.Text("the server is not connected. Start (or restart) it first.")
	conn.Message = conn.Said.String()
	toolErr := &mcp.CallResult{}
	toolErr.Layer = mcp.LayerTool
	checkWordings(t, []wording{
		{"tool error: plain words first, the protocol's term under them", words(toolErr),
			"Tool error | The tool ran and said it failed. The server itself worked; what the tool said is below.\nIn the protocol: isError: true",
			"工具错误 | 工具已运行，但报告失败。服务器本身工作正常；工具的输出见下方。\n协议术语：isError: true"},
		{"one block", words(ok), "Success | The tool ran and returned its result (1 content block).", "成功 | 工具已运行并返回了结果（1 个内容块）。"},
		{"timeout explained", words(timeout), "Timed out | The server did not answer in time. The call ran longer than the 5m0s maximum and was cancelled.",
			"超时 | 服务器没有及时响应。调用超过了 5m0s 的上限，已取消。"},
		{"connection explained", words(conn), "Connection error | Could not reach the server, so the tool did not run. The server is not connected. Start (or restart) it first.",
			"连接错误 | 无法连接到服务器，因此工具没有运行。服务器未连接。请先启动（或重新启动）它。"},
		{"unknown core text", func() string { return CoreMessage("something new went wrong") }, "Something new went wrong.", "Something new went wrong."},
	})
}

func TestFieldHint(t *testing.T) {
	one, ten := 1, 10
	f := func(fd *schema.Field) func() string { return func() string { return FieldHint(fd) } }
	checkWordings(t, []wording{
		{"integer range", f(&schema.Field{Kind: schema.Integer, Limits: schema.Limits{Minimum: "1", Maximum: "10"}}),
			"whole number from 1 to 10", "1 到 10 之间的整数"},
		{"exclusive", f(&schema.Field{Kind: schema.Number, Limits: schema.Limits{Minimum: "0", MinimumExclusive: true}}),
			"number, more than 0", "数字，大于 0"},
		{"text length", f(&schema.Field{Kind: schema.String, Limits: schema.Limits{MaxLength: &one}}),
			"at most 1 character", "至多 1 个字符"},
		{"items", f(&schema.Field{Kind: schema.Array, Limits: schema.Limits{MinItems: &one, MaxItems: &ten, UniqueItems: true}}),
			"from 1 to 10 items, no repeats", "1 到 10 项，不能重复"},
		{"format and example", f(&schema.Field{Kind: schema.String, Format: "date", Examples: []json.RawMessage{json.RawMessage(`"2024-05-31"`)}}),
			"date (YYYY-MM-DD), e.g. 2024-05-31", "date (YYYY-MM-DD)，例如 2024-05-31"},
		{"placeholder", func() string { return FieldPlaceholder(&schema.Field{Placeholder: "whole number"}) }, "whole number", "整数"},
	})
}

// discoverRefused is an era's reason as the core says it (mcp/era.go).
var discoverRefused = say.New("server/discover: {{.Err}}", say.Args{"Err": mcp.RPCCodeWords(-32601)})
