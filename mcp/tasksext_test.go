package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling from 2026-07-28; a task's input requests may still carry it

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/demo"
	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// demoServerBinary is the demo server program, built once.
func demoServerBinary(t *testing.T) string { return testservers.Demo.Build(t) }

// demoEntries are the demo server over stdio and over streamable HTTP (in
// this process), with the given pinned version ("" for auto).
func demoEntries(t *testing.T, pin string) map[string]func(t *testing.T) *config.ServerConfig {
	return map[string]func(t *testing.T) *config.ServerConfig{
		"stdio": func(t *testing.T) *config.ServerConfig {
			return &config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: demoServerBinary(t), Args: []string{"-root", t.TempDir()}, ProtocolVersion: pin}
		},
		"streamable HTTP": func(t *testing.T) *config.ServerConfig {
			server, err := demo.NewServer(demo.Options{Root: t.TempDir(), Stderr: &strings.Builder{}})
			if err != nil {
				t.Fatal(err)
			}
			h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{Stateless: true})
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				// Like a load balancer routing by task: no Mcp-Name, no answer.
				if strings.HasPrefix(r.Header.Get("Mcp-Method"), "tasks/") && r.Header.Get("Mcp-Name") == "" {
					http.Error(w, "Mcp-Name missing", http.StatusBadRequest)
					return
				}
				h.ServeHTTP(w, r)
			}))
			t.Cleanup(ts.Close)
			return &config.ServerConfig{Name: "demo", Type: config.TypeHTTP, URL: ts.URL, ProtocolVersion: pin}
		},
	}
}

// wireMethods counts the requests of each method the app sent.
func wireMethods(s *Session) map[string]int {
	entries, _ := s.Wire.Since(0)
	n := map[string]int{}
	for _, e := range entries {
		if e.Dir == transport.Sent && e.Method != "" {
			n[e.Method]++
		}
	}
	return n
}

// TestDemoTaskExtension runs the demo server's background_job, which the
// server turns into a task of the 2026-07-28 extension, through CallTool
// (followed to its result, status seen on the way, its question answered by
// the session's handlers with tasks/update), through StartToolTask and
// WaitTask (the CLI's path), and cancelled; over stdio and streamable HTTP.
func TestDemoTaskExtension(t *testing.T) {
	for transportName, entry := range demoEntries(t, "") {
		t.Run(transportName, func(t *testing.T) {
			t.Parallel()
			const think = 150 * time.Millisecond
			var asked []string
			var mu sync.Mutex
			handlers := Handlers{
				Elicit: func(_ context.Context, server string, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
					mu.Lock()
					asked = append(asked, req.Params.Message)
					mu.Unlock()
					time.Sleep(think) // the person reads and answers
					return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"finish": "thoroughly"}}, nil
				},
				CreateMessage: func(_ context.Context, server string, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
					return SamplingReply("teal", "test-model"), nil
				},
			}
			cfg := entry(t)
			cfg.Validate()
			m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Handlers: handlers})
			defer m.Close()
			var taskEvents int
			m.Subscribe(func(e Event) {
				if e.Kind == EventTask {
					mu.Lock()
					taskEvents++
					mu.Unlock()
				}
			})
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			s := m.Session("demo")
			if err := s.Connect(ctx); err != nil {
				t.Fatalf("connect: %v", err)
			}
			if s.Era().Version != Version20260728 || s.TaskForm() != TaskFormExtension || !s.CanRunAsTask("echo") {
				t.Fatalf("era %v, task form %v", s.Era(), s.TaskForm())
			}

			// A plain call becomes a task and is followed to its result.
			var seen []string
			r := s.CallTool(ctx, "background_job", json.RawMessage(`{"steps":2,"delay_ms":20}`), CallOptions{
				OnTask: func(t Task) { seen = append(seen, t.Status) },
			})
			if r.Layer != LayerNone || !strings.Contains(firstText(r.Result), "Finished 2 steps.") {
				t.Fatalf("call: %s %s %+v", r.Layer, r.Message, r.Result)
			}
			if len(seen) < 2 || seen[0] != "working" || seen[len(seen)-1] != "completed" {
				t.Errorf("statuses seen %v", seen)
			}
			list := s.Tasks()
			if len(list) != 1 || list[0].Tool != "background_job" || list[0].Status != "completed" || list[0].Result == nil {
				t.Errorf("task list %+v", list)
			}
			if n := wireMethods(s); n["tasks/get"] == 0 || n["tasks/result"] != 0 {
				t.Errorf("requests sent: %v", n)
			}

			// A question halfway: answered through the handlers, sent by tasks/update.
			r = s.CallTool(ctx, "background_job", json.RawMessage(`{"steps":2,"delay_ms":20,"ask":"a question"}`), CallOptions{})
			if r.Layer != LayerNone || !strings.Contains(firstText(r.Result), `accept {"finish":"thoroughly"}`) {
				t.Fatalf("call with a question: %s %s %s", r.Layer, r.Message, firstText(r.Result))
			}
			if len(asked) != 1 || !strings.Contains(asked[0], "halfway") {
				t.Errorf("asked %q (want once: keys are not answered twice)", asked)
			}
			if r.Waited < think {
				t.Errorf("the task's question waited %v for the person, want at least %v (its duration counts it)", r.Waited, think)
			}
			r = s.CallTool(ctx, "background_job", json.RawMessage(`{"steps":1,"delay_ms":0,"ask":"a model reply"}`), CallOptions{})
			if r.Layer != LayerNone || !strings.Contains(firstText(r.Result), `"teal" from test-model`) {
				t.Fatalf("call with a sampling request: %s %s %s", r.Layer, r.Message, firstText(r.Result))
			}
			if n := wireMethods(s); n["tasks/update"] != 2 {
				t.Errorf("tasks/update sent %d times, want 2", n["tasks/update"])
			}

			// The command line's path: start, wait, result.
			task, err := s.StartToolTask(ctx, "background_job", json.RawMessage(`{"steps":1,"delay_ms":10}`))
			if err != nil || task.TaskID == "" || task.Status != "working" {
				t.Fatalf("start: %+v %v", task, err)
			}
			task, err = s.WaitTask(ctx, task, nil)
			if err != nil || task.Status != "completed" {
				t.Fatalf("wait: %+v %v", task, err)
			}
			if res, err := s.TaskResult(ctx, task.TaskID); err != nil || !strings.Contains(string(res), "Finished 1 steps.") {
				t.Errorf("result %s %v", res, err)
			}
			// "Clients SHOULD deduplicate inputRequests keys across consecutive
			// polls": a key answered once is not asked again.
			again := task
			again.Status, again.InputRequests = "input_required", json.RawMessage(`{"extra":{"method":"elicitation/create","params":{"message":"again?","requestedSchema":{"type":"object","properties":{}}}}}`)
			before := len(asked)
			for i := range 2 {
				if sent, err := s.answerTaskInputs(ctx, again); err != nil || sent != (i == 0) {
					t.Errorf("answering the same key, round %d: sent %v, %v", i+1, sent, err)
				}
			}
			if len(asked) != before+1 {
				t.Errorf("the same key was asked %d times", len(asked)-before)
			}
			// A tool the server does not make a task of.
			if task, err := s.StartToolTask(ctx, "echo", json.RawMessage(`{"message":"hi"}`)); err != nil || task.TaskID != "" || task.Status != "completed" || !strings.Contains(string(task.Result), "hi") {
				t.Errorf("echo as a task: %+v %v", task, err)
			}
			if _, err := s.ListTasks(ctx); err == nil {
				t.Error("ListTasks on the extension: no error")
			}

			// Cancelled by the caller: tasks/cancel, and the task ends cancelled.
			cctx, stop := context.WithCancel(ctx)
			go func() {
				for len(s.Tasks()) < 5 {
					time.Sleep(10 * time.Millisecond)
				}
				stop()
			}()
			r = s.CallTool(cctx, "background_job", json.RawMessage(`{"steps":100,"delay_ms":100}`), CallOptions{})
			if r.Layer != LayerCancelled || !strings.Contains(r.Message, "(tasks/cancel)") {
				t.Errorf("cancelled call: %s %s", r.Layer, r.Message)
			}
			if n := wireMethods(s); n["tasks/cancel"] != 1 {
				t.Errorf("tasks/cancel sent %d times", n["tasks/cancel"])
			}
			if st := s.Tasks()[0]; st.Status != "cancelled" {
				t.Errorf("cancelled task is %q", st.Status)
			}
			mu.Lock()
			defer mu.Unlock()
			if taskEvents == 0 {
				t.Error("no task events")
			}
		})
	}
}

// TestDemoTaskOlderEra: pinned to 2025-11-25 the demo server speaks no
// extension, and background_job runs within the call, its question asked
// as an ordinary elicitation.
func TestDemoTaskOlderEra(t *testing.T) {
	cfg := demoEntries(t, Version20251125)["stdio"](t)
	cfg.Validate()
	h := AutoHandlers(ElicitPolicy{Action: ElicitAccept, Values: []string{"finish=quickly"}}, SamplingPolicy{})
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Handlers: h})
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s := m.Session("demo")
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if s.TaskForm() != TaskFormNone || s.CanRunAsTask("background_job") {
		t.Fatalf("task form %v on %v", s.TaskForm(), s.Era())
	}
	r := s.CallTool(ctx, "background_job", json.RawMessage(`{"steps":2,"delay_ms":10,"ask":"a question"}`), CallOptions{})
	if r.Layer != LayerNone || !strings.Contains(firstText(r.Result), `accept {"finish":"quickly"}`) {
		t.Fatalf("%s %s %s", r.Layer, r.Message, firstText(r.Result))
	}
	if n := wireMethods(s); n["tasks/get"] != 0 || len(s.Tasks()) != 0 {
		t.Errorf("tasks on a 2025-11-25 session: %v, %v", n, s.Tasks())
	}
}
