package view

import (
	"fmt"
	"strconv"

	"mcpbrowser/internal/i18n"
)

// Size is a byte count in the units a person expects.
func Size(n int) string {
	switch {
	case n < 1000:
		return i18n.L("{{.N}} B", map[string]any{"N": n})
	case n < 1000*1000:
		return i18n.L("{{.N}} KB", map[string]any{"N": fmt.Sprintf("%.1f", float64(n)/1000)})
	}
	return i18n.L("{{.N}} MB", map[string]any{"N": fmt.Sprintf("%.1f", float64(n)/1e6)})
}

// Thousands writes n with thousands separators: 154,321.
func Thousands(n int) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// ClipRunes is s cut to at most n characters.
func ClipRunes(s string, n int) string {
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos]
		}
		i++
	}
	return s
}
