package view

import (
	"strings"
	"unicode/utf8"

	"mcpbrowser/internal/i18n"
)

// CountOf says how many of total rows a filter lets through: "12 prompts",
// or "3 of 12 prompts" while the filter hides some.
// many names the rows in English ("tools"), which picks the two keys
// "{{.Count}} tools" and "{{.Shown}} of {{.Count}} tools match"; one is
// the English singular, which the translation files carry as the key's
// "one" form.
func CountOf(shown, total int, one, many string) string {
	_ = one
	if shown == total {
		return i18n.N("{{.Count}} "+many, total)
	}
	return i18n.N("{{.Shown}} of {{.Count}} "+many+" match", total, map[string]any{"Shown": shown})
}

// SafeFileName keeps a name usable as a file name on every system.
func SafeFileName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || strings.ContainsRune(`<>:"/\|?*`, r) {
			return '_'
		}
		return r
	}, s)
}

func IndexOf(labels []string, s string) int {
	for i, l := range labels {
		if l == s {
			return i
		}
	}
	return -1
}

func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
