package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mcpbrowser/mcp/say"
	"net/http"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The 2026-07-28 tasks extension, io.modelcontextprotocol/tasks (see tasks.go).
// The app declares it in every request's client capabilities (clientOptions),
// so "a client that has negotiated this extension MUST be prepared to handle
// either CallToolResult or CreateTaskResult in response to any supported
// request it issues": CallTool follows a task it gets to its end.

type taskUpdateParams struct {
	sdk.ParamsBase
	TaskID         string                     `json:"taskId"`
	InputResponses map[string]json.RawMessage `json:"inputResponses"`
}

// taskAck is the empty acknowledgement of tasks/update (and tasks/cancel).
type taskAck struct {
	sdk.ResultBase
}

// createdTask reads a tools/call answer as a CreateTaskResult: "Servers
// MUST set resultType to "task" when returning a CreateTaskResult".
func createdTask(raw json.RawMessage) (Task, bool) {
	var answer struct {
		ResultType string `json:"resultType"`
		Task
	}
	if json.Unmarshal(raw, &answer) != nil || answer.ResultType != "task" || answer.TaskID == "" {
		return Task{}, false
	}
	return answer.Task, true
}

// startExtTask sends tools/call and returns the task the server made, or,
// when the server chose to run the tool at once, a task with no id, status
// completed and the result.
func (s *Session) startExtTask(ctx context.Context, tool string, args json.RawMessage) (Task, error) {
	cs, err := s.taskClient()
	if err != nil {
		return Task{}, err
	}
	marker := s.taskCallMarker()
	p := &sdk.CallToolParams{Name: tool, Arguments: args}
	p.SetMeta(map[string]any{"mcpbrowser/call": marker})
	if _, err := cs.CallTool(ctx, p); err != nil {
		return Task{}, AsRequestError("tools/call", err)
	}
	raw, ok := s.answerOnWire("tools/call", marker)
	if !ok {
		return Task{}, errNoTask
	}
	if t, ok := createdTask(raw); ok {
		return t, nil
	}
	atOnce := say.Text("the server ran the tool at once instead of as a task")
	return Task{Status: "completed", StatusMessage: atOnce.String(), Said: atOnce, Result: raw}, nil
}

// followCallTask turns a tools/call answer that is a task handle into the
// task's final result: it follows the task (seen gets each change), and
// when ctx ends it sends tasks/cancel ("The notifications/cancelled
// notification MUST NOT be used for task cancellation"). An answer that is
// no task is returned as it came. marker finds the call's answer on the wire.
func (s *Session) followCallTask(ctx context.Context, tool, marker string, res *sdk.CallToolResult, seen func(Task)) (*sdk.CallToolResult, error) {
	if res == nil || len(res.Content) > 0 || res.StructuredContent != nil || s.TaskForm() != TaskFormExtension {
		return res, nil
	}
	raw, ok := s.answerOnWire("tools/call", marker)
	if !ok {
		return res, nil
	}
	t, ok := createdTask(raw)
	if !ok {
		return res, nil
	}
	s.noteTask(t, tool)
	t, err := s.followExtTask(ctx, t, seen)
	if err != nil {
		if !t.Done() {
			s.cancelAfter(ctx, t.TaskID) // the app gave up on it: so should the server
		}
		return nil, err
	}
	switch t.Status {
	case "cancelled":
		return nil, &TaskCancelledError{ID: t.TaskID, Message: t.StatusMessage}
	case "failed":
		return nil, taskError(t)
	}
	out := &sdk.CallToolResult{}
	if err := json.Unmarshal(t.Result, out); err != nil {
		return nil, fmt.Errorf("the completed task's result is not a tools/call result: %w", err)
	}
	return out, nil
}

// A TaskCancelledError is a task that ended cancelled.
type TaskCancelledError struct {
	ID, Message string
}

func (e *TaskCancelledError) Error() string {
	msg := "the task " + e.ID + " was cancelled"
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// taskError is a failed task's JSON-RPC error: "the error field MUST contain
// that JSON-RPC error".
func taskError(t Task) error {
	var rpc jsonrpc.Error
	if json.Unmarshal(t.Error, &rpc) == nil && (rpc.Code != 0 || rpc.Message != "") {
		return &rpc
	}
	msg := "the task failed"
	if t.StatusMessage != "" {
		msg += ": " + t.StatusMessage
	}
	return errors.New(msg)
}

// extResult is a finished task's result as tasks/get gave it.
func extResult(t Task) (json.RawMessage, error) {
	switch {
	case t.Status == "completed" && t.Result != nil:
		return t.Result, nil
	case t.Status == "completed" && t.TaskID == "":
		return nil, errNoTask
	case t.Status == "failed":
		return nil, taskError(t)
	case t.Status == "cancelled":
		return nil, &TaskCancelledError{ID: t.TaskID, Message: t.StatusMessage}
	case t.Status == "completed":
		return nil, errors.New("the completed task carries no result")
	}
	return nil, fmt.Errorf("the task has not finished (it is %s)", t.Status)
}

// followExtTask polls tasks/get until the task is done, answering its input
// requests with tasks/update on the way.
func (s *Session) followExtTask(ctx context.Context, t Task, seen func(Task)) (Task, error) {
	return s.pollTask(ctx, t, seen, func(t Task) (time.Duration, error) {
		if t.Status != "input_required" || len(t.InputRequests) == 0 {
			return t.pollEvery(), nil
		}
		answered, err := s.answerTaskInputs(ctx, t)
		if answered {
			return 0, err // the person took their time: look again at once
		}
		return t.pollEvery(), err
	})
}

// answerTaskInputs answers the task's input requests not answered before
// ("Clients SHOULD deduplicate inputRequests keys across consecutive
// polls") through the session's handlers, and sends the answers with
// tasks/update. It reports whether it sent any.
func (s *Session) answerTaskInputs(ctx context.Context, t Task) (bool, error) {
	var requests map[string]inputRequest
	if err := json.Unmarshal(t.InputRequests, &requests); err != nil {
		return false, fmt.Errorf("the task's input requests could not be read: %w", err)
	}
	s.tasks.mu.Lock()
	if s.tasks.answered == nil {
		s.tasks.answered = map[string]map[string]bool{}
	}
	done := s.tasks.answered[t.TaskID]
	if done == nil {
		done = map[string]bool{}
		s.tasks.answered[t.TaskID] = done
	}
	var keys []string
	for k := range requests {
		if !done[k] {
			keys = append(keys, k)
		}
	}
	s.tasks.mu.Unlock()
	if len(keys) == 0 {
		return false, nil
	}
	responses := map[string]json.RawMessage{}
	for _, k := range keys {
		answer, err := s.answerInput(ctx, requests[k])
		if err != nil {
			return false, fmt.Errorf("answering the task's request %s: %w", strconv.Quote(k), err)
		}
		responses[k] = answer
	}
	cs, err := s.taskClient()
	if err != nil {
		return false, err
	}
	if _, err := sdk.CallCustomMethod[*taskUpdateParams, *taskAck](ctx, cs, "tasks/update", &taskUpdateParams{TaskID: t.TaskID, InputResponses: responses}); err != nil {
		return false, AsRequestError("tasks/update", err)
	}
	s.tasks.mu.Lock()
	for _, k := range keys {
		done[k] = true
	}
	s.tasks.mu.Unlock()
	return true, nil
}

// taskSeen is what a call that became a task does with each status change:
// the caller's OnTask sees it, and it counts as the call's progress (which
// restarts its timeout) with the status as the progress message.
func (s *Session) taskSeen(callID int, token string, onTask func(Task)) func(Task) {
	return func(t Task) {
		if onTask != nil {
			onTask(t)
		}
		s.mu.Lock()
		w, ok := s.progress[token]
		name := s.cfg.Name
		s.mu.Unlock()
		if !ok {
			return
		}
		p := Progress{CallID: callID, Message: "task " + t.Describe()}
		w.f(p)
		s.emit(Event{Kind: EventProgress, Server: name, Progress: &p})
	}
}

// taskRouting names the task in the Mcp-Name header of the task methods
// over streamable HTTP: "When tasks/get, tasks/update, or tasks/cancel is
// sent over the Streamable HTTP transport, the client MUST set the Mcp-Name
// header to the value of params.taskId" (the SDK sets it for tools/call,
// prompts/get and resources/read only).
type taskRouting struct {
	inner http.RoundTripper
}

func (rt taskRouting) RoundTrip(req *http.Request) (*http.Response, error) {
	switch req.Header.Get("Mcp-Method") {
	case "tasks/get", "tasks/update", "tasks/cancel":
	default:
		return rt.inner.RoundTrip(req)
	}
	if req.Body == nil || req.GetBody == nil || req.Header.Get("Mcp-Name") != "" {
		return rt.inner.RoundTrip(req)
	}
	body, err := req.GetBody()
	if err != nil {
		return rt.inner.RoundTrip(req)
	}
	var msg struct {
		Params struct {
			TaskID string `json:"taskId"`
		} `json:"params"`
	}
	err = json.NewDecoder(io.LimitReader(body, 1<<20)).Decode(&msg)
	body.Close()
	if err == nil && msg.Params.TaskID != "" {
		req = req.Clone(req.Context())
		req.Header.Set("Mcp-Name", msg.Params.TaskID)
	}
	return rt.inner.RoundTrip(req)
}
