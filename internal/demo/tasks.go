package demo

//lint:file-ignore SA1019 SEP-2577 deprecates sampling from protocol 2026-07-28; a task's input requests and older clients may still use it

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tool background_job runs as a task of the tasks extension of protocol
// 2026-07-28 (io.modelcontextprotocol/tasks) whenever the client declares
// that extension on its tools/call: "the server decides on a per-request
// basis whether to materialize a task", and this server always does for
// this tool. Its task works through its steps, can stop midway to ask the
// person a question or a model for a reply (status input_required, the
// request in inputRequests, the answer by tasks/update), and completes with
// a short report. A client without the extension gets the same work done
// within the call.

// TasksExtension is the extension's name, declared in the server's capabilities.
const TasksExtension = "io.modelcontextprotocol/tasks"

// codeMissingCapability is -32021, "Missing required client capability".
const codeMissingCapability = -32021

type jobArgs struct {
	Steps   int    `json:"steps"`
	DelayMS int    `json:"delay_ms"`
	Ask     string `json:"ask"`
}

const (
	askNothing  = "nothing"
	askQuestion = "a question"
	askModel    = "a model reply"
)

// jobPollMS is the poll interval the job's tasks suggest.
const jobPollMS = 300

func (d *demoServer) addBackgroundJob(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{
		Name:  "background_job",
		Title: "Run a background job (task)",
		Description: "Works through a number of steps in the background. A client that supports the tasks " +
			"extension of protocol 2026-07-28 gets a task at once and follows its status; others wait for the " +
			"result as with any tool. Set ask to have the job stop halfway and ask you a question, or ask for a " +
			"model reply, before it goes on. It changes nothing.",
		InputSchema: object(
			optional("steps", withDefault(integer("Steps", "How many steps to take.", 1, 100), 4)),
			optional("delay_ms", withDefault(integer("Pause per step (ms)", "How long each step takes, in milliseconds.", 0, 60_000), 700)),
			optional("ask", withDefault(choice("Ask halfway", "What the job asks for halfway through.", askNothing, askQuestion, askModel), askNothing)),
		),
		Annotations: readOnlyHints(),
	}, d.backgroundJob)
}

// backgroundJob is the job run within the call, for a client without the
// extension: its questions go as ordinary requests to the client.
func (d *demoServer) backgroundJob(ctx context.Context, req *sdk.CallToolRequest, in jobArgs) (*sdk.CallToolResult, any, error) {
	ask := func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		var res any
		var err error
		switch method {
		case "elicitation/create":
			var p sdk.ElicitParams
			json.Unmarshal(params, &p)
			res, err = req.Session.Elicit(ctx, &p)
		default:
			var p sdk.CreateMessageParams
			json.Unmarshal(params, &p)
			res, err = req.Session.CreateMessage(ctx, &p)
		}
		if err != nil {
			return nil, err
		}
		return json.Marshal(res)
	}
	text, err := runJob(ctx, in, func(string) {}, ask)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return errorResult("%s", err), nil, nil
	}
	return textResult("%s", text), nil, nil
}

// runJob works through the job's steps, telling status each one, and asks
// halfway through ask (method, params) when in.Ask says so. It returns the
// report.
func runJob(ctx context.Context, in jobArgs, status func(string), ask func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error)) (string, error) {
	if in.Steps <= 0 {
		in.Steps = 4
	}
	delay := time.Duration(max(in.DelayMS, 0)) * time.Millisecond
	answer := ""
	for step := 1; step <= in.Steps; step++ {
		status(fmt.Sprintf("step %d of %d", step, in.Steps))
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(delay):
		}
		if step != (in.Steps+1)/2 || in.Ask == "" || in.Ask == askNothing {
			continue
		}
		method, params := jobQuestion(in.Ask)
		raw, err := ask(ctx, method, params)
		if err != nil {
			return "", fmt.Errorf("the job could not ask for %s: %v", in.Ask, err)
		}
		answer = describeAnswer(raw)
	}
	report := fmt.Sprintf("Finished %d steps.", in.Steps)
	if answer != "" {
		report += " Halfway it asked for " + in.Ask + " and got: " + answer
	}
	return report, nil
}

// jobQuestion is the request the job makes halfway.
func jobQuestion(ask string) (string, json.RawMessage) {
	if ask == askModel {
		p, _ := json.Marshal(map[string]any{
			"messages":  []any{map[string]any{"role": "user", "content": map[string]any{"type": "text", "text": "Name one colour."}}},
			"maxTokens": 50,
		})
		return "sampling/createMessage", p
	}
	p, _ := json.Marshal(map[string]any{
		"mode":    "form",
		"message": "The background job is halfway. How should it finish?",
		"requestedSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"finish": map[string]any{"type": "string", "title": "Finish", "enum": []string{"quickly", "thoroughly"}},
			},
			"required": []string{"finish"},
		},
	})
	return "elicitation/create", p
}

// describeAnswer words an elicitation or sampling answer for the report.
func describeAnswer(raw json.RawMessage) string {
	var elicit struct {
		Action  string         `json:"action"`
		Content map[string]any `json:"content"`
	}
	if json.Unmarshal(raw, &elicit) == nil && elicit.Action != "" {
		if elicit.Action != "accept" {
			return elicit.Action
		}
		b, _ := json.Marshal(elicit.Content)
		return "accept " + string(b)
	}
	var sample struct {
		Model   string `json:"model"`
		Content struct {
			Text string `json:"text"`
		} `json:"content"`
	}
	if json.Unmarshal(raw, &sample) == nil && sample.Content.Text != "" {
		return fmt.Sprintf("%q from %s", sample.Content.Text, sample.Model)
	}
	return string(raw)
}

// A jobTask is one task of the extension, as tasks/get reports it.
type jobTask struct {
	mu            sync.Mutex
	id            string
	status        string
	statusMessage string
	created       time.Time
	updated       time.Time
	result        json.RawMessage
	rpcError      *jsonrpc.Error
	// asking is the input request waiting for its answer (key → request).
	asking   map[string]json.RawMessage
	answered chan json.RawMessage
	cancel   context.CancelFunc
}

// jobTasks are the server's tasks, by id.
type jobTasks struct {
	mu   sync.Mutex
	byID map[string]*jobTask
	seq  int
}

// declaresTasks reports whether a request's per-request client
// capabilities declare the extension: "A server MUST NOT return
// CreateTaskResult to a client that did not include the extension
// capability on its request".
func declaresTasks(meta map[string]any) bool {
	caps, _ := meta["io.modelcontextprotocol/clientCapabilities"].(map[string]any)
	ext, _ := caps["extensions"].(map[string]any)
	_, ok := ext[TasksExtension]
	return ok
}

// taskMiddleware answers a tools/call of background_job from a client that
// declares the extension with a task.
func (d *demoServer) taskMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		call, ok := req.(*sdk.CallToolRequest)
		if !ok || method != "tools/call" || call.Params == nil || call.Params.Name != "background_job" || !declaresTasks(call.Params.GetMeta()) {
			return next(ctx, method, req)
		}
		in := jobArgs{Steps: 4, DelayMS: 700, Ask: askNothing}
		if len(call.Params.Arguments) > 0 {
			if err := json.Unmarshal(call.Params.Arguments, &in); err != nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "background_job: the arguments are not an object of steps, delay_ms and ask: " + err.Error()}
			}
		}
		if in.Steps < 1 || in.Steps > 100 || in.DelayMS < 0 || in.DelayMS > 60_000 {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "background_job: steps must be 1 to 100 and delay_ms 0 to 60000"}
		}
		t := d.jobs.start(in)
		return t.createResult(), nil
	}
}

func newTaskID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// start makes a task and runs the job in the background.
func (j *jobTasks) start(in jobArgs) *jobTask {
	now := time.Now().UTC()
	ctx, cancel := context.WithCancel(context.Background())
	t := &jobTask{id: newTaskID(), status: "working", statusMessage: "starting", created: now, updated: now,
		answered: make(chan json.RawMessage, 1), cancel: cancel}
	j.mu.Lock()
	if j.byID == nil {
		j.byID = map[string]*jobTask{}
	}
	j.byID[t.id] = t
	j.seq++
	key := fmt.Sprintf("ask-%d", j.seq) // unique over the task's lifetime
	j.mu.Unlock()
	ask := func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		req, _ := json.Marshal(map[string]any{"method": method, "params": params})
		waiting := "waiting for your answer to its question"
		if method == "sampling/createMessage" {
			waiting = "waiting for a model reply"
		}
		t.set("input_required", waiting, func() { t.asking = map[string]json.RawMessage{key: req} })
		select {
		case a := <-t.answered:
			t.set("working", "got the answer; going on", func() { t.asking = nil })
			return a, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	go func() {
		defer cancel()
		text, err := runJob(ctx, in, func(msg string) { t.set("working", msg, nil) }, ask)
		switch {
		case ctx.Err() != nil:
			t.set("cancelled", "cancelled on request", func() { t.asking = nil })
		case err != nil:
			res, _ := json.Marshal(errorResult("%s", err))
			t.set("completed", "the job could not finish", func() { t.result = res })
		default:
			res, _ := json.Marshal(textResult("%s", text))
			t.set("completed", "finished", func() { t.result = res })
		}
	}()
	return t
}

func (j *jobTasks) get(id string) *jobTask {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.byID[id]
}

// set changes the task's status unless it has ended.
func (t *jobTask) set(status, message string, also func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch t.status {
	case "completed", "failed", "cancelled":
		return
	}
	t.status, t.statusMessage, t.updated = status, message, time.Now().UTC()
	if also != nil {
		also()
	}
}

// stop cancels the task at once, as tasks/cancel asks: the task reads
// "cancelled" before the request is acknowledged, and its job is told to
// stop. The extension allows a server to let the status lag ("Cancellation
// processing is eventually consistent — the task's observable status MAY
// remain working ... after the ack"), and this server once did: the job's
// goroutine set "cancelled" only when it next woke, so a tasks/get sent
// right after the ack could still read "working" and the window's task
// list kept that, since the client "does not need to poll tasks/get again".
// A task that has already ended keeps its end ("MAY ultimately reach a
// terminal status other than cancelled if the work finished before").
func (t *jobTask) stop() {
	t.set("cancelled", "cancelled on request", func() { t.asking = nil })
	t.cancel()
}

// jobTaskResult is a Task (CreateTaskResult, GetTaskResult, DetailedTask).
type jobTaskResult struct {
	sdk.ResultBase
	ResultType     string                     `json:"resultType"`
	TaskID         string                     `json:"taskId"`
	Status         string                     `json:"status"`
	StatusMessage  string                     `json:"statusMessage,omitempty"`
	CreatedAt      string                     `json:"createdAt"`
	LastUpdatedAt  string                     `json:"lastUpdatedAt"`
	TTLMs          *int64                     `json:"ttlMs"`
	PollIntervalMs int64                      `json:"pollIntervalMs"`
	Result         json.RawMessage            `json:"result,omitempty"`
	Error          *jsonrpc.Error             `json:"error,omitempty"`
	InputRequests  map[string]json.RawMessage `json:"inputRequests,omitempty"`
}

func (t *jobTask) state(resultType string) *jobTaskResult {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := &jobTaskResult{ResultType: resultType, TaskID: t.id, Status: t.status, StatusMessage: t.statusMessage,
		CreatedAt: t.created.Format(time.RFC3339Nano), LastUpdatedAt: t.updated.Format(time.RFC3339Nano), PollIntervalMs: jobPollMS}
	switch t.status {
	case "completed":
		r.Result = t.result
	case "failed":
		r.Error = t.rpcError
	case "input_required":
		r.InputRequests = t.asking
	}
	return r
}

// createResult is the CreateTaskResult: "resultType MUST be "task"".
func (t *jobTask) createResult() *jobTaskResult { return t.state("task") }

type taskIDParams struct {
	sdk.ParamsBase
	TaskID string `json:"taskId"`
}

type taskUpdateParams struct {
	sdk.ParamsBase
	TaskID         string                     `json:"taskId"`
	InputResponses map[string]json.RawMessage `json:"inputResponses"`
}

type taskAck struct {
	sdk.ResultBase
	ResultType string `json:"resultType"`
}

// addTaskMethods serves tasks/get, tasks/update and tasks/cancel.
func (d *demoServer) addTaskMethods(s *sdk.Server) error {
	find := func(meta map[string]any, id string) (*jobTask, error) {
		if !declaresTasks(meta) {
			return nil, &jsonrpc.Error{Code: codeMissingCapability, Message: "Missing required client capability",
				Data: json.RawMessage(`{"requiredCapabilities":{"extensions":{"` + TasksExtension + `":{}}}}`)}
		}
		t := d.jobs.get(id)
		if t == nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "Failed to retrieve task: Task not found"}
		}
		return t, nil
	}
	for _, err := range []error{
		sdk.AddReceivingCustomMethod(s, "tasks/get", func(_ context.Context, _ *sdk.ServerSession, p *taskIDParams) (*jobTaskResult, error) {
			t, err := find(p.GetMeta(), p.TaskID)
			if err != nil {
				return nil, err
			}
			return t.state("complete"), nil
		}),
		sdk.AddReceivingCustomMethod(s, "tasks/update", func(_ context.Context, _ *sdk.ServerSession, p *taskUpdateParams) (*taskAck, error) {
			t, err := find(p.GetMeta(), p.TaskID)
			if err != nil {
				return nil, err
			}
			t.mu.Lock()
			for k, answer := range p.InputResponses {
				// "A server SHOULD ignore any inputResponses responses mapped
				// to a key that is not currently outstanding for the task".
				if _, ok := t.asking[k]; ok {
					delete(t.asking, k)
					select {
					case t.answered <- answer:
					default:
					}
				}
			}
			t.mu.Unlock()
			return &taskAck{ResultType: "complete"}, nil
		}),
		sdk.AddReceivingCustomMethod(s, "tasks/cancel", func(_ context.Context, _ *sdk.ServerSession, p *taskIDParams) (*taskAck, error) {
			t, err := find(p.GetMeta(), p.TaskID)
			if err != nil {
				return nil, err
			}
			t.stop()
			return &taskAck{ResultType: "complete"}, nil
		}),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}
