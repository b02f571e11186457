package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
)

// tasksTab selects the Tasks tab as a person would.
func (s *shell) tasksTab() {
	onUI(func() {
		for _, tab := range s.w.features.Tabs.Items {
			if tab.Content == s.w.features.Tasks.Root {
				s.w.features.Tabs.Select(tab)
			}
		}
	})
}

// taskStatus is the status the Tasks tab lists for its first task ("" for none).
func (s *shell) taskStatus() string {
	if len(s.w.features.Tasks.Entries) == 0 {
		return ""
	}
	return s.w.features.Tasks.Entries[0].Status
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
		s.w.features.Tasks.List.Select(0)
		if !s.w.features.Tasks.AnswerBtn.Visible() || !strings.Contains(s.w.features.Tasks.Status.Text, "needs your input") {
			t.Errorf("input_required task: Answer shown %v, status %q", s.w.features.Tasks.AnswerBtn.Visible(), s.w.features.Tasks.Status.Text)
		}
		test.Tap(s.w.features.Tasks.AnswerBtn)
		if s.w.features.Tabs.Selected() != s.w.features.ToolsItem || !p.Shown() {
			t.Error("Answer did not bring up the request panel")
		}
	})
	onUI(func() {
		r := fieldInput[*widget.RadioGroup](t, p.Form, "finish")
		r.SetSelected("thoroughly")
		test.Tap(p.AcceptBtn)
	})
	res := s.waitResult()
	if text := resultText2(res); !strings.Contains(text, `accept {"finish":"thoroughly"}`) {
		t.Fatalf("the task's result lacks the answer: %s %s\n%s", res.Layer, res.Message, text)
	}

	s.tasksTab()
	s.waitFor("the task to be completed in the list", func() bool { return s.taskStatus() == "completed" })
	onUI(func() { s.w.features.Tasks.List.Select(0) })
	s.waitFor("the task's result in the tab", func() bool {
		return strings.Contains(shownText(s.w.features.Tasks.Root), "Finished 2 steps.")
	})
	shown := s.text(func() fyne.CanvasObject { return s.w.features.Tasks.Root })
	for _, want := range []string{"Tasks of demo", "background_job: completed", "has completed", "decides by itself which calls run in the background"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the Tasks tab lacks %q:\n%s", want, shown)
		}
	}
	onUI(func() {
		if s.w.features.Tasks.CancelBtn.Visible() {
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
		s.w.features.Tasks.List.Select(0)
		if !s.w.features.Tasks.CancelBtn.Visible() {
			t.Error("no Cancel for a working task")
		}
		test.Tap(s.w.features.Tasks.CancelBtn)
	})
	res := s.waitResult()
	if res.Layer != mcp.LayerCancelled {
		t.Errorf("the call ended %s: %s", res.Layer, res.Message)
	}
	s.waitFor("the task cancelled in the list", func() bool {
		return s.taskStatus() == "cancelled" && strings.Contains(s.w.features.Tasks.Status.Text, "was cancelled")
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
