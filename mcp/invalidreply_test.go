package mcp

import (
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

// TestInvalidRepliesToReadAndPrompt: a resources/read or prompts/get reply
// the app cannot read fails that request alone, in plain words naming the
// method and what is wrong, and the session goes on.
func TestInvalidRepliesToReadAndPrompt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shares the misbehave rig, which relies on Unix signals")
	}
	s, ctx := connectMisbehave(t, buildMisbehave(t), nil, "-mode", testservers.ModeBadLine, "-bad-line", " ")
	read := func(text string) *Outcome { return &s.ReadResource(ctx, "echo://"+text).Outcome }
	prompt := func(text string) *Outcome {
		return &s.GetPrompt(ctx, "echo", map[string]string{"text": text}).Outcome
	}
	cases := []struct {
		name string
		do   func(text string) *Outcome
		text string
		want string
	}{
		{"read, contents not a list", read, "MALFORMED", "the server's reply to resources/read was not valid: contents must be a list"},
		{"read, nested too deep", read, "DEEP", "the server's reply to resources/read was not valid: it is nested deeper than the 1000 levels"},
		{"prompt, messages not a list", prompt, "MALFORMED", "the server's reply to prompts/get was not valid: messages must be a list"},
		{"prompt, nested too deep", prompt, "DEEP", "the server's reply to prompts/get was not valid: it is nested deeper than the 1000 levels"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.do(tc.text)
			if o.Layer != LayerInvalidReply || o.Message != tc.want && !strings.HasPrefix(o.Message, tc.want) {
				t.Errorf("layer %q, message %q; want layer %q and %q", o.Layer, o.Message, LayerInvalidReply, tc.want)
			}
			for _, raw := range []string{"unmarshal", "exited", "went away", "json:"} {
				if strings.Contains(o.Message, raw) {
					t.Errorf("message %q says %q", o.Message, raw)
				}
			}
			if o := tc.do("fine"); !o.OK() {
				t.Errorf("the same request after the bad reply: %s (%v)", o.Message, o.Err)
			}
			if st := s.Status(); st.State != StateReady {
				t.Errorf("status %+v after the bad reply", st)
			}
		})
	}
	if r := s.ReadResource(ctx, "echo://MALFORMED"); r.ExitCode() != 4 || r.Result != nil {
		t.Errorf("an invalid reply: exit code %d, result %v; want 4 and none", r.ExitCode(), r.Result)
	}
}
