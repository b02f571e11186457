package cli

import (
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/lint"
	"mcpbrowser/mcp/lint/linttest"
)

// lint's JSON is the same bytes in every language; its human output
// follows LANG.
func TestLintJSONIsTheSameInEveryLanguage(t *testing.T) {
	locales := []string{"en_US.UTF-8", "zh_CN.UTF-8"}
	for _, args := range [][]string{{"lint", "demo", "--json"}, {"lint", "demo", "--json", "--probe"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel() // each runs its own children (and demo servers)
			both := runLocales(t, locales, args...)
			en, zh := both[0], both[1]
			if en.code != 0 || zh.code != 0 || en.out == "" {
				t.Fatalf("%v: exit %d / %d, stderr %q / %q", args, en.code, zh.code, en.errOut, zh.errOut)
			}
			if en.out != zh.out {
				t.Errorf("%v: JSON differs:\nen_US: %s\nzh_CN: %s", args, en.out, zh.out)
			}
		})
	}
	t.Run("lint demo", func(t *testing.T) {
		t.Parallel()
		both := runLocales(t, locales, "lint", "demo")
		enText, zhText := both[0].out, both[1].out
		if hasHan(enText) || !strings.Contains(enText, "demo: 0 errors, 0 warnings") {
			t.Errorf("en_US:\n%s", enText)
		}
		if !hasHan(zhText) || !strings.Contains(zhText, "开销") {
			t.Errorf("zh_CN:\n%s", zhText)
		}
	})
}

// The human output in Chinese of reports carrying every rule and message
// keeps no English word but the server's data and the protocol's names.
func TestLintTextInChinese(t *testing.T) {
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	for _, s := range linttest.EveryMessage() {
		rep := lint.Run(s)
		var b strings.Builder
		probed := []string{"plain", "sum_none"}
		if err := writeLintText(&b, rep, probed); err != nil {
			t.Fatal(err)
		}
		allowed := append(append(linttest.Data(rep), linttest.Vocabulary...), probed...)
		for _, line := range strings.Split(b.String(), "\n") {
			if stray := linttest.Stray(line, allowed); stray != "" {
				t.Errorf("English %q in %q", stray, line)
			}
		}
		if t.Failed() {
			t.Logf("%s", b.String())
		}
	}
}
