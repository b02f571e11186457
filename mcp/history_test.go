package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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
	"mcpbrowser/mcp/history"
)

func entry(name string) history.Entry {
	return history.Entry{Kind: history.Tool, Name: name, Arguments: json.RawMessage(`{"n":1}`), Result: json.RawMessage(`{"ok":true}`)}
}

func names(entries []history.Entry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Name)
	}
	return out
}

// newestFirst reports whether IDs strictly decrease.
func newestFirst(entries []history.Entry) bool {
	for i := 1; i < len(entries); i++ {
		if entries[i].ID >= entries[i-1].ID {
			return false
		}
	}
	return true
}

func fileLines(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(b, []byte("\n"))
}

func TestHistoryRecordsEachKind(t *testing.T) {
	h := history.New(t.TempDir(), history.Options{})
	started := time.Date(2025, 5, 1, 10, 0, 0, 0, time.UTC)
	call := &CallResult{Outcome: Outcome{Server: "demo", Started: started, Duration: 1500 * time.Microsecond}, Tool: "add", Arguments: json.RawMessage(`{"a":2,"b":3}`), Result: &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "5"}}}}
	read := &ReadResult{Outcome: Outcome{Server: "demo", Started: started.Add(time.Second), Layer: LayerProtocol, RPCError: &jsonrpc.Error{Code: -32002, Message: "not found"}, Message: "the server refused resources/read"}, URI: "demo://readme"}
	prompt := &PromptResult{Outcome: Outcome{Server: "demo", Started: started.Add(2 * time.Second)}, Prompt: "summarize_file", Arguments: map[string]string{"path": "a.txt"}, Result: &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: "hi"}}}}}
	for _, err := range []error{h.Add(call), h.Add(read), h.Add(prompt)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := h.List("demo")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d entries", len(got))
	}
	cases := []struct {
		e                    history.Entry
		kind                 history.Kind
		name, args, inResult string
		layer                ErrorLayer
	}{
		{got[0], history.Prompt, "summarize_file", `{"path":"a.txt"}`, `"role":"user"`, LayerNone},
		{got[1], history.Resource, "demo://readme", ``, `"code":-32002`, LayerProtocol},
		{got[2], history.Tool, "add", `{"a":2,"b":3}`, `"text":"5"`, LayerNone},
	}
	if !newestFirst(got) {
		t.Errorf("not newest first: %v", names(got))
	}
	for _, c := range cases {
		if c.e.Kind != c.kind || c.e.Name != c.name || string(c.e.Arguments) != c.args || c.e.ErrorLayer != string(c.layer) {
			t.Errorf("entry %+v", c.e)
		}
		if !strings.Contains(string(c.e.Result), c.inResult) || c.e.Cut {
			t.Errorf("%s result %s", c.name, c.e.Result)
		}
	}
	if got[2].DurationMS != 1.5 || !got[2].Time.Equal(started) || !got[2].OK() || got[1].OK() {
		t.Errorf("timing or outcome: %+v", got[2])
	}
	args, err := got[0].PromptArguments()
	if err != nil || args["path"] != "a.txt" {
		t.Errorf("prompt arguments %v, %v", args, err)
	}
	e, ok, err := h.Entry("demo", got[1].ID)
	if err != nil || !ok || e.Name != "demo://readme" {
		t.Errorf("Entry(%d) = %+v %v %v", got[1].ID, e, ok, err)
	}
	if _, ok, _ := h.Entry("demo", 99); ok {
		t.Error("Entry(99) found")
	}
	if other, _ := h.List("other"); len(other) != 0 || other == nil {
		t.Errorf("another server's history: %#v", other)
	}
}

func TestHistoryBounds(t *testing.T) {
	t.Run("entries", func(t *testing.T) {
		h := history.New(t.TempDir(), history.Options{MaxEntries: 10})
		for i := range 25 {
			if err := h.Append("s", entry(fmt.Sprint("call", i))); err != nil {
				t.Fatal(err)
			}
			if n := fileLines(t, h.Path("s")); n > 11 {
				t.Fatalf("after %d appends the file has %d lines", i+1, n)
			}
		}
		got, _ := h.List("s")
		if len(got) != 10 || got[0].Name != "call24" || got[9].Name != "call15" || !newestFirst(got) {
			t.Fatalf("kept %v", names(got))
		}
	})
	t.Run("bytes", func(t *testing.T) {
		const max = 4 << 10
		h := history.New(t.TempDir(), history.Options{MaxBytes: max})
		for i := range 60 {
			e := entry(fmt.Sprint("big", i))
			e.Result = json.RawMessage(`"` + strings.Repeat("r", 300) + `"`)
			if err := h.Append("s", e); err != nil {
				t.Fatal(err)
			}
			if fi, err := os.Stat(h.Path("s")); err != nil || fi.Size() > max {
				t.Fatalf("after %d appends the file is %d bytes", i+1, fi.Size())
			}
		}
		got, _ := h.List("s")
		if len(got) < 5 || !newestFirst(got) {
			t.Fatalf("kept %v", names(got))
		}
		for i, e := range got {
			if want := fmt.Sprint("big", 59-i); e.Name != want {
				t.Fatalf("not the newest, in order: %v", names(got))
			}
		}
		matches, _ := filepath.Glob(filepath.Join(h.Dir(), "*"))
		if len(matches) != 1 {
			t.Errorf("files left in the history folder: %v", matches)
		}
	})
	t.Run("huge result is cut and marked", func(t *testing.T) {
		h := history.New(t.TempDir(), history.Options{MaxResultBytes: 2 << 10})
		huge := &CallResult{Outcome: Outcome{Server: "s"}, Tool: "dump", Result: &sdk.CallToolResult{Content: []sdk.Content{
			&sdk.TextContent{Text: strings.Repeat("é", 50_000)},
			&sdk.ImageContent{MIMEType: "image/png", Data: bytes.Repeat([]byte{1, 2, 3}, 20_000)},
		}}}
		if err := h.Add(huge); err != nil {
			t.Fatal(err)
		}
		got, _ := h.List("s")
		r := got[0].Result
		if !got[0].Cut || len(r) > 2<<10 || !json.Valid(r) || !strings.Contains(string(r), "cut by mcpbrowser") {
			t.Fatalf("cut %v, %d bytes: %.300s", got[0].Cut, len(r), r)
		}
		var back map[string]any
		if err := json.Unmarshal(r, &back); err != nil || back["tool"] != "dump" {
			t.Errorf("the cut result lost its shape: %v %v", back, err)
		}
	})
	t.Run("one enormous string value", func(t *testing.T) {
		raw, _ := json.Marshal(map[string]any{"keys": strings.Split(strings.Repeat("k,", 5000), ",")})
		out := history.CutJSON(raw, 1<<10)
		if len(out) > 1<<10 || !json.Valid(out) || !strings.Contains(string(out), `"cut":true`) {
			t.Errorf("last resort: %d bytes %.200s", len(out), out)
		}
	})
}

func TestHistoryClear(t *testing.T) {
	h := history.New(t.TempDir(), history.Options{})
	for _, s := range []string{"a", "b"} {
		if err := h.Append(s, entry("x")); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Clear("a"); err != nil {
		t.Fatal(err)
	}
	if got, _ := h.List("a"); len(got) != 0 {
		t.Errorf("cleared history has %d entries", len(got))
	}
	if got, _ := h.List("b"); len(got) != 1 {
		t.Errorf("the other server lost its history: %d", len(got))
	}
	if err := h.Clear("never-used"); err != nil {
		t.Errorf("clearing an empty history: %v", err)
	}
	h.Append("a", entry("y"))
	if got, _ := h.List("a"); len(got) != 1 || got[0].Name != "y" {
		t.Errorf("after clear: %v", names(got))
	}
}

func TestHistoryConcurrent(t *testing.T) {
	dir := t.TempDir()
	// Two Histories on one folder stand for the window and the CLI.
	h1 := history.New(dir, history.Options{MaxEntries: 100})
	h2 := history.New(dir, history.Options{MaxEntries: 100})
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			h := h1
			if w%4 == 3 {
				h = h2
			}
			for i := range 40 {
				if err := h.Append([]string{"x", "y"}[w%2], entry(fmt.Sprint(w, "-", i))); err != nil {
					t.Error(err)
					return
				}
				if i%10 == 0 {
					if _, err := h.List("x"); err != nil {
						t.Error(err)
					}
				}
			}
		})
	}
	wg.Wait()
	for _, s := range []string{"x", "y"} {
		got, err := h1.List(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 100 {
			t.Errorf("%s: %d entries, want 100", s, len(got))
		}
		seen := map[int64]bool{}
		for _, e := range got {
			if seen[e.ID] {
				t.Errorf("%s: id %d twice", s, e.ID)
			}
			seen[e.ID] = true
		}
	}
}

func TestHistorySurvivesABrokenLine(t *testing.T) {
	h := history.New(t.TempDir(), history.Options{})
	h.Append("s", entry("first"))
	f, err := os.OpenFile(h.Path("s"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"id":2,"kind":"tool","na` + "\n" + `{"id":3,"kind":"tool"`) // a crash mid-write
	f.Close()
	h2 := history.New(h.Dir(), history.Options{})
	if err := h2.Append("s", entry("after")); err != nil {
		t.Fatal(err)
	}
	got, err := h2.List("s")
	if err != nil || len(got) != 2 || got[0].Name != "after" || got[1].Name != "first" {
		t.Fatalf("entries %+v, %v", got, err)
	}
}

func TestHistoryFileNames(t *testing.T) {
	cases := []struct {
		server string
		want   string // exact name, or a prefix when it ends with "-"
	}{
		{"demo", "demo.jsonl"},
		{"my-server_2.1", "my-server_2.1.jsonl"},
		{"Demo", "Demo-"},
		{"a/b", "a_b-"},
		{"../etc", ".._etc-"},
		{"..", "..-"},
		{"", "-"},
		{"weather (prod)", "weather__prod_-"},
		{strings.Repeat("n", 300), strings.Repeat("n", 100) + "-"},
	}
	names := map[string]string{}
	for _, c := range cases {
		got := history.FileName(c.server)
		if strings.HasSuffix(c.want, "-") {
			if !strings.HasPrefix(got, c.want) || len(got) != len(c.want)+8+len(".jsonl") {
				t.Errorf("%q → %q, want %s<hash>.jsonl", c.server, got, c.want)
			}
		} else if got != c.want {
			t.Errorf("%q → %q, want %q", c.server, got, c.want)
		}
		if strings.ContainsAny(got, `/\`) {
			t.Errorf("%q → %q has a path separator", c.server, got)
		}
		if prev, ok := names[strings.ToLower(got)]; ok {
			t.Errorf("%q and %q share a file", prev, c.server)
		}
		names[strings.ToLower(got)] = c.server
	}
	if history.FileName("a/b") == history.FileName("a_b") {
		t.Error("a/b and a_b share a file")
	}
}

// The core records every call of every session once its manager has a
// history, so the window and the command line need not (and cannot forget).
func TestManagerRecordsHistory(t *testing.T) {
	exe := testservers.Build(t)
	cfg := &config.Config{}
	cfg.Put(&config.ServerConfig{Name: "echo", Type: config.TypeStdio, Command: exe, Args: []string{"-mode", "echo"}})
	h := history.New(t.TempDir(), history.Options{})
	var failures []error
	m := NewManager(cfg, ManagerOptions{History: h, OnHistoryError: func(err error) { failures = append(failures, err) }})
	defer m.Close()
	ctx := context.Background()
	s := m.Session("echo")
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if r := s.CallTool(ctx, "echo", json.RawMessage(`{"message":"hi"}`), CallOptions{}); !r.OK() {
		t.Fatalf("call: %s", r.Message)
	}
	s.ReadResource(ctx, "test://no-such-resource") // a failure is history too
	s.GetPrompt(ctx, "no-such-prompt", nil)
	got, err := h.List("echo")
	if err != nil {
		t.Fatal(err)
	}
	var kinds []history.Kind
	for _, e := range got {
		kinds = append(kinds, e.Kind)
	}
	if want := []history.Kind{history.Prompt, history.Resource, history.Tool}; !slices.Equal(kinds, want) {
		t.Errorf("recorded %v, want %v", kinds, want)
	}

	s.ReadResource(WithoutHistory(ctx), "test://read-by-the-app-itself")
	s.CallTool(HistoryVia(ctx, "app"), "echo", json.RawMessage(`{"message":"from an app"}`), CallOptions{})
	if marked, _ := h.List("echo"); len(marked) != len(got)+1 || marked[0].Via != "app" || got[0].Via != "" {
		t.Errorf("a call marked as an app's: %+v", marked[0])
	} else {
		got = marked
	}
	m.SetHistory(nil)
	s.CallTool(ctx, "echo", json.RawMessage(`{"message":"not kept"}`), CallOptions{})
	if again, _ := h.List("echo"); len(again) != len(got) {
		t.Errorf("recorded without history: %d entries, had %d", len(again), len(got))
	}

	// A history that cannot be written does not spoil the call; the hook hears it.
	blocked := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocked, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	m.SetHistory(history.New(filepath.Join(blocked, "history"), history.Options{}))
	if r := s.CallTool(ctx, "echo", json.RawMessage(`{"message":"hi"}`), CallOptions{}); !r.OK() {
		t.Errorf("call with a broken history: %s", r.Message)
	}
	if len(failures) != 1 {
		t.Errorf("history errors heard: %v", failures)
	}
}
