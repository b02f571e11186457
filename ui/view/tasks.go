package view

import (
	"strings"
	"time"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
)

// TaskRow is a task's row in the list: the tool and status, the status
// message, and the task's age.
func TaskRow(e mcp.TaskEntry, now time.Time) (name, sub, note string) {
	tool := e.Tool
	if tool == "" {
		tool = i18n.L("(tool not known)")
	}
	name = TaskRowName(tool, e.Status)
	sub = i18n.Explain(e.StatusWords()) // the core's own message translated; a server's stays
	if sub == "" {
		sub = i18n.L("task {{.ID}}", map[string]any{"ID": e.TaskID})
	}
	note = i18n.L("started {{.Time}}", map[string]any{"Time": e.Seen.Format("15:04:05")})
	if e.Status == "input_required" {
		note = i18n.L("waits for your answer")
	}
	return name, sub, note
}

// TaskRowName is a task's row title: the tool and the status, in words.
func TaskRowName(tool, status string) string {
	v := map[string]any{"Tool": tool, "Status": status}
	switch status {
	case "working":
		return i18n.L("{{.Tool}}: working", v)
	case "input_required":
		return i18n.L("{{.Tool}}: needs your input", v)
	case "completed":
		return i18n.L("{{.Tool}}: completed", v)
	case "failed":
		return i18n.L("{{.Tool}}: failed", v)
	case "cancelled":
		return i18n.L("{{.Tool}}: cancelled", v)
	}
	return i18n.L("{{.Tool}}: {{.Status}}", v)
}

// TaskHeadline is the selected task's first line.
func TaskHeadline(e mcp.TaskEntry) string {
	v := map[string]any{"ID": e.TaskID, "Status": e.Status}
	switch e.Status {
	case "working":
		return i18n.L("Task {{.ID}} is working.", v)
	case "input_required":
		return i18n.L("Task {{.ID}} needs your input.", v)
	case "completed":
		return i18n.L("Task {{.ID}} has completed.", v)
	case "failed":
		return i18n.L("Task {{.ID}} has failed.", v)
	case "cancelled":
		return i18n.L("Task {{.ID}} was cancelled.", v)
	}
	return i18n.L("Task {{.ID}}: {{.Status}}", v)
}

// TaskTimes says when the task was created and last changed, as the server said.
func TaskTimes(e mcp.TaskEntry) string {
	if e.CreatedAt == "" {
		return ""
	}
	return i18n.L("Created {{.Created}}, last changed {{.Updated}} (the server's clock).", map[string]any{"Created": ServerTime(e.CreatedAt), "Updated": ServerTime(e.LastUpdatedAt)})
}

// ServerTime shows an ISO 8601 time of the server's in local time, to the
// second; what does not parse is shown as it came.
func ServerTime(s string) string {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return s
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

// TaskFormNote says which kind of tasks the server has.
func TaskFormNote(f mcp.TaskForm) string {
	switch f {
	case mcp.TaskFormExtension:
		return WithTerms(i18n.L("This server decides by itself which calls run in the background as tasks. It cannot list its tasks, so only the tasks started here are listed."),
			"io.modelcontextprotocol/tasks")
	case mcp.TaskFormExperimental:
		return WithTerms(i18n.L("Some of this server's tools run in the background as tasks. Refresh also lists the tasks the server knows of."),
			"2025-11-25, execution.taskSupport, tasks/list")
	}
	return i18n.L("This server offers no tasks.")
}

// TaskProgress words a task's state as a progress line for the running
func TaskProgress(callID int, t mcp.Task) mcp.Progress {
	state := t.Status
	if m := strings.TrimSpace(t.StatusMessage); m != "" {
		state += ": " + strings.TrimSpace(i18n.Explain(t.StatusWords())) // the core's own message translated; a server's stays
	}
	return mcp.Progress{CallID: callID, Message: i18n.L("task {{.State}}", map[string]any{"State": state})}
}
