package ui

import (
	"strings"
	"testing"
	"unicode"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/lintwords"
	"mcpbrowser/mcp/lint"
	"mcpbrowser/mcp/lint/linttest"
	"mcpbrowser/ui/quality"
)

// The quality report window in Chinese, with every rule firing: every text
// in it is Chinese but for the server's data and the protocol's names, and
// every finding's message is shown.
func TestLintReportWindowInChinese(t *testing.T) {
	a := test.NewTempApp(t)
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	for _, s := range linttest.EveryMessage() {
		rep := lint.Run(s)
		win := quality.NewLintReport(a, rep, func(string) {})
		texts := []shownTextAt{{"window title", win.Title()}}
		walkTexts(win.Content(), s.Server, &texts)
		win.Close()

		allowed := append(linttest.Data(rep), linttest.Vocabulary...)
		shown := map[string]bool{}
		for _, x := range texts {
			shown[x.text] = true
			if stray := linttest.Stray(x.text, allowed); stray != "" {
				t.Errorf("%s: English %q in %q", x.where, stray, x.text)
			}
		}
		for _, f := range rep.Findings {
			msg := lintwords.Message(f)
			if !shown[msg] {
				t.Errorf("%s %s: the message %q is not shown", f.Rule, f.Target, msg)
			}
			if !strings.ContainsFunc(msg, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("%s: %q is not Chinese", f.Rule, msg)
			}
		}
		for _, sev := range []string{"错误", "警告", "提示"} {
			if s.Server != "bare" && !shown[sev] {
				t.Errorf("%s: no severity badge %q", s.Server, sev)
			}
		}
	}
}
