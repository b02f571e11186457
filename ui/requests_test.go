package ui

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"errors"
	"mcpbrowser/ui/form"
	"mcpbrowser/ui/requests"
	"mcpbrowser/ui/result"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
)

// The tests in this file answer server-everything's sampling and
// elicitation requests through the window, as a person would: the banner,
// the panel, its buttons. The server checks what it gets and says so in the
// tool's result.

// everythingEntry is server-everything over stdio, or skips the test when
// it is not installed (scripts/test.sh installs it; MCPBROWSER_REQUIRE_PEERS
// turns the skip into a failure).
func everythingEntry(t *testing.T) map[string]any {
	return map[string]any{"command": "node", "args": []string{testservers.Everything(t), "stdio"}}
}

// newFeatureShell is the window as Run makes it: server requests wait in
// the window's queue, and calls go into a history in a temporary folder.
func newFeatureShell(t *testing.T, servers map[string]map[string]any) *shell {
	t.Helper()
	reqs := requests.NewServerRequests()
	s := newShellWith(t, servers, mcp.ManagerOptions{Handlers: reqs.Handlers()})
	onUI(func() {
		s.w.requests.Attach(reqs)
		s.w.SetHistory(history.New(t.TempDir(), history.Options{}))
	})
	return s
}

// openRequest waits for the banner to say want, opens the panel and waits
// until it shows a request that is still waiting.
func (s *shell) openRequest(want string) *requests.RequestPanel {
	s.t.Helper()
	p := s.w.requests
	// The selected server's request shows by itself in the detail column
	// of its call; another server's is announced under Run, with Open.
	s.waitFor("the request saying "+want, func() bool {
		return p.Shown() || p.Banner.Visible() && strings.Contains(p.BannerText.Text, want)
	})
	onUI(func() {
		if !p.Shown() {
			test.Tap(p.OpenBtn)
		}
	})
	s.waitFor("the request saying "+want+" inline", func() bool {
		return p.Shown() && p.Current != nil && p.IndexOf(p.Current) >= 0 &&
			strings.Contains(shownText(p.Area), want)
	})
	return p
}

func (s *shell) panelText() string {
	return s.text(func() fyne.CanvasObject { return s.w.requests.Area })
}

func resultText2(r *mcp.CallResult) string {
	if r == nil || r.Result == nil {
		return ""
	}
	return result.ResultText(r)
}

func TestSamplingPanelSendsTheReplyOrRejects(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	s.pickTool("everything", "trigger-sampling-request")
	s.start(`{"prompt":"say hi","maxTokens":7}`)
	p := s.openRequest("everything asks for a model reply")
	onUI(func() {
		if msg := s.w.runner.Message.Text; !strings.Contains(msg, "Waiting for your answer") {
			t.Errorf("while the server waits, the call says %q", msg)
		}
		if !placeOf(p.Area).inside(placeOf(s.w.detail)) || s.w.result.Widget().Visible() {
			t.Error("the request is not shown in the detail column in place of the result")
		}
		s.w.win.Resize(small)
		if placeOf(p.Area).overlaps(placeOf(s.w.runner.Root)) || !placeOf(p.Area).inside(placeOf(s.w.detail)) {
			t.Errorf("at 1024×640 the request %+v spills over Run %+v or out of the column", placeOf(p.Area), placeOf(s.w.runner.Root))
		}
		if need, got := p.Area.MinSize().Height, p.Area.Size().Height; need > got+1 {
			t.Errorf("at 1024×640 the request needs %v px and has %v: it is drawn over what is around it", need, got)
		}
	})

	shown := s.panelText()
	for _, want := range []string{"say hi", "You are a helpful test server.", "Max tokens: 7", "user", "Send", "Reject", mcp.DefaultSamplingModel} {
		if !strings.Contains(shown, want) {
			t.Errorf("the sampling panel lacks %q:\n%s", want, shown)
		}
	}
	// Nothing is sent without a reply.
	onUI(func() { test.Tap(p.SendBtn) })
	onUI(func() {
		if !strings.Contains(p.Note.Text, "Write a reply first") {
			t.Errorf("an empty reply: the note says %q", p.Note.Text)
		}
		if len(s.w.requests.Src.Queue.Pending()) != 1 || !s.w.runner.Running() {
			t.Error("an empty reply was sent")
		}
	})
	onUI(func() {
		test.Type(p.Reply, "hello from a person")
		p.Model.SetText("typed-by-hand")
		test.Tap(p.SendBtn)
	})
	r := s.waitResult()
	text := resultText2(r)
	for _, want := range []string{"hello from a person", "typed-by-hand"} {
		if !strings.Contains(text, want) {
			t.Errorf("the server did not get %q:\n%s %s", want, text, r.Message)
		}
	}
	s.waitFor("the banner to go", func() bool { return !p.Banner.Visible() })
	onUI(func() {
		if p.Shown() {
			t.Error("the requests stayed in place of the result after the last one was answered")
		}
	})

	s.start(`{"prompt":"again","maxTokens":5}`)
	p = s.openRequest("everything asks for a model reply")
	onUI(func() { test.Tap(p.RejectBtn) })
	r = s.waitResult()
	if text := resultText2(r) + r.Message; !strings.Contains(text, "User rejected sampling request") {
		t.Errorf("after Reject the tool says:\n%s", text)
	}
}

// A request the server stops waiting for leaves the panel and the banner.
// The request comes through the queue's own handler with a context the
// test ends, as the SDK ends it on notifications/cancelled: neither
// server-everything (it gives up only after its 60 s request timeout) nor
// closing the session (Close waits for the handler; see the report) ends
// a real one promptly.
func TestRequestTheServerGaveUpOnDisappears(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{})
	h := s.w.requests.Src.Handlers()
	ctx, giveUp := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := h.CreateMessage(ctx, "srv", &sdk.CreateMessageRequest{Params: &sdk.CreateMessageParams{
			MaxTokens: 3, Messages: []*sdk.SamplingMessage{{Role: "user", Content: &sdk.TextContent{Text: "never answered"}}}}})
		done <- err
	}()
	p := s.openRequest("srv asks for a model reply")
	var gone *mcp.PendingRequest
	onUI(func() { gone = p.Current })
	if shown := s.panelText(); !strings.Contains(shown, "never answered") {
		t.Errorf("the panel does not show the message:\n%s", shown)
	}
	giveUp()
	s.waitFor("the request to leave the panel", func() bool {
		return !p.Banner.Visible() && p.Current == nil && len(p.Pending) == 0
	})
	if shown := s.panelText(); !strings.Contains(shown, "No requests wait for you") {
		t.Errorf("after the server gave up the panel shows:\n%s", shown)
	}
	if err := gone.Reply("too late", ""); !errors.Is(err, mcp.ErrRequestGone) {
		t.Errorf("answering a request the server gave up on: %v", err)
	}
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the handler returned %v", err)
	}
}

func TestElicitationFormAcceptDeclineCancel(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	s.pickTool("everything", "trigger-elicitation-request")

	s.start(`{}`)
	p := s.openRequest("everything asks you for information")
	shown := s.panelText()
	for _, want := range []string{"It was a dark and stormy night.", "Accept", "Decline", "Cancel"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the elicitation form lacks %q (defaults are filled in):\n%s", want, shown)
		}
	}
	// The required name is empty: Accept refuses and says why.
	onUI(func() { test.Tap(p.AcceptBtn) })
	onUI(func() {
		if !strings.Contains(p.Note.Text, "Not accepted") || p.IndexOf(p.Current) < 0 {
			t.Errorf("accept without the required name: note %q", p.Note.Text)
		}
	})
	onUI(func() {
		e := fieldInput[*form.FormEntry](t, p.Form, "name")
		test.Type(e, "Ada Lovelace")
		test.Tap(p.AcceptBtn)
	})
	r := s.waitResult()
	text := resultText2(r)
	for _, want := range []string{"User provided the requested information", "Ada Lovelace", "42"} {
		if !strings.Contains(text, want) {
			t.Errorf("accepted form: the server's answer lacks %q:\n%s", want, text)
		}
	}

	for _, c := range []struct {
		button func(*requests.RequestPanel) fyne.Tappable
		want   string
	}{
		{func(p *requests.RequestPanel) fyne.Tappable { return p.DeclineBtn }, "User declined"},
		{func(p *requests.RequestPanel) fyne.Tappable { return p.CancelBtn }, "User cancelled"},
	} {
		s.start(`{}`)
		p := s.openRequest("everything asks you for information")
		onUI(func() { test.Tap(c.button(p)) })
		if text := resultText2(s.waitResult()); !strings.Contains(text, c.want) {
			t.Errorf("want %q in:\n%s", c.want, text)
		}
	}
}

// urlRecorder stands in for the browser.
type urlRecorder struct {
	mu     sync.Mutex
	opened []string
}

func (r *urlRecorder) open(u *url.URL) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.opened = append(r.opened, u.String())
	return nil
}

func (r *urlRecorder) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.opened...)
}

func TestURLElicitationOpensOnlyOnClick(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	browser := &urlRecorder{}
	onUI(func() { s.w.requests.OpenURL = browser.open })
	s.waitReady("everything")
	if s.w.manager.Session("everything").Tool("trigger-url-elicitation") == nil {
		t.Skip("server-everything does not offer trigger-url-elicitation to this client")
	}
	s.pickTool("everything", "trigger-url-elicitation")
	const link = "https://example.test/consent"

	s.start(`{"url":"` + link + `","elicitationId":"e-1"}`)
	p := s.openRequest("everything asks you to open a link")
	shown := s.panelText()
	for _, want := range []string{link, "Nothing is opened unless you press Open", "example.test", "Open", "Decline"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the URL request lacks %q:\n%s", want, shown)
		}
	}
	onUI(func() { test.Tap(p.DeclineBtn) })
	if text := resultText2(s.waitResult()); !strings.Contains(text, "declined to open the URL") {
		t.Errorf("after Decline: %s", text)
	}
	if got := browser.seen(); len(got) != 0 {
		t.Fatalf("the link was opened without a click: %v", got)
	}

	s.start(`{"url":"` + link + `","elicitationId":"e-2"}`)
	p = s.openRequest("everything asks you to open a link")
	onUI(func() { test.Tap(p.LinkBtn) })
	if text := resultText2(s.waitResult()); !strings.Contains(text, "User completed the URL elicitation flow") {
		t.Errorf("after Open: %s", text)
	}
	if got := browser.seen(); len(got) != 1 || got[0] != link {
		t.Errorf("opened %v, want just %s", got, link)
	}
}

// Restarting a server dismisses what it asked: the sampling request is
// rejected and the restart does not wait for an answer that will not come.
func TestRestartDismissesTheServersRequests(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	s.pickTool("everything", "trigger-sampling-request")
	before := s.w.manager.Session("everything").InitializeResult()
	s.start(`{"prompt":"left waiting","maxTokens":3}`)
	p := s.openRequest("everything asks for a model reply")
	onUI(func() { s.w.servers.RestartSelected() })
	s.waitFor("the request to go and the server to be back", func() bool {
		sess := s.w.manager.Session("everything")
		return len(p.Pending) == 0 && !p.Banner.Visible() &&
			sess.Status().State == mcp.StateReady && sess.InitializeResult() != before
	})
	if r := s.waitResult(); r.OK() && !strings.Contains(resultText2(r), "rejected") {
		t.Errorf("the call ended well after its request was dismissed: %s", resultText2(r))
	}
}

// Quitting with a request waiting does not hang: the request is dismissed
// and the servers stop.
func TestClosingTheWindowDismissesWaitingRequests(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	s.pickTool("everything", "trigger-sampling-request")
	s.start(`{"prompt":"nobody answers","maxTokens":3}`)
	s.openRequest("everything asks for a model reply")
	closed := make(chan struct{})
	go func() {
		s.w.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(30 * time.Second): // a hang, not a speed check: the server's own timeout is 60 s
		t.Fatal("closing the window waits for the unanswered request")
	}
	if st := s.w.manager.Session("everything").Status().State; st == mcp.StateReady {
		t.Errorf("the server is still %s after the window closed", st)
	}
}
