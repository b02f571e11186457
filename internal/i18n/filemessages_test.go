package i18n

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/surface"
)

// What the core says about a file it cannot read — the servers file, a
// server entry, a file or text to import, a surface snapshot — made by the
// code that says it, in both languages: by key, with no English left but
// the paths, the names, what the person wrote and the TOML reader's own
// account of a mistake. In English each reads as the error's text.
func TestFileMessagesAreSaidByKey(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	parse := func(text string) error {
		_, err := config.Parse("servers.json", []byte(text))
		return err
	}
	problem := func(entry string) say.Msg {
		s, err := config.ParseServer("x", []byte(entry))
		if err != nil {
			t.Fatal(err)
		}
		return s.ProblemMessage()
	}
	pasted := func(text string) error {
		_, err := clients.ParsePasted(text)
		return err
	}
	snapshot := func(path string) error {
		_, err := surface.Load(path)
		return err
	}
	_, missing := config.Load(filepath.Join(dir, "none.json"))
	_, toml := clients.ParseClientConfig(config.FormatCodex, "config.toml", []byte("[mcp_servers.x]\ncommand = \n"))
	cases := []struct {
		what string
		msg  any
		zh   string
	}{
		{"a servers file that is not there", missing, dir + "/none.json 不存在"},
		{"a key not in quotes", parse(`{"mcpServers": {b}}`), "servers.json 第 1 行第 17 列：不是有效的 JSON：这里应是用双引号括起的键名，却出现了字符 'b'"},
		{"a character out of place", parse(`{"mcpServers": x}`), "servers.json 第 1 行第 16 列：不是有效的 JSON：这里不应出现字符 'x'"},
		{"the end too early", parse(`{"mcpServers": {"x": {"command": "a"}`), "servers.json 第 1 行第 37 列：不是有效的 JSON：JSON 没有写完（缺少右括号或引号？）"},
		{"not an object", parse(`[1]`), "servers.json 第 1 行第 1 列：文件必须是形如 {\"mcpServers\": {…}} 的 JSON 对象"},
		{"servers not an object", parse(`{"mcpServers": [1]}`), "servers.json 第 1 行第 16 列：\"mcpServers\" 必须是由服务器组成的对象，形如 {\"name\": {\"command\": …}}"},
		{"a name written twice", parse(`{"mcpServers": {"a": {}, "a": {}}}`), "servers.json 第 1 行第 26 列：服务器 \"a\" 写了两次；请重命名或删除其中一个"},
		{"an entry not an object", parse(`{"mcpServers": {"x": 3}}`), "servers.json 第 1 行第 22 列：服务器 \"x\"：必须是形如 {\"command\": \"…\"} 或 {\"url\": \"…\"} 的对象"},
		{"a field of the wrong kind", parse(`{"mcpServers": {"x": {"command": 3}}}`), "servers.json 第 1 行第 22 列：服务器 \"x\"：字段 \"command\" 必须是文本"},
		{"a list of the wrong kind", parse(`{"mcpServers": {"x": {"command": "a", "args": "b"}}}`), "servers.json 第 1 行第 22 列：服务器 \"x\"：字段 \"args\" 必须是列表"},
		{"a type not a string", parse(`{"mcpServers": {"x": {"command": "a", "type": 1}}}`), "servers.json 第 1 行第 22 列：服务器 \"x\"：字段 \"type\" 必须是文本"},
		{"a spec neither", parse(`{"mcpServers": {"x": {"spec": 1}}}`), "servers.json 第 1 行第 22 列：服务器 \"x\"：必须是文本或文本列表"},
		{"an unknown transport", problem(`{"type": "ws"}`), "未知的传输方式 \"ws\"；请使用 stdio、http、sse 或 openapi"},
		{"no command", problem(`{"type": "stdio"}`), "没有要启动的命令；请设置 \"command\"（以及 \"args\"）"},
		{"no URL", problem(`{"type": "http"}`), "没有 URL；请把 \"url\" 设为服务器的端点"},
		{"no OpenAPI document", problem(`{"type": "openapi"}`), "没有 OpenAPI 文档；请把 \"spec\" 设为文件路径或 URL"},
		{"nothing set", problem(`{}`), "\"command\" 和 \"url\" 都没有设置"},
		{"pasted text", pasted(`{b}`), "粘贴的文本 第 1 行第 2 列：不是有效的 JSON：这里应是用双引号括起的键名，却出现了字符 'b'"},
		{"pasted nothing", pasted(` `), "粘贴的文本：没有可读取的内容：请粘贴带 \"mcpServers\" 的 JSON 对象，或一个带 \"command\" 或 \"url\" 的服务器"},
		{"bad TOML", toml, "config.toml 第 2 行第 11 列：不是有效的 TOML：expected value but found '\\n' instead"},
		{"a snapshot not there", snapshot(filepath.Join(dir, "none.json")), "读取快照失败：" + dir + "/none.json 不存在"},
		{"a snapshot that is a folder", snapshot(dir), "读取快照失败：" + dir + " 是文件夹，不是文件"},
		{"an empty snapshot", snapshot(write("empty.json", "{}")), dir + "/empty.json：不是接口快照：其中没有 tools、resources、resourceTemplates 或 prompts"},
		{"a snapshot cut short", snapshot(write("short.json", `{"tools": [`)), dir + "/short.json：不是接口快照：JSON 没有写完（缺少右括号或引号？）"},
	}
	t.Cleanup(func() { Setup(English) })
	for _, lang := range []string{English, SimplifiedChinese} {
		if _, err := Setup(lang); err != nil {
			t.Fatal(err)
		}
		for _, tc := range cases {
			if tc.msg == nil {
				t.Fatalf("%s: no error", tc.what)
			}
			want, ok := tc.msg.(string)
			if _, isErr := tc.msg.(error); isErr && !ok {
				want = tc.msg.(error).Error()
			} else if m, isMsg := tc.msg.(say.Msg); isMsg {
				want = m.String()
			}
			if lang == SimplifiedChinese {
				want = tc.zh
			}
			if got := Explain(tc.msg); got != want {
				t.Errorf("%s: %s\n got %q\nwant %q", lang, tc.what, got, want)
			}
		}
	}
	// The errors still say what they wrap.
	if !errors.Is(missing, os.ErrNotExist) {
		t.Error("a missing servers file is not os.ErrNotExist")
	}
}
