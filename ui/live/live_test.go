package live

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/tap"
)

// TestLiveSessionGrowsThenFinishes: a session tapped from the demo server
// appears in the list while it runs, its rows appear as the host calls
// (request → answer, the tool's error and the refusal marked, stderr
// interleaved), and it ends as finished with its counts.
func TestLiveSessionGrowsThenFinishes(t *testing.T) {
	root := t.TempDir()
	s, changed := newScreen(t, root, Deps{})
	onUI(func() {
		if !s.Empty.Visible() {
			t.Error("no session yet, and the empty state is not shown")
		}
	})
	h := startHost(t, root, "demo", demo(t))
	h.initialize()
	waitFor(t, changed, "the running session in the list", func() bool {
		return len(s.Sessions()) == 1 && s.Sessions()[0].Live
	})
	onUI(func() {
		if s.Empty.Visible() {
			t.Error("the empty state stays over a session")
		}
		s.List.Select(0)
	})
	h.call(2, "tools/call", `{"name":"echo","arguments":{"message":"hi"}}`)
	waitFor(t, changed, "the echo call and its answer", func() bool {
		return strings.Contains(rowWords(s.Timeline), "Answer to tools/call")
	})
	h.call(3, "tools/call", `{"name":"fail","arguments":{"kind":"tool_error"}}`)
	h.call(4, "tools/call", `{"name":"fail","arguments":{"kind":"protocol_error"}}`)
	h.call(5, "tools/call", `{"name":"log_stderr","arguments":{"lines":2}}`)
	waitFor(t, changed, "the stderr lines", func() bool {
		return strings.Contains(rowWords(s.Timeline), "stderr: log_stderr: line 2 of 2")
	})
	if code := h.end(); code != 0 {
		t.Errorf("the tap exited with %d", code)
	}
	waitFor(t, changed, "the session finished", func() bool {
		return len(s.Sessions()) == 1 && s.Sessions()[0].State() == "finished"
	})
	onUI(func() {
		sum := s.Sessions()[0]
		if got := SessionTitle(sum); got != "demo in claude-ai" {
			t.Errorf("title %q", got)
		}
		if sum.Counts.Requests < 5 || sum.Counts.Errors != 2 || sum.Counts.Stderr < 2 {
			t.Errorf("counts %+v: want 5 requests or more, 2 errors, 2 stderr lines", sum.Counts)
		}
		words := rowWords(s.Timeline)
		for _, want := range []string{
			"The host asks: initialize", "The host tells: notifications/initialized",
			"The host calls the tool echo", "The tool reported an error (tools/call)",
			"Refused tools/call: error -32602",
		} {
			if !strings.Contains(words, want) {
				t.Errorf("no row %q in:\n%s", want, words)
			}
		}
		if !strings.Contains(StateWord(sum), "finished") {
			t.Errorf("state %q", StateWord(sum))
		}
	})
}

// TestFilterAndDetail: the search and the kind filter of the messages
// panel, and a row's JSON with Open in Tools and Save as check on a
// tools/call, from a finished recording.
func TestFilterAndDetail(t *testing.T) {
	root := t.TempDir()
	h := startHost(t, root, "demo", demo(t))
	h.initialize()
	h.call(2, "tools/call", `{"name":"echo","arguments":{"message":"hi there"}}`)
	h.call(3, "tools/call", `{"name":"fail","arguments":{"kind":"tool_error"}}`)
	h.call(4, "tools/list", `{}`)
	h.end()
	var opened []string
	var saved *mcp.CallResult
	s, _ := newScreen(t, root, Deps{
		OpenInTools: func(sum tap.Summary, tool string, args json.RawMessage) {
			opened = append(opened, sum.ServerName()+" "+tool+" "+string(args))
		},
		SaveCheck: func(_ tap.Summary, r *mcp.CallResult) { saved = r },
	})
	onUI(func() {
		s.List.Select(0)
		tl := s.Timeline
		test.Type(tl.Search, "echo")
		if st := tl.State(); st.Shown != 2 {
			t.Errorf("search echo shows %d rows, want the call and its answer", st.Shown)
		}
		tl.Search.SetText("")
		tl.Kinds.SetSelectedIndex(2) // Errors
		if st := tl.State(); st.Shown != 1 {
			t.Errorf("the errors filter shows %d rows, want 1", st.Shown)
		}
		tl.Kinds.SetSelectedIndex(0)
		call := -1
		for i, r := range tl.Rows() {
			if name, _, ok := r.ToolCall(); ok && name == "echo" {
				call = i
			}
		}
		tl.List.Select(call)
		if !strings.Contains(tl.Detail.Text, `"message": "hi there"`) {
			t.Errorf("the detail does not show the call's JSON: %q", tl.Detail.Text)
		}
		if !tl.OpenTools.Visible() || !tl.SaveCheck.Visible() {
			t.Error("a tools/call offers neither Open in Tools nor Save as check")
		}
		test.Tap(tl.OpenTools)
		test.Tap(tl.SaveCheck)
		tl.List.Select(0) // initialize: nothing to open
		if tl.OpenTools.Visible() {
			t.Error("Open in Tools on initialize")
		}
	})
	if len(opened) != 1 || opened[0] != `demo echo {"message":"hi there"}` {
		t.Errorf("Open in Tools asked %q", opened)
	}
	if saved == nil || saved.Tool != "echo" || !saved.OK() {
		t.Fatalf("Save as check was handed %+v", saved)
	}
}

// TestSaveAsChecksPassWhenRun: a session's calls saved as checks run
// green against the same server (mcp/checks' runner).
func TestSaveAsChecksPassWhenRun(t *testing.T) {
	root := t.TempDir()
	h := startHost(t, root, "demo", demo(t))
	h.initialize()
	h.call(2, "tools/call", `{"name":"echo","arguments":{"message":"hi"}}`)
	h.call(3, "tools/call", `{"name":"add","arguments":{"a":2,"b":3}}`)
	h.call(4, "tools/call", `{"name":"fail","arguments":{"kind":"protocol_error"}}`)
	h.end()
	s, _ := newScreen(t, root, Deps{})
	path := filepath.Join(t.TempDir(), "checks.yaml")
	var n int
	var err error
	onUI(func() {
		s.List.Select(0)
		n, err = s.Timeline.SaveSessionChecks(path)
	})
	if err != nil || n != 3 {
		data, _ := os.ReadFile(path)
		t.Fatalf("saved %d checks: %v\n%s", n, err, data)
	}
	f, err := checks.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	rn := &checks.Runner{Connect: func(ctx context.Context, name string, spec checks.ServerSpec) (checks.Target, error) {
		sc := spec.Config(name)
		m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{sc}}, mcp.ManagerOptions{})
		t.Cleanup(m.Close)
		sess := m.Session(sc.Name)
		return sess, sess.Connect(ctx)
	}}
	rep := rn.Run(t.Context(), f)
	data, _ := os.ReadFile(path)
	if rep.Count(checks.StatusPassed) != 3 {
		t.Errorf("the saved checks did not all pass: %+v\n%s", rep, data)
	}
}

// TestOpenRecordingFromElsewhere: a recording copied out of the folder
// opens by its folder or one of its files; another folder is refused in
// plain words.
func TestOpenRecordingFromElsewhere(t *testing.T) {
	root := t.TempDir()
	h := startHost(t, root, "demo", demo(t))
	h.initialize()
	h.end()
	list, err := tap.List(root)
	if err != nil || len(list) != 1 {
		t.Fatalf("%v %v", list, err)
	}
	s, _ := newScreen(t, t.TempDir(), Deps{})
	onUI(func() {
		if err := s.OpenRecording(filepath.Join(list[0].Dir, "frames.jsonl")); err != nil {
			t.Fatal(err)
		}
		if len(s.Sessions()) != 1 || len(s.Timeline.Rows()) < 2 {
			t.Errorf("the recording shows %d sessions, %d rows", len(s.Sessions()), len(s.Timeline.Rows()))
		}
		err := s.OpenRecording(t.TempDir())
		if err == nil || !strings.Contains(err.Error(), "is not a recording of mcpbrowser tap") {
			t.Errorf("another folder: %v", err)
		}
	})
}

// TestServerAsksSampling: server-everything asks the host for sampling
// during a call; the timeline shows the server's question and the host's
// answer, marked as the server's.
func TestServerAsksSampling(t *testing.T) {
	everything := testservers.Everything(t)
	root := t.TempDir()
	h := startHost(t, root, "everything", "node", everything)
	h.answer = func(method string) any {
		return map[string]any{"role": "assistant", "model": "test", "content": map[string]any{"type": "text", "text": "a canned reply"}}
	}
	h.initialize()
	h.call(2, "tools/call", `{"name":"trigger-sampling-request","arguments":{"prompt":"hello","maxTokens":10}}`)
	h.end()
	s, _ := newScreen(t, root, Deps{})
	onUI(func() {
		s.List.Select(0)
		words := rowWords(s.Timeline)
		for _, want := range []string{"The server asks the host: sampling/createMessage", "The host answered sampling/createMessage"} {
			if !strings.Contains(words, want) {
				t.Errorf("no row %q in:\n%s", want, words)
			}
		}
		s.Timeline.Kinds.SetSelectedIndex(3)
		if st := s.Timeline.State(); st.Shown != 2 {
			t.Errorf("the server's questions: %d rows, want 2", st.Shown)
		}
	})
}

// TestCutFrame: a frame longer than the recording keeps is shown cut, with
// its whole size.
func TestCutFrame(t *testing.T) {
	root := t.TempDir()
	r := tap.NewRecorder(tap.RecorderOptions{Root: root, FrameCap: 64})
	r.Chunk(tap.FromServer, []byte(`{"jsonrpc":"2.0","id":1,"result":{"text":"`+strings.Repeat("x", 5000)+`"}}`+"\n"))
	code := 0
	r.Close(&code)
	s, _ := newScreen(t, root, Deps{})
	onUI(func() {
		s.List.Select(0)
		rows := s.Timeline.Rows()
		if len(rows) != 1 || !rows[0].Cut {
			t.Fatalf("rows %+v", rows)
		}
		s.Timeline.List.Select(0)
		if !strings.Contains(s.Timeline.DetailHead.Text, "only the first 64 B of") {
			t.Errorf("detail head %q", s.Timeline.DetailHead.Text)
		}
	})
}
