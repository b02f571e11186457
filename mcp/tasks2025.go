package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"mcpbrowser/mcp/say"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The 2025-11-25 experimental form of tasks (see tasks.go).

type taskMetadata struct {
	TTL *int64 `json:"ttl,omitempty"`
}

type taskCallParams struct {
	sdk.CallToolParamsRaw
	Task *taskMetadata `json:"task"`
}

type taskListParams struct {
	sdk.ParamsBase
	Cursor string `json:"cursor,omitempty"`
}

type taskListResult struct {
	sdk.ResultBase
	Tasks      []Task `json:"tasks"`
	NextCursor string `json:"nextCursor,omitempty"`
}

// rawToolResult is a tasks/result answer kept whole.
type rawToolResult struct {
	sdk.ResultBase
	Content           json.RawMessage `json:"content,omitempty"`
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
	IsError           bool            `json:"isError,omitempty"`
}

// startExperimentalTask sends tools/call with a "task" field.
func (s *Session) startExperimentalTask(ctx context.Context, tool string, args json.RawMessage) (Task, error) {
	cs, err := s.taskClient()
	if err != nil {
		return Task{}, err
	}
	marker := s.taskCallMarker()
	p := &taskCallParams{Task: &taskMetadata{}}
	p.Name, p.Arguments = tool, args
	p.SetMeta(map[string]any{"mcpbrowser/call": marker})
	res, err := sdk.CallCustomMethod[*taskCallParams, *sdk.CallToolResult](ctx, cs, "tools/call", p)
	if err != nil {
		return Task{}, AsRequestError("tools/call", err)
	}
	raw, _ := s.answerOnWire("tools/call", marker)
	var answer struct {
		Task *Task `json:"task"`
	}
	if json.Unmarshal(raw, &answer) != nil || answer.Task == nil {
		if res != nil && len(res.Content) > 0 {
			return Task{}, say.Error("the server ran the tool at once instead of as a task", nil)
		}
		return Task{}, errNoTask
	}
	return *answer.Task, nil
}

// A resultCall is one tasks/result request: in flight until done closes.
type resultCall struct {
	done chan struct{}
	raw  json.RawMessage
	err  error
}

// experimentalResult waits for the task's result (tasks/result). One
// request per task is made: a second caller waits for the first's answer.
func (s *Session) experimentalResult(ctx context.Context, id string) (json.RawMessage, error) {
	c := s.startResultCall(ctx, id)
	select {
	case <-c.done:
		return c.raw, c.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// startResultCall sends tasks/result for the task unless one is in flight
// or has succeeded. The spec's input_required flow: "the client calls
// tasks/result", and the server sends the task's elicitation and sampling
// requests while that request is open; the session's handlers answer them.
func (s *Session) startResultCall(ctx context.Context, id string) *resultCall {
	s.tasks.mu.Lock()
	defer s.tasks.mu.Unlock()
	if c := s.tasks.results[id]; c != nil {
		select {
		case <-c.done:
			if c.err == nil {
				return c
			}
		default:
			return c
		}
	}
	if s.tasks.results == nil {
		s.tasks.results = map[string]*resultCall{}
	}
	c := &resultCall{done: make(chan struct{})}
	s.tasks.results[id] = c
	go func() {
		defer close(c.done)
		cs, err := s.taskClient()
		if err != nil {
			c.err = err
			return
		}
		res, err := sdk.CallCustomMethod[*taskIDParams, *rawToolResult](ctx, cs, "tasks/result", &taskIDParams{TaskID: id})
		if err != nil {
			c.err = AsRequestError("tasks/result", err)
			return
		}
		c.raw, c.err = json.Marshal(res)
	}()
	return c
}

// followExperimentalTask polls tasks/get until the task is done. When the
// task needs input it asks tasks/result, which brings the task's requests.
func (s *Session) followExperimentalTask(ctx context.Context, t Task, seen func(Task)) (Task, error) {
	return s.pollTask(ctx, t, seen, func(t Task) (time.Duration, error) {
		if t.Status == "input_required" {
			s.startResultCall(ctx, t.TaskID)
		}
		return t.pollEvery(), nil
	})
}

// ListTasks asks the server for its tasks (tasks/list, all pages). Only the
// experimental form has tasks/list; the extension dropped it ("a server
// cannot inadvertently leak the existence of one caller's tasks").
func (s *Session) ListTasks(ctx context.Context) ([]Task, error) {
	if s.TaskForm() == TaskFormExtension {
		return nil, errors.New("the tasks extension has no tasks/list: only the tasks started here are known")
	}
	cs, err := s.taskClient()
	if err != nil {
		return nil, err
	}
	var all []Task
	p := &taskListParams{}
	for range 1000 {
		res, err := sdk.CallCustomMethod[*taskListParams, *taskListResult](ctx, cs, "tasks/list", p)
		if err != nil {
			return nil, AsRequestError("tasks/list", err)
		}
		all = append(all, res.Tasks...)
		if res.NextCursor == "" {
			break
		}
		p = &taskListParams{Cursor: res.NextCursor}
	}
	for _, t := range all {
		s.noteTask(t, "")
	}
	return all, nil
}
