package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
	"mcpbrowser/mcp/oauth"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
)

// DefaultProtocolVersion is offered in initialize when server/discover fails
// (see era.go: by default the app asks server/discover first, within a
// bounded wait).
const DefaultProtocolVersion = Version20251125

// ClientName is what the app calls itself in initialize, unless
// ManagerOptions.Client names it otherwise.
const ClientName = "mcpbrowser"

// A ClientInfo is how the app introduces itself to servers in initialize.
// Each front end passes its own (ManagerOptions.Client); empty fields take
// ClientName, "MCP Browser" and "dev".
type ClientInfo struct {
	Name, Title, Version string
}

func (c ClientInfo) implementation() *sdk.Implementation {
	impl := &sdk.Implementation{Name: c.Name, Title: c.Title, Version: c.Version}
	if impl.Name == "" {
		impl.Name = ClientName
	}
	if impl.Title == "" {
		impl.Title = "MCP Browser"
	}
	if impl.Version == "" {
		impl.Version = "dev"
	}
	return impl
}

// State is where a session is in its life.
type State int

const (
	StateStopped  State = iota // not started, or stopped by the person
	StateStarting              // process starting / connecting / initializing
	StateReady                 // initialized; calls can be made
	StateFailed                // could not start or initialize; Status.Reason says why
	StateExited                // was ready, then the server went away
)

func (s State) String() string {
	return [...]string{"stopped", "starting", "ready", "failed", "exited"}[s]
}

// Status is a session's state with the details a person needs.
type Status struct {
	State State
	// Reason says in plain words why the server failed or exited, and what to try.
	Reason string
	// Said is Reason as a message with its key, for the front ends to word
	// in the person's language (zero when the reason is given as text only).
	Said say.Msg
	// ExitCode is the process's exit code when State is StateExited or StateFailed
	// after the process ended; -1 when unknown or killed by a signal.
	ExitCode int
	// ExitedAt is when the server went away.
	ExitedAt time.Time
	// Detail is the current step of a slow start, such as a sign-in in the browser.
	Detail string
	// Waiting is set with StateFailed when the server has not failed but waits
	// for the person: approval of an imported command, or input values.
	Waiting bool
}

// Handlers answer the requests a server may send to the app. A nil handler
// means the capability is not advertised.
type Handlers struct {
	CreateMessage func(ctx context.Context, server string, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error)
	Elicit        func(ctx context.Context, server string, req *sdk.ElicitRequest) (*sdk.ElicitResult, error)
}

// A Session is one configured server's connection: its process or HTTP client,
// its state, what it offers, and its logs.
type Session struct {
	cfg       *config.ServerConfig
	paths     *transport.PathResolver
	approvals *config.ApprovalStore // nil: no approval needed (tests, ad-hoc CLI servers)
	eras      *EraMemory            // nil: nothing remembered, every connect probes
	tokens    *oauth.TokenStore     // nil: the default, under the XDG data dir
	// openBrowser opens the sign-in page; nil means the system browser.
	openBrowser func(ctx context.Context, url string) error
	clientInfo  ClientInfo // what initialize says the app is
	// signInTimeout bounds the wait for the browser; zero means the default.
	signInTimeout time.Duration
	signIn        *oauth.Handler
	// inputAnswers are the person's values for ${input:id}, in memory only.
	inputAnswers map[string]string
	// configDir is the servers file's folder, where relative paths start.
	configDir string
	handlers  Handlers
	emit      func(Event)
	// reloadFile brings the entry up to date with the servers file (Restart).
	reloadFile func()
	// closeLog flushes and closes the log's copy in a file (LogDirEnv), if any.
	closeLog func() error
	// record keeps a finished call in history (the manager's; nil: none).
	record func(history.Record)

	// Log is the server's stderr, stdout noise, log messages and lifecycle notes.
	Log *transport.ServerLog
	// Wire is every message both ways.
	Wire *transport.WireLog

	// lifecycle serialises Connect and Close.
	lifecycle sync.Mutex
	// cancelLife ends the current connection's context (see Connect).
	cancelLife context.CancelCauseFunc
	life       context.Context

	mu        sync.Mutex
	status    Status
	sdkClient *sdk.Client
	roots     []string // folders answered to roots/list
	client    *sdk.ClientSession
	proc      *transport.StdioProcess
	procSeq   uint64         // the log sequence number where the last process started (stderrTail)
	remote    *remoteBackend // openapi entries
	init      *sdk.InitializeResult
	era       Era
	tasks     taskList // tasks started or polled here (its own lock)
	tools     []*sdk.Tool
	toolsErr  error                     // why the connect's tools/list failed; nil once a list arrives
	connectID int                       // bumps on each connect; stale watchers ignore themselves
	progress  map[string]progressWaiter // progress token → the call waiting for it
	// watchdog ends calls that pass their timeouts (its own lock).
	watchdog watchdog
	// rawSchemas are the tools' schemas as they came over the wire (see toolschema.go).
	rawSchemas map[string]rawToolSchemas
	// masks hides the entry's secrets in everything logged or shown.
	masks maskHolder
	// waits adds up the time the server waits for the person (waitclock.go).
	waits     waitClock
	nextToken int
	callSeq   int

	// listen holds subscriptions/listen acknowledgements and cached lists (its own lock).
	listen listenState
}

// recordHistory hands a finished call to the manager's history, unless ctx
// says not to (WithoutHistory), marked if ctx says by whom (HistoryVia).
func (s *Session) recordHistory(ctx context.Context, r history.Record) {
	if s.record == nil {
		return
	}
	how, _ := ctx.Value(historyMark{}).(historyHow)
	switch {
	case how.off:
		return
	case how.via != "":
		r = viaRecord{r, how.via}
	}
	s.record(r)
}

func newSession(cfg *config.ServerConfig, paths *transport.PathResolver, handlers Handlers, emit func(Event)) *Session {
	s := &Session{cfg: cfg, paths: paths, handlers: handlers, emit: emit, progress: map[string]progressWaiter{}, rawSchemas: map[string]rawToolSchemas{}}
	s.masks.set(cfg)
	s.Log = transport.NewServerLog(func(e transport.LogEntry) { emit(Event{Kind: EventLog, Server: s.Name(), Log: &e}) })
	s.Log.SetMask(s.masks.mask)
	s.Wire = transport.NewWireLog(func(e transport.WireEntry) {
		s.observeToolList(e)
		emit(Event{Kind: EventWire, Server: s.Name(), Wire: &e})
	})
	s.Wire.SetMask(s.masks.maskBytes, s.masks.mask)
	s.status.ExitCode = -1
	return s
}

// Name is the server's name in the config.
func (s *Session) Name() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg.Name
}

// Config returns the entry the session runs (do not modify it; Clone first).
func (s *Session) Config() *config.ServerConfig {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

// Status is the session's current state.
func (s *Session) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

// InitializeResult is what the server said about itself (nil before ready).
func (s *Session) InitializeResult() *sdk.InitializeResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.init
}

// Era is the protocol version the session speaks and how it was chosen
// (zero before ready).
func (s *Session) Era() Era {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.era
}

// Tools is the last tool list fetched (all pages).
func (s *Session) Tools() []*sdk.Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tools
}

// ToolsError is why the last tools/list failed (a *RequestError), or nil
// once a list arrives. After a failed connect-time list, Tools is empty
// because the list failed, not because the server has none.
func (s *Session) ToolsError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.toolsErr
}

// Tool returns the named tool from the last list, or nil.
func (s *Session) Tool(name string) *sdk.Tool {
	for _, t := range s.Tools() {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Pid is the server process's id, or 0 for a remote server or when not running.
func (s *Session) Pid() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc == nil {
		return 0
	}
	return s.proc.Pid()
}

// Why is what the front ends word the reason by: Said, or the text of
// Reason when it was not said by key.
func (st Status) Why() any {
	if !st.Said.IsZero() {
		return st.Said
	}
	return st.Reason
}

func (s *Session) setStatus(st Status) {
	if !st.Said.IsZero() {
		st.Said = st.Said.Map(s.masks.mask)
		st.Reason = st.Said.String()
	}
	st.Reason, st.Detail = s.masks.mask(st.Reason), s.masks.mask(st.Detail)
	s.mu.Lock()
	s.status = st
	name := s.cfg.Name
	s.mu.Unlock()
	s.emit(Event{Kind: EventState, Server: name, Status: &st})
}

// Connect starts the server (or opens the remote connection), initializes the
// session and fetches the tool list. It is bounded by the entry's connect
// timeout as well as ctx. On failure the session is left StateFailed with the
// reason, and nothing of the server keeps running.
func (s *Session) Connect(ctx context.Context) error {
	s.abortConnect(errReplaced)
	s.lifecycle.Lock()
	defer s.lifecycle.Unlock()
	s.closeLocked()

	// The connection lives past this call (an SSE stream is a GET bound to
	// the context it was opened with), so it gets a context of its own that
	// only Close, the connect timeout or ctx's cancellation while connecting end.
	life, cancelLife := context.WithCancelCause(context.WithoutCancel(ctx))
	s.mu.Lock()
	cfg := s.cfg
	s.connectID++
	id := s.connectID
	s.cancelLife = cancelLife
	s.life = life
	s.toolsErr = nil
	s.mu.Unlock()

	if cfg.Problem != "" {
		err := errors.New(cfg.Problem)
		s.setStatus(Status{State: StateFailed, Reason: cfg.Problem, ExitCode: -1})
		return err
	}
	run, err := s.prepare(cfg)
	if err != nil {
		s.setStatus(Status{State: StateFailed, Reason: err.Error(), ExitCode: -1, Waiting: IsGateError(err)})
		return err
	}
	cfg = run
	s.setStatus(Status{State: StateStarting, ExitCode: -1})
	timeout := cfg.ConnectTimeoutDuration()
	pauseTimeout := func() {}
	if timeout > 0 {
		timer := time.AfterFunc(timeout, func() { cancelLife(errConnectTimeout) })
		defer timer.Stop()
		pauseTimeout = func() { timer.Stop() }
	}
	stopWatchingCtx := context.AfterFunc(ctx, func() { cancelLife(context.Cause(ctx)) })
	defer stopWatchingCtx()

	cs, era, err := s.connectEra(life, cfg, pauseTimeout)
	answered := err == nil // initialize was answered: a failure now is tools/list's
	if err == nil {
		s.mu.Lock()
		s.client = cs
		s.init = cs.InitializeResult()
		s.era = era
		s.mu.Unlock()
		s.Log.Say(transport.LogInfo, describeInit(s.init, era))
		err = s.refreshTools(life)
		if err != nil && life.Err() == nil {
			// A server may fail tools/list and still be worth talking to.
			s.Log.Say(transport.LogInfo, say.New("listing tools failed: {{.Err}}", say.Args{"Err": AsRequestError("tools/list", err)}))
			err = nil
		}
	}
	if err != nil {
		reason := s.explainConnectError(life, cfg, err)
		if answered && errors.Is(context.Cause(life), errConnectTimeout) {
			reason = s.toolsListTimeout(cfg)
		}
		cancelLife(err)
		if cs != nil {
			cs.Close()
		}
		s.stopProcess()
		st := Status{State: StateFailed, Said: reason, ExitCode: -1}
		if p := s.takeExitedProcess(); p != nil {
			st.ExitCode = p.ExitCode()
		}
		s.mu.Lock()
		s.client = nil
		s.mu.Unlock()
		s.setStatus(st)
		said := reason.Map(s.masks.mask)
		return &ConnectError{Server: cfg.Name, Reason: said.String(), Said: said, Err: err}
	}
	s.setStatus(Status{State: StateReady, ExitCode: -1})
	go s.watch(cs, id)
	return nil
}

var (
	errConnectTimeout = errors.New("connect timeout")
	errClosed         = errors.New("session closed")
	errReplaced       = errors.New("session replaced by a new connection")
)

// abortConnect cancels a connect in progress (and the live connection's context).
func (s *Session) abortConnect(cause error) {
	s.mu.Lock()
	cancel := s.cancelLife
	s.mu.Unlock()
	if cancel != nil {
		cancel(cause)
	}
}

// A ConnectError is a server that could not be connected, with the reason in plain words.
type ConnectError struct {
	Server string
	Reason string
	// Said is Reason as a message with its key.
	Said say.Msg
	Err  error
}

func (e *ConnectError) Error() string { return e.Server + ": " + e.Reason }
func (e *ConnectError) Unwrap() error { return e.Err }

func describeInit(r *sdk.InitializeResult, era Era) say.Msg {
	if r == nil {
		return say.Text("connected")
	}
	name := "the server"
	if r.ServerInfo != nil {
		name = strings.TrimSpace(r.ServerInfo.Name + " " + r.ServerInfo.Version)
	}
	args := say.Args{"Name": name, "Version": era.Version, "Why": era.WhyWords()}
	if era.Version == "" {
		args["Version"] = r.ProtocolVersion
		return say.New("connected to {{.Name}}, protocol {{.Version}}", args)
	}
	switch {
	case era.How == EraPinned:
		return say.New("connected to {{.Name}}, protocol {{.Version}} (pinned)", args)
	case era.How == EraRemembered:
		return say.New("connected to {{.Name}}, protocol {{.Version}} (remembered)", args)
	case era.How == EraDiscovered && era.Why == "":
		return say.New("connected to {{.Name}}, protocol {{.Version}} (discovered)", args)
	case era.How == EraDiscovered:
		return say.New("connected to {{.Name}}, protocol {{.Version}} (discovered: {{.Why}})", args)
	case era.How == EraFellBack && era.Why == "":
		return say.New("connected to {{.Name}}, protocol {{.Version}} (fell back)", args)
	case era.How == EraFellBack:
		return say.New("connected to {{.Name}}, protocol {{.Version}} (fell back: {{.Why}})", args)
	}
	return say.New("connected to {{.Name}}, protocol {{.Version}}", args)
}

func (s *Session) connect(ctx context.Context, cfg *config.ServerConfig, version string, probe *discoverProbe, pauseTimeout func()) (*sdk.ClientSession, error) {
	client := sdk.NewClient(s.clientInfo.implementation(), s.clientOptions())
	s.listen.install(client)
	client.AddReceivingMiddleware(s.answerRootsList)
	s.mu.Lock()
	s.sdkClient = client
	client.AddRoots(rootsOf(s.roots)...)
	s.mu.Unlock()
	var tr sdk.Transport
	switch cfg.Type {
	case config.TypeStdio:
		p, err := transport.StartStdio(cfg, s.paths, s.Log, s.Wire)
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		s.proc, s.procSeq = p, p.StartSeq()
		s.mu.Unlock()
		tr = p.Transport
		if probe != nil {
			pt := &probeTransport{inner: p.Transport, probe: probe, client: client}
			probe.stdio = pt
			tr = pt
		}
	case config.TypeHTTP:
		t, err := s.streamableTransport(cfg, pauseTimeout)
		if err != nil {
			return nil, err
		}
		if st, ok := t.(*sdk.StreamableClientTransport); ok && st.HTTPClient != nil {
			rp := probe
			if rp == nil { // a remembered era: server/discover still goes first
				rp = &discoverProbe{}
			}
			hc := *st.HTTPClient
			signIn, _ := st.OAuthHandler.(*oauth.Handler)
			hc.Transport = &discoverRoundTripper{inner: hc.Transport, probe: rp, signIn: signIn}
			st.HTTPClient = &hc
		}
		if st, ok := t.(*sdk.StreamableClientTransport); ok && st.HTTPClient != nil {
			hc := *st.HTTPClient
			hc.Transport = taskRouting{hc.Transport} // tasksext.go
			st.HTTPClient = &hc
		}
		tr = t
	case config.TypeSSE:
		tr = &sdk.SSEClientTransport{Endpoint: cfg.URL, HTTPClient: transport.NewHTTPClient(cfg, s.Wire), MaxEventSize: transport.MaxEventSize}
	case config.TypeOpenAPI:
		rb, t, err := s.newOpenAPIBackend(ctx, cfg)
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		s.remote = rb
		s.mu.Unlock()
		tr = t
	default:
		return nil, fmt.Errorf("unknown transport %q", cfg.Type)
	}
	return s.connectOver(ctx, client, tr, version)
}

// connectOver runs the SDK's connect over tr, racing the server
// process's exit.
func (s *Session) connectOver(ctx context.Context, client *sdk.Client, tr sdk.Transport, version string) (*sdk.ClientSession, error) {
	type connected struct {
		cs  *sdk.ClientSession
		err error
	}
	// The SDK's Connect may not notice a dead process on its own; race it
	// against the process's exit so a server that dies at start fails at once.
	done := make(chan connected, 1)
	go func() {
		cs, err := client.Connect(ctx, tr, &sdk.ClientSessionOptions{ProtocolVersion: version})
		done <- connected{cs, err}
	}()
	var exited <-chan struct{}
	if p := s.process(); p != nil {
		exited = p.Exited()
	}
	select {
	case r := <-done:
		return r.cs, r.err
	case <-exited:
		select {
		case r := <-done:
			if r.err == nil {
				return r.cs, nil
			}
			// What the SDK saw first explains more than the exit it caused.
			return nil, errors.Join(r.err, errProcessExited)
		case <-time.After(200 * time.Millisecond):
		}
		return nil, errProcessExited
	}
}

// watch waits for the session to end and, if nobody asked for that, records why.
func (s *Session) watch(cs *sdk.ClientSession, id int) {
	werr := cs.Wait()
	s.mu.Lock()
	stale := s.connectID != id || s.client != cs
	p := s.proc
	cfg := s.cfg
	if !stale {
		s.client = nil
	}
	s.mu.Unlock()
	if stale {
		return
	}
	st := Status{State: StateExited, ExitCode: -1, ExitedAt: time.Now()}
	if p != nil && p.AppHungUp() {
		// The SDK ended the connection itself: the server did not exit first.
		if werr != nil {
			st.Said = say.New("the connection to the server ended on the app's side while the server was still running ({{.Err}}); the server has been stopped.", say.Args{"Err": werr.Error()})
		} else {
			st.Said = say.Text("the connection to the server ended on the app's side while the server was still running; the server has been stopped.")
		}
		st.Said = s.stderrTail(st.Said)
		s.stopProcess()
	} else if p != nil {
		select {
		case <-p.Exited():
		case <-time.After(time.Second):
		}
		select {
		case <-p.Exited():
			st.ExitCode = p.ExitCode()
			st.Said = s.stderrTail(say.New("the server exited with code {{.Code}}.", say.Args{"Code": st.ExitCode}))
		default:
			st.Said = s.stderrTail(say.Text("the server closed the connection but is still running; stopping it."))
		}
		s.stopProcess()
	} else {
		st.Said = say.New("the connection to {{.URL}} closed.", say.Args{"URL": cfg.URL})
	}
	s.Log.Say(transport.LogInfo, st.Said)
	s.setStatus(st)
}

// Close ends the session and stops the server's whole process tree.
func (s *Session) Close() error {
	s.abortConnect(errClosed)
	s.lifecycle.Lock()
	defer s.lifecycle.Unlock()
	s.closeLocked()
	return nil
}

func (s *Session) closeLocked() {
	s.mu.Lock()
	cs := s.client
	s.client = nil
	s.connectID++
	wasLive := cs != nil || s.proc != nil
	remote := s.remote
	s.remote = nil
	s.mu.Unlock()
	if cs != nil {
		cs.Close()
	}
	s.stopProcess()
	s.mu.Lock()
	s.proc = nil
	s.mu.Unlock()
	if remote != nil {
		remote.close()
	}
	if wasLive {
		s.setStatus(Status{State: StateStopped, ExitCode: -1})
	}
}

func (s *Session) stopProcess() {
	s.mu.Lock()
	p := s.proc
	s.mu.Unlock()
	if p != nil {
		p.Stop()
	}
}

// Restart closes and connects again, with the entry as the servers file
// holds it now (an outside edit since the last start is taken).
func (s *Session) Restart(ctx context.Context) error {
	s.Close()
	if s.reloadFile != nil {
		s.reloadFile()
	}
	return s.Connect(ctx)
}

// setConfig replaces the entry (the caller restarts if needed).
func (s *Session) setConfig(cfg *config.ServerConfig) {
	s.masks.set(cfg)
	s.mu.Lock()
	s.cfg = cfg
	s.mu.Unlock()
}

// RefreshTools fetches the tool list again (all pages).
func (s *Session) RefreshTools(ctx context.Context) error {
	return s.refreshTools(ctx)
}

func (s *Session) refreshTools(ctx context.Context) error {
	cs := s.clientSession()
	if cs == nil {
		return errNotConnected
	}
	var tools []*sdk.Tool
	if init := cs.InitializeResult(); init != nil && init.Capabilities != nil && init.Capabilities.Tools == nil {
		// A server that does not declare tools has none; asking would be an error.
	} else {
		for t, err := range cs.Tools(ctx, nil) {
			if err != nil {
				if ctx.Err() == nil {
					s.mu.Lock()
					s.toolsErr = AsRequestError("tools/list", err)
					s.mu.Unlock()
				}
				return err
			}
			tools = append(tools, t)
		}
	}
	s.mu.Lock()
	s.tools = tools
	s.toolsErr = nil
	name := s.cfg.Name
	s.mu.Unlock()
	s.emit(Event{Kind: EventTools, Server: name})
	return nil
}

var errNotConnected = errors.New("the server is not connected")

func (s *Session) clientSession() *sdk.ClientSession {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.client
}

// ClientSession is the SDK session for features beyond tools (nil when not ready).
func (s *Session) ClientSession() *sdk.ClientSession { return s.clientSession() }

// Ping sends ping and returns the round-trip time.
func (s *Session) Ping(ctx context.Context) (time.Duration, error) {
	cs := s.clientSession()
	if cs == nil {
		return 0, errNotConnected
	}
	start := time.Now()
	err := cs.Ping(ctx, nil)
	return time.Since(start), err
}
