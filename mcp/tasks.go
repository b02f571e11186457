package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/transport"
)

// Tasks (2025-11-25, experimental; in 2026-07-28 the extension
// io.modelcontextprotocol/tasks): a tool whose execution.taskSupport is
// "optional" or "required" can be called as a task. The call returns at
// once with a task id; tasks/get polls its status, tasks/result waits for
// its result, tasks/cancel stops it.
//
// The SDK knows none of this, so the methods are sent as custom ones. The
// task-augmented tools/call is the SDK's own request with a "task" field
// added; the SDK reads its answer as a CallToolResult and drops the "task"
// object, so the session takes it from the wire log, where the answer is
// kept as the server sent it.

// TasksExtension is the 2026-07-28 extension's name.
const TasksExtension = "io.modelcontextprotocol/tasks"

// A Task is a task's state as the server reports it.
type Task struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"` // working, input_required, completed, failed, cancelled
	StatusMessage string `json:"statusMessage,omitempty"`
	CreatedAt     string `json:"createdAt,omitempty"`
	LastUpdatedAt string `json:"lastUpdatedAt,omitempty"`
	TTL           *int64 `json:"ttl,omitempty"`
	PollInterval  *int64 `json:"pollInterval,omitempty"`
}

// Done reports whether the task has finished, one way or another.
func (t Task) Done() bool {
	switch t.Status {
	case "completed", "failed", "cancelled":
		return true
	}
	return false
}

// TaskSupport is a tool's execution.taskSupport: "forbidden" (or ""),
// "optional" or "required".
func (s *Session) TaskSupport(tool string) string {
	var t struct {
		Execution struct {
			TaskSupport string `json:"taskSupport"`
		} `json:"execution"`
	}
	json.Unmarshal(s.RawTool(tool), &t)
	return t.Execution.TaskSupport
}

type taskMetadata struct {
	TTL *int64 `json:"ttl,omitempty"`
}

type taskCallParams struct {
	sdk.CallToolParamsRaw
	Task *taskMetadata `json:"task"`
}

type taskIDParams struct {
	sdk.ParamsBase
	TaskID string `json:"taskId"`
}

type taskListParams struct {
	sdk.ParamsBase
	Cursor string `json:"cursor,omitempty"`
}

type taskResult struct {
	sdk.ResultBase
	Task
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

// taskClient registers the task methods on the session's client and returns its session.
func (s *Session) taskClient() (*sdk.ClientSession, error) {
	cs := s.clientSession()
	if cs == nil {
		return nil, errNotConnected
	}
	s.mu.Lock()
	c := s.sdkClient
	s.mu.Unlock()
	for _, err := range []error{
		sdk.AddSendingCustomMethod[*taskIDParams, *taskResult](c, "tasks/get"),
		sdk.AddSendingCustomMethod[*taskIDParams, *taskResult](c, "tasks/cancel"),
		sdk.AddSendingCustomMethod[*taskIDParams, *rawToolResult](c, "tasks/result"),
		sdk.AddSendingCustomMethod[*taskListParams, *taskListResult](c, "tasks/list"),
	} {
		if err != nil {
			return nil, err
		}
	}
	return cs, nil
}

// StartToolTask calls tool as a task and returns the task the server made.
func (s *Session) StartToolTask(ctx context.Context, tool string, args json.RawMessage) (Task, error) {
	cs, err := s.taskClient()
	if err != nil {
		return Task{}, err
	}
	s.mu.Lock()
	s.callSeq++
	marker := fmt.Sprintf("task-call-%d-%d", time.Now().UnixNano(), s.callSeq)
	s.mu.Unlock()
	p := &taskCallParams{Task: &taskMetadata{}}
	p.Name, p.Arguments = tool, args
	p.SetMeta(map[string]any{"mcpbrowser/call": marker})
	res, err := sdk.CallCustomMethod[*taskCallParams, *sdk.CallToolResult](ctx, cs, "tools/call", p)
	if err != nil {
		return Task{}, AsRequestError("tools/call", err)
	}
	t, ok := s.taskFromWire(marker)
	if !ok {
		if res != nil && len(res.Content) > 0 {
			return Task{}, errors.New("the server ran the tool at once instead of as a task")
		}
		return Task{}, errors.New("the server's answer holds no task")
	}
	s.noteTask(t)
	return t, nil
}

// taskFromWire finds the answer to the tools/call marked with marker.
func (s *Session) taskFromWire(marker string) (Task, bool) {
	entries, _ := s.Wire.Since(0)
	id := ""
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		if id == "" {
			if e.Dir == transport.Sent && e.Method == "tools/call" && strings.Contains(string(e.JSON), marker) {
				id = e.ID
				i = len(entries) // look again for the answer, which came after
			}
			continue
		}
		if e.Dir == transport.Received && e.Method == "" && e.ID == id {
			var msg struct {
				Result struct {
					Task *Task `json:"task"`
				} `json:"result"`
			}
			if json.Unmarshal(e.JSON, &msg) == nil && msg.Result.Task != nil {
				return *msg.Result.Task, true
			}
			return Task{}, false
		}
	}
	return Task{}, false
}

// GetTask asks the server for the task's status (tasks/get).
func (s *Session) GetTask(ctx context.Context, id string) (Task, error) {
	cs, err := s.taskClient()
	if err != nil {
		return Task{}, err
	}
	res, err := sdk.CallCustomMethod[*taskIDParams, *taskResult](ctx, cs, "tasks/get", &taskIDParams{TaskID: id})
	if err != nil {
		return Task{}, AsRequestError("tasks/get", err)
	}
	s.noteTask(res.Task)
	return res.Task, nil
}

// CancelTask asks the server to cancel the task (tasks/cancel).
func (s *Session) CancelTask(ctx context.Context, id string) (Task, error) {
	cs, err := s.taskClient()
	if err != nil {
		return Task{}, err
	}
	res, err := sdk.CallCustomMethod[*taskIDParams, *taskResult](ctx, cs, "tasks/cancel", &taskIDParams{TaskID: id})
	if err != nil {
		return Task{}, AsRequestError("tasks/cancel", err)
	}
	s.noteTask(res.Task)
	return res.Task, nil
}

// TaskResult waits for the task's result (tasks/result) and returns it as
// the server sent it: a tools/call result.
func (s *Session) TaskResult(ctx context.Context, id string) (json.RawMessage, error) {
	cs, err := s.taskClient()
	if err != nil {
		return nil, err
	}
	res, err := sdk.CallCustomMethod[*taskIDParams, *rawToolResult](ctx, cs, "tasks/result", &taskIDParams{TaskID: id})
	if err != nil {
		return nil, AsRequestError("tasks/result", err)
	}
	return json.Marshal(res)
}

// ListTasks asks the server for its tasks (tasks/list, all pages).
func (s *Session) ListTasks(ctx context.Context) ([]Task, error) {
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
	return all, nil
}

// WaitTask polls the task (at the server's pollInterval, 1 s when it gives
// none) until it is done or ctx ends, calling seen on each status change.
func (s *Session) WaitTask(ctx context.Context, t Task, seen func(Task)) (Task, error) {
	last := ""
	for {
		if t.Status != last {
			last = t.Status
			if seen != nil {
				seen(t)
			}
		}
		if t.Done() {
			return t, nil
		}
		wait := time.Second
		if t.PollInterval != nil && *t.PollInterval > 0 {
			wait = time.Duration(*t.PollInterval) * time.Millisecond
		}
		select {
		case <-ctx.Done():
			return t, ctx.Err()
		case <-time.After(wait):
		}
		next, err := s.GetTask(ctx, t.TaskID)
		if err != nil {
			return t, err
		}
		t = next
	}
}

// Tasks is the session's task list: every task started or polled through
// it, latest state, newest first.
func (s *Session) Tasks() []Task {
	s.tasks.mu.Lock()
	defer s.tasks.mu.Unlock()
	out := make([]Task, 0, len(s.tasks.order))
	for i := len(s.tasks.order) - 1; i >= 0; i-- {
		out = append(out, s.tasks.byID[s.tasks.order[i]])
	}
	return out
}

// taskList is a session's known tasks (its own lock).
type taskList struct {
	mu    sync.Mutex
	byID  map[string]Task
	order []string
}

func (s *Session) noteTask(t Task) {
	if t.TaskID == "" {
		return
	}
	s.tasks.mu.Lock()
	if s.tasks.byID == nil {
		s.tasks.byID = map[string]Task{}
	}
	if _, ok := s.tasks.byID[t.TaskID]; !ok {
		s.tasks.order = append(s.tasks.order, t.TaskID)
	}
	s.tasks.byID[t.TaskID] = t
	s.tasks.mu.Unlock()
	s.emit(Event{Kind: EventTask, Server: s.Name(), Task: &t})
}

// CallToolAsTask runs tool as a task to its end and returns the outcome as
// a CallResult, like CallTool: seen gets each status change; cancelling
// ctx sends tasks/cancel.
func (s *Session) CallToolAsTask(ctx context.Context, name string, args json.RawMessage, seen func(Task)) *CallResult {
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	s.mu.Lock()
	s.callSeq++
	r := &CallResult{Outcome: Outcome{ID: s.callSeq, Server: s.cfg.Name, Started: time.Now()}, Tool: name, Arguments: args}
	s.mu.Unlock()
	timed := s.timeRequest(&r.Outcome)
	startSeq := s.Log.Add(transport.LogCallStart, fmt.Sprintf("call #%d %s started as a task", r.ID, name))
	t, err := s.StartToolTask(ctx, name, args)
	if err == nil {
		t, err = s.WaitTask(ctx, t, seen)
	}
	var res *sdk.CallToolResult
	if err == nil && t.Status != "cancelled" {
		var raw json.RawMessage
		if raw, err = s.TaskResult(ctx, t.TaskID); err == nil {
			res = &sdk.CallToolResult{}
			err = json.Unmarshal(raw, res)
		}
	}
	if ctx.Err() != nil && t.TaskID != "" && !t.Done() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		s.CancelTask(cctx, t.TaskID)
		cancel()
	}
	timed()
	r.classify(res, err)
	switch {
	case ctx.Err() != nil:
		r.Layer, r.Message = LayerCancelled, "you cancelled the task; the server was told (tasks/cancel)."
	case err == nil && t.Status == "cancelled":
		r.Layer, r.Message = LayerCancelled, "the task was cancelled."
	}
	s.Log.Add(transport.LogCallEnd, fmt.Sprintf("call #%d %s ended after %s: %s", r.ID, name, tookWords(&r.Outcome), outcomeWord(r)))
	r.Log = s.logBetween(startSeq)
	r.masks, r.Message = &s.masks, s.masks.mask(r.Message)
	s.recordHistory(ctx, r) // a task is a call too: kept like one
	return r
}
