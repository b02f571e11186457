package ui

import (
	"strings"
	"testing"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/lintwords"
	"mcpbrowser/mcp/lint"
	"mcpbrowser/mcp/lint/linttest"
	"mcpbrowser/ui/quality"
	"mcpbrowser/ui/widgets"
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

// A tool's quality badge sits at the right of its name's line, and a long
// name is cut short before it rather than run under it (server-everything's
// get-resource-reference touched "1 条提示" at 1024×640).
func TestQualityBadgeDoesNotCoverTheName(t *testing.T) {
	test.NewTempApp(t)
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	row := newToolRowObject()
	e := indexTools([]*sdk.Tool{{Name: "get-resource-reference-with-an-even-longer-name", Description: "Returns a resource reference."}})[0]
	updateToolRowObject(row, &e)
	showQualityBadge(row, widgets.Badge{Label: i18n.N("{{.Count}} notes", 12), Color: theme.ColorNamePlaceHolder})
	row.Resize(fyne.NewSize(widgets.ListMin, row.MinSize().Height))
	first := row.(*fyne.Container).Objects[0].(*fyne.Container)
	name, slot := first.Objects[0], first.Objects[1]
	if !slot.Visible() || slot.Size().Width == 0 {
		t.Fatalf("the badge is not shown: %v", slot.Size())
	}
	if name.Position().X+name.Size().Width > slot.Position().X+0.5 {
		t.Errorf("the name (%v wide) runs under the badge at %v", name.Size().Width, slot.Position().X)
	}
	if got := shownText(row); !strings.Contains(got, "12 条提示") {
		t.Errorf("row shows %q", got)
	}
	showQualityBadge(row, widgets.Badge{})
	if slot.Visible() {
		t.Error("the badge stays after the findings went")
	}
}
