package mcp

import (
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/oauth"
	"mcpbrowser/mcp/say"

	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Protocol versions an entry may pin in "protocolVersion". "auto" (or no
// value) lets the app find the server's era: 2026-07-28 servers are stateless
// and answer server/discover; older ones only know initialize.
const (
	VersionAuto     = "auto"
	Version20260728 = "2026-07-28"
	Version20251125 = "2025-11-25"
)

// ProtocolVersions are the values the editor offers, newest first after "auto".
var ProtocolVersions = []string{VersionAuto, Version20260728, Version20251125, "2025-06-18", "2025-03-26", "2024-11-05"}

// DiscoverWait bounds how long a connect to a stdio server waits for an
// answer to server/discover before it asks initialize instead. Some stdio
// servers ignore methods they do not know; they must cost this much, not a
// hang. Over HTTP there is no such bound (see attempt).
const DiscoverWait = 1500 * time.Millisecond

// EraHow says how a session's protocol version was chosen.
type EraHow int

const (
	EraUnknown    EraHow = iota
	EraPinned            // the entry names the version
	EraDiscovered        // the server answered server/discover
	EraFellBack          // server/discover failed, initialize answered
	EraRemembered        // the version this server spoke last time
)

func (h EraHow) String() string {
	return [...]string{"", "pinned", "discovered", "fell back", "remembered"}[h]
}

// An Era is the protocol version a session speaks and how it came to it.
type Era struct {
	Version string
	How     EraHow
	// Why says, for EraFellBack, what server/discover got instead of an answer.
	Why string
	// Said is Why as a message with its key, for the front ends to word.
	Said say.Msg
}

// WhyWords is Why for the front ends to word: by its key when it has one.
func (e Era) WhyWords() any {
	if !e.Said.IsZero() {
		return e.Said
	}
	return e.Why
}

// String is the era for people: "2025-11-25 (fell back: no answer to server/discover within 1.5s)".
func (e Era) String() string {
	if e.Version == "" {
		return ""
	}
	if e.How == EraUnknown {
		return e.Version
	}
	s := e.Version + " (" + e.How.String()
	if e.Why != "" {
		s += ": " + e.Why
	}
	return s + ")"
}

// pinnedVersion is the entry's pinned version, or "" for auto.
func pinnedVersion(cfg *config.ServerConfig) string {
	v := strings.TrimSpace(cfg.ProtocolVersion)
	if v == VersionAuto {
		return ""
	}
	return v
}

// A discoverProbe watches one connection's server/discover request. When no
// answer comes within wait, it hands the SDK a "method not found" answer of
// its own, so the SDK falls back to initialize on the same connection; a real
// answer that comes later is dropped.
type discoverProbe struct {
	wait time.Duration

	mu       sync.Mutex
	id       jsonrpc.ID
	sent     bool
	settled  bool    // answered, or given up on
	why      say.Msg // why the probe failed, for Era.Why
	late     bool    // the server answered after the probe gave up
	dropped  bool    // that late answer was kept from the SDK
	answered bool    // the server answered in time
	// answeredOK: with a result (whose versions the SDK may still refuse).
	answeredOK bool
	// stdio is the stdio transport watched, for a second connect over it.
	stdio *probeTransport
	// refused is the sign-in that gave up on server/discover (discoverauth.go).
	refused error
}

// result says what the probe saw: ok when the server answered discover in time.
func (p *discoverProbe) result() (why say.Msg, late bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.why, p.late
}

// probeTransport wraps a stdio transport's connection with a discoverProbe.
// Its connection may be taken over by a second SDK connect: a slow server
// that answered server/discover late has refused initialize, and is asked
// again on the same process instead of being started anew.
type probeTransport struct {
	inner  sdk.Transport
	probe  *discoverProbe
	client *sdk.Client // the client of the first connect, reused by the second

	mu     sync.Mutex
	shared *sharedConn
}

// sharedConn is the one inner connection and its reader.
type sharedConn struct {
	inner    sdk.Connection
	in       chan readResult // from the pump
	pushback chan readResult // a message read by a view closed meanwhile
	injected chan jsonrpc.Message
	probe    *discoverProbe
	// closed: a view closed the inner connection (the server's answers
	// can come in any order: one may refuse initialize before its late
	// answer to server/discover is read), so no second connect can use it.
	closed atomic.Bool
	// done is closed with the inner connection: the pump's last read
	// (the error of the closed connection) has no reader then, and the
	// pump must not wait for one forever.
	done      chan struct{}
	closeOnce sync.Once
	// pumped is closed when the pump returns.
	pumped chan struct{}
}

// usable reports whether a second connect can take the connection over:
// it was opened and no view has closed it.
func (t *probeTransport) usable() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.shared != nil && !t.shared.closed.Load()
}

func (t *probeTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.shared == nil {
		c, err := t.inner.Connect(ctx)
		if err != nil {
			return nil, err
		}
		t.shared = &sharedConn{inner: c, probe: t.probe, in: make(chan readResult),
			pushback: make(chan readResult, 1), injected: make(chan jsonrpc.Message, 1),
			done: make(chan struct{}), pumped: make(chan struct{})}
		go t.shared.pump()
	}
	return &probeConn{shared: t.shared, closed: make(chan struct{})}, nil
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

// probeConn is one SDK connect's view of the shared connection: the inner
// one, plus the probe's own answer when the server is silent.
type probeConn struct {
	shared *sharedConn
	closed chan struct{}
	once   sync.Once
}

func (c *sharedConn) pump() {
	defer close(c.pumped)
	for {
		msg, err := c.inner.Read(context.Background())
		if err == nil && c.dropLate(msg) {
			continue
		}
		select {
		case c.in <- readResult{msg, err}:
		case <-c.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// close closes the inner connection, once; no second connect can use it.
func (c *sharedConn) close() error {
	var err error
	c.closeOnce.Do(func() {
		c.closed.Store(true)
		close(c.done)
		err = c.inner.Close()
	})
	return err
}

// dropLate reports whether msg answers a discover the probe already settled
// on the server's behalf (it must not reach the SDK twice).
func (c *sharedConn) dropLate(msg jsonrpc.Message) bool {
	resp, ok := msg.(*jsonrpc.Response)
	p := c.probe
	p.mu.Lock()
	defer p.mu.Unlock()
	if !ok || !p.sent || resp.ID != p.id {
		return false
	}
	if p.settled {
		if p.dropped {
			return false // a second connect's own discover, with the same id
		}
		p.late, p.dropped = resp.Error == nil, true
		return true
	}
	p.settled, p.answered, p.answeredOK = true, true, resp.Error == nil
	if resp.Error != nil {
		p.why = say.New("server/discover: {{.Err}}", say.Args{"Err": plainRPCError(resp.Error)})
	}
	return false
}

func plainRPCError(err error) any {
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		if we.Code == jsonrpc.CodeMethodNotFound {
			return RPCCodeWords(we.Code)
		}
		return fmt.Sprintf("error %d %s", we.Code, we.Message)
	}
	return err.Error()
}

func (c *probeConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-c.closed:
		return nil, sdk.ErrConnectionClosed
	default:
	}
	var r readResult
	select {
	case m := <-c.shared.injected:
		r.msg = m
	case r = <-c.shared.pushback:
	case r = <-c.shared.in:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, sdk.ErrConnectionClosed
	}
	select {
	case <-c.closed:
		// Closed while reading: the message belongs to the next view.
		c.shared.pushback <- r
		return nil, sdk.ErrConnectionClosed
	default:
	}
	return r.msg, r.err
}

func (c *probeConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	req, ok := msg.(*jsonrpc.Request)
	if ok && req.Method == "server/discover" && req.ID.IsValid() {
		p := c.shared.probe
		p.mu.Lock()
		bounded := !p.sent // only the first connect's discover is bounded
		if bounded {
			p.id, p.sent = req.ID, true
		}
		p.mu.Unlock()
		if bounded {
			time.AfterFunc(p.wait, func() { c.giveUp(req.ID) })
		}
	}
	return c.shared.inner.Write(ctx, msg)
}

// giveUp answers discover on the silent server's behalf with "method not found".
func (c *probeConn) giveUp(id jsonrpc.ID) {
	p := c.shared.probe
	p.mu.Lock()
	if p.settled || p.id != id {
		p.mu.Unlock()
		return
	}
	p.settled = true
	p.why = say.New("no answer to server/discover within {{.Wait}}", say.Args{"Wait": p.wait})
	p.mu.Unlock()
	resp := &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "no answer to server/discover"}}
	select {
	case c.shared.injected <- resp:
	case <-c.closed:
	}
}

// Close ends this view; the process's pipes stay open while the server's
// late answer to server/discover says a second connect will take them over.
func (c *probeConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	if c.shared.probe.answeredLate() {
		return nil
	}
	return c.shared.close()
}

func (c *probeConn) SessionID() string { return c.shared.inner.SessionID() }

// discoverRoundTripper watches an HTTP server/discover request: a 4xx
// answer (other than a sign-in's 401 and 403), on which the SDK falls back
// to initialize, is kept for Era.Why. It sets no time bound (see attempt).
type discoverRoundTripper struct {
	inner http.RoundTripper
	probe *discoverProbe
	// signIn signs in again when server/discover lacks a scope (discoverauth.go).
	signIn *oauth.Handler
}

func (rt *discoverRoundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := rt.probe.signInRefused(); err != nil && req.Method == http.MethodPost {
		// The SDK falls back to initialize on any failed server/discover;
		// after a refused sign-in that would only hide the refusal.
		return nil, err
	}
	if req.Method != http.MethodPost || req.Header.Get("Mcp-Method") != "server/discover" {
		return rt.inner.RoundTrip(req)
	}
	p := rt.probe
	p.mu.Lock()
	p.sent = true
	p.mu.Unlock()
	resp, err := rt.inner.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if rt.signIn != nil && lacksScope(resp) {
		return rt.stepUp(req, resp)
	}
	if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusUnauthorized && resp.StatusCode != http.StatusForbidden {
		p.note(say.New("server/discover: {{.Err}}", say.Args{"Err": fmt.Sprintf("HTTP %d", resp.StatusCode)}))
	}
	return resp, nil
}

func (p *discoverProbe) note(why say.Msg) {
	p.mu.Lock()
	p.why = why
	p.mu.Unlock()
}
