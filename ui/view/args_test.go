package view

import (
	"slices"
	"testing"
)

func TestSplitArgs(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"-y @modelcontextprotocol/server-filesystem /tmp", []string{"-y", "@modelcontextprotocol/server-filesystem", "/tmp"}},
		{"  --port   8080 ", []string{"--port", "8080"}},
		{`--name "My Server"`, []string{"--name", "My Server"}},
		{`'a b' c`, []string{"a b", "c"}},
		{`a\ b`, []string{"a b"}},
		{`--empty ""`, []string{"--empty", ""}},
		{"single", []string{"single"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := SplitArgs(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("SplitArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if OffersSplit(`"C:\Program Files\x"`) {
		t.Error("a quoted path with spaces is one argument")
	}
	if !OffersSplit("-y pkg") {
		t.Error("-y pkg is two arguments")
	}
}

func TestFirstErrorLine(t *testing.T) {
	trace := []string{
		"node:internal/modules/cjs/loader:1228",
		"  throw err;",
		"Error: Cannot find module '/x/index.js'",
		"    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)",
		"    at Module._load (node:internal/modules/cjs/loader:1051:27)",
		"    at Function.executeUserEntryPoint (node:internal/modules/run_main:142:12)",
		"    at node:internal/main/run_main_module:28:49 {",
		"  code: 'MODULE_NOT_FOUND',",
		"}",
	}
	tests := []struct {
		lines []string
		n     int
		want  string
	}{
		{trace, 5, "Error: Cannot find module '/x/index.js'"},
		{trace, 7, ""}, // already among the last lines
		{[]string{"starting", "listening"}, 1, ""},
		{[]string{"Traceback (most recent call last):", "a", "b", "c"}, 2, "Traceback (most recent call last):"},
		{nil, 5, ""},
	}
	for _, tt := range tests {
		if got := FirstErrorLine(tt.lines, tt.n); got != tt.want {
			t.Errorf("FirstErrorLine(%d lines, %d) = %q, want %q", len(tt.lines), tt.n, got, tt.want)
		}
	}
}
