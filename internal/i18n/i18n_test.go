package i18n

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
)

func TestFromLocale(t *testing.T) {
	tests := []struct{ locale, want string }{
		{"zh_CN.UTF-8", SimplifiedChinese},
		{"zh_SG", SimplifiedChinese},
		{"zh-Hans", SimplifiedChinese},
		{"zh-Hans-CN", SimplifiedChinese},
		{"zh", SimplifiedChinese},
		{"zh_TW.UTF-8", English}, // Traditional Chinese is not served by Simplified
		{"zh_HK", English},
		{"zh-Hant", English},
		{"en_US.UTF-8", English},
		{"de_DE.UTF-8", English},
		{"C.UTF-8", English},
		{"", English},
	}
	for _, tt := range tests {
		if got := FromLocale(tt.locale); got != tt.want {
			t.Errorf("FromLocale(%q) = %q, want %q", tt.locale, got, tt.want)
		}
	}
}

func TestFromEnvReadsLikeGettext(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"LANG only", map[string]string{"LANG": "zh_CN.UTF-8"}, SimplifiedChinese},
		{"LC_ALL beats LANG", map[string]string{"LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}, English},
		{"LC_MESSAGES beats LANG", map[string]string{"LC_MESSAGES": "zh_SG.UTF-8", "LANG": "en_GB.UTF-8"}, SimplifiedChinese},
		{"LANGUAGE first entry", map[string]string{"LANGUAGE": "zh_CN:en", "LANG": "en_US.UTF-8"}, SimplifiedChinese},
		{"C locale ignores LANGUAGE", map[string]string{"LANGUAGE": "zh_CN", "LC_ALL": "C"}, English},
		{"C.UTF-8 ignores LANGUAGE", map[string]string{"LANGUAGE": "zh_CN", "LANG": "C.UTF-8"}, English},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FromEnv(func(k string) string { return tt.env[k] }); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestResolvePrefersTheChoice(t *testing.T) {
	zhEnv := func(k string) string {
		if k == "LANG" {
			return "zh_CN.UTF-8"
		}
		return ""
	}
	for _, tt := range []struct{ choice, want string }{
		{Auto, SimplifiedChinese}, {English, English}, {SimplifiedChinese, SimplifiedChinese}, {"fr", SimplifiedChinese},
	} {
		if got := Resolve(tt.choice, zhEnv); got != tt.want {
			t.Errorf("Resolve(%q) = %q, want %q", tt.choice, got, tt.want)
		}
	}
}

// Each English file has its Chinese twin with the same keys and the same
// shape (plain text or plural forms), no translation is empty, and no key is
// in two pairs (the later file would silently win).
func TestTranslationFilesHaveTheSameKeys(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("translations", "*.en.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no English translation files: %v", err)
	}
	owner := map[string]string{}
	total := 0
	for _, name := range names {
		base := filepath.Base(name)
		twin := strings.TrimSuffix(base, ".en.json") + ".zh_Hans.json"
		en := readFile(t, base)
		zh := readFile(t, twin)
		total += len(en)
		if missing := missingKeys(en, zh); len(missing) > 0 {
			t.Errorf("keys in %s but not %s: %q", base, twin, missing)
		}
		if missing := missingKeys(zh, en); len(missing) > 0 {
			t.Errorf("keys in %s but not %s: %q", twin, base, missing)
		}
		for k, v := range zh {
			if other, dup := owner[k]; dup {
				t.Errorf("%q is in both %s and %s", k, other, base)
			}
			owner[k] = base
			if s, ok := v.(string); ok && strings.TrimSpace(s) == "" {
				t.Errorf("empty Chinese text for %q in %s", k, twin)
			}
			if _, plural := en[k].(map[string]any); plural {
				if _, ok := v.(map[string]any); !ok {
					t.Errorf("%q has plural forms in English but not in Chinese (%s)", k, twin)
				}
			}
		}
	}
	if zhNames, _ := filepath.Glob(filepath.Join("translations", "*.zh_Hans.json")); len(zhNames) != len(names) {
		t.Errorf("%d English files but %d Chinese ones", len(names), len(zhNames))
	}
	if total < 50 {
		t.Errorf("only %d keys: the files were not read", total)
	}
	merged, err := Messages(SimplifiedChinese)
	if err != nil || len(merged) != total {
		t.Errorf("Messages(zh-Hans) has %d keys (%v), the files %d", len(merged), err, total)
	}
}

func TestSetupSpeaksTheChosenLanguage(t *testing.T) {
	t.Setenv("LANG", "en_US.UTF-8")
	t.Setenv("LC_ALL", "")
	os.Unsetenv("LC_ALL")
	got, err := Setup(SimplifiedChinese)
	if err != nil || got != SimplifiedChinese {
		t.Fatalf("Setup = %q, %v", got, err)
	}
	if s := lang.L("Quit"); s != "退出" {
		t.Errorf(`lang.L("Quit") = %q in Chinese`, s)
	}
	if s := lang.N("{{.Count}} tools", 3, map[string]any{"Count": 3}); s != "3 个工具" {
		t.Errorf("plural in Chinese = %q", s)
	}
	if _, set := os.LookupEnv("LC_ALL"); set || os.Getenv("LANG") != "en_US.UTF-8" {
		t.Errorf("Setup left the environment changed: LC_ALL set=%v LANG=%q", set, os.Getenv("LANG"))
	}
	if got, _ := Setup(English); got != English {
		t.Fatalf("Setup(English) = %q", got)
	}
	if s := lang.L("Quit"); s != "Quit" {
		t.Errorf(`lang.L("Quit") = %q in English`, s)
	}
	if s := lang.N("{{.Count}} tools", 1, map[string]any{"Count": 1}); s != "1 tool" {
		t.Errorf("singular in English = %q", s)
	}
}

func readFile(t *testing.T, name string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("translations", name))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

func missingKeys(from, in map[string]any) []string {
	var out []string
	for k := range from {
		if _, ok := in[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func TestPseudoMarksEveryLetterButTemplates(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Run", "Ŕûñ"},
		{"{{.Count}} tools", "{{.Count}} ţööļš"},
		{"Took {{.Duration}}.", "Ţööķ {{.Duration}}."},
		{"unclosed {{.X", "ûñçļöšéď {{.X"},
	}
	for _, tt := range tests {
		got := Pseudo(tt.in)
		if got != tt.want {
			t.Errorf("Pseudo(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if HasLatinLetter(strings.ReplaceAll(got, "{{.Count}}", "")) && !strings.Contains(got, "{{") {
			t.Errorf("Pseudo(%q) = %q still has a Latin letter", tt.in, got)
		}
	}
	if err := SetupPseudo(); err != nil {
		t.Fatal(err)
	}
	if s := lang.L("Quit"); s != "Ǫûîţ" {
		t.Errorf(`lang.L("Quit") under the pseudo-locale = %q`, s)
	}
	if !HasLatinLetter(lang.L("a text nobody translated")) {
		t.Error("an untranslated text does not stand out")
	}
}
