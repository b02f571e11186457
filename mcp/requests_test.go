package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// everythingElicitSchema is the form server-everything's
// trigger-elicitation-request asks for, trimmed to one field of each kind.
const everythingElicitSchema = `{
	"type": "object",
	"properties": {
		"name": {"type": "string", "title": "String"},
		"check": {"type": "boolean"},
		"firstLine": {"type": "string", "default": "It was a dark and stormy night."},
		"integer": {"type": "integer", "minimum": 1, "maximum": 100, "default": 42},
		"number": {"type": "number", "default": 3.14},
		"pick": {"type": "string", "enum": ["Monica", "Rachel"], "default": "Monica"},
		"many": {"type": "array", "items": {"type": "string", "enum": ["Guitar", "Piano"]}, "default": ["Guitar"]},
		"hero": {"type": "string", "oneOf": [{"const": "hero-1", "title": "Superman"}, {"const": "hero-2", "title": "Green Lantern"}], "default": "hero-1"}
	},
	"required": ["name"]
}`

func TestDefaultElicitContent(t *testing.T) {
	var schemaValue any
	if err := json.Unmarshal([]byte(everythingElicitSchema), &schemaValue); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		schema  any
		values  []string
		want    string // content as JSON
		wantErr string
	}{
		{name: "defaults and a value", schema: schemaValue, values: []string{"name=Ada"},
			want: `{"firstLine":"It was a dark and stormy night.","hero":"hero-1","integer":42,"many":["Guitar"],"name":"Ada","number":3.14,"pick":"Monica"}`},
		{name: "values override defaults", schema: schemaValue, values: []string{"name=Ada", "integer=7", "check=true", "many=Piano,Guitar"},
			want: `{"check":true,"firstLine":"It was a dark and stormy night.","hero":"hero-1","integer":7,"many":["Piano","Guitar"],"name":"Ada","number":3.14,"pick":"Monica"}`},
		{name: "required field without default", schema: schemaValue, wantErr: "name: this field is required"},
		{name: "value out of range", schema: schemaValue, values: []string{"name=Ada", "integer=500"}, wantErr: "integer"},
		{name: "unknown field", schema: schemaValue, values: []string{"name=Ada", "colour=red"}, wantErr: "colour"},
		{name: "no schema", schema: nil, want: `{}`},
		{name: "raw JSON schema", schema: json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean","default":true}}}`), want: `{"ok":true}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DefaultElicitContent(tc.schema, tc.values)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(got)
			if string(b) != tc.want {
				t.Errorf("got  %s\nwant %s", b, tc.want)
			}
		})
	}
}

func TestAutoHandlers(t *testing.T) {
	form := &sdk.ElicitRequest{Params: &sdk.ElicitParams{Mode: "form", Message: "who?", RequestedSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","default":1}}}`)}}
	url := &sdk.ElicitRequest{Params: &sdk.ElicitParams{Mode: "url", Message: "sign in", URL: "https://example.test/auth", ElicitationID: "e1"}}
	sampling := &sdk.CreateMessageRequest{Params: &sdk.CreateMessageParams{MaxTokens: 5}}
	ctx := context.Background()

	cases := []struct {
		name        string
		elicit      ElicitPolicy
		sampling    SamplingPolicy
		noElicit    bool // the handler is nil: capability not advertised
		noSampling  bool
		formAction  string
		formContent string
		urlAction   string
		reply       string // text of the sampling reply, or "" for an error
		model       string
	}{
		{name: "zero policies advertise nothing", noElicit: true, noSampling: true},
		{name: "accept defaults", elicit: ElicitPolicy{Action: ElicitAccept}, noSampling: true,
			formAction: "accept", formContent: `{"n":1}`, urlAction: "accept"},
		{name: "accept with values", elicit: ElicitPolicy{Action: ElicitAccept, Values: []string{"n=5"}}, noSampling: true,
			formAction: "accept", formContent: `{"n":5}`, urlAction: "accept"},
		{name: "decline", elicit: ElicitPolicy{Action: ElicitDecline}, sampling: SamplingPolicy{Decline: true},
			formAction: "decline", urlAction: "decline"},
		{name: "cancel and reply", elicit: ElicitPolicy{Action: ElicitCancel}, sampling: SamplingPolicy{Reply: "fine", Model: "m-1"},
			formAction: "cancel", urlAction: "cancel", reply: "fine", model: "m-1"},
		{name: "reply with default model", noElicit: true, sampling: SamplingPolicy{Reply: "ok"}, reply: "ok", model: DefaultSamplingModel},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := AutoHandlers(tc.elicit, tc.sampling)
			if (h.Elicit == nil) != tc.noElicit || (h.CreateMessage == nil) != tc.noSampling {
				t.Fatalf("handlers set: elicit %v, sampling %v", h.Elicit != nil, h.CreateMessage != nil)
			}
			if h.Elicit != nil {
				res, err := h.Elicit(ctx, "srv", form)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(res.Content)
				if res.Action != tc.formAction || (tc.formContent != "" && string(b) != tc.formContent) {
					t.Errorf("form: %s %s", res.Action, b)
				}
				res, err = h.Elicit(ctx, "srv", url)
				if err != nil || res.Action != tc.urlAction || res.Content != nil {
					t.Errorf("url: %+v %v", res, err)
				}
			}
			if h.CreateMessage != nil {
				res, err := h.CreateMessage(ctx, "srv", sampling)
				if tc.reply == "" {
					var rpc *jsonrpc.Error
					if !errors.As(err, &rpc) || rpc.Code != CodeUserRejected {
						t.Fatalf("decline: %v", err)
					}
					return
				}
				if err != nil || res.Role != "assistant" || res.Model != tc.model || res.Content.(*sdk.TextContent).Text != tc.reply {
					t.Errorf("reply: %+v %v", res, err)
				}
			}
		})
	}
}

// queueWatcher records a queue's changes.
type queueWatcher struct {
	mu      sync.Mutex
	changes []RequestChange
	added   chan *PendingRequest
}

func newQueue() (*RequestQueue, *queueWatcher) {
	w := &queueWatcher{added: make(chan *PendingRequest, 10)}
	q := NewRequestQueue(func(p *PendingRequest, c RequestChange) {
		w.mu.Lock()
		w.changes = append(w.changes, c)
		w.mu.Unlock()
		if c == RequestAdded {
			w.added <- p
		}
	})
	return q, w
}

func (w *queueWatcher) seen() []RequestChange {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]RequestChange(nil), w.changes...)
}

func TestRequestQueueAnswer(t *testing.T) {
	q, w := newQueue()
	h := q.Handlers()
	type result struct {
		res *sdk.ElicitResult
		err error
	}
	done := make(chan result)
	params := &sdk.ElicitParams{Message: "name?", RequestedSchema: json.RawMessage(`{"type":"object"}`)}
	go func() {
		res, err := h.Elicit(context.Background(), "srv", &sdk.ElicitRequest{Params: params})
		done <- result{res, err}
	}()
	p := <-w.added
	if p.ID != 1 || p.Server != "srv" || p.Kind != RequestElicitation || p.Elicitation() != params || p.Sampling() != nil || p.IsURL() {
		t.Fatalf("pending request %+v", p)
	}
	if got := q.Pending(); len(got) != 1 || got[0] != p || q.Get(1) != p || q.Get(2) != nil {
		t.Fatalf("Pending %v", got)
	}
	if err := p.Reply("text", ""); err == nil {
		t.Error("a sampling reply to an elicitation was accepted")
	}
	if err := p.AcceptJSON(json.RawMessage(`[1]`)); err == nil {
		t.Error("a non-object answer was accepted")
	}
	if err := p.AcceptJSON(json.RawMessage(`{"name":"Ada"}`)); err != nil {
		t.Fatal(err)
	}
	if err := p.Decline(); !errors.Is(err, ErrAlreadyAnswered) {
		t.Errorf("second answer: %v", err)
	}
	r := <-done
	if r.err != nil || r.res.Action != "accept" || r.res.Content["name"] != "Ada" {
		t.Fatalf("handler returned %+v, %v", r.res, r.err)
	}
	if len(q.Pending()) != 0 {
		t.Error("answered request still pending")
	}
	if got := w.seen(); len(got) != 2 || got[0] != RequestAdded || got[1] != RequestAnswered {
		t.Errorf("changes %v", got)
	}
}

func TestRequestQueueServerGivesUp(t *testing.T) {
	q, w := newQueue()
	h := q.Handlers()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := h.CreateMessage(ctx, "srv", &sdk.CreateMessageRequest{Params: &sdk.CreateMessageParams{MaxTokens: 1}})
		done <- err
	}()
	p := <-w.added
	if p.Kind != RequestSampling || p.Sampling() == nil {
		t.Fatalf("pending %+v", p)
	}
	cancel() // the server sent notifications/cancelled, or the connection closed
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("handler returned %v", err)
	}
	if len(q.Pending()) != 0 {
		t.Error("a request the server gave up on is still pending")
	}
	if err := p.Reply("too late", ""); !errors.Is(err, ErrRequestGone) {
		t.Errorf("answering a gone request: %v", err)
	}
	if got := w.seen(); len(got) != 2 || got[1] != RequestGone {
		t.Errorf("changes %v", got)
	}
	select {
	case <-p.Context().Done():
	default:
		t.Error("the request's context is still live")
	}
}

func TestRequestQueueMany(t *testing.T) {
	q, w := newQueue()
	h := q.Handlers()
	const n = 8
	var wg sync.WaitGroup
	results := make([]string, n)
	for i := range n {
		wg.Go(func() {
			res, err := h.CreateMessage(context.Background(), "srv", &sdk.CreateMessageRequest{Params: &sdk.CreateMessageParams{MaxTokens: int64(i)}})
			if err != nil {
				results[i] = "error: " + err.Error()
				return
			}
			results[i] = res.Content.(*sdk.TextContent).Text
		})
	}
	for range n {
		<-w.added
	}
	pending := q.Pending()
	if len(pending) != n {
		t.Fatalf("%d pending, want %d", len(pending), n)
	}
	for i, p := range pending {
		if i > 0 && pending[i-1].ID >= p.ID {
			t.Errorf("not oldest first: %d before %d", pending[i-1].ID, p.ID)
		}
		// Answer each with its own max tokens so mix-ups show.
		if p.Sampling().MaxTokens%2 == 0 {
			p.Reply(strings.Repeat("x", int(p.Sampling().MaxTokens)), "")
		} else {
			p.Reject("odd")
		}
	}
	wg.Wait()
	for i, got := range results {
		want := strings.Repeat("x", i)
		if i%2 == 1 {
			want = "error: User rejected sampling request: odd"
		}
		if got != want {
			t.Errorf("request %d got %q, want %q", i, got, want)
		}
	}
}

// The window puts a RequestQueue's handlers into the manager and shows each
// request as it arrives; the server's request waits until the person answers.
func ExampleRequestQueue() {
	var q *RequestQueue
	q = NewRequestQueue(func(p *PendingRequest, change RequestChange) {
		switch change {
		case RequestAdded: // a panel appears; here the "person" answers at once
			fmt.Printf("%s asks for %s (max %d tokens)\n", p.Server, p.Kind, p.Sampling().MaxTokens)
			go p.Reply("Paris.", "typed-by-hand")
		case RequestAnswered: // the panel goes away
			fmt.Println("answered; still waiting:", len(q.Pending()))
		case RequestGone: // the server gave up; the panel goes away too
			fmt.Println("gone")
		}
	})
	// NewManager(cfg, ManagerOptions{Handlers: q.Handlers()}) wires it; here
	// the handler is called the way the SDK calls it for sampling/createMessage.
	res, err := q.Handlers().CreateMessage(context.Background(), "everything",
		&sdk.CreateMessageRequest{Params: &sdk.CreateMessageParams{MaxTokens: 100}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Model, res.Content.(*sdk.TextContent).Text)
	// Output:
	// everything asks for sampling (max 100 tokens)
	// answered; still waiting: 0
	// typed-by-hand Paris.
}
