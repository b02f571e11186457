package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// events records a manager's events so a test can wait for one.
type events struct {
	mu   sync.Mutex
	seen []Event
	more chan struct{} // closed and replaced on each event
}

func recordEvents(m *Manager) *events {
	ev := &events{more: make(chan struct{})}
	m.Subscribe(func(e Event) {
		ev.mu.Lock()
		ev.seen = append(ev.seen, e)
		close(ev.more)
		ev.more = make(chan struct{})
		ev.mu.Unlock()
	})
	return ev
}

// waitFor returns the first event from index from on that matches, waiting
// up to 30 s for it (a deadline for something to happen, not a speed check).
func (ev *events) waitFor(t *testing.T, from int, match func(Event) bool, what string) Event {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		ev.mu.Lock()
		for _, e := range ev.seen[min(from, len(ev.seen)):] {
			if match(e) {
				ev.mu.Unlock()
				return e
			}
		}
		more := ev.more
		ev.mu.Unlock()
		select {
		case <-more:
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func (ev *events) mark() int {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	return len(ev.seen)
}

func logMessage(contains string) func(Event) bool {
	return func(e Event) bool {
		return e.Kind == EventLog && e.Log.Kind == transport.LogMessage && strings.Contains(e.Log.Text, contains)
	}
}

// connectEverything starts server-everything over stdio with the given
// handlers and roots.
func connectEverything(t *testing.T, h Handlers, roots []string) (*Session, *events) {
	t.Helper()
	cfg := &config.ServerConfig{Name: "everything", Type: config.TypeStdio, Command: "node", Args: []string{everythingServer(t), "stdio"}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Handlers: h})
	t.Cleanup(m.Close)
	ev := recordEvents(m)
	s := m.Session("everything")
	s.SetRoots(roots)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatalf("connect: %v", err)
	}
	return s, ev
}

func textOf(c sdk.Content) string {
	if tc, ok := c.(*sdk.TextContent); ok {
		return tc.Text
	}
	return ""
}

func allText(r *CallResult) string {
	if r.Result == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range r.Result.Content {
		b.WriteString(textOf(c))
		b.WriteByte('\n')
	}
	return b.String()
}

func mustCall(t *testing.T, s *Session, tool, args string) *CallResult {
	t.Helper()
	r := s.CallTool(context.Background(), tool, []byte(args), CallOptions{})
	if !r.OK() {
		t.Fatalf("%s: %s", tool, r.Message)
	}
	return r
}

func TestEverythingCapabilities(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	s, _ := connectEverything(t, Handlers{}, nil)
	c := s.Capabilities()
	for _, f := range []Feature{FeatureTools, FeatureResources, FeaturePrompts, FeatureCompletions, FeatureLogging, FeatureSubscribe} {
		if !c.Has(f) {
			t.Errorf("server-everything should declare %s; got %s", f, c)
		}
	}
	if strings.Contains(c.String(), "not declared") {
		t.Errorf("summary %q says something is missing", c)
	}
	var never Session
	if c := never.Capabilities(); c.Known || c.String() != "not connected: capabilities unknown" {
		t.Errorf("never connected: %+v %q", c, c)
	}
}

func TestEverythingResources(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	s, _ := connectEverything(t, Handlers{}, nil)
	ctx := context.Background()
	resources, err := s.Resources(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(resources) < 3 {
		t.Fatalf("only %d resources listed", len(resources))
	}
	for _, res := range resources {
		t.Run("read "+res.URI, func(t *testing.T) {
			r := s.ReadResource(ctx, res.URI)
			if !r.OK() {
				t.Fatalf("%s: %s", r.Layer, r.Message)
			}
			if len(r.Result.Contents) == 0 || r.Result.Contents[0].URI != res.URI {
				t.Fatalf("contents %+v", r.Result.Contents)
			}
			if c := r.Result.Contents[0]; c.Text == "" && len(c.Blob) == 0 {
				t.Errorf("%s came back empty", res.URI)
			}
			if r.ID == 0 || r.Server != "everything" || r.Duration <= 0 {
				t.Errorf("bookkeeping: id %d server %q duration %s", r.ID, r.Server, r.Duration)
			}
		})
	}

	templates, err := s.ResourceTemplates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(templates) < 2 {
		t.Fatalf("templates: %d", len(templates))
	}
	for _, tmpl := range templates {
		t.Run("template "+tmpl.URITemplate, func(t *testing.T) {
			vars := TemplateVariables(tmpl.URITemplate)
			if !slices.Equal(vars, []string{"resourceId"}) {
				t.Fatalf("variables %v", vars)
			}
			got, err := s.Complete(ctx, TemplateRef(tmpl.URITemplate), "resourceId", "7", nil)
			if err != nil || !slices.Equal(got, []string{"7"}) {
				t.Errorf("completion of resourceId: %v, %v", got, err)
			}
			if _, err := ExpandTemplate(tmpl.URITemplate, nil); err == nil || !strings.Contains(err.Error(), "resourceId") {
				t.Errorf("expanding with nothing: %v", err)
			}
			uri, err := ExpandTemplate(tmpl.URITemplate, map[string]string{"resourceId": "7"})
			if err != nil {
				t.Fatal(err)
			}
			r := s.ReadResource(ctx, uri)
			if !r.OK() {
				t.Fatalf("%s: %s", uri, r.Message)
			}
			c := r.Result.Contents[0]
			body := c.Text + string(c.Blob)
			if !strings.Contains(body, "Resource 7") {
				t.Errorf("%s: %q", uri, body)
			}
		})
	}

	t.Run("unknown resource is a JSON-RPC error", func(t *testing.T) {
		r := s.ReadResource(ctx, "demo://resource/dynamic/text/0")
		if r.Layer != LayerProtocol || r.RPCError == nil || r.ExitCode() != 3 || r.Result != nil {
			t.Fatalf("layer %q rpc %v: %s", r.Layer, r.RPCError, r.Message)
		}
		if !strings.Contains(r.Message, "JSON-RPC error") {
			t.Errorf("message %q", r.Message)
		}
	})
}

func TestEverythingPrompts(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	s, _ := connectEverything(t, Handlers{}, nil)
	ctx := context.Background()
	prompts, err := s.Prompts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range prompts {
		names = append(names, p.Name)
	}
	cases := []struct {
		prompt string
		args   map[string]string
		want   []string // texts in the messages, in order
		embeds bool     // a message embeds a resource
	}{
		{"simple-prompt", nil, []string{"This is a simple prompt without arguments."}, false},
		{"args-prompt", map[string]string{"city": "Paris", "state": "Texas"}, []string{"What's weather in Paris, Texas?"}, false},
		{"args-prompt", map[string]string{"city": "Lyon"}, []string{"What's weather in Lyon?"}, false},
		{"completable-prompt", map[string]string{"department": "Sales", "name": "Eve"}, []string{"Please promote Eve to the head of the Sales team."}, false},
		{"resource-prompt", map[string]string{"resourceType": "Text", "resourceId": "3"}, []string{"Text resource with id: 3"}, true},
		{"resource-prompt", map[string]string{"resourceType": "Blob", "resourceId": "4"}, []string{"Blob resource with id: 4"}, true},
	}
	covered := map[string]bool{}
	for _, tc := range cases {
		covered[tc.prompt] = true
		t.Run(fmt.Sprint(tc.prompt, tc.args), func(t *testing.T) {
			r := s.GetPrompt(ctx, tc.prompt, tc.args)
			if !r.OK() {
				t.Fatalf("%s: %s", r.Layer, r.Message)
			}
			var texts []string
			embedded := false
			for _, m := range r.Result.Messages {
				if m.Role != "user" {
					t.Errorf("role %q", m.Role)
				}
				texts = append(texts, textOf(m.Content))
				if er, ok := m.Content.(*sdk.EmbeddedResource); ok && er.Resource != nil && strings.HasPrefix(er.Resource.URI, "demo://resource/dynamic/") {
					embedded = true
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(strings.Join(texts, "\n"), w) {
					t.Errorf("messages %q lack %q", texts, w)
				}
			}
			if embedded != tc.embeds {
				t.Errorf("embedded resource: %v, want %v", embedded, tc.embeds)
			}
		})
	}
	for _, n := range names {
		if !covered[n] {
			t.Errorf("prompt %q is listed but not tested", n)
		}
	}

	t.Run("missing required argument is a JSON-RPC error", func(t *testing.T) {
		r := s.GetPrompt(ctx, "args-prompt", nil)
		if r.Layer != LayerProtocol || r.RPCError == nil {
			t.Fatalf("layer %q: %s", r.Layer, r.Message)
		}
	})

	t.Run("completion", func(t *testing.T) {
		complete := []struct {
			prompt, arg, value string
			resolved           map[string]string
			want               []string
		}{
			{"completable-prompt", "department", "", nil, []string{"Engineering", "Sales", "Marketing", "Support"}},
			{"completable-prompt", "department", "S", nil, []string{"Sales", "Support"}},
			{"completable-prompt", "name", "", map[string]string{"department": "Engineering"}, []string{"Alice", "Bob", "Charlie"}},
			{"completable-prompt", "name", "E", map[string]string{"department": "Sales"}, []string{"Eve"}},
			{"completable-prompt", "name", "", nil, []string{}},
			{"resource-prompt", "resourceType", "B", nil, []string{"Blob"}},
		}
		for _, c := range complete {
			got, err := s.Complete(ctx, PromptRef(c.prompt), c.arg, c.value, c.resolved)
			if err != nil || !slices.Equal(got, c.want) {
				t.Errorf("%s %s=%q %v: %v, %v; want %v", c.prompt, c.arg, c.value, c.resolved, got, err, c.want)
			}
		}
	})
}

func TestEverythingLogging(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	s, ev := connectEverything(t, Handlers{}, nil)
	ctx := context.Background()
	if err := s.SetLogLevel(ctx, "loud"); err == nil || !strings.Contains(err.Error(), "debug, info") {
		t.Errorf("a bad level: %v", err)
	}
	if err := s.SetLogLevel(ctx, "debug"); err != nil {
		t.Fatal(err)
	}
	if !wireHas(s, transport.Sent, "logging/setLevel") {
		t.Error("logging/setLevel not on the wire")
	}
	from := ev.mark()
	mustCall(t, s, "toggle-simulated-logging", `{}`)
	defer mustCall(t, s, "toggle-simulated-logging", `{}`)
	e := ev.waitFor(t, from, logMessage("-level message"), "a simulated log message")
	if !slices.Contains(LogLevels(), e.Log.Level) {
		t.Errorf("log message level %q", e.Log.Level)
	}
}

func TestEverythingSamplingAndElicitation(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	type seen struct {
		server string
		kind   RequestKind
		params any
	}
	var mu sync.Mutex
	var requests []seen
	// The person's test double answers what the queue shows it.
	var answer func(p *PendingRequest)
	q := NewRequestQueue(func(p *PendingRequest, c RequestChange) {
		if c != RequestAdded {
			return
		}
		mu.Lock()
		requests = append(requests, seen{p.Server, p.Kind, p.Params})
		f := answer
		mu.Unlock()
		go f(p)
	})
	s, _ := connectEverything(t, q.Handlers(), nil)
	ctx := context.Background()

	cases := []struct {
		name    string
		tool    string
		args    string
		answer  func(p *PendingRequest)
		want    []string
		kind    RequestKind
		inspect func(t *testing.T, params any)
	}{
		{name: "sampling answered", tool: "trigger-sampling-request", args: `{"prompt":"say hi","maxTokens":7}`,
			answer: func(p *PendingRequest) { p.Reply("hi from the person", "typed-by-hand") },
			want:   []string{"hi from the person", "typed-by-hand"}, kind: RequestSampling,
			inspect: func(t *testing.T, params any) {
				p := params.(*sdk.CreateMessageParams)
				if p.MaxTokens != 7 || p.SystemPrompt != "You are a helpful test server." || !strings.Contains(textOf(p.Messages[0].Content), "say hi") {
					t.Errorf("sampling params %+v", p)
				}
			}},
		{name: "sampling rejected", tool: "trigger-sampling-request", args: `{"prompt":"x"}`,
			answer: func(p *PendingRequest) { p.Reject("not today") },
			want:   []string{"User rejected sampling request: not today"}, kind: RequestSampling},
		{name: "elicitation accepted", tool: "trigger-elicitation-request", args: `{}`,
			answer: func(p *PendingRequest) {
				content, err := DefaultElicitContent(p.Elicitation().RequestedSchema, []string{"name=Ada Lovelace", "check=true"})
				if err != nil {
					p.Respond(nil, err)
					return
				}
				p.Accept(content)
			},
			want: []string{"User provided the requested information", "Name: Ada Lovelace", "Agreed to terms: true", "Favorite Integer: 42", "Favorite Number: 3.14"},
			kind: RequestElicitation,
			inspect: func(t *testing.T, params any) {
				if p := params.(*sdk.ElicitParams); p.RequestedSchema == nil || p.Message == "" {
					t.Errorf("elicit params %+v", p)
				}
			}},
		{name: "elicitation declined", tool: "trigger-elicitation-request", args: `{}`,
			answer: func(p *PendingRequest) { p.Decline() }, want: []string{"declined"}, kind: RequestElicitation},
		{name: "elicitation cancelled", tool: "trigger-elicitation-request", args: `{}`,
			answer: func(p *PendingRequest) { p.Cancel() }, want: []string{"cancelled"}, kind: RequestElicitation},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mu.Lock()
			answer = tc.answer
			requests = nil
			mu.Unlock()
			r := s.CallTool(ctx, tc.tool, []byte(tc.args), CallOptions{})
			text := allText(r) + r.Message
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("result lacks %q:\n%s", w, text)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if len(requests) != 1 || requests[0].server != "everything" || requests[0].kind != tc.kind {
				t.Fatalf("requests seen: %+v", requests)
			}
			if tc.inspect != nil {
				tc.inspect(t, requests[0].params)
			}
			if n := len(q.Pending()); n != 0 {
				t.Errorf("%d requests still pending", n)
			}
		})
	}
}

func TestEverythingAutoHandlers(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	s, _ := connectEverything(t, AutoHandlers(
		ElicitPolicy{Action: ElicitAccept, Values: []string{"name=Grace"}},
		SamplingPolicy{Reply: "canned reply"}), nil)
	ctx := context.Background()
	r := mustCall(t, s, "trigger-sampling-request", `{"prompt":"p"}`)
	if text := allText(r); !strings.Contains(text, "canned reply") || !strings.Contains(text, DefaultSamplingModel) {
		t.Errorf("sampling: %s", text)
	}
	r = mustCall(t, s, "trigger-elicitation-request", `{}`)
	if text := allText(r); !strings.Contains(text, "Name: Grace") || !strings.Contains(text, "Favorite Integer: 42") {
		t.Errorf("elicitation: %s", text)
	}

	// Defaults alone cannot answer a form with a required field and no
	// default: the server gets an error saying so, not a made-up value.
	s2, _ := connectEverything(t, AutoHandlers(ElicitPolicy{Action: ElicitAccept}, SamplingPolicy{Decline: true}), nil)
	r = s2.CallTool(ctx, "trigger-elicitation-request", []byte(`{}`), CallOptions{})
	if r.OK() || !strings.Contains(allText(r)+r.Message, "name") {
		t.Errorf("accept with defaults alone: %s %s %s", r.Layer, r.Message, allText(r))
	}
	r = s2.CallTool(ctx, "trigger-sampling-request", []byte(`{"prompt":"p"}`), CallOptions{})
	if r.OK() || !strings.Contains(allText(r)+r.Message, "User rejected sampling request") {
		t.Errorf("declined sampling: %s %s %s", r.Layer, r.Message, allText(r))
	}

	// Without handlers the capabilities are not advertised, and the server
	// does not even offer the tools that need them.
	s3, _ := connectEverything(t, AutoHandlers(ElicitPolicy{}, SamplingPolicy{}), nil)
	for _, tool := range []string{"trigger-sampling-request", "trigger-elicitation-request", "get-roots-list"} {
		if s3.Tool(tool) != nil {
			t.Errorf("%s offered to a client that did not advertise its capability", tool)
		}
	}
}

func TestEverythingRoots(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	dirA, dirB := t.TempDir(), t.TempDir()
	cfg := &config.ServerConfig{Name: "everything", Type: config.TypeStdio, Command: "node", Args: []string{everythingServer(t), "stdio"}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	ev := recordEvents(m)
	s := m.Session("everything")
	s.SetRoots([]string{dirA})
	if err := s.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	// A deadlocked session cannot be closed; then only the process is killed.
	pid, stuck := s.Pid(), false
	t.Cleanup(func() {
		if !stuck {
			m.Close()
		} else if p, err := os.FindProcess(pid); err == nil {
			p.Kill()
		}
	})
	uriOf := func(dir string) string {
		return (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
	}
	r := mustCall(t, s, "get-roots-list", `{}`)
	if text := allText(r); !strings.Contains(text, "(1 total)") || !strings.Contains(text, uriOf(dirA)) {
		t.Fatalf("roots: %s", text)
	}
	from := ev.mark()
	changed := make(chan bool, 1)
	go func() { changed <- s.SetRoots([]string{dirA, dirB}) }()
	select {
	case needsRestart := <-changed:
		if needsRestart {
			t.Fatal("changing roots of a server told about roots should not need a restart")
		}
	case <-time.After(20 * time.Second):
		stuck = true
		t.Fatal("Session.SetRoots did not return: it holds Session.mu while the SDK sends " +
			"notifications/roots/list_changed, whose wire-log callback calls Session.Name, which takes Session.mu again")
	}
	// The server asks roots/list again on list_changed and logs the count.
	ev.waitFor(t, from, logMessage("Roots updated: 2 root(s)"), "the server to fetch the new roots")
	r = mustCall(t, s, "get-roots-list", `{}`)
	if text := allText(r); !strings.Contains(text, "(2 total)") || !strings.Contains(text, uriOf(dirB)) {
		t.Errorf("roots after change: %s", text)
	}
	if !wireHas(s, transport.Sent, "notifications/roots/list_changed") {
		t.Error("notifications/roots/list_changed not sent")
	}

	// A root added or removed is one notification, and every roots/list
	// answered after a change, in whatever order the server gets the
	// answers, is the new list: never a state in between (the old way
	// removed every root and added the new ones, and a server whose first
	// answer arrived last kept an empty list).
	for _, tc := range []struct {
		name    string
		folders []string
		notes   int
		count   string
	}{
		{"remove one", []string{dirB}, 1, "Roots updated: 1 root(s)"},
		{"add one", []string{dirB, dirA}, 1, "Roots updated: 2 root(s)"},
		{"replace both", []string{t.TempDir()}, 2, "Roots updated: 1 root(s)"},
	} {
		wireFrom, from := s.Wire.Next(), ev.mark()
		s.SetRoots(tc.folders)
		ev.waitFor(t, from, logMessage(tc.count), tc.name+": the server to fetch the new roots")
		notes, answers := 0, 0
		entries, _ := s.Wire.Since(wireFrom)
		for _, e := range entries {
			switch {
			case e.Dir == transport.Sent && e.Method == "notifications/roots/list_changed":
				notes++
			case e.Dir == transport.Sent && e.Method == "" && strings.Contains(string(e.JSON), `"roots"`):
				answers++
				var msg struct {
					Result sdk.ListRootsResult `json:"result"`
				}
				if err := json.Unmarshal(e.JSON, &msg); err != nil {
					t.Fatalf("%s: roots/list answer %s: %v", tc.name, e.JSON, err)
				}
				var got []string
				for _, r := range msg.Result.Roots {
					got = append(got, r.URI)
				}
				var want []string
				for _, f := range tc.folders {
					want = append(want, uriOf(f))
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s: a roots/list answer after the change lists %v, want %v", tc.name, got, want)
				}
			}
		}
		if notes != tc.notes || answers == 0 {
			t.Errorf("%s: %d notifications/roots/list_changed (want %d), %d roots/list answers", tc.name, notes, tc.notes, answers)
		}
	}
}

func TestEverythingSubscriptions(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	s, ev := connectEverything(t, Handlers{}, nil)
	ctx := context.Background()
	resources, err := s.Resources(ctx)
	if err != nil || len(resources) == 0 {
		t.Fatalf("resources: %v", err)
	}
	uri := resources[0].URI
	if err := s.Subscribe(ctx, uri); err != nil {
		t.Fatal(err)
	}
	from := ev.mark()
	mustCall(t, s, "toggle-subscriber-updates", `{}`)
	e := ev.waitFor(t, from, func(e Event) bool { return e.Kind == EventResourceUpdated }, "notifications/resources/updated")
	if e.URI != uri || e.Server != "everything" {
		t.Errorf("update for %q from %q, want %q", e.URI, e.Server, uri)
	}
	if err := s.Unsubscribe(ctx, uri); err != nil {
		t.Fatal(err)
	}
	mustCall(t, s, "toggle-subscriber-updates", `{}`)
	if !wireHas(s, transport.Sent, "resources/unsubscribe") {
		t.Error("resources/unsubscribe not sent")
	}
}

func TestEverythingPing(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	s, _ := connectEverything(t, Handlers{}, nil)
	if rtt, err := s.Ping(context.Background()); err != nil || rtt <= 0 {
		t.Fatalf("ping: %s, %v", rtt, err)
	}
}

// A server that declares only tools: the features it lacks are absent, and
// asking anyway sends the request and shows the JSON-RPC error it gets.
func TestUndeclaredFeatures(t *testing.T) {
	exe := testservers.Build(t)
	// resources/subscribe is a request of the stateful eras (2026-07-28
	// servers are asked subscriptions/listen instead).
	cfg := &config.ServerConfig{Name: "tools-only", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", testservers.ModeEcho}, ProtocolVersion: Version20251125}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("tools-only")
	ctx := context.Background()

	// Before connecting, every request fails at the connection layer.
	if _, err := s.Resources(ctx); !isLayer(err, LayerConnection) {
		t.Errorf("resources before connect: %v", err)
	}
	if r := s.ReadResource(ctx, "x://y"); r.Layer != LayerConnection || !strings.Contains(r.Message, "not connected") {
		t.Errorf("read before connect: %s %s", r.Layer, r.Message)
	}

	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	c := s.Capabilities()
	// The Go SDK's servers always declare logging.
	if !c.Tools || c.Resources || c.Prompts || c.Completions || !c.Logging {
		t.Fatalf("capabilities %s", c)
	}
	if !strings.HasSuffix(c.String(), "; not declared: resources, prompts, completions") {
		t.Errorf("summary %q", c)
	}
	if err := s.SetLogLevel(ctx, "info"); err != nil {
		t.Errorf("a declared feature failed: %v", err)
	}
	// The Go SDK answers the lists with empty ones, declared or not; the
	// other requests get JSON-RPC errors.
	requests := []struct {
		method  string
		do      func() error
		refused bool
	}{
		{"resources/list", func() error { _, err := s.Resources(ctx); return err }, false},
		{"resources/templates/list", func() error { _, err := s.ResourceTemplates(ctx); return err }, false},
		{"prompts/list", func() error { _, err := s.Prompts(ctx); return err }, false},
		{"completion/complete", func() error { _, err := s.Complete(ctx, PromptRef("p"), "a", "", nil); return err }, true},
		{"resources/subscribe", func() error { return s.Subscribe(ctx, "x://y") }, true},
		{"resources/read", func() error {
			if r := s.ReadResource(ctx, "x://y"); !r.OK() {
				return &RequestError{Layer: r.Layer, RPCError: r.RPCError, Message: r.Message, Err: r.Err}
			}
			return nil
		}, true},
		{"prompts/get", func() error {
			if r := s.GetPrompt(ctx, "p", nil); !r.OK() {
				return &RequestError{Layer: r.Layer, RPCError: r.RPCError, Message: r.Message, Err: r.Err}
			}
			return nil
		}, true},
	}
	for _, rq := range requests {
		t.Run(rq.method, func(t *testing.T) {
			err := rq.do()
			if !wireHas(s, transport.Sent, rq.method) {
				t.Errorf("%s was not sent", rq.method)
			}
			if !rq.refused {
				if err != nil {
					t.Errorf("got %v", err)
				}
				return
			}
			var re *RequestError
			if !errors.As(err, &re) || re.Layer != LayerProtocol || re.RPCError == nil {
				t.Fatalf("got %v", err)
			}
			var rpc *jsonrpc.Error
			if !errors.As(err, &rpc) {
				t.Errorf("the JSON-RPC error is not reachable with errors.As: %v", err)
			}
			if !strings.Contains(re.Message, "does not declare") || !strings.Contains(re.Message, "JSON-RPC error -32") {
				t.Errorf("message %q does not say the capability is undeclared", re.Message)
			}
		})
	}
}

func isLayer(err error, l ErrorLayer) bool {
	var re *RequestError
	return errors.As(err, &re) && re.Layer == l
}

func TestExpandTemplate(t *testing.T) {
	cases := []struct {
		tmpl    string
		vars    map[string]string
		want    string
		wantErr string
	}{
		{"demo://resource/dynamic/text/{resourceId}", map[string]string{"resourceId": "12"}, "demo://resource/dynamic/text/12", ""},
		{"file:///{path}", map[string]string{"path": "a b/c"}, "file:///a%20b%2Fc", ""},
		{"file:///{+path}", map[string]string{"path": "a b/c"}, "file:///a%20b/c", ""},
		{"api://x/{id}{?q,limit}", map[string]string{"id": "1", "q": "café"}, "api://x/1?q=caf%C3%A9", ""},
		{"api://x/{id}{?q,limit}", map[string]string{"id": "1", "q": "", "limit": "5"}, "api://x/1?limit=5", ""},
		{"api://x/{id}{&page}", map[string]string{"id": "1"}, "api://x/1", ""},
		{"api://{host}/{id}", map[string]string{"id": "1"}, "", "fill in host"},
		{"api://{host}/{id}", map[string]string{"host": ""}, "", "fill in host, id"},
		{"api://{a}/{?a}", map[string]string{}, "", "fill in a"},
		{"api://{unclosed", nil, "", "not a valid URI template"},
		{"file:///{+path}", map[string]string{"path": "dossier/été 中.txt"}, "file:///dossier/%C3%A9t%C3%A9%20%E4%B8%AD.txt", ""},
		{"file:///{+path}", map[string]string{"path": "a%20b"}, "file:///a%20b", ""},
		{"file:///{path}", map[string]string{"path": "a%20b"}, "file:///a%2520b", ""},
		{"x:{#frag}", map[string]string{"frag": "a/b c"}, "x:#a/b%20c", ""},
		{"x:{.ext}{/seg,more}", map[string]string{"ext": "txt", "seg": "a/b", "more": "c"}, "x:.txt/a%2Fb/c", ""},
		{"x:{;p,q}", map[string]string{"p": "1", "q": "two words"}, "x:;p=1;q=two%20words", ""},
		{"x:{name:3}", map[string]string{"name": "étoile"}, "x:%C3%A9to", ""},
	}
	for _, tc := range cases {
		t.Run(tc.tmpl, func(t *testing.T) {
			got, err := ExpandTemplate(tc.tmpl, tc.vars)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
	vars := []struct {
		tmpl string
		want []string
	}{
		{"file:///{+path}{?rev,x}", []string{"path", "rev", "x"}},
		{"a://{x}/{y}/{x}", []string{"x", "y"}},
		{"a://plain", []string{}},
		{"a://{bad", nil},
	}
	for _, v := range vars {
		if got := TemplateVariables(v.tmpl); !slices.Equal(got, v.want) || (got == nil) != (v.want == nil) {
			t.Errorf("TemplateVariables(%q) = %#v, want %#v", v.tmpl, got, v.want)
		}
	}
}

// TemplateVars says which variables ExpandTemplate lets a form leave out.
func TestTemplateVars(t *testing.T) {
	cases := []struct {
		tmpl string
		want []TemplateVar
	}{
		{"file:///{+path}{?rev,x}", []TemplateVar{{"path", false}, {"rev", true}, {"x", true}}},
		{"a://{x}{&y}", []TemplateVar{{"x", false}, {"y", true}}},
		{"a://{x}{?x}", []TemplateVar{{"x", false}}}, // used outside a query too
		{"a://{?q}/{q:3}", []TemplateVar{{"q", false}}},
		{"a://plain", []TemplateVar{}},
		{"a://{bad", nil},
	}
	for _, c := range cases {
		got := TemplateVars(c.tmpl)
		if !slices.Equal(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("TemplateVars(%q) = %#v, want %#v", c.tmpl, got, c.want)
		}
		for _, v := range got { // the same rule as ExpandTemplate's
			vals := map[string]string{}
			for _, o := range got {
				if o.Name != v.Name {
					vals[o.Name] = "v"
				}
			}
			if _, err := ExpandTemplate(c.tmpl, vals); (err == nil) != v.Optional {
				t.Errorf("%q without %s: error %v, but Optional = %v", c.tmpl, v.Name, err, v.Optional)
			}
		}
	}
}

func TestAsRequestError(t *testing.T) {
	rpc := &jsonrpc.Error{Code: -32601, Message: "method not found"}
	already := &RequestError{Method: "x", Layer: LayerTimeout, Message: "kept"}
	cases := []struct {
		err       error
		wantLayer ErrorLayer
		wantMsg   string
	}{
		{nil, LayerNone, ""},
		{fmt.Errorf("calling ping: %w", rpc), LayerProtocol, "the server refused ping: method not found (JSON-RPC error -32601, method not found)"},
		{&jsonrpc.Error{Code: CodeNetworkError, Message: "api down"}, LayerNetwork, "api down"},
		{errNotConnected, LayerConnection, "not connected"},
		{fmt.Errorf("x: %w", context.Canceled), LayerCancelled, "you cancelled"},
		{context.DeadlineExceeded, LayerTimeout, "ran out of time"},
		{sdk.ErrConnectionClosed, LayerConnection, "ping failed"},
		{already, LayerTimeout, "kept"},
	}
	for _, tc := range cases {
		err := AsRequestError("ping", tc.err)
		if tc.err == nil {
			if err != nil {
				t.Errorf("nil became %v", err)
			}
			continue
		}
		var re *RequestError
		if !errors.As(err, &re) || re.Layer != tc.wantLayer || !strings.Contains(re.Message, tc.wantMsg) {
			t.Errorf("%v → %+v", tc.err, re)
			continue
		}
		if !errors.Is(err, tc.err) {
			t.Errorf("%v is not wrapped", tc.err)
		}
		if want := map[bool]int{true: 3, false: 4}[tc.wantLayer == LayerProtocol]; re.ExitCode() != want {
			t.Errorf("%v: exit code %d", tc.err, re.ExitCode())
		}
	}
}

// URL-mode elicitation: the person sees the URL and the reason, and the app
// answers without opening anything itself. server-everything offers the
// tool only to a client that advertises elicitation.url.
func TestEverythingURLElicitation(t *testing.T) {
	t.Parallel() // its own server-everything process and Manager
	q := NewRequestQueue(func(p *PendingRequest, c RequestChange) {
		if c != RequestAdded {
			return
		}
		go func() {
			if !p.IsURL() || p.Elicitation().URL != "https://example.test/consent" || p.Elicitation().Message == "" {
				p.Respond(nil, fmt.Errorf("not the URL request the test sent: %+v", p.Elicitation()))
				return
			}
			p.Accept(nil)
		}()
	})
	s, _ := connectEverything(t, q.Handlers(), nil)
	if s.Tool("trigger-url-elicitation") == nil {
		t.Skip("the session does not advertise elicitation.url, so server-everything does not offer trigger-url-elicitation")
	}
	r := mustCall(t, s, "trigger-url-elicitation", `{"url":"https://example.test/consent","elicitationId":"e-1"}`)
	if text := allText(r); !strings.Contains(text, "User completed the URL elicitation flow") {
		t.Errorf("result: %s", text)
	}
}

// Every request is bounded by the entry's call timeout; here one so short
// that no answer can beat it.
func TestRequestTimeouts(t *testing.T) {
	exe := testservers.Build(t)
	cfg := &config.ServerConfig{Name: "echo", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", testservers.ModeEcho}, CallTimeout: secondsPtr(1e-9)}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("echo")
	ctx := context.Background()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	_, err := s.Resources(ctx)
	if !isLayer(err, LayerTimeout) || !strings.Contains(err.Error(), "did not answer resources/list within 1ns") {
		t.Errorf("list: %v", err)
	}
	if r := s.ReadResource(ctx, "x://y"); r.Layer != LayerTimeout || !strings.Contains(r.Message, "callTimeout") || r.ExitCode() != 4 {
		t.Errorf("read: %s %s", r.Layer, r.Message)
	}
	if r := s.GetPrompt(ctx, "p", nil); r.Layer != LayerTimeout {
		t.Errorf("prompt: %s %s", r.Layer, r.Message)
	}
	if _, err := s.Complete(ctx, nil, "a", "", nil); err == nil {
		t.Error("a completion without a reference was sent")
	}
	if s.Status().State != StateReady {
		t.Errorf("a timed-out request broke the session: %v", s.Status())
	}
}
