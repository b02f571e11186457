package view

import (
	"time"

	"mcpbrowser/internal/i18n"
)

// TTL is how long a list stays fresh, as a person reads it: 30 s, 5 min,
// 2 h (rounded down; under a second shows as 1 s).
func TTL(d time.Duration) string {
	switch {
	case d < time.Minute:
		return i18n.L("{{.N}} s", map[string]any{"N": max(int(d/time.Second), 1)})
	case d < time.Hour:
		return i18n.L("{{.N}} min", map[string]any{"N": int(d / time.Minute)})
	}
	return i18n.L("{{.N}} h", map[string]any{"N": int(d / time.Hour)})
}

// FreshnessKey is the translation key of a list header's note on the
// list's ttlMs: just fetched, or served again without asking the server
// (cached), and whether the server said the list is private to this
// sign-in (cacheScope "private"). Its fields: {{.Duration}} (TTL) and
// {{.Until}} (a clock time).
func FreshnessKey(cached, private bool) string {
	switch {
	case cached && private:
		return "not asked again: fresh until {{.Until}}; private to this sign-in"
	case cached:
		return "not asked again: fresh until {{.Until}}"
	case private:
		return "fresh for {{.Duration}} (until {{.Until}}); private to this sign-in"
	}
	return "fresh for {{.Duration}} (until {{.Until}})"
}
