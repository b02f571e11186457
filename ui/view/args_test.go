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
