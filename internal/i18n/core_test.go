package i18n

import (
	"testing"
)

func TestExplainTranslatesTheCoresSentences(t *testing.T) {
	cases := []struct{ in, zh string }{
		{"open /tmp/x.json: no such file or directory", "/tmp/x.json 不存在"},
		{"stat /etc/x: permission denied", "没有权限访问 /etc/x"},
		{"read /tmp: is a directory", "/tmp 是文件夹，不是文件"},
		{"reading the snapshot: open /tmp/s.json: no such file or directory", "读取快照失败：/tmp/s.json 不存在"},
		{"not a surface snapshot: it has no tools, resources, resourceTemplates or prompts", "不是接口快照：其中没有 tools、resources、resourceTemplates 或 prompts"},
		{"pasted text:1:2: not valid JSON: invalid character 'b' looking for beginning of object key string", "粘贴的文本 第 1 行第 2 列：不是有效的 JSON：这里应是用双引号括起的键名，却出现了字符 'b'"},
		{"/tmp/s.json: not a surface snapshot: unexpected end of JSON input", "/tmp/s.json：不是接口快照：JSON 没有写完（缺少右括号或引号？）"},
		{`/tmp/s.json:1:22: server "x": field "command" must be a string`, `/tmp/s.json 第 1 行第 22 列：服务器 "x"：字段 "command" 必须是文本`},
		{`unknown transport type "ws"; use stdio, http, sse or openapi`, `未知的传输方式 "ws"；请使用 stdio、http、sse 或 openapi`},
		{`server "a" is written twice; rename or remove one`, `服务器 "a" 写了两次；请重命名或删除其中一个`},
		{"something the core never says", "something the core never says"},
		{"", ""},
	}
	checkBilingual(t, "Explain", explainText, cases)
}

// Every key of the rules is in the translation files, so none silently
// falls back to English.
func TestExplainKeysAreTranslated(t *testing.T) {
	checkRuleKeys(t, coreRules)
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
