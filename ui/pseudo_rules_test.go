package ui

import (
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
)

// The walk's rule on its own: a plain word of server data stands where a
// widget shows data, and nowhere else.
func TestPseudoWalkAllowsServerWordsOnlyAsData(t *testing.T) {
	a := newAllowances([]string{"add", "a", "path", "default", "demo", "Adds two numbers", "read_file"})
	cases := []struct {
		text string
		bad  string // the words left untranslated, "" when none
	}{
		{"add", ""},                         // a tool's name in its row
		{"demo · add · 3ms", ""},            // pieces of data in one label
		{i18n.Pseudo("Run {{.Tool}}?"), ""}, // the template itself is pseudo text
		{"Ŕûñ add?", ""},                    // a field of "Run {{.Tool}}?"
		{"Adds two numbers", ""},            // a description
		{"read_file: Ŕûñ", ""},              // an identifier
		{"30 (default)", "default"},         // the app's English, a data word inside
		{"Add a path", "Add a path"},        // the app's English, data words inside
		{"Ŕûñ add now", "add now"},          // no message has that shape
		{"path", ""},                        // alone, a label of data: cannot be told apart
		{"Every expectation was met.", "Every expectation was met"},
	}
	for _, c := range cases {
		if got := strings.Join(a.untranslated(c.text), " "); got != c.bad {
			t.Errorf("%q: untranslated %q, want %q", c.text, got, c.bad)
		}
	}
}
