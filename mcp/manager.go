package mcp

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
	"mcpbrowser/mcp/oauth"
	"mcpbrowser/mcp/transport"
)

// EventKind says what an Event reports.
type EventKind int

const (
	EventState           EventKind = iota // a session's Status changed
	EventTools                            // a session's tool list changed
	EventLog                              // a line was added to a session's log
	EventWire                             // a message was added to a session's wire log
	EventProgress                         // a running call reported progress
	EventServers                          // servers were added, removed, renamed or edited
	EventListChanged                      // the server said its prompts or resources changed (List says which)
	EventResourceUpdated                  // a subscribed resource changed (URI says which)
)

// An Event is one thing that happened, for whoever shows it. Exactly one of
// the pointer fields is set, according to Kind.
type Event struct {
	Kind     EventKind
	Server   string
	Status   *Status
	Log      *transport.LogEntry
	Wire     *transport.WireEntry
	Progress *Progress
	// List is "prompts" or "resources" for EventListChanged.
	List string
	// URI is the resource for EventResourceUpdated.
	URI string
}

// ManagerOptions configure a Manager.
type ManagerOptions struct {
	// Handlers answer sampling and elicitation requests from servers.
	Handlers Handlers
	// Approvals, when set, keeps imported servers from starting until the
	// person has approved their exact command line.
	Approvals *config.ApprovalStore
	// Tokens keeps sign-in tokens; nil means the default store (TokenDir).
	Tokens *oauth.TokenStore
	// OpenBrowser opens a sign-in page; nil means the system browser ($BROWSER honoured).
	OpenBrowser func(ctx context.Context, url string) error
	// Client is how the app introduces itself to servers in initialize
	// (its name and the build's version).
	Client ClientInfo
	// History, when set, keeps every tool call, resource read and prompt get
	// of every session, whichever front end made it (see SetHistory).
	History *history.History
	// OnHistoryError hears a call that could not be recorded; the call
	// itself is not affected. Nil ignores it.
	OnHistoryError func(error)
}

// A Manager owns a session per configured server. It connects them
// concurrently, keeps one server's trouble away from the others, and merges
// everything that happens into one event stream.
type Manager struct {
	opts  ManagerOptions
	paths *transport.PathResolver

	mu       sync.Mutex
	history  *history.History
	cfg      *config.Config
	sessions map[string]*Session
	subs     map[int]func(Event)
	nextSub  int
}

// NewManager makes a manager for cfg's servers. Nothing starts until Connect.
func NewManager(cfg *config.Config, opts ManagerOptions) *Manager {
	m := &Manager{opts: opts, paths: transport.SharedResolver(), history: opts.History, cfg: cfg,
		sessions: map[string]*Session{}, subs: map[int]func(Event){}}
	for _, sc := range cfg.Servers {
		m.sessions[sc.Name] = m.newSession(sc)
	}
	return m
}

func (m *Manager) newSession(sc *config.ServerConfig) *Session {
	s := newSession(sc, m.paths, m.opts.Handlers, m.publish)
	s.configDir = configDirOf(m.cfg)
	s.approvals = m.opts.Approvals
	s.tokens = m.opts.Tokens
	s.openBrowser = m.opts.OpenBrowser
	s.record = m.record
	s.clientInfo = m.opts.Client
	return s
}

// SetHistory makes every session record its tool calls, resource reads and
// prompt gets in h from now on (nil: none are kept).
func (m *Manager) SetHistory(h *history.History) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.history = h
}

// record keeps a finished call in the history, if there is one. A history
// that cannot be written must not spoil the call: the error goes to
// OnHistoryError only.
func (m *Manager) record(r history.Record) {
	m.mu.Lock()
	h := m.history
	m.mu.Unlock()
	if h == nil {
		return
	}
	if err := h.Add(r); err != nil && m.opts.OnHistoryError != nil {
		m.opts.OnHistoryError(err)
	}
}

// Subscribe registers f for every event (called on the goroutine that caused
// it; be quick, and hop to the UI thread yourself). It returns the way to stop.
func (m *Manager) Subscribe(f func(Event)) (unsubscribe func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id := m.nextSub
	m.nextSub++
	m.subs[id] = f
	return func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		delete(m.subs, id)
	}
}

func (m *Manager) publish(e Event) {
	m.mu.Lock()
	subs := make([]func(Event), 0, len(m.subs))
	for _, f := range m.subs {
		subs = append(subs, f)
	}
	m.mu.Unlock()
	for _, f := range subs {
		f(e)
	}
}

// Config is the config the manager runs.
func (m *Manager) Config() *config.Config {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.cfg
}

// Session returns the named server's session, or nil.
func (m *Manager) Session(name string) *Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sessions[name]
}

// Sessions returns every session in config order.
func (m *Manager) Sessions() []*Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]*Session, 0, len(m.cfg.Servers))
	for _, sc := range m.cfg.Servers {
		if s := m.sessions[sc.Name]; s != nil {
			out = append(out, s)
		}
	}
	return out
}

// ConnectAll connects every enabled server at once and returns when all have
// finished (each succeeded or failed on its own). The error joins the failures.
func (m *Manager) ConnectAll(ctx context.Context) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	for _, s := range m.Sessions() {
		if s.Config().Disabled {
			continue
		}
		wg.Go(func() {
			if err := s.Connect(ctx); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Close stops every server's process tree, all at once, and returns when all are gone.
func (m *Manager) Close() {
	var wg sync.WaitGroup
	for _, s := range m.Sessions() {
		wg.Go(func() { s.Close() })
	}
	wg.Wait()
}

// PutServer adds a server or replaces the entry of one, saves the config, and
// (when connect is true and the entry is enabled) (re)starts it.
func (m *Manager) PutServer(ctx context.Context, oldName string, sc *config.ServerConfig, connect bool) error {
	sc.Validate()
	m.mu.Lock()
	if oldName != "" && oldName != sc.Name {
		if m.cfg.Server(sc.Name) != nil {
			m.mu.Unlock()
			return fmt.Errorf("a server named %q already exists", sc.Name)
		}
		if err := m.cfg.Rename(oldName, sc.Name); err != nil {
			m.mu.Unlock()
			return err
		}
		if s := m.sessions[oldName]; s != nil {
			delete(m.sessions, oldName)
			m.sessions[sc.Name] = s
		}
		m.moveToken(oldName, sc.Name)
	}
	m.cfg.Put(sc)
	s := m.sessions[sc.Name]
	if s == nil {
		s = m.newSession(sc)
		m.sessions[sc.Name] = s
	} else {
		s.setConfig(sc)
	}
	err := m.saveLocked()
	m.mu.Unlock()
	m.publish(Event{Kind: EventServers, Server: sc.Name})
	if err != nil {
		return err
	}
	s.Close()
	if connect && !sc.Disabled {
		go s.Connect(ctx)
	}
	return nil
}

// Approve records the person's approval of the named server's command line
// and starts it.
func (m *Manager) Approve(ctx context.Context, name string) error {
	s := m.Session(name)
	if s == nil || m.opts.Approvals == nil {
		return fmt.Errorf("no server named %q waits for approval", name)
	}
	cfg := s.Config()
	if err := m.opts.Approvals.ApproveCommand(cfg.Name, m.paths.Command(cfg)); err != nil {
		return fmt.Errorf("saving the approval: %w", err)
	}
	return s.Connect(ctx)
}

// RemoveServer stops the server, removes its entry and saves the config.
func (m *Manager) RemoveServer(name string) error {
	m.mu.Lock()
	s := m.sessions[name]
	delete(m.sessions, name)
	m.cfg.Remove(name)
	err := m.saveLocked()
	m.mu.Unlock()
	if s != nil {
		s.Close()
	}
	m.tokenStore().Delete(name) // a removed server's sign-in goes with it
	m.publish(Event{Kind: EventServers, Server: name})
	return err
}

func (m *Manager) tokenStore() *oauth.TokenStore {
	if m.opts.Tokens != nil {
		return m.opts.Tokens
	}
	return oauth.NewTokenStore(TokenDir())
}

// moveToken keeps a renamed server's sign-in: tokens are filed by name.
func (m *Manager) moveToken(oldName, newName string) {
	store := m.tokenStore()
	t, err := store.Load(oldName)
	if err != nil || t == nil {
		return
	}
	if store.Save(newName, t) == nil {
		store.Delete(oldName)
	}
}

func (m *Manager) saveLocked() error {
	if m.cfg.Path == "" {
		return nil
	}
	return m.cfg.Save()
}
