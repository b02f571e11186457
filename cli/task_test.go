package cli

import (
	"strings"
	"testing"
)

// TestTaskExtensionCommands runs the demo server's background_job, which
// the server makes a task of the 2026-07-28 tasks extension: plain call
// (followed to its result), call --task (status on stderr), --no-wait (the
// task id at once), and a question halfway answered from the same --elicit
// and --sampling-reply flags a call's requests get.
func TestTaskExtensionCommands(t *testing.T) {
	cfg := writeConfig(t, `{"mcpServers": {"demo": {"command": "`+demoBinary+`"}}}`)
	cases := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  []string
		wantErr  []string
	}{
		{"call follows the task", []string{"call", "demo", "background_job", "steps=2", "delay_ms=10"}, ExitOK,
			[]string{"Finished 2 steps."}, nil},
		{"call --task", []string{"call", "demo", "background_job", "steps=2", "delay_ms=10", "--task"}, ExitOK,
			[]string{`"status": "completed"`, "Finished 2 steps."}, []string{": working: starting", ": completed: finished"}},
		{"call --task --no-wait", []string{"call", "demo", "background_job", "--task", "--no-wait"}, ExitOK,
			[]string{`"taskId"`, `"status": "working"`}, nil},
		{"call --task of a tool the server runs at once", []string{"call", "demo", "echo", "message=now", "--task"}, ExitOK,
			[]string{`"text": "now"`}, []string{"at once instead of as a task"}},
		{"a question answered by --elicit", []string{"call", "demo", "background_job", "steps=2", "delay_ms=0", "ask=a question", "--task", "--elicit", "finish=quickly"}, ExitOK,
			[]string{`accept {\"finish\":\"quickly\"}`}, []string{": input_required"}},
		{"a model reply from --sampling-reply", []string{"call", "demo", "background_job", "steps=1", "delay_ms=0", "ask=a model reply", "--sampling-reply", "mauve"}, ExitOK,
			[]string{`\"mauve\"`}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, append(tc.args, "--config", cfg)...)
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.wantCode, out, errOut)
			}
			for _, w := range tc.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
		})
	}
}
