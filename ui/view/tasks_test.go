package view

import (
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/say"
)

func TestTaskProgress(t *testing.T) {
	cases := []struct {
		task mcp.Task
		want string
	}{
		{mcp.Task{Status: "working"}, "task working"},
		{mcp.Task{Status: "working", StatusMessage: " Gathering sources... "}, "task working: Gathering sources..."},
		{mcp.Task{Status: "input_required"}, "task input_required"},
	}
	for _, c := range cases {
		if got := TaskProgress(3, c.task); got.Message != c.want || got.CallID != 3 {
			t.Errorf("%+v: %+v, want %q", c.task, got, c.want)
		}
	}
}

func TestTaskRowWording(t *testing.T) {
	seen := time.Date(2026, 12, 1, 9, 5, 7, 0, time.UTC)
	cases := []struct {
		e                   mcp.TaskEntry
		name, sub, note, hd string
	}{
		{mcp.TaskEntry{Task: mcp.Task{TaskID: "t1", Status: "working", StatusMessage: "step 1 of 4"}, Tool: "background_job", Seen: seen},
			"background_job: working", "step 1 of 4", "started 09:05:07", "Task t1 is working."},
		{mcp.TaskEntry{Task: mcp.Task{TaskID: "t2", Status: "input_required"}, Tool: "background_job", Seen: seen},
			"background_job: needs your input", "task t2", "waits for your answer", "Task t2 needs your input."},
		{mcp.TaskEntry{Task: mcp.Task{TaskID: "t3", Status: "completed"}, Seen: seen},
			"(tool not known): completed", "task t3", "started 09:05:07", "Task t3 has completed."},
		{mcp.TaskEntry{Task: mcp.Task{TaskID: "t4", Status: "cancelled"}, Tool: "x", Seen: seen},
			"x: cancelled", "task t4", "started 09:05:07", "Task t4 was cancelled."},
		{mcp.TaskEntry{Task: mcp.Task{TaskID: "t5", Status: "odd"}, Tool: "x", Seen: seen},
			"x: odd", "task t5", "started 09:05:07", "Task t5: odd"},
	}
	for _, c := range cases {
		name, sub, note := TaskRow(c.e, seen)
		if name != c.name || sub != c.sub || note != c.note || TaskHeadline(c.e) != c.hd {
			t.Errorf("%+v: %q %q %q %q", c.e, name, sub, note, TaskHeadline(c.e))
		}
	}
}

func TestTaskTimesAndFormNote(t *testing.T) {
	local := func(s string) string {
		at, _ := time.Parse(time.RFC3339Nano, s)
		return at.Local().Format("2006-01-02 15:04:05")
	}
	e := mcp.TaskEntry{Task: mcp.Task{CreatedAt: "2026-12-01T09:05:07.5Z", LastUpdatedAt: "yesterday"}}
	checkWordings(t, []wording{
		{"times", func() string { return TaskTimes(e) },
			"Created " + local(e.CreatedAt) + ", last changed yesterday (the server's clock).",
			"创建于 " + local(e.CreatedAt) + "，最后更改于 yesterday（服务器时钟）。"},
		{"no times", func() string { return TaskTimes(mcp.TaskEntry{}) }, "", ""},
		{"extension", func() string { return TaskFormNote(mcp.TaskFormExtension) },
			"This server decides by itself which calls run in the background as tasks. It cannot list its tasks, so only the tasks started here are listed.\nIn the protocol: io.modelcontextprotocol/tasks",
			"此服务器自行决定哪些调用作为任务在后台运行。它无法列出自己的任务，因此只列出在这里启动的任务。\n协议术语：io.modelcontextprotocol/tasks"},
		{"2025-11-25", func() string { return TaskFormNote(mcp.TaskFormExperimental) },
			"Some of this server's tools run in the background as tasks. Refresh also lists the tasks the server knows of.\nIn the protocol: 2025-11-25, execution.taskSupport, tasks/list",
			"此服务器的部分工具以任务方式在后台运行。“刷新”还会列出服务器所知的任务。\n协议术语：2025-11-25, execution.taskSupport, tasks/list"},
		{"none", func() string { return TaskFormNote(mcp.TaskFormNone) }, "This server offers no tasks.", "此服务器不提供任务。"},
	})
}

// The core's own status message (a task the server ran at once) is
// translated in the task's row and progress line; a server's stays.
func TestTaskStatusMessageOfTheCoreInChinese(t *testing.T) {
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	i18n.Setup(i18n.SimplifiedChinese)
	atOnce := say.Text("the server ran the tool at once instead of as a task") // as the core says it
	core := mcp.Task{TaskID: "t1", Status: "completed", StatusMessage: atOnce.String(), Said: atOnce}
	server := mcp.Task{TaskID: "t2", Status: "working", StatusMessage: "step 1 of 4"}
	if _, sub, _ := TaskRow(mcp.TaskEntry{Task: core, Tool: "x"}, time.Now()); sub != "服务器没有把工具作为任务运行，而是立即运行了它" {
		t.Errorf("the core's message in the row: %q", sub)
	}
	if got := TaskProgress(1, core).Message; !strings.Contains(got, "服务器没有把工具作为任务运行") {
		t.Errorf("the core's message in the progress line: %q", got)
	}
	if _, sub, _ := TaskRow(mcp.TaskEntry{Task: server, Tool: "x"}, time.Now()); sub != "step 1 of 4" {
		t.Errorf("the server's message changed: %q", sub)
	}
}
