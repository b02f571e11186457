package apps

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A Session is the live connection an app's requests go through: the same
// one the person uses, so the app's calls show in its logs and messages.
type Session interface {
	// Forward sends one request the app made (see Forwarded) and returns its
	// result; an error's text is what the app is told.
	Forward(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error)
}

// Forwarded lists the requests an app may make that go on to the server.
// Anything else the app asks the host for is answered by the host page
// itself (ui/open-link, ui/message …) or refused.
var Forwarded = map[string]bool{
	"tools/call":               true,
	"resources/read":           true,
	"resources/list":           true,
	"resources/templates/list": true,
	"prompts/list":             true,
}

// An App is one view to host: the tool it belongs to, its HTML, and what
// the tool was called with and returned (both empty when the app is opened
// on the tool, before any call).
type App struct {
	Server string
	// Tool is the tool's definition as the server listed it (JSON).
	Tool     json.RawMessage
	ToolName string
	// ResourceURI is the ui:// resource the HTML came from.
	ResourceURI string
	HTML        string
	Meta        ResourceMeta
	// Input is the tool's arguments object; Result the CallToolResult (JSON).
	Input, Result json.RawMessage
	// Context is the host context the view starts with (theme, locale …).
	Context HostContext
	Session Session
	// OnEvent sees what the app does (traffic, links, messages, logs, size,
	// open and close), on the host's goroutines: be quick.
	OnEvent func(Event)
}

// HostContext is what the view is told about its host (a subset of the
// extension's McpUiHostContext).
type HostContext struct {
	Theme                 string   `json:"theme,omitempty"` // "light" or "dark"
	Locale                string   `json:"locale,omitempty"`
	TimeZone              string   `json:"timeZone,omitempty"`
	DisplayMode           string   `json:"displayMode,omitempty"`
	AvailableDisplayModes []string `json:"availableDisplayModes,omitempty"`
	Platform              string   `json:"platform,omitempty"`
}

func (c HostContext) withDefaults() HostContext {
	if c.DisplayMode == "" {
		c.DisplayMode = "inline"
	}
	if len(c.AvailableDisplayModes) == 0 {
		c.AvailableDisplayModes = []string{"inline"}
	}
	if c.Platform == "" {
		c.Platform = "desktop"
	}
	return c
}

// A Host is the local web server apps are shown from. It listens on
// 127.0.0.1 only, on a port the system picks, from the first Open until
// Close. Every open app has its own unguessable token in its address;
// requests without a live token, from another origin, or naming another
// host are refused.
type Host struct {
	mu       sync.Mutex
	ln       net.Listener
	srv      *http.Server
	hostport string // 127.0.0.1:PORT
	origin   string // http://127.0.0.1:PORT
	pages    map[string]*Running
	views    map[string]*Running
	closed   bool
}

// ErrHostClosed is returned by Open after Close.
var ErrHostClosed = errors.New("the app host is closed")

// Open starts serving a and returns it running; the page's address is
// r.URL(). The listener starts with the first app.
func (h *Host) Open(a App) (*Running, error) {
	if a.Session == nil {
		return nil, errors.New("opening an app: no session to send its requests to")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrHostClosed
	}
	if err := h.startLocked(); err != nil {
		return nil, err
	}
	r := &Running{host: h, app: a, token: newToken(), viewToken: newToken(),
		ctx: a.Context.withDefaults(), done: make(chan struct{}), push: make(chan pageEvent, 64)}
	r.life, r.cancel = context.WithCancel(context.Background())
	h.pages[r.token] = r
	h.views[r.viewToken] = r
	return r, nil
}

func (h *Host) startLocked() error {
	if h.ln != nil {
		return nil
	}
	// 127.0.0.1, never "localhost" (which may resolve to another interface
	// or to ::1 only) and never all interfaces.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("starting the local app host: %w", err)
	}
	h.ln = ln
	h.hostport = ln.Addr().String()
	h.origin = "http://" + h.hostport
	h.pages = map[string]*Running{}
	h.views = map[string]*Running{}
	h.srv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go h.srv.Serve(ln)
	return nil
}

// Addr is the listener's address ("" before the first Open).
func (h *Host) Addr() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.hostport
}

// Close ends every app and stops listening; it returns when the listener
// is closed.
func (h *Host) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	var running []*Running
	for _, r := range h.pages {
		running = append(running, r)
	}
	srv, ln := h.srv, h.ln
	h.mu.Unlock()
	for _, r := range running {
		r.Close()
	}
	if srv == nil {
		return nil
	}
	// Serve may not have taken the listener yet, and Shutdown closes only
	// the listeners Serve has taken; closing it here ends it either way.
	ln.Close()
	// The event streams ended with their apps; Shutdown waits for the rest.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		return srv.Close()
	}
	return nil
}

func (h *Host) forget(r *Running) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.pages, r.token)
	delete(h.views, r.viewToken)
}

func (h *Host) lookup(m map[string]*Running, token string) *Running {
	h.mu.Lock()
	defer h.mu.Unlock()
	return m[token]
}

// newToken is 256 random bits, URL-safe.
func newToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("reading random bytes: " + err.Error()) // crypto/rand does not fail on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// A Running app is one open view: its page address, its bridge, and its end.
type Running struct {
	host             *Host
	app              App
	token, viewToken string
	life             context.Context
	cancel           context.CancelFunc
	push             chan pageEvent
	done             chan struct{}
	closeOnce        sync.Once
	mu               sync.Mutex
	ctx              HostContext
	// page is closed to tell the attached page's stream that a newer page
	// took over; nil while no page is attached.
	page chan struct{}
	// gone ends the app when its page left and did not come back (reload).
	gone *time.Timer
}

// ReattachGrace is how long an app outlives its page's stream: a reload
// reconnects within it; a closed tab does not.
const ReattachGrace = 3 * time.Second

// reattachGrace is ReattachGrace, in nanoseconds. Tests that reload a page in
// a real browser stretch it (a loaded machine can take longer than 3 s to
// reload Chromium), through export_test.go.
var reattachGrace atomic.Int64

func init() { reattachGrace.Store(int64(ReattachGrace)) }

// URL is the host page's address, token included.
func (r *Running) URL() string { return r.host.origin + "/s/" + r.token + "/" }

// Done is closed when the app ends: closed here, its page closed, or its host closed.
func (r *Running) Done() <-chan struct{} { return r.done }

// App is what is being shown.
func (r *Running) App() App { return r.app }

// Close ends the bridge: the page is told, its token stops working, and
// calls the app still has running are cancelled.
func (r *Running) Close() {
	r.closeOnce.Do(func() {
		r.mu.Lock()
		if r.gone != nil {
			r.gone.Stop()
		}
		r.mu.Unlock()
		r.host.forget(r)
		r.cancel()
		close(r.done)
		r.emit(Event{Kind: EventClosed, Text: "the app was closed"})
	})
}

// SetHostContext tells the view its host changed (the window went dark, say).
func (r *Running) SetHostContext(c HostContext) {
	r.mu.Lock()
	r.ctx = c.withDefaults()
	c = r.ctx
	r.mu.Unlock()
	r.send(pageEvent{Name: "context", Data: c})
}

func (r *Running) hostContext() HostContext {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ctx
}

// send queues an event for the page; a page that does not read is not
// waited for (the event is dropped and said so).
func (r *Running) send(e pageEvent) {
	select {
	case <-r.done:
	case r.push <- e:
	default:
		r.emit(Event{Kind: EventLog, Text: "the page is not reading; an update (" + e.Name + ") was dropped"})
	}
}

func (r *Running) emit(e Event) {
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	if r.app.OnEvent != nil {
		r.app.OnEvent(e)
	}
}

// attach connects a page. The newest page drives the app: an older one
// still attached (the tab before a reload whose close the host has not seen
// yet, or another tab) is told to stop through the channel returned to it.
func (r *Running) attach() chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.page != nil {
		close(r.page)
	}
	r.page = make(chan struct{})
	if r.gone != nil {
		r.gone.Stop() // the page came back (a reload)
		r.gone = nil
	}
	return r.page
}

// detach marks page gone; the app ends unless a page attaches within
// ReattachGrace.
func (r *Running) detach(page chan struct{}) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.page != page {
		return // a newer page took over
	}
	r.page = nil
	if r.gone == nil {
		r.gone = time.AfterFunc(time.Duration(reattachGrace.Load()), r.Close)
	}
}

// pageEvent is one server-sent event to the host page.
type pageEvent struct {
	Name string
	Data any
}

func isLive(r *Running) bool {
	if r == nil {
		return false
	}
	select {
	case <-r.done:
		return false
	default:
		return true
	}
}

// checkRequest refuses what no page of ours sends: another Host header (a
// DNS-rebinding name for 127.0.0.1), another Origin (any other web page,
// or the app's own opaque-origin document, which sends "null"), or a fetch
// the browser marks as coming from another site.
func (h *Host) checkRequest(req *http.Request) string {
	if req.Host != h.hostport {
		return "wrong host"
	}
	if o := req.Header.Get("Origin"); o != "" && o != h.origin {
		return "another origin"
	}
	switch req.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return "another site"
	}
	return ""
}

func (h *Host) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if why := h.checkRequest(req); why != "" {
		http.Error(w, "refused: "+why, http.StatusForbidden)
		return
	}
	kind, rest, _ := strings.Cut(strings.TrimPrefix(req.URL.Path, "/"), "/")
	token, file, _ := strings.Cut(rest, "/")
	switch kind {
	case "s":
		r := h.lookup(h.pages, token)
		if !isLive(r) {
			http.Error(w, "this app is closed (or the address is wrong); open it again from MCP Browser", http.StatusNotFound)
			return
		}
		r.servePage(w, req, file)
	case "v":
		r := h.lookup(h.views, token)
		if !isLive(r) || file != "" || req.Method != http.MethodGet {
			http.NotFound(w, req)
			return
		}
		r.serveView(w)
	default:
		http.NotFound(w, req)
	}
}
