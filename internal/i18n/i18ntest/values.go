// Package i18ntest helps tests show that a translated text has no English
// left besides its values: the names, numbers and words a server or a
// library wrote, which a translation keeps as they are. It reads the values
// from the keyed message itself (its arguments), so a test needs no list
// of the English it expects.
package i18ntest

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// keyed is a message with its key (mcp/say.Msg, i18n.Keyed).
type keyed interface {
	MessageKey() string
	MessageArgs() map[string]any
}

// Values are the values in m's fields, in the messages it holds too, the
// longest first (so that a value inside another goes with it). A field
// named in words is a word the translation names itself (a check's
// Outcome) and is left out.
func Values(m any, words ...string) []string {
	var out []string
	var walk func(any, string)
	walk = func(v any, field string) {
		switch v := v.(type) {
		case nil:
		case keyed:
			for k, a := range v.MessageArgs() {
				walk(a, k)
			}
		case error:
			out = append(out, v.Error())
		default:
			for _, w := range words {
				if w == field {
					return
				}
			}
			out = append(out, fmt.Sprint(v))
		}
	}
	walk(m, "")
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// WithoutValues is s without what may stay in Latin letters: each of
// values, quoted text ("…" with its escapes), ${input:…} placeholders and
// URLs. A value ending in "…" stands for itself and the ASCII letters,
// digits, spaces and colons after it ("HTTP …" for "HTTP 502 Bad
// Gateway"). What is left should hold no English.
func WithoutValues(s string, values ...string) string {
	// The longest first, so that a value inside another goes with it.
	values = append([]string(nil), values...)
	sort.SliceStable(values, func(i, j int) bool { return len(values[i]) > len(values[j]) })
	var b strings.Builder
	for s != "" {
		if n := valueAt(s, values); n > 0 {
			s = s[n:]
			continue
		}
		_, size := utf8.DecodeRuneInString(s)
		b.WriteString(s[:size])
		s = s[size:]
	}
	return b.String()
}

// valueAt is the length of the value s starts with, or 0.
func valueAt(s string, values []string) int {
	switch {
	case s[0] == '"':
		end := 1
		for end < len(s) && s[end] != '"' {
			if s[end] == '\\' {
				end++
			}
			end++
		}
		return min(end+1, len(s))
	case strings.HasPrefix(s, "${input:"):
		if end := strings.IndexByte(s, '}'); end >= 0 {
			return end + 1
		}
	case strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://"):
		if end := strings.IndexAny(s, " \n"); end >= 0 {
			return end
		}
		return len(s)
	}
	for _, v := range values {
		head, run := strings.CutSuffix(v, "…")
		if head == "" || !strings.HasPrefix(s, head) {
			continue
		}
		n := len(head)
		for run && n < len(s) && isRunByte(s[n]) {
			n++
		}
		return n
	}
	return 0
}

func isRunByte(c byte) bool {
	return c == ' ' || c == ':' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// KeptWords are the words a Chinese text keeps as they are written: the
// names of the check file's outcomes and fields, and technical words
// ("stderr", the "PATH" of the login "shell") that have no better Chinese.
var KeptWords = []string{"stderr", "PATH", "shell", "success", "tool_error", "outcome", "json", "JSON", "text"}
