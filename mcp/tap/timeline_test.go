package tap

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpbrowser/mcp/config"
)

// record writes a session through a Recorder, as the tap would.
func record(t *testing.T, opts RecorderOptions, steps func(r *Recorder)) string {
	t.Helper()
	if opts.Root == "" {
		opts.Root = t.TempDir()
	}
	r := NewRecorder(opts)
	steps(r)
	code := 0
	r.Close(&code)
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(opts.Root, r.ID())
}

func TestTimelineRows(t *testing.T) {
	dir := record(t, RecorderOptions{Command: []string{"server", "--token", "s3cr3t-value"},
		Mask: config.NewTextMasker(&config.ServerConfig{Env: map[string]string{"API_TOKEN": "s3cr3t-value"}})}, func(r *Recorder) {
		r.Chunk(FromHost, []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"claude-ai","version":"0.1"}}}`+"\n"))
		r.Stderr([]byte("starting up\n"))
		r.Chunk(FromServer, []byte(`{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"demo"}}}`+"\n"))
		// A message split over two reads, with CRLF.
		r.Chunk(FromHost, []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo",`))
		r.Chunk(FromHost, []byte(`"arguments":{"text":"hi","api_key":"abcd1234"}}}`+"\r\n"))
		r.Chunk(FromServer, []byte(`{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{}}`+"\n"))
		r.Chunk(FromHost, []byte(`{"jsonrpc":"2.0","id":"s1","result":{"role":"assistant"}}`+"\n"))
		r.Chunk(FromServer, []byte(`{"jsonrpc":"2.0","id":2,"result":{"isError":true,"content":[]}}`+"\n"))
		r.Chunk(FromHost, []byte(`{"jsonrpc":"2.0","id":3,"method":"nope"}`+"\n"))
		r.Chunk(FromServer, []byte(`{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}}`+"\n"))
		r.Chunk(FromServer, []byte("debug: s3cr3t-value\n"))
		r.Chunk(FromServer, []byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{}}`+"\n"))
	})
	tl, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tl.Close()
	type want struct {
		kind        RowKind
		from        string
		method, id  string
		pair        int
		isError     bool
		serverAsked bool
	}
	wants := []want{
		{RowRequest, FromHost, "initialize", "1", 2, false, false},
		{RowStderr, "", "", "", -1, false, false},
		{RowAnswer, FromServer, "initialize", "1", 0, false, false},
		{RowRequest, FromHost, "tools/call", "2", 6, false, false},
		{RowRequest, FromServer, "sampling/createMessage", `"s1"`, 5, false, true},
		{RowAnswer, FromHost, "sampling/createMessage", `"s1"`, 4, false, true},
		{RowAnswer, FromServer, "tools/call", "2", 3, true, false},
		{RowRequest, FromHost, "nope", "3", 8, false, false},
		{RowError, FromServer, "nope", "3", 7, true, false},
		{RowInvalid, FromServer, "", "", -1, false, false},
		{RowNotification, FromServer, "notifications/progress", "", -1, false, false},
	}
	if len(tl.Rows) != len(wants) {
		for _, r := range tl.Rows {
			t.Logf("%+v", r)
		}
		t.Fatalf("%d rows, want %d", len(tl.Rows), len(wants))
	}
	for i, w := range wants {
		r := tl.Rows[i]
		got := want{r.Kind, r.From, r.Method, r.ID, r.Pair, r.IsError, r.ServerAsked}
		if got != w {
			t.Errorf("row %d = %+v, want %+v", i, got, w)
		}
	}
	if name, args, ok := tl.Rows[3].ToolCall(); !ok || name != "echo" || !strings.Contains(string(args), `"text":"hi"`) {
		t.Errorf("ToolCall of row 3 = %q %s %v", name, args, ok)
	}
	for _, r := range tl.Rows {
		if strings.Contains(r.Text, "s3cr3t-value") || strings.Contains(r.Text, "abcd1234") {
			t.Errorf("a secret is in the recording: %s", r.Text)
		}
	}
	s := tl.Summary
	if s.HostName() != "claude-ai" || s.ServerName() != "demo" || s.State() != "finished" {
		t.Errorf("summary host %q server %q state %q", s.HostName(), s.ServerName(), s.State())
	}
	if strings.Contains(strings.Join(s.Command, " "), "s3cr3t-value") {
		t.Errorf("the command line keeps the secret: %q", s.Command)
	}
	if got := len(tl.Filter(func(h string) bool { return strings.Contains(h, "tools/call") })); got != 2 {
		t.Errorf("filter tools/call: %d rows, want the request and its answer", got)
	}
	if got := len(tl.Filter(nil, RowStderr)); got != 1 {
		t.Errorf("filter stderr: %d rows, want 1", got)
	}
}

// TestTimelineFollowsRotation: a live session's timeline reads what was
// added since, across the rotation of the frames file, and a cut frame is
// marked with its whole size.
func TestTimelineFollowsRotation(t *testing.T) {
	root := t.TempDir()
	r := NewRecorder(RecorderOptions{Root: root, MaxBytes: 8 << 10, FrameCap: 100})
	dir := filepath.Join(root, r.ID())
	sync := func() { // wait for the recorder to write what it was given
		done := make(chan struct{})
		r.put(item{synced: done}, true)
		<-done
	}
	big := `{"jsonrpc":"2.0","id":0,"method":"x","params":"` + strings.Repeat("z", 500) + `"}` + "\n"
	r.Chunk(FromHost, []byte(big))
	sync()
	tl, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tl.Close()
	if len(tl.Rows) != 1 || !tl.Rows[0].Cut || tl.Rows[0].Size != len(big)-1 || len(tl.Rows[0].Text) != 100 {
		t.Fatalf("first row %+v, want one cut frame of %d bytes keeping 100", tl.Rows, len(big)-1)
	}
	total := 1
	for i := 1; i <= 200; i++ {
		r.Chunk(FromHost, fmt.Appendf(nil, `{"jsonrpc":"2.0","method":"n%d"}`+"\n", i))
		if i%10 == 0 {
			sync()
			n, err := tl.Refresh()
			if err != nil {
				t.Fatal(err)
			}
			total += n
		}
	}
	code := 0
	r.Close(&code)
	n, _ := tl.Refresh()
	total += n
	if _, err := os.Stat(filepath.Join(dir, framesOlder)); err != nil {
		t.Fatalf("the recording did not rotate: %v", err)
	}
	if total != 201 {
		t.Errorf("followed %d rows, want 201", total)
	}
	if last := tl.Rows[len(tl.Rows)-1]; last.Method != "n200" {
		t.Errorf("last row %q, want n200", last.Method)
	}
}
