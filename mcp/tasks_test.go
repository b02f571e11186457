package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"mcpbrowser/mcp/config"
)

// TestEverythingTask runs server-everything's simulate-research-query, whose
// execution.taskSupport is "required", as a task over stdio and streamable
// HTTP: started, polled through working to completed, result fetched; and
// cancelled.
func TestEverythingTask(t *testing.T) {
	cases := []struct {
		name  string
		entry func(t *testing.T) *config.ServerConfig
	}{
		{"stdio", func(t *testing.T) *config.ServerConfig {
			return &config.ServerConfig{Name: "everything", Type: config.TypeStdio, Command: "node", Args: []string{everythingServer(t), "stdio"}}
		}},
		{"streamable HTTP", func(t *testing.T) *config.ServerConfig {
			base, _ := startEverythingHTTP(t, "streamableHttp")
			return &config.ServerConfig{Name: "everything", Type: config.TypeHTTP, URL: base + "/mcp"}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := tc.entry(t)
			cfg.Validate()
			var events []Task
			// The ambiguous query's clarification is answered like any elicitation.
			h := AutoHandlers(ElicitPolicy{Action: ElicitAccept, Values: []string{"interpretation=historical"}}, SamplingPolicy{})
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Handlers: h})
			m.Subscribe(func(e Event) {
				if e.Kind == EventTask {
					events = append(events, *e.Task)
				}
			})
			defer m.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			s := m.Session("everything")
			if err := s.Connect(ctx); err != nil {
				t.Fatalf("connect: %v", err)
			}
			if ts := s.TaskSupport("simulate-research-query"); ts != "required" {
				t.Fatalf("taskSupport = %q", ts)
			}
			task, err := s.StartToolTask(ctx, "simulate-research-query", json.RawMessage(`{"topic":"tasks"}`))
			if err != nil {
				t.Fatal(err)
			}
			var statuses []string
			task, err = s.WaitTask(ctx, task, func(t Task) { statuses = append(statuses, t.Status) })
			if err != nil || task.Status != "completed" {
				t.Fatalf("task %+v, err %v (statuses %v)", task, err, statuses)
			}
			res, err := s.TaskResult(ctx, task.TaskID)
			if err != nil || !strings.Contains(string(res), "Research Report: tasks") {
				t.Errorf("result %s, err %v", res, err)
			}
			if len(s.Tasks()) != 1 || s.Tasks()[0].Status != "completed" || len(events) == 0 {
				t.Errorf("task list %+v, %d events", s.Tasks(), len(events))
			}

			second, err := s.StartToolTask(ctx, "simulate-research-query", json.RawMessage(`{"topic":"cancel me"}`))
			if err != nil {
				t.Fatal(err)
			}
			if got, err := s.CancelTask(ctx, second.TaskID); err != nil || got.Status != "cancelled" {
				t.Errorf("cancel: %+v %v", got, err)
			}

			// input_required: the task's question comes through tasks/result
			// to the session's handlers, and the task goes on with the answer.
			if s.TaskForm() != TaskFormExperimental {
				t.Errorf("task form %v", s.TaskForm())
			}
			statuses = nil
			r := s.CallToolAsTask(ctx, "simulate-research-query", json.RawMessage(`{"topic":"ships","ambiguous":true}`), func(t Task) { statuses = append(statuses, t.Status) })
			if r.Layer != LayerNone || !strings.Contains(firstText(r.Result), "Research Report: ships (historical)") {
				t.Errorf("ambiguous query: %s %s %s", r.Layer, r.Message, firstText(r.Result))
			}
			if !strings.Contains(strings.Join(statuses, " "), "input_required") {
				t.Errorf("statuses %v", statuses)
			}
			if all, err := s.ListTasks(ctx); err != nil || len(all) < 3 {
				t.Errorf("tasks/list: %d tasks, %v", len(all), err)
			}
		})
	}
}
