package i18n

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"mcpbrowser/mcp/lint"
	"mcpbrowser/mcp/lint/linttest"
)

var templateField = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// fields lists a text's {{.Fields}}, each once, sorted.
func fields(s string) []string {
	var out []string
	for _, m := range templateField.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// Every message a finding can carry, and every rule's why, is in both
// languages, with the same {{.Fields}} as the template mcp/lint fills.
func TestLintMessagesAreInBothLanguages(t *testing.T) {
	en, err := Messages(English)
	if err != nil {
		t.Fatal(err)
	}
	zh, err := Messages(SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	keys := lint.MessageKeys()
	for _, r := range lint.Rules() {
		keys = append(keys, r.Why, r.Title)
	}
	keys = append(keys, lint.CostMethod)
	for _, key := range keys {
		t.Run(key, func(t *testing.T) {
			want := fields(key)
			for name, file := range map[string]map[string]any{"en": en, "zh_Hans": zh} {
				text, ok := file[key].(string)
				if !ok {
					t.Errorf("%s: no text for the key", name)
					continue
				}
				if got := fields(text); !slices.Equal(got, want) {
					t.Errorf("%s: fields %v, the template has %v: %q", name, got, want, text)
				}
			}
			if en[key] != key {
				t.Errorf("en: %q, want the key itself", en[key])
			}
			if zh, _ := zh[key].(string); !strings.ContainsFunc(zh, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("zh_Hans: %q is not Chinese", zh)
			}
		})
	}
}

// The surfaces of linttest carry every message and the first fires every
// rule, so the other tests see them all; in English a message reads as the
// JSON output's.
func TestLintEveryMessageIsReached(t *testing.T) {
	if _, err := Setup(English); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	fired := map[string]bool{}
	for i, s := range linttest.EveryMessage() {
		for _, f := range lint.Run(s).Findings {
			used[f.Key] = true
			if i == 0 {
				fired[f.Rule] = true
			}
			if got := LintMessage(f); got != f.Message {
				t.Errorf("%s: English %q, JSON %q", f.Rule, got, f.Message)
			}
			if strings.Contains(f.Message, "{{") {
				t.Errorf("%s: a field was not filled: %q", f.Rule, f.Message)
			}
		}
	}
	for _, k := range lint.MessageKeys() {
		if !used[k] {
			t.Errorf("no surface of linttest.EveryMessage carries %q", k)
		}
	}
	for _, r := range lint.Rules() {
		if !fired[r.ID] {
			t.Errorf("linttest.EveryMessage()[0] does not fire %s", r.ID)
		}
	}
}

// Every sentence of a report worded in Chinese keeps no English word but
// the server's data and the protocol's names.
func TestLintReportInChinese(t *testing.T) {
	if _, err := Setup(SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { Setup(English) })
	for _, s := range linttest.EveryMessage() {
		rep := lint.Run(s)
		allowed := append(linttest.Data(rep), linttest.Vocabulary...)
		texts := []string{LintSummary(rep), LintCost(rep.Cost), LintCostMethod(rep.Cost)}
		for _, g := range rep.ByRule() {
			texts = append(texts, LintRuleHeading(g), LintTitle(g.Rule), LintWhy(g.Rule), LintSeverity(g.Rule.Severity))
			for _, f := range g.Findings {
				texts = append(texts, LintMessage(f), LintWhere(f, true), LintWhere(f, false))
			}
		}
		for _, text := range texts {
			if stray := linttest.Stray(text, allowed); stray != "" {
				t.Errorf("English %q in %q", stray, text)
			}
		}
	}
}

func TestLintSeverityWords(t *testing.T) {
	if _, err := Setup(SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { Setup(English) })
	for s, want := range map[lint.Severity]string{lint.Error: "错误", lint.Warning: "警告", lint.Info: "提示"} {
		if got := LintSeverity(s); got != want {
			t.Errorf("%s: %q, want %q", s, got, want)
		}
	}
}
