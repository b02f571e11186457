package live

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/testservers"
	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp/tap"
	"mcpbrowser/mcp/transport"
)

func TestMain(m *testing.M) {
	if transport.IsGuard() {
		os.Exit(transport.RunGuard(os.Stdin))
	}
	if _, err := i18n.Setup(i18n.English); err != nil {
		fmt.Fprintln(os.Stderr, "loading the translations:", err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

func onUI(f func()) { fyne.DoAndWait(f) }

// A host is the test acting as Claude Desktop would: it starts the real
// tap (tap.LeanMain, what `mcpbrowser tap` runs) on a server and speaks
// JSON-RPC to it through the tap's stdin and stdout.
type host struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan int
	// answer is how the host answers a request the server sends it.
	answer func(method string) any
}

func startHost(t *testing.T, root, name string, server ...string) *host {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &host{t: t, in: inW, out: bufio.NewReaderSize(outR, 1<<20), done: make(chan int, 1)}
	go func() {
		code := tap.LeanMain(append([]string{"--name", name, "--"}, server...),
			tap.LeanOptions{Stdin: inR, Stdout: outW, Stderr: io.Discard, Root: root})
		outW.Close()
		inR.Close()
		h.done <- code
	}()
	t.Cleanup(func() { h.in.Close() })
	return h
}

// send writes one message.
func (h *host) send(msg string) {
	h.t.Helper()
	if _, err := io.WriteString(h.in, msg+"\n"); err != nil {
		h.t.Fatal(err)
	}
}

// call sends a request and reads until its answer, answering what the
// server asks meanwhile.
func (h *host) call(id int, method, params string) map[string]any {
	h.t.Helper()
	h.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, params))
	for {
		line, err := h.out.ReadBytes('\n')
		if err != nil {
			h.t.Fatalf("waiting for the answer to %s: %v", method, err)
		}
		var msg map[string]any
		if json.Unmarshal(line, &msg) != nil {
			continue
		}
		if m, ok := msg["method"].(string); ok && msg["id"] != nil {
			res, _ := json.Marshal(h.answer(m))
			ask, _ := json.Marshal(msg["id"])
			h.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, ask, res))
			continue
		}
		if n, ok := msg["id"].(float64); ok && int(n) == id {
			return msg
		}
	}
}

// initialize is the host's handshake, introducing itself as Claude Desktop does.
func (h *host) initialize() {
	h.call(1, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{"sampling":{}},"clientInfo":{"name":"claude-ai","version":"0.1"}}`)
	h.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// end closes the host's side and waits for the tap to exit.
func (h *host) end() int {
	h.in.Close()
	return <-h.done
}

// newScreen builds the Live screen on root, following it every few
// milliseconds; changed gets a value after each redraw.
func newScreen(t *testing.T, root string, deps Deps) (*Screen, chan struct{}) {
	uitest.NewSerialApp(t)
	changed := make(chan struct{}, 1)
	deps.Root, deps.Interval = root, 5*time.Millisecond
	deps.Changed = func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	}
	var s *Screen
	onUI(func() {
		deps.Win = fyne.CurrentApp().NewWindow("Live")
		s = New(deps)
		deps.Win.SetContent(s.Widget())
		deps.Win.Resize(fyne.NewSize(1000, 700))
	})
	s.Start(t.Context())
	t.Cleanup(func() { onUI(s.Close) })
	return s, changed
}

// waitFor waits for redraws until ok (read on the UI goroutine) holds.
func waitFor(t *testing.T, changed chan struct{}, what string, ok func() bool) {
	t.Helper()
	timeout := time.After(30 * time.Second) // a bound for a stuck test, not a timing assertion
	for {
		var done bool
		onUI(func() { done = ok() })
		if done {
			return
		}
		select {
		case <-changed:
		case <-timeout:
			t.Fatalf("waited in vain for %s", what)
		}
	}
}

// demo is the demo server's program, built once.

func demo(t *testing.T) string {
	return testservers.Demo.Build(t)
}

func rowWords(tl *Timeline) string {
	var b strings.Builder
	for _, r := range tl.Rows() {
		b.WriteString(RowWords(r) + "\n")
	}
	return b.String()
}
