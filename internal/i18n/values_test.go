package i18n

import (
	"strings"
	"unicode"
)

// withoutValues is s without what a translated message keeps as it was
// written: quoted text, ${input:…} placeholders, http(s):// addresses, and
// words. A word ending in "…" stands for itself and the ASCII letters,
// digits, spaces and colons after it ("HTTP …" for "HTTP 502 Bad Gateway").
// What is left should hold no English.
func withoutValues(s string, words ...string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if n := valueAt(s[i:], words); n > 0 {
			i += n
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// valueAt is the length of the value s starts with, or 0.
func valueAt(s string, words []string) int {
	switch {
	case s[0] == '"':
		j := 1
		for j < len(s) && s[j] != '"' {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		return min(j+1, len(s))
	case strings.HasPrefix(s, "${input:"):
		if j := strings.IndexByte(s, '}'); j >= 0 {
			return j + 1
		}
	case strings.HasPrefix(s, "https://"), strings.HasPrefix(s, "http://"):
		if j := strings.IndexFunc(s, unicode.IsSpace); j >= 0 {
			return j
		}
		return len(s)
	}
	for _, w := range words {
		head, run := strings.CutSuffix(w, "…")
		if !strings.HasPrefix(s, head) {
			continue
		}
		n := len(head)
		for run && n < len(s) && s[n] < unicode.MaxASCII && (s[n] == ' ' || s[n] == ':' || unicode.IsLetter(rune(s[n])) || unicode.IsDigit(rune(s[n]))) {
			n++
		}
		return n
	}
	return 0
}
