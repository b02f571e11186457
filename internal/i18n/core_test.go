package i18n

import (
	"errors"
	"testing"
)

// Text and errors that carry no key pass through Explain as they are, in
// every language: meaning comes with a message's key (mcp/say), never from
// its English.
func TestExplainPassesUnkeyedTextThrough(t *testing.T) {
	cases := []struct{ in, zh string }{
		{"something the core never says", "something the core never says"},
		{"the server exited with code 1.", "the server exited with code 1."},
		{"", ""},
	}
	checkBilingual(t, "Explain", func(s string) string { return Explain(s) }, cases)
	checkBilingual(t, "Explain(error)", func(s string) string { return Explain(errors.New(s)) }, cases)
}
