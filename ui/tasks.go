package ui

import (
	"context"
	"encoding/json"
	"strings"

	"mcpbrowser/mcp"
)

// A tool whose execution.taskSupport is "required" runs as a task: the
// running-call view shows each status change as progress (with the
// server's status message), Cancel sends tasks/cancel, and the result is
// shown like any call's. The session keeps the task list (mcp.Session.Tasks).

// taskRunner is what running a tool as a task needs from a session.
type taskRunner interface {
	TaskSupport(tool string) string
	CallToolAsTask(ctx context.Context, name string, args json.RawMessage, seen func(mcp.Task)) *mcp.CallResult
}

// runsAsTask reports whether the tool must run as a task.
func runsAsTask(s taskRunner, tool string) bool {
	return s.TaskSupport(tool) == "required"
}

// taskProgress words a task's state as a progress line for the running view.
func taskProgress(callID int, t mcp.Task) mcp.Progress {
	msg := "task " + t.Status
	if m := strings.TrimSpace(t.StatusMessage); m != "" {
		msg += ": " + m
	}
	return mcp.Progress{CallID: callID, Message: msg}
}
