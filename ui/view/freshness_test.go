package view

import (
	"testing"
	"time"
)

func TestTTL(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{300 * time.Millisecond, "1 s"},
		{30 * time.Second, "30 s"},
		{59999 * time.Millisecond, "59 s"},
		{5 * time.Minute, "5 min"},
		{90 * time.Minute, "1 h"},
	}
	for _, tt := range tests {
		if got := TTL(tt.d); got != tt.want {
			t.Errorf("TTL(%s) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestFreshnessKey(t *testing.T) {
	tests := []struct {
		cached, private bool
		want            string
	}{
		{false, false, "fresh for {{.Duration}} (until {{.Until}})"},
		{false, true, "fresh for {{.Duration}} (until {{.Until}}); private to this sign-in"},
		{true, false, "not asked again: fresh until {{.Until}}"},
		{true, true, "not asked again: fresh until {{.Until}}; private to this sign-in"},
	}
	for _, tt := range tests {
		if got := FreshnessKey(tt.cached, tt.private); got != tt.want {
			t.Errorf("FreshnessKey(%v, %v) = %q", tt.cached, tt.private, got)
		}
	}
}
