package oauth

// The harness around the shared test bed (internal/oauthtest): a Handler wired
// to a bed the way the app wires it, with the app's RoundTripper in miniature
// and a progress log.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/oauthtest"
)

// A wireRecorder is the app's RoundTripper in miniature: every HTTP step the
// handler makes goes through it.
type wireRecorder struct {
	mu    sync.Mutex
	steps []string
}

func (wr *wireRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	step := req.Method + " " + req.URL.Path
	if err == nil {
		step += fmt.Sprintf(" %d", resp.StatusCode)
	}
	wr.mu.Lock()
	wr.steps = append(wr.steps, step)
	wr.mu.Unlock()
	return resp, err
}

func (wr *wireRecorder) count(prefix string) int {
	wr.mu.Lock()
	defer wr.mu.Unlock()
	n := 0
	for _, s := range wr.steps {
		if strings.HasPrefix(s, prefix) {
			n++
		}
	}
	return n
}

// A progressLog collects Progress steps.
type progressLog struct {
	mu    sync.Mutex
	steps []string
}

func (p *progressLog) add(s string) {
	p.mu.Lock()
	p.steps = append(p.steps, s)
	p.mu.Unlock()
}

func (p *progressLog) all() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.steps)
}

// A session is one handler wired to the bed the way the app wires it.
type session struct {
	bed      *oauthtest.Server
	handler  *Handler
	browser  *oauthtest.Browser
	wire     *wireRecorder
	progress *progressLog
	store    *TokenStore
}

// newSession makes a handler for the bed; edit changes its options first.
func newSession(t *testing.T, bed *oauthtest.Server, store *TokenStore, edit func(*Options)) *session {
	t.Helper()
	s := &session{bed: bed, browser: &oauthtest.Browser{}, wire: &wireRecorder{}, progress: &progressLog{}, store: store}
	opts := Options{
		ServerName:  "test server",
		ServerURL:   bed.ServerURL(),
		HTTPClient:  &http.Client{Transport: s.wire},
		Store:       store,
		OpenBrowser: s.browser.Open,
		Progress:    s.progress.add,
	}
	if edit != nil {
		edit(&opts)
	}
	h, err := NewHandler(opts)
	if err != nil {
		t.Fatalf("NewHandler: %v", err)
	}
	s.handler = h
	return s
}

// connect connects an SDK client through the handler.
func (s *session) connect(ctx context.Context) (*sdk.ClientSession, error) {
	transport := &sdk.StreamableClientTransport{
		Endpoint:     s.bed.ServerURL(),
		HTTPClient:   &http.Client{Transport: s.handler.WrapResourceTransport(s.wire)},
		OAuthHandler: s.handler,
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "mcpbrowser-test", Version: "1"}, nil)
	return client.Connect(ctx, transport, nil)
}

// listTools connects, lists the tools and checks the bed's tool is there.
func (s *session) listTools(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	cs, err := s.connect(ctx)
	if err != nil {
		t.Fatalf("connect: %v\nprogress: %q", err, s.progress.all())
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	if len(res.Tools) != 1 || res.Tools[0].Name != oauthtest.ToolName {
		t.Fatalf("tools = %v, want [%s]", res.Tools, oauthtest.ToolName)
	}
	s.checkNoSecretsShown(t)
}

// checkNoSecretsShown fails if a progress step shows a secret.
func (s *session) checkNoSecretsShown(t *testing.T) {
	t.Helper()
	for _, step := range s.progress.all() {
		for _, secret := range s.bed.Secrets() {
			if strings.Contains(step, secret) {
				t.Errorf("progress step %q shows a secret", step)
			}
		}
	}
}

// portClosed reports whether nothing listens at the redirect URI any more.
func portClosed(t *testing.T, redirectURI string) bool {
	t.Helper()
	u, err := url.Parse(redirectURI)
	if err != nil {
		t.Fatalf("redirect URI %q: %v", redirectURI, err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		return true
	}
	conn.Close()
	return false
}
