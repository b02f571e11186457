package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// `mcpbrowser check` speaks Chinese to people under zh_CN — the summary,
// the failures, why a check did not run — while its exit code, JUnit XML
// and TAP stay as they are in English.
func TestCheckSummaryInChineseOutputsUnchanged(t *testing.T) {
	cfg := writeConfig(t, `{"mcpServers": {"demo": {"command": "`+demoBinary+`"}}}`)
	file := writeFile(t, "zh.yaml", `
name: zh
servers:
  nowhere: {command: /nonexistent/server}
checks:
  - {name: passes, server: demo, tool: add, arguments: {a: 1, b: 1}}
  - {name: fails, server: demo, tool: add, arguments: {a: 1, b: 1}, expect: {json: [{path: sum, equals: 3}], text: {contains: "bye"}}}
  - {name: outcome, server: demo, tool: fail, arguments: {kind: tool_error}, expect: {outcome: success}}
  - {name: skipped, server: demo, tool: delete_file, arguments: {path: x}}
  - {name: unreachable, server: nowhere, tool: add}
`)
	times := regexp.MustCompile(`time="[^"]*"|\d+ ms|\d+ 毫秒`)
	run := func(locale string, extra ...string) (int, string, string, string) {
		out := filepath.Join(t.TempDir(), "out.xml")
		code, stdout, stderr := runUnder(t, locale, append([]string{"check", file, "--junit", out, "--config", cfg}, extra...)...)
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return code, stdout, stderr, times.ReplaceAllString(string(data), "")
	}
	enCode, enOut, _, enXML := run("C.UTF-8")
	zhCode, zhOut, zhErr, zhXML := run("zh_CN.UTF-8")
	if enCode != zhCode || enCode != ExitConnection {
		t.Errorf("exit %d in English, %d in Chinese; want %d", enCode, zhCode, ExitConnection)
	}
	if enXML != zhXML {
		t.Errorf("the JUnit XML changed with the language:\n%s\n---\n%s", enXML, zhXML)
	}
	for _, want := range []string{"失败     fails", "通过     passes", "已跳过   skipped", "无法运行 unreachable", "JSON 值 (json) sum：预期 3，实际 2", "文本 (text)：预期 包含 \"bye\" 的文本", "结果类型 (outcome)：预期 成功 (success)，实际 工具错误 (tool_error)",
		"delete_file 可能造成破坏", "无法连接到 \"nowhere\"", "1 项通过，2 项失败，1 项无法运行（无法连接），1 项已跳过"} {
		if !strings.Contains(zhOut, want) {
			t.Errorf("the Chinese summary lacks %q:\n%s", want, zhOut)
		}
	}
	if !strings.Contains(enOut, "json sum: expected 3, got 2") || strings.Contains(zhOut, "expected") {
		t.Errorf("English:\n%s\nChinese:\n%s", enOut, zhOut)
	}
	if !strings.Contains(zhErr, "项检查无法运行") {
		t.Errorf("stderr in Chinese: %q", zhErr)
	}
	_, enTAP, _, _ := run("C.UTF-8", "--tap")
	_, zhTAP, _, _ := run("zh_CN.UTF-8", "--tap")
	if times.ReplaceAllString(enTAP, "") != times.ReplaceAllString(zhTAP, "") {
		t.Errorf("TAP changed with the language:\n%s\n---\n%s", enTAP, zhTAP)
	}
}

// `mcpbrowser export`'s notes about the format follow the language; the
// snippet on stdout does not.
func TestExportNotesInChinese(t *testing.T) {
	cfg := writeConfig(t, `{"mcpServers": {"remote": {"type": "http", "url": "https://example.com/mcp"}}}`)
	both := runLocales(t, []string{"C.UTF-8", "zh_CN.UTF-8"}, "export", "--format", "claude", "--config", cfg)
	enOut, enErr, zhOut, zhErr := both[0].out, both[0].errOut, both[1].out, both[1].errOut
	if enOut != zhOut {
		t.Errorf("the snippet changed with the language:\n%s\n---\n%s", enOut, zhOut)
	}
	if !strings.Contains(enErr, "is a remote server") || !strings.Contains(zhErr, "注意：\"remote\" 是远程服务器") {
		t.Errorf("notes:\n%s\n---\n%s", enErr, zhErr)
	}
}
