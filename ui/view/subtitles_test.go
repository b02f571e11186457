package view

//lint:file-ignore SA1019 SEP-2577 deprecates sampling from protocol 2026-07-28; servers of earlier versions use it, and the app supports those

import (
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
)

func TestSubtitles(t *testing.T) {
	long := strings.Repeat("word ", 40)
	checkWordings(t, []wording{
		{"tool title", func() string { return ToolSubtitle(&sdk.Tool{Name: "add", Title: "Add numbers", Description: "Adds."}) }, "Add numbers", "Add numbers"},
		{"tool description", func() string { return ToolSubtitle(&sdk.Tool{Name: "add", Description: "  Adds two numbers.\nMore."}) }, "Adds two numbers.", "Adds two numbers."},
		{"clipped", func() string { return ToolSubtitle(&sdk.Tool{Name: "x", Description: long}) }, long[:MaxSubtitleRunes], long[:MaxSubtitleRunes]},
		{"prompt", func() string {
			return PromptSubtitle(&sdk.Prompt{Name: "p", Description: "Reviews code.\nIn detail.", Arguments: []*sdk.PromptArgument{{Name: "a"}, {Name: "b"}}})
		}, "Reviews code. · 2 arguments", "Reviews code. · 2 个参数"},
		{"prompt title", func() string { return PromptSubtitle(&sdk.Prompt{Name: "p", Title: "Review"}) }, "Review", "Review"},
		{"resource", func() string {
			return ResourceSubtitle(&sdk.Resource{URI: "demo://readme", MIMEType: "text/markdown", Size: 2048})
		}, "demo://readme · text/markdown · 2.0 KB", "demo://readme · text/markdown · 2.0 KB"},
		{"app page", func() string {
			return ResourceSubtitle(&sdk.Resource{URI: "ui://get-time/app.html", MIMEType: "text/html;profile=mcp-app"})
		},
			"MCP App page · ui://get-time/app.html · text/html;profile=mcp-app", "MCP App page · ui://get-time/app.html · text/html;profile=mcp-app"},
		{"resource name", func() string {
			return ResourceName("readme", "About") + "|" + ResourceName("readme", "readme") + "|" + ResourceName("readme", "")
		}, "About|readme|readme", "About|readme|readme"},
	})
}

func TestNotes(t *testing.T) {
	ok := &mcp.PromptResult{Result: &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: "hi"}}}}}
	ok.Duration = 42 * time.Millisecond
	failed := &mcp.PromptResult{}
	failed.Layer = mcp.LayerProtocol
	checkWordings(t, []wording{
		{"template, no variables", func() string { return TemplateNote(false, true) }, "", ""},
		{"template, completions", func() string { return TemplateNote(true, true) },
			"Fill in the variables (* required); the server suggests values as you type.", "填写变量（* 为必填）；输入时服务器会给出建议值。"},
		{"template", func() string { return TemplateNote(true, false) }, "Fill in the variables (* required), then Read.", "填写变量（* 为必填），然后选择“读取”。"},
		{"get, no arguments", func() string { return GetNote(false, false) }, "Get asks the server for the prompt's messages (prompts/get).", "“获取”会向服务器请求该提示词的消息（prompts/get）。"},
		{"get, completions", func() string { return GetNote(true, true) }, "* required. The server suggests values as you type. Enter gets the prompt.", "* 为必填。输入时服务器会给出建议值。按 Enter 获取提示词。"},
		{"get", func() string { return GetNote(true, false) }, "* required. Enter gets the prompt.", "* 为必填。按 Enter 获取提示词。"},
		{"got", func() string { return PromptOutcome(ok) }, "Got 1 message in 42 ms.", "在 42 毫秒 内收到 1 条消息。"},
		{"get failed", func() string { return PromptOutcome(failed) }, "prompts/get failed (protocol error).", "prompts/get 失败（协议错误）。"},
	})
}

func TestSkillWords(t *testing.T) {
	size := int64(1536)
	sk := mcp.Skill{Frontmatter: map[string]any{"name": "n", "description": "Does things.", "version": "1.2", "author": "me"}}
	sk.Resources = append(sk.Resources, mcp.SkillFile{URI: "skill://n/SKILL.md", Size: &size, Digest: "sha256:0123456789abcdef0123456789abcdef"},
		mcp.SkillFile{URI: "skill://n/notes.txt"})
	checkWordings(t, []wording{
		{"description", func() string { return SkillDescription(sk) + "|" + SkillDescription(mcp.Skill{}) }, "Does things.|", "Does things.|"},
		{"listing", func() string { return SkillListing(sk) },
			"author: me\nversion: 1.2\nskill://n/SKILL.md · 1.5 KB · sha256:0123456789abcdef…\nskill://n/notes.txt · ? · unknown type", "author: me\nversion: 1.2\nskill://n/SKILL.md · 1.5 KB · sha256:0123456789abcdef…\nskill://n/notes.txt · ? · 未知类型"},
		{"short digest", func() string { return ShortDigest("sha256:0123") + "|" + ShortDigest("md5") }, "sha256:0123|md5", "sha256:0123|md5"},
	})
}

func TestRequestWords(t *testing.T) {
	sampling := &mcp.PendingRequest{Server: "demo", Kind: mcp.RequestSampling}
	info := &mcp.PendingRequest{Server: "demo", Kind: mcp.RequestElicitation, Params: &sdk.ElicitParams{Message: "Name?"}}
	link := &mcp.PendingRequest{Server: "demo", Kind: mcp.RequestElicitation, Params: &sdk.ElicitParams{Mode: "url", URL: "https://example.com/x"}}
	params := &sdk.CreateMessageParams{MaxTokens: 100, Temperature: 0.5, StopSequences: []string{"END", "a\"b"},
		ModelPreferences: &sdk.ModelPreferences{Hints: []*sdk.ModelHint{{Name: "claude"}}, SpeedPriority: 0.8}, Metadata: map[string]any{"k": 1}}
	checkWordings(t, []wording{
		{"sampling", func() string { return DescribeRequest(sampling) }, "demo asks for a model reply", "demo 请求模型回复"},
		{"information", func() string { return DescribeRequest(info) }, "demo asks you for information", "demo 向你征询信息"},
		{"link", func() string { return DescribeRequest(link) }, "demo asks you to open a link", "demo 请你打开一个链接"},
		{"details", func() string { return SamplingDetails(params) },
			"Max tokens: 100\nTemperature: 0.5\nStop sequences: \"END\", \"a\\\"b\"\nModel preferences: hints \"claude\", speed 0.8\nMetadata: {\"k\":1}",
			"最大 token 数：100\n温度：0.5\n停止序列：\"END\", \"a\\\"b\"\n模型偏好：hints \"claude\", speed 0.8\nMetadata: {\"k\":1}"},
		{"no preferences", func() string { return SamplingDetails(&sdk.CreateMessageParams{MaxTokens: 5}) }, "Max tokens: 5\nModel preferences: none", "最大 token 数：5\n模型偏好：无"},
	})
}

func TestFileWords(t *testing.T) {
	for mime, want := range map[string]string{"image/png": ".png", "IMAGE/JPEG; q=1": ".jpg", "text/csv": ".csv", "application/x-thing": ".bin", "": ".bin"} {
		if got := ExtensionFor(mime); got != want {
			t.Errorf("ExtensionFor(%q) = %q, want %q", mime, got, want)
		}
	}
	checkWordings(t, []wording{{"or unknown", func() string { return OrUnknown("") + "|" + OrUnknown("text/plain") }, "unknown type|text/plain", "未知类型|text/plain"}})
}
