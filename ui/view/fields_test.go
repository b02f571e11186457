package view

import (
	"strings"
	"syscall"
	"testing"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/schema"
)

func TestFieldErrors(t *testing.T) {
	tests := []struct {
		errs []schema.FieldError
		want string
	}{
		{[]schema.FieldError{{Path: "a", Label: "First number", Message: "this field is required"}},
			"Not sent: First number: this field is required"},
		{[]schema.FieldError{{Path: "a", Message: "must be a whole number"}, {Path: "b", Message: "x"}},
			"Not sent: a: must be a whole number (and 1 more)"},
		{[]schema.FieldError{{Message: "the arguments must be an object"}},
			"Not sent: the arguments must be an object"},
	}
	for _, tt := range tests {
		if got := FieldErrors(tt.errs); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestFieldErrorsOfAnAnswer(t *testing.T) {
	required := say.Text("this field is required")
	one := []schema.FieldError{{Path: "name", Label: "Name", Message: required.String(), Msg: required}}
	checkWordings(t, []wording{
		{"accepted", func() string { return FieldErrorsAs(one, false) }, "Not accepted: Name: this field is required", "未接受：Name：此字段为必填项"},
		{"more", func() string { return FieldErrorsAs(append(one, one...), false) }, "Not accepted: Name: this field is required (and 1 more)", "未接受：Name：此字段为必填项（另有 1 个问题）"},
	})
}

func TestOptionLabels(t *testing.T) {
	got := OptionLabels([]schema.Option{{Label: "Red"}, {Value: []byte(`"blue"`)}, {Label: "Red"}, {Label: "Red"}})
	if want := []string{"Red", `"blue"`, "Red (2)", "Red (3)"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("OptionLabels = %q, want %q", got, want)
	}
	if !ShortLabels([]string{"nothing", "a question"}) || ShortLabels([]string{"a label longer than twenty-four"}) {
		t.Error("ShortLabels does not tell a label over 24 characters")
	}
}

func TestConfigWords(t *testing.T) {
	stdio := &config.ServerConfig{Name: "fs", Type: config.TypeStdio, Command: "npx", Args: []string{"-y", "server"}, Env: map[string]string{"API_KEY": "s3cret", "HOME_DIR": "/h"}}
	web := &config.ServerConfig{Name: "web", Type: config.TypeHTTP, URL: "https://example.com/mcp", Headers: map[string]string{"Authorization": "Bearer abcdef123456"}}
	checkWordings(t, []wording{
		{"other file, line", func() string { return OtherFileError(&config.ConfigError{Line: 3, Column: 7, Msg: "unexpected comma"}) },
			"This file could not be read: line 3, column 7: unexpected comma. Its servers are not shown; fix it in its app.", "无法读取这个文件：第 3 行，第 7 列：unexpected comma。其中的服务器不会显示；请在它所属的应用中修正。"},
		{"other file", func() string { return OtherFileError(say.Cause(syscall.EACCES)) }, "Permission denied.", "没有权限。"},
		{"paste", func() string { return PasteError(&config.ConfigError{Line: 2, Column: 1, Msg: "no servers"}) }, "Line 2, column 1: no servers.", "第 2 行，第 1 列：no servers。"},
		{"target, stdio", func() string { return DescribeTarget(stdio) }, "Command: npx -y server", "命令：npx -y server"},
		{"target, http", func() string { return DescribeTarget(web) }, "URL: https://example.com/mcp", "URL：https://example.com/mcp"},
		{"servers file", func() string {
			return ServersFileError("/c/servers.json", &config.ConfigError{Path: "/c/servers.json", Line: 4, Column: 2, Msg: "missing brace"})
		},
			"The servers file /c/servers.json has a mistake at line 4, column 2: missing brace. No servers are shown and nothing will be saved until it is fixed; fix the file, then choose Reload.",
			"服务器文件 /c/servers.json 第 4 行第 2 列有错误：missing brace。修正之前不显示任何服务器，也不会保存任何内容；请修正文件，然后选择“重新加载”。"},
		{"no origin", func() string { return OriginText(stdio) }, "", ""},
	})
	if got := ImportedLine(stdio); strings.Contains(got, "s3cret") || !strings.Contains(got, "npx -y server") {
		t.Errorf("ImportedLine shows %q: the command, and no secret", got)
	}
	if got := ImportedLine(web); strings.Contains(got, "abcdef123456") || !strings.HasPrefix(got, "http https://example.com/mcp · Authorization: ") {
		t.Errorf("ImportedLine shows %q: the URL and header names, and no secret", got)
	}
}

func TestLongTextAndOneLine(t *testing.T) {
	two, long := 200, 5000
	for _, c := range []struct {
		fd   schema.Field
		want bool
	}{
		{schema.Field{Name: "content"}, true},
		{schema.Field{Name: "path"}, false},
		{schema.Field{Name: "body", Limits: schema.Limits{MaxLength: &two}}, false},
		{schema.Field{Name: "notes", Format: "email"}, false},
		{schema.Field{Name: "x", Limits: schema.Limits{MaxLength: &long}}, true},
		{schema.Field{Name: "q", Label: "Prompt text"}, true},
	} {
		if got := IsLongText(&c.fd); got != c.want {
			t.Errorf("IsLongText(%s %q) = %v, want %v", c.fd.Name, c.fd.Label, got, c.want)
		}
	}
	if !FitsOnOneLine([]string{"red", "green", "blue"}) || FitsOnOneLine([]string{"nothing", "a question", "a model reply"}) ||
		FitsOnOneLine([]string{"a", "b", "c", "d", "e"}) {
		t.Error("FitsOnOneLine: three colours fit; the demo's three choices and five letters do not")
	}
}
