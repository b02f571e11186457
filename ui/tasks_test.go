package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

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
		name, sub, note := taskRow(c.e, seen)
		if name != c.name || sub != c.sub || note != c.note || taskHeadline(c.e) != c.hd {
			t.Errorf("%+v: %q %q %q %q", c.e, name, sub, note, taskHeadline(c.e))
		}
	}
}

// tasksTab selects the Tasks tab as a person would.
func (s *shell) tasksTab() {
	onUI(func() {
		for _, tab := range s.w.features.tabs.Items {
			if tab.Content == s.w.tasks.root {
				s.w.features.tabs.Select(tab)
			}
		}
	})
}

// taskStatus is the status the Tasks tab lists for its first task ("" for none).
func (s *shell) taskStatus() string {
	if len(s.w.tasks.entries) == 0 {
		return ""
	}
	return s.w.tasks.entries[0].Status
}

// TestTasksTabFollowsATaskAndItsQuestion runs the demo server's
// background_job, which the server makes a task of the 2026-07-28
// extension, with a question halfway: the Tasks tab lists it live (working,
// needs your input, completed), Answer brings up the request panel the
// window uses for a call's requests, the answer there reaches the task
// (tasks/update), and the finished task shows its result.
func TestTasksTabFollowsATaskAndItsQuestion(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "background_job")
	s.start(`{"steps":2,"delay_ms":200,"ask":"a question"}`)
	s.waitFor("the task in the Tasks tab", func() bool { return s.taskStatus() != "" })
	p := s.openRequest("demo asks you for information")

	s.tasksTab()
	s.waitFor("the task to need input", func() bool { return s.taskStatus() == "input_required" })
	onUI(func() {
		s.w.tasks.list.Select(0)
		if !s.w.tasks.answerBtn.Visible() || !strings.Contains(s.w.tasks.status.Text, "needs your input") {
			t.Errorf("input_required task: Answer shown %v, status %q", s.w.tasks.answerBtn.Visible(), s.w.tasks.status.Text)
		}
		test.Tap(s.w.tasks.answerBtn)
		if s.w.features.tabs.Selected() != s.w.features.toolsTab || !p.shown() {
			t.Error("Answer did not bring up the request panel")
		}
	})
	onUI(func() {
		r := first[*widget.RadioGroup](t, p.form, "finish")
		r.SetSelected("thoroughly")
		test.Tap(p.acceptBtn)
	})
	res := s.waitResult()
	if text := resultText2(res); !strings.Contains(text, `accept {"finish":"thoroughly"}`) {
		t.Fatalf("the task's result lacks the answer: %s %s\n%s", res.Layer, res.Message, text)
	}

	s.tasksTab()
	s.waitFor("the task to be completed in the list", func() bool { return s.taskStatus() == "completed" })
	onUI(func() { s.w.tasks.list.Select(0) })
	s.waitFor("the task's result in the tab", func() bool {
		return strings.Contains(shownText(s.w.tasks.root), "Finished 2 steps.")
	})
	shown := s.text(func() fyne.CanvasObject { return s.w.tasks.root })
	for _, want := range []string{"Tasks of demo", "background_job: completed", "has completed", "tasks extension"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the Tasks tab lacks %q:\n%s", want, shown)
		}
	}
	onUI(func() {
		if s.w.tasks.cancelBtn.Visible() {
			t.Error("Cancel offered for a finished task")
		}
	})
}

// TestTasksTabCancels cancels a running task from the Tasks tab: the
// server is told (tasks/cancel), the call that follows the task ends
// cancelled, and the list says so.
func TestTasksTabCancels(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "background_job")
	s.start(`{"steps":100,"delay_ms":100}`)
	s.tasksTab()
	s.waitFor("a working task", func() bool { return s.taskStatus() == "working" })
	onUI(func() {
		s.w.tasks.list.Select(0)
		if !s.w.tasks.cancelBtn.Visible() {
			t.Error("no Cancel for a working task")
		}
		test.Tap(s.w.tasks.cancelBtn)
	})
	res := s.waitResult()
	if res.Layer != mcp.LayerCancelled {
		t.Errorf("the call ended %s: %s", res.Layer, res.Message)
	}
	s.waitFor("the task cancelled in the list", func() bool {
		return s.taskStatus() == "cancelled" && strings.Contains(s.w.tasks.status.Text, "was cancelled")
	})
	entries, _ := s.w.manager.Session("demo").Wire.Since(0)
	n := 0
	for _, e := range entries {
		if e.Method == "tasks/cancel" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("tasks/cancel sent %d times", n)
	}
}
