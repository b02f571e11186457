package mcp

import (
	"context"
	"strings"
	"testing"
	"time"
)

// The call timeout is restarted by each progress notification and bounded by
// the maximum total, against server-everything's long-running operation
// (duration seconds, split into steps with a progress notification each).
func TestCallTimeoutsWithProgress(t *testing.T) {
	s, _ := connectEverything(t, Handlers{}, nil)
	tests := []struct {
		name      string
		args      string
		opts      CallOptions
		wantLayer ErrorLayer
		wantText  string
	}{
		{"progress every 0.2 s keeps a 1 s timeout from firing over 2 s", `{"duration":2,"steps":10}`,
			CallOptions{Timeout: time.Second}, LayerNone, "completed"},
		{"no progress for longer than the timeout", `{"duration":2,"steps":1}`,
			CallOptions{Timeout: 300 * time.Millisecond}, LayerTimeout, "did not answer within 300ms"},
		{"progress, but past the maximum total", `{"duration":3,"steps":15}`,
			CallOptions{Timeout: time.Second, MaxTotal: 700 * time.Millisecond}, LayerTimeout, "longer than the 700ms maximum"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.CallTool(context.Background(), "trigger-long-running-operation", []byte(tt.args), tt.opts)
			if r.Layer != tt.wantLayer {
				t.Fatalf("layer %q (%s), want %q", r.Layer, r.Message, tt.wantLayer)
			}
			got := r.Message
			if r.Layer == LayerNone {
				got = allText(r)
			}
			if !strings.Contains(strings.ToLower(got), tt.wantText) {
				t.Errorf("%q does not say %q", got, tt.wantText)
			}
		})
	}
	// The session is still usable after calls it cancelled.
	mustCall(t, s, "echo", `{"message":"still here"}`)
}
