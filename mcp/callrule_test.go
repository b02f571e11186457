package mcp

import "testing"

// The calling rule: a tool is called as a task only when the 2025-11-25
// form requires it; everything else is a plain tools/call.
func TestCallWayFor(t *testing.T) {
	tests := []struct {
		name    string
		form    TaskForm
		support string
		want    CallWay
	}{
		{"required, experimental form", TaskFormExperimental, "required", CallAsTask},
		{"optional is plain", TaskFormExperimental, "optional", CallPlain},
		{"forbidden is plain", TaskFormExperimental, "forbidden", CallPlain},
		{"absent is plain", TaskFormExperimental, "", CallPlain},
		{"no tasks at all", TaskFormNone, "", CallPlain},
		{"required under the extension: the server decides", TaskFormExtension, "required", CallPlain},
		{"optional under the extension", TaskFormExtension, "optional", CallPlain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CallWayFor(tt.form, tt.support); got != tt.want {
				t.Errorf("CallWayFor(%v, %q) = %v, want %v", tt.form, tt.support, got, tt.want)
			}
		})
	}
}
