package live

import (
	"testing"
	"time"

	"mcpbrowser/mcp/tap"
)

// TestStateWord: a session's state in words; a server the tap stopped
// (SIGTERM once the host left) or that was killed reads as such, not as
// a bare exit code.
func TestStateWord(t *testing.T) {
	code := func(c int) *int { return &c }
	end := time.Now()
	for _, tc := range []struct {
		name string
		sum  tap.Summary
		want string
	}{
		{"running", tap.Summary{Live: true}, "running"},
		{"finished", tap.Summary{Meta: tap.Meta{End: &end, ExitCode: code(0)}}, "finished"},
		{"stopped by the tap", tap.Summary{Meta: tap.Meta{End: &end, ExitCode: code(143)}}, "stopped when asked (code 143)"},
		{"killed", tap.Summary{Meta: tap.Meta{End: &end, ExitCode: code(137)}}, "killed (code 137)"},
		{"failed", tap.Summary{Meta: tap.Meta{End: &end, ExitCode: code(3)}}, "ended with code 3"},
		{"the tap was killed", tap.Summary{}, "stopped"},
	} {
		if got := StateWord(tc.sum); got != tc.want {
			t.Errorf("%s: StateWord = %q, want %q", tc.name, got, tc.want)
		}
	}
}
