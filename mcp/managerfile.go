package mcp

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"

	"mcpbrowser/mcp/config"
)

// KeepMine makes the next save of the named entry overwrite the file's
// version even though it was changed outside meanwhile: the person chose
// theirs after a *ConflictError.
func (m *Manager) KeepMine(name string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	next := m.cfg.Clone() // copy on write: Config's callers read theirs unlocked
	next.KeepMine(name)
	m.cfg = next
}

// ReloadFile reads the servers file again and takes every outside change:
// entries added, removed or edited by the CLI, an editor or another window.
// Sessions of removed entries stop; new ones are made (not started); edited
// ones use their new entry from their next start. It reports which servers
// changed. A file that cannot be read changes nothing.
func (m *Manager) ReloadFile() ([]string, error) {
	m.mu.Lock()
	if m.cfg.Path == "" {
		m.mu.Unlock()
		return nil, nil
	}
	disk, err := config.Load(m.cfg.Path)
	if errors.Is(err, fs.ErrNotExist) {
		m.mu.Unlock()
		return nil, nil // not written yet (the demo config), or being replaced
	}
	if err != nil {
		m.mu.Unlock()
		return nil, err
	}
	// Copy on write, as every save does: a Config handed out earlier is
	// read without the lock (the window's list, the editor).
	next := m.cfg.Clone()
	changed := next.AdoptFile(disk)
	m.cfg = next
	gone := m.syncSessionsLocked()
	m.mu.Unlock()
	for _, s := range gone {
		s.Close()
	}
	for _, name := range changed {
		m.publish(Event{Kind: EventServers, Server: name})
	}
	return changed, nil
}

// syncSessionsLocked gives every entry a session holding that very entry and
// returns the sessions whose entry is gone (for the caller to close).
func (m *Manager) syncSessionsLocked() (gone []*Session) {
	for _, sc := range m.cfg.Servers {
		switch s := m.sessions[sc.Name]; {
		case s == nil:
			m.sessions[sc.Name] = m.newSession(sc)
		case s.Config() != sc:
			s.setConfig(sc)
		}
	}
	for name, s := range m.sessions {
		if m.cfg.Server(name) == nil {
			delete(m.sessions, name)
			gone = append(gone, s)
		}
	}
	return gone
}

// WatchFile reloads the servers file whenever something else changes it,
// until ctx ends. Changes arriving close together are taken as one.
// onReload, when set, hears what changed (or why the file could not be read).
func (m *Manager) WatchFile(ctx context.Context, onReload func(changed []string, err error)) error {
	path := m.Config().Path
	if path == "" {
		return nil
	}
	return WatchPath(ctx, path, func() {
		changed, err := m.ReloadFile()
		if onReload != nil && (err != nil || len(changed) > 0) {
			onReload(changed, err)
		}
	})
}

// WatchPath calls onChange (on its own goroutine) after path was written,
// created, renamed over or removed, until ctx ends. It watches the folder, as
// atomic saves replace the file itself; for a symbolic link also the
// target's folder, as saves go through the link (package store).
func WatchPath(ctx context.Context, path string, onChange func()) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := w.Add(dir); err != nil {
		w.Close()
		return err
	}
	target := path
	if t, err := filepath.EvalSymlinks(path); err == nil && filepath.Dir(t) != filepath.Clean(dir) {
		if w.Add(filepath.Dir(t)) == nil {
			target = t
		}
	}
	go func() {
		defer w.Close()
		const settle = 150 * time.Millisecond
		timer := time.NewTimer(time.Hour)
		timer.Stop()
		for {
			select {
			case <-ctx.Done():
				timer.Stop()
				return
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				if n := filepath.Clean(ev.Name); n == filepath.Clean(path) || n == filepath.Clean(target) {
					timer.Reset(settle)
				}
			case _, ok := <-w.Errors:
				if !ok {
					return
				}
			case <-timer.C:
				onChange()
			}
		}
	}()
	return nil
}
