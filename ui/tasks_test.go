package ui

import (
	"context"
	"encoding/json"
	"testing"

	"mcpbrowser/mcp"
)

type fakeTaskRunner map[string]string

func (f fakeTaskRunner) TaskSupport(tool string) string { return f[tool] }
func (fakeTaskRunner) CallToolAsTask(context.Context, string, json.RawMessage, func(mcp.Task)) *mcp.CallResult {
	return nil
}

func TestTaskProgressAndRunsAsTask(t *testing.T) {
	cases := []struct {
		task mcp.Task
		want string
	}{
		{mcp.Task{Status: "working"}, "task working"},
		{mcp.Task{Status: "working", StatusMessage: " Gathering sources... "}, "task working: Gathering sources..."},
		{mcp.Task{Status: "input_required"}, "task input_required"},
	}
	for _, c := range cases {
		if got := taskProgress(3, c.task); got.Message != c.want || got.CallID != 3 {
			t.Errorf("%+v: %+v, want %q", c.task, got, c.want)
		}
	}
	f := fakeTaskRunner{"research": "required", "maybe": "optional", "never": "forbidden"}
	for tool, want := range map[string]bool{"research": true, "maybe": false, "never": false, "unknown": false} {
		if got := runsAsTask(f, tool); got != want {
			t.Errorf("runsAsTask(%q) = %v, want %v", tool, got, want)
		}
	}
}
