package view

import (
	"errors"
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
)

// TestNoToolsNotice: the three reasons a connected server shows no tools,
// in both languages, with the server's own words kept.
func TestNoToolsNotice(t *testing.T) {
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	listErr := mcp.AsRequestError("tools/list", errors.New("database is down")) // as the core says it
	tests := []struct {
		err      error
		declares bool
		en, zh   string
	}{
		{listErr, true, "Listing this server's tools failed: tools/list failed: database is down", "列出此服务器的工具失败：tools/list 失败：database is down"},
		{nil, true, "This server's tool list is empty.", "此服务器的工具列表是空的。"},
		{nil, false, "does not declare the tools capability", "没有声明 tools 能力"},
	}
	for _, tt := range tests {
		for _, lang := range []string{i18n.English, i18n.SimplifiedChinese} {
			i18n.Setup(lang)
			want := tt.en
			if lang == i18n.SimplifiedChinese {
				want = tt.zh
			}
			if got := NoToolsNotice(tt.err, tt.declares); !strings.Contains(got, want) {
				t.Errorf("%s: NoToolsNotice(%v, %v) = %q, want it to contain %q", lang, tt.err, tt.declares, got, want)
			}
		}
	}
}
