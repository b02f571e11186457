package mcp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"mcpbrowser/mcp/config"
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
	EventTask                             // a task's state was learnt (Task says which)
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
	// Task is the task's latest state for EventTask.
	Task *Task
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
	// SignInTimeout bounds the wait for a browser sign-in (the CLI's
	// --timeout); zero means oauth.DefaultSignInTimeout.
	SignInTimeout time.Duration
	// Eras remembers each server's protocol version; nil means the default
	// file (DefaultEraMemoryPath).
	Eras *EraMemory
	// Client is how the app introduces itself to servers in initialize
	// (its name and the build's version).
	Client ClientInfo
}

// A Manager owns a session per configured server. It connects them
// concurrently, keeps one server's trouble away from the others, and merges
// everything that happens into one event stream.
type Manager struct {
	opts  ManagerOptions
	paths *transport.PathResolver

	mu       sync.Mutex
	cfg      *config.Config
	sessions map[string]*Session
	subs     map[int]func(Event)
	nextSub  int
}

// NewManager makes a manager for cfg's servers. Nothing starts until Connect.
func NewManager(cfg *config.Config, opts ManagerOptions) *Manager {
	m := &Manager{opts: opts, paths: transport.NewPathResolver(), cfg: cfg, sessions: map[string]*Session{}, subs: map[int]func(Event){}}
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
	s.signInTimeout = m.opts.SignInTimeout
	s.reloadFile = func() { m.ReloadFile() }
	if dir := os.Getenv(transport.LogDirEnv); dir != "" {
		if closeLog, err := s.Log.TeeToFile(filepath.Join(dir, transport.LogFileName(sc.Name)), nil); err == nil { // entries come masked
			s.closeLog = closeLog
		}
	}
	s.eras = m.opts.Eras
	if s.eras == nil {
		s.eras = NewEraMemory(DefaultEraMemoryPath())
	}
	s.clientInfo = m.opts.Client
	return s
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
		wg.Go(func() {
			s.Close()
			if s.closeLog != nil {
				s.closeLog()
			}
		})
	}
	wg.Wait()
}

// PutServer adds a server or replaces the entry of one, saves the config, and
// (when connect is true and the entry is enabled) (re)starts it. The save
// writes this entry into the file as it is now (see Config.Save); if the
// entry was changed in the file since sc was taken from it, the error is a
// *ConflictError and nothing changes (KeepMine, then PutServer again,
// overwrites the file's version).
func (m *Manager) PutServer(ctx context.Context, oldName string, sc *config.ServerConfig, connect bool) error {
	sc.Validate()
	if oldName == "" {
		sc.ForgetOrigin() // a new entry (a duplicate, an import) is no edit of the one it was cloned from
	}
	m.mu.Lock()
	if cur := m.cfg.Server(oldName); oldName != "" && !sc.HasOrigin() && cur != nil {
		// A replacement made from scratch (an import over an entry) replaces
		// the entry as the manager last saw it.
		sc.TakeOrigin(cur)
	}
	next := m.cfg.Clone()
	renamed := oldName != "" && oldName != sc.Name
	if renamed {
		if next.Server(sc.Name) != nil {
			m.mu.Unlock()
			return fmt.Errorf("a server named %q already exists", sc.Name)
		}
		i := slices.IndexFunc(next.Servers, func(e *config.ServerConfig) bool { return e.Name == oldName })
		if i < 0 {
			m.mu.Unlock()
			return fmt.Errorf("no server named %q", oldName)
		}
		next.Servers[i] = sc
	} else {
		next.Put(sc)
	}
	if err := m.saveLocked(next); err != nil {
		m.mu.Unlock()
		return err
	}
	if renamed {
		if s := m.sessions[oldName]; s != nil {
			delete(m.sessions, oldName)
			m.sessions[sc.Name] = s
		}
		m.moveToken(oldName, sc.Name)
	}
	gone := m.syncSessionsLocked()
	s := m.sessions[sc.Name]
	m.mu.Unlock()
	for _, g := range gone {
		g.Close()
	}
	m.publish(Event{Kind: EventServers, Server: sc.Name})
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
	if err := m.opts.Approvals.Approve(s.Config()); err != nil {
		return fmt.Errorf("saving the approval: %w", err)
	}
	return s.Connect(ctx)
}

// RemoveServer stops the server, removes its entry and saves the config.
func (m *Manager) RemoveServer(name string) error {
	m.mu.Lock()
	next := m.cfg.Clone()
	next.Remove(name)
	if err := m.saveLocked(next); err != nil {
		m.mu.Unlock()
		return err
	}
	gone := m.syncSessionsLocked()
	m.mu.Unlock()
	for _, s := range gone {
		s.Close()
	}
	m.tokenStore().Delete(name) // a removed server's sign-in goes with it
	m.publish(Event{Kind: EventServers, Server: name})
	return nil
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

// saveLocked saves next and, when that worked, makes it the manager's config.
func (m *Manager) saveLocked(next *config.Config) error {
	if next.Path != "" {
		if err := next.Save(); err != nil {
			return err
		}
	}
	m.cfg = next
	return nil
}
