package ui

import (
	"testing"
	"time"

	"mcpbrowser/mcp/schema"
)

func TestFormatElapsed(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{934 * time.Microsecond, "0.9 ms"},
		{42 * time.Millisecond, "42 ms"},
		{3254 * time.Millisecond, "3.3 s"},
		{90 * time.Second, "1m30s"},
	}
	for _, tt := range tests {
		if got := formatElapsed(tt.d); got != tt.want {
			t.Errorf("formatElapsed(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestDescribeFieldErrors(t *testing.T) {
	tests := []struct {
		errs []schema.FieldError
		want string
	}{
		{[]schema.FieldError{{Path: "a", Label: "First number", Message: "this field is required"}},
			"Not sent: First number: this field is required"},
		{[]schema.FieldError{{Path: "a", Message: "must be a whole number"}, {Path: "b", Message: "x"}},
			"Not sent: a: must be a whole number (and 1 more)"},
		{[]schema.FieldError{{Message: "the arguments must be an object"}},
			"Not sent: the arguments must be an object"},
	}
	for _, tt := range tests {
		if got := describeFieldErrors(tt.errs); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}
