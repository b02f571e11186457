package lintwords

import (
	"encoding/json"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"mcpbrowser/internal/i18n"
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
func TestMessagesAreInBothLanguages(t *testing.T) {
	en, err := i18n.Messages(i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	zh, err := i18n.Messages(i18n.SimplifiedChinese)
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
func TestEveryMessageIsReached(t *testing.T) {
	if _, err := i18n.Setup(i18n.English); err != nil {
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
			if got := Message(f); got != f.Message {
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
func TestReportInChinese(t *testing.T) {
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	for _, s := range linttest.EveryMessage() {
		rep := lint.Run(s)
		allowed := append(linttest.Data(rep), linttest.Vocabulary...)
		texts := []string{Summary(rep), Cost(rep.Cost), CostMethod(rep.Cost)}
		for _, g := range rep.ByRule() {
			texts = append(texts, RuleHeading(g), Title(g.Rule), Why(g.Rule), Severity(g.Rule.Severity))
			for _, f := range g.Findings {
				texts = append(texts, Message(f), Where(f, true), Where(f, false))
			}
		}
		for _, text := range texts {
			if stray := linttest.Stray(text, allowed); stray != "" {
				t.Errorf("English %q in %q", stray, text)
			}
		}
	}
}

func TestSeverityWords(t *testing.T) {
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	for s, want := range map[lint.Severity]string{lint.Error: "错误", lint.Warning: "警告", lint.Info: "提示"} {
		if got := Severity(s); got != want {
			t.Errorf("%s: %q, want %q", s, got, want)
		}
	}
}

// TestLintOutputMismatchNamesTheFieldInWords: the quality report says which
// field of a result broke the outputSchema and how, in the window's language
// (it showed the validator's own English before).
func TestLintOutputMismatchNamesTheFieldInWords(t *testing.T) {
	tool := lint.Tool{Name: "add", InputSchema: json.RawMessage(`{"type":"object"}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"sum":{"type":"number"}}}`)}
	rep := lint.Run(lint.Surface{Tools: []lint.Tool{tool},
		Observed: []lint.Observation{{Tool: "add", StructuredContent: json.RawMessage(`{"sum":"five"}`)}}})
	var found *lint.Finding
	for i, f := range rep.Findings {
		if f.Rule == "output-mismatch" {
			found = &rep.Findings[i]
		}
	}
	if found == nil {
		t.Fatalf("no output-mismatch in %+v", rep.Findings)
	}
	for lang, want := range map[string]string{
		i18n.English:           "a result did not match outputSchema: structuredContent.sum must be a number, not text",
		i18n.SimplifiedChinese: "某个结果与 outputSchema 不符：structuredContent.sum 必须是数字，而不是文本",
	} {
		if _, err := i18n.Setup(lang); err != nil {
			t.Fatal(err)
		}
		if got := Message(*found); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	if found.Message != "a result did not match outputSchema: structuredContent.sum must be a number, not text" {
		t.Errorf("the English message (JSON output) is %q", found.Message)
	}
}
