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

	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
)

// Tasks: a tool call the server runs in the background. The call returns
// at once with a task id; the client polls the task's status, answers what
// the task asks of the person, fetches its result, or cancels it. Two forms
// exist, and a session speaks the one its server does (TaskForm):
//
//   - 2025-11-25, experimental (tasks2025.go): a tool whose
//     execution.taskSupport is "optional" or "required" is called with a
//     "task" field; tasks/get polls, tasks/result waits for the result (and
//     carries the task's elicitation and sampling requests meanwhile),
//     tasks/cancel stops it, tasks/list lists the server's tasks.
//   - 2026-07-28, the extension io.modelcontextprotocol/tasks
//     (tasksext.go): "the server decides on a per-request basis whether to
//     materialize a task"; the client declares the extension and any
//     tools/call may come back with resultType "task". tasks/get carries the
//     result, or the input requests the task waits for, which tasks/update
//     answers; tasks/cancel asks it to stop. There is no tasks/list and no
//     tasks/result.
//
// The SDK knows neither, so the methods are sent as custom ones. A task
// handle comes back as the answer to the SDK's own tools/call, which the
// SDK reads as a CallToolResult and so drops; the session takes it from the
// wire log, where the answer is kept as the server sent it.

// TasksExtension is the 2026-07-28 extension's name.
const TasksExtension = "io.modelcontextprotocol/tasks"

// A TaskForm is the kind of tasks a session's server offers.
type TaskForm int

const (
	TaskFormNone         TaskForm = iota // no tasks
	TaskFormExperimental                 // 2025-11-25: execution.taskSupport, tasks/result, tasks/list
	TaskFormExtension                    // 2026-07-28: io.modelcontextprotocol/tasks
)

// A Task is a task's state as the server reports it. The two forms name the
// time fields differently (ttl/pollInterval, ttlMs/pollIntervalMs); the
// extension's tasks/get also carries the result, the error or the input
// requests, by status.
type Task struct {
	TaskID         string `json:"taskId"`
	Status         string `json:"status"` // working, input_required, completed, failed, cancelled
	StatusMessage  string `json:"statusMessage,omitempty"`
	CreatedAt      string `json:"createdAt,omitempty"`
	LastUpdatedAt  string `json:"lastUpdatedAt,omitempty"`
	TTL            *int64 `json:"ttl,omitempty"`
	PollInterval   *int64 `json:"pollInterval,omitempty"`
	TTLMs          *int64 `json:"ttlMs,omitempty"`
	PollIntervalMs *int64 `json:"pollIntervalMs,omitempty"`
	// Result is a completed task's tools/call result (extension).
	Result json.RawMessage `json:"result,omitempty"`
	// Error is a failed task's JSON-RPC error (extension).
	Error json.RawMessage `json:"error,omitempty"`
	// InputRequests are what an input_required task waits for (extension).
	InputRequests json.RawMessage `json:"inputRequests,omitempty"`
	// Said is StatusMessage as a message with its key when the app wrote it
	// itself rather than the server.
	Said say.Msg `json:"-"`
}

// StatusWords is the status message for the front ends to word: the app's
// own by its key (Said), a server's as it came.
func (t Task) StatusWords() any {
	if !t.Said.IsZero() {
		return t.Said
	}
	return t.StatusMessage
}

// Done reports whether the task has finished, one way or another.
func (t Task) Done() bool {
	switch t.Status {
	case "completed", "failed", "cancelled":
		return true
	}
	return false
}

// pollEvery is how long to wait before asking again: the server's hint, 1 s
// when it gives none.
func (t Task) pollEvery() time.Duration {
	for _, ms := range []*int64{t.PollIntervalMs, t.PollInterval} {
		if ms != nil && *ms > 0 {
			return time.Duration(*ms) * time.Millisecond
		}
	}
	return time.Second
}

// Describe words a task's state for a progress line: "working: Gathering sources...".
func (t Task) Describe() string {
	msg := t.Status
	if m := strings.TrimSpace(t.StatusMessage); m != "" {
		msg += ": " + m
	}
	return msg
}

// TaskForm says which kind of tasks the server offers: the extension when
// it speaks 2026-07-28 and declares io.modelcontextprotocol/tasks, the
// experimental form when any of its tools declares execution.taskSupport.
func (s *Session) TaskForm() TaskForm {
	s.mu.Lock()
	init, tools := s.init, s.tools
	s.mu.Unlock()
	if init != nil && init.ProtocolVersion >= Version20260728 && init.Capabilities != nil {
		if _, ok := init.Capabilities.Extensions[TasksExtension]; ok {
			return TaskFormExtension
		}
	}
	for _, t := range tools {
		if ts := s.TaskSupport(t.Name); ts == "optional" || ts == "required" {
			return TaskFormExperimental
		}
	}
	return TaskFormNone
}

// TaskSupport is a tool's execution.taskSupport (2025-11-25): "forbidden"
// (or ""), "optional" or "required".
func (s *Session) TaskSupport(tool string) string {
	var t struct {
		Execution struct {
			TaskSupport string `json:"taskSupport"`
		} `json:"execution"`
	}
	json.Unmarshal(s.RawTool(tool), &t)
	return t.Execution.TaskSupport
}

// CanRunAsTask reports whether the tool may be asked to run as a task: any
// tool of a server with the extension (the server decides), a tool that
// declares taskSupport in the experimental form.
func (s *Session) CanRunAsTask(tool string) bool {
	switch s.TaskForm() {
	case TaskFormExtension:
		return true
	case TaskFormExperimental:
		ts := s.TaskSupport(tool)
		return ts == "optional" || ts == "required"
	}
	return false
}

type taskIDParams struct {
	sdk.ParamsBase
	TaskID string `json:"taskId"`
}

type taskResult struct {
	sdk.ResultBase
	Task
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
		sdk.AddSendingCustomMethod[*taskUpdateParams, *taskAck](c, "tasks/update"),
	} {
		if err != nil {
			return nil, err
		}
	}
	return cs, nil
}

// StartToolTask calls tool as a task and returns the task the server made.
// A server with the extension may run the tool at once instead: the task
// then has no id, status "completed" and the result.
func (s *Session) StartToolTask(ctx context.Context, tool string, args json.RawMessage) (Task, error) {
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	var t Task
	var err error
	if s.TaskForm() == TaskFormExtension {
		t, err = s.startExtTask(ctx, tool, args)
	} else {
		t, err = s.startExperimentalTask(ctx, tool, args)
	}
	if err == nil {
		s.noteTask(t, tool)
	}
	return t, err
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
	s.noteTask(res.Task, "")
	return res.Task, nil
}

// CancelTask asks the server to cancel the task (tasks/cancel) and returns
// its state after. The extension's answer is an empty acknowledgement
// ("cancellation is cooperative"), so the state is asked for with tasks/get.
func (s *Session) CancelTask(ctx context.Context, id string) (Task, error) {
	cs, err := s.taskClient()
	if err != nil {
		return Task{}, err
	}
	res, err := sdk.CallCustomMethod[*taskIDParams, *taskResult](ctx, cs, "tasks/cancel", &taskIDParams{TaskID: id})
	if err != nil {
		return Task{}, AsRequestError("tasks/cancel", err)
	}
	if res.Status == "" {
		return s.GetTask(ctx, id)
	}
	s.noteTask(res.Task, "")
	return res.Task, nil
}

// TaskResult returns a finished task's result as the server sent it (a
// tools/call result): tasks/result in the experimental form (which waits
// for the task to end), tasks/get in the extension's.
func (s *Session) TaskResult(ctx context.Context, id string) (json.RawMessage, error) {
	if s.TaskForm() != TaskFormExtension {
		return s.experimentalResult(ctx, id)
	}
	t, err := s.GetTask(ctx, id)
	if err != nil {
		return nil, err
	}
	return extResult(t)
}

// WaitTask follows the task until it is done or ctx ends, at the server's
// poll interval, calling seen on each change of status or status message.
// What the task asks of the person meanwhile (input_required) goes to the
// session's handlers — the same elicitation and sampling answers a call's
// requests get: through tasks/result in the experimental form, answered
// with tasks/update in the extension's.
func (s *Session) WaitTask(ctx context.Context, t Task, seen func(Task)) (Task, error) {
	if s.TaskForm() == TaskFormExtension {
		return s.followExtTask(ctx, t, seen)
	}
	return s.followExperimentalTask(ctx, t, seen)
}

// taskCallMarker is a new mark for a tools/call that may start a task, by
// which answerOnWire finds the server's answer as it was sent.
func (s *Session) taskCallMarker() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.callSeq++
	return fmt.Sprintf("task-call-%d-%d", time.Now().UnixNano(), s.callSeq)
}

// pollTask follows the task with tasks/get until it is done or ctx ends,
// in either form: seen gets each change of status or status message, and
// step, given each state not done yet, does what the form does there and
// says how long to wait before asking again (an error ends the following).
func (s *Session) pollTask(ctx context.Context, t Task, seen func(Task), step func(Task) (time.Duration, error)) (Task, error) {
	last := Task{}
	for {
		if t.Status != last.Status || t.StatusMessage != last.StatusMessage {
			last = t
			if seen != nil {
				seen(t)
			}
		}
		if t.Done() {
			if t.Result != nil { // the extension's tasks/get carries it
				s.keepTaskResult(t.TaskID, t.Result)
			}
			return t, nil
		}
		wait, err := step(t)
		if err != nil {
			return t, err
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

// A TaskEntry is a task in the session's list: the server's latest state
// and what the app knows besides.
type TaskEntry struct {
	Task
	// Tool is the tool the task runs ("" when the task was only looked up).
	Tool string
	// Seen is when the app first learnt of the task, Updated when last.
	Seen, Updated time.Time
}

// Tasks is the session's task list: every task started or polled through
// it, latest state, newest first.
func (s *Session) Tasks() []TaskEntry {
	s.tasks.mu.Lock()
	defer s.tasks.mu.Unlock()
	out := make([]TaskEntry, 0, len(s.tasks.order))
	for i := len(s.tasks.order) - 1; i >= 0; i-- {
		out = append(out, *s.tasks.byID[s.tasks.order[i]])
	}
	return out
}

// taskList is a session's known tasks (its own lock).
type taskList struct {
	mu    sync.Mutex
	byID  map[string]*TaskEntry
	order []string
	// results are the experimental form's tasks/result calls in flight or
	// done, by task id: the first one asked carries the task's requests.
	results map[string]*resultCall
	// answered are the extension's input request keys answered, by task id
	// ("Clients SHOULD deduplicate inputRequests keys across consecutive polls").
	answered map[string]map[string]bool
}

// noteTask keeps the task's latest state; tool names the tool when known.
func (s *Session) noteTask(t Task, tool string) {
	if t.TaskID == "" {
		return
	}
	s.tasks.mu.Lock()
	if s.tasks.byID == nil {
		s.tasks.byID = map[string]*TaskEntry{}
	}
	e, ok := s.tasks.byID[t.TaskID]
	if !ok {
		e = &TaskEntry{Seen: time.Now()}
		s.tasks.byID[t.TaskID] = e
		s.tasks.order = append(s.tasks.order, t.TaskID)
	}
	if t.Result == nil && e.Result != nil && t.Status == e.Status {
		t.Result = e.Result // a result fetched once stays
	}
	e.Task, e.Updated = t, time.Now()
	if tool != "" {
		e.Tool = tool
	}
	s.tasks.mu.Unlock()
	s.emit(Event{Kind: EventTask, Server: s.Name(), Task: &t})
}

// keepTaskResult stores a finished task's result in the list.
func (s *Session) keepTaskResult(id string, raw json.RawMessage) {
	s.tasks.mu.Lock()
	e := s.tasks.byID[id]
	if e != nil {
		e.Result = raw
	}
	s.tasks.mu.Unlock()
	if e != nil {
		t := e.Task
		s.emit(Event{Kind: EventTask, Server: s.Name(), Task: &t})
	}
}

// TaskOutcome is a finished task's result as a CallResult, to be shown like
// any call's (the result is fetched when the list does not have it yet).
func (s *Session) TaskOutcome(ctx context.Context, e TaskEntry) *CallResult {
	r := &CallResult{Outcome: Outcome{Server: s.Name(), Started: e.Seen}, Tool: e.Tool}
	var res *sdk.CallToolResult
	var err error
	switch raw := e.Result; {
	case e.Status == "cancelled":
		r.Layer = LayerCancelled
		r.tell(plainText("the task was cancelled."))
		return r
	case e.Status == "failed" && e.Error != nil:
		err = taskError(e.Task)
	default:
		if raw == nil {
			raw, err = s.TaskResult(ctx, e.TaskID)
			if err == nil {
				s.keepTaskResult(e.TaskID, raw)
			}
		}
		if err == nil {
			res = &sdk.CallToolResult{}
			err = json.Unmarshal(raw, res)
		}
	}
	r.classify(res, err)
	r.masks = &s.masks
	r.mask(s.masks.mask)
	return r
}

// CallToolAsTask runs tool as a task to its end and returns the outcome as
// a CallResult, like CallTool: seen gets each status change; cancelling
// ctx sends tasks/cancel.
func (s *Session) CallToolAsTask(ctx context.Context, name string, args json.RawMessage, seen func(Task)) *CallResult {
	if s.TaskForm() == TaskFormExtension {
		// Every call may become a task there: CallTool follows it.
		return s.CallTool(ctx, name, args, CallOptions{OnTask: seen})
	}
	return s.callAsTask(ctx, name, args, CallOptions{OnTask: seen})
}

// callAsTask runs tool as a 2025-11-25 task to its end: opts.OnTask sees
// each status change, and opts.MaxTotal, when set, bounds the whole task
// (there is no progress to restart an idle timeout by).
func (s *Session) callAsTask(ctx context.Context, name string, args json.RawMessage, opts CallOptions) *CallResult {
	seen := opts.OnTask
	if opts.MaxTotal > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, opts.MaxTotal, errCallMaxTotal)
		defer cancel()
	}
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	s.mu.Lock()
	s.callSeq++
	r := &CallResult{Outcome: Outcome{ID: s.callSeq, Server: s.cfg.Name, Started: time.Now()}, Tool: name, Arguments: args}
	s.mu.Unlock()
	ctx, timed := s.timeRequest(ctx, &r.Outcome)
	startSeq := s.Log.Say(transport.LogCallStart, say.New("call #{{.ID}} {{.Name}} started as a task", say.Args{"ID": r.ID, "Name": name}))
	t, err := s.StartToolTask(ctx, name, args)
	if err == nil {
		t, err = s.WaitTask(ctx, t, seen)
	}
	var res *sdk.CallToolResult
	if err == nil && t.Status != "cancelled" {
		var raw json.RawMessage
		if raw, err = s.TaskResult(ctx, t.TaskID); err == nil {
			s.keepTaskResult(t.TaskID, raw)
			res = &sdk.CallToolResult{}
			err = json.Unmarshal(raw, res)
		}
	}
	if ctx.Err() != nil && t.TaskID != "" && !t.Done() {
		s.cancelAfter(ctx, t.TaskID)
	}
	timed()
	r.classify(res, err)
	switch {
	case errors.Is(context.Cause(ctx), errCallMaxTotal):
		r.Layer = LayerTimeout
		r.tell(plainText(fmt.Sprintf("the task ran longer than the %s maximum; the server was told to stop it (tasks/cancel).", opts.MaxTotal)))
	case ctx.Err() != nil:
		r.Layer = LayerCancelled
		r.tell(plainText("you cancelled the task; the server was told (tasks/cancel)."))
	case err == nil && t.Status == "cancelled":
		r.Layer = LayerCancelled
		r.tell(plainText("the task was cancelled."))
	}
	s.Log.Say(transport.LogCallEnd, say.New("call #{{.ID}} {{.Name}} ended after {{.Took}}: {{.Outcome}}",
		say.Args{"ID": r.ID, "Name": name, "Took": tookWords(&r.Outcome), "Outcome": outcomeWord(r)}))
	r.Log = s.logBetween(startSeq)
	r.masks = &s.masks
	r.mask(s.masks.mask)
	s.recordHistory(ctx, r) // a task is a call too: kept like one
	return r
}

// cancelAfter sends tasks/cancel for a task whose caller gave up (ctx ended).
func (s *Session) cancelAfter(ctx context.Context, id string) {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	s.CancelTask(cctx, id)
}

// answerOnWire finds the result the server sent for the request whose sent
// JSON contains marker (the newest such request).
func (s *Session) answerOnWire(method, marker string) (json.RawMessage, bool) {
	entries, _ := s.Wire.Since(0)
	id := ""
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		if id == "" {
			if e.Dir == transport.Sent && e.Method == method && strings.Contains(string(e.JSON), marker) {
				id = e.ID
				i = len(entries) // look again for the answer, which came after
			}
			continue
		}
		if e.Dir == transport.Received && e.Method == "" && e.ID == id {
			var msg struct {
				Result json.RawMessage `json:"result"`
			}
			if json.Unmarshal(e.JSON, &msg) == nil && msg.Result != nil {
				return msg.Result, true
			}
			return nil, false
		}
	}
	return nil, false
}

var errNoTask = errors.New("the server's answer holds no task")
