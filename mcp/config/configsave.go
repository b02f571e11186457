package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"mcpbrowser/mcp/store"
)

// An entryOrigin is a server entry as the file held it when this copy last
// read or wrote it: its name then and its rendered JSON.
type entryOrigin struct {
	name string
	data []byte
}

// canonical is the entry rendered compactly, for comparing: raw values kept
// from a file (unknown fields) carry the file's indentation otherwise.
func (s *ServerConfig) canonical() ([]byte, error) {
	data, err := s.MarshalEntry()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (s *ServerConfig) setOrigin() {
	data, err := s.canonical()
	if err != nil {
		s.origin = nil
		return
	}
	s.origin = &entryOrigin{name: s.Name, data: data}
}

// changed reports whether the entry differs from what the file held when it
// was read (a new entry has changed).
func (s *ServerConfig) changed() bool {
	if s.origin == nil || s.origin.name != s.Name {
		return true
	}
	data, err := s.canonical()
	return err != nil || !bytes.Equal(data, s.origin.data)
}

// SameAs reports whether two entries would be written the same.
func (s *ServerConfig) SameAs(o *ServerConfig) bool {
	if s == nil || o == nil {
		return s == o
	}
	a, err1 := s.canonical()
	b, err2 := o.canonical()
	return err1 == nil && err2 == nil && s.Name == o.Name && bytes.Equal(a, b)
}

// A ConflictError is a save that would have overwritten entries changed in
// the file by someone else (another window, the CLI, an editor) since this
// copy read them. Nothing was written.
type ConflictError struct {
	Path  string
	Names []string
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s was changed in the file %s since it was read here, and here too; reload to take the file's version, or keep yours to overwrite it",
		quoteList(e.Names), e.Path)
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) == 1 {
		return "server " + q[0]
	}
	return "servers " + strings.Join(q, ", ")
}

// KeepMine makes the next save write this copy's entry name even where the
// file's was changed meanwhile: the person chose theirs.
func (c *Config) KeepMine(name string) {
	if c.keep == nil {
		c.keep = map[string]bool{}
	}
	c.keep[name] = true
}

// saveMerged is a read-modify-write under the file's lock (store.Update): it
// reads the file as it is now and applies to it only the entries this copy
// added, changed, renamed or removed, so that concurrent writers never lose
// each other's entries, and writes them into the file's own bytes (splice),
// so that what was not edited keeps its bytes. An entry changed both here and in the file is a *ConflictError
// (unless KeepMine chose this copy's). Afterwards this copy holds the file as
// written, outside changes included.
func (c *Config) saveMerged() error {
	var disk *Config
	err := store.Update(c.Path, store.Keep(0o600), func(old []byte) ([]byte, error) {
		if old == nil {
			disk = &Config{Path: c.Path, extra: c.extra}
		} else {
			d, err := Parse(c.Path, old)
			if err != nil {
				return nil, fmt.Errorf("the servers file cannot be read now, so nothing was saved (fix it first): %w", err)
			}
			disk = d
		}
		if conflicts := c.mergeInto(disk); len(conflicts) > 0 {
			return nil, &ConflictError{Path: c.Path, Names: conflicts}
		}
		if out, ok, err := splice(old, disk); ok || err != nil {
			return out, err
		}
		return disk.Marshal()
	})
	if err != nil {
		return err
	}
	c.adopt(disk)
	return nil
}

// mergeInto applies this copy's changes to disk and returns the names that conflict.
func (c *Config) mergeInto(disk *Config) (conflicts []string) {
	for name, o := range c.removed {
		if c.Server(name) == nil {
			if d := disk.Server(name); d != nil && (sameData(d, o.data) || c.keep[name]) {
				disk.Remove(name)
			}
		}
	}
	for _, s := range c.Servers {
		if !s.changed() {
			continue
		}
		cur, _ := s.canonical()
		if d := disk.Server(s.Name); d != nil && !c.keep[s.Name] && !sameData(d, cur) {
			if s.origin == nil || s.origin.name != s.Name || !sameData(d, s.origin.data) {
				conflicts = append(conflicts, s.Name)
				continue
			}
		}
		put := s
		if s.origin != nil && s.origin.name != s.Name { // renamed here: take the old one's place
			if i := slices.IndexFunc(disk.Servers, func(d *ServerConfig) bool { return d.Name == s.origin.name }); i >= 0 && disk.Server(s.Name) == nil {
				disk.Servers[i] = put
				continue
			}
		}
		disk.Put(put)
	}
	return conflicts
}

func sameData(s *ServerConfig, data []byte) bool {
	d, err := s.canonical()
	return err == nil && bytes.Equal(d, data)
}

// adopt makes c the file as just written: its entries (this copy's own
// objects where they are unchanged, so holders of them stay current), its
// top-level fields, fresh origins.
func (c *Config) adopt(disk *Config) {
	servers := make([]*ServerConfig, 0, len(disk.Servers))
	for _, d := range disk.Servers {
		if mine := c.Server(d.Name); mine != nil && mine.SameAs(d) {
			d = mine
		}
		// Only an entry whose origin is stale gets a new one: an unchanged
		// entry may be read by its running session at this very moment.
		if d.changed() {
			d.setOrigin()
		}
		servers = append(servers, d)
	}
	c.Servers, c.extra, c.removed, c.keep = servers, disk.extra, nil, nil
}

// Clone is a copy of the config whose server list can change without
// touching c's (the entries themselves are shared).
func (c *Config) Clone() *Config {
	n := *c
	n.Servers = slices.Clone(c.Servers)
	n.extra = maps.Clone(c.extra)
	n.removed = maps.Clone(c.removed)
	n.keep = maps.Clone(c.keep)
	return &n
}

// AdoptFile makes c the file's content, keeping c's own objects for the
// entries that did not change, and returns the names that did.
func (c *Config) AdoptFile(disk *Config) []string {
	var changed []string
	for _, s := range c.Servers {
		if disk.Server(s.Name) == nil {
			changed = append(changed, s.Name)
		}
	}
	servers := make([]*ServerConfig, 0, len(disk.Servers))
	for _, d := range disk.Servers {
		if mine := c.Server(d.Name); mine != nil && mine.SameAs(d) {
			d = mine
		} else {
			changed = append(changed, d.Name)
		}
		servers = append(servers, d)
	}
	c.Servers, c.extra, c.removed, c.keep = servers, disk.extra, nil, nil
	return changed
}

// ForgetOrigin makes the entry new: a duplicate or an import is no edit of
// the entry it was copied from.
func (s *ServerConfig) ForgetOrigin() { s.origin = nil }

// TakeOrigin makes the entry a replacement of from as it was read.
func (s *ServerConfig) TakeOrigin(from *ServerConfig) { s.origin = from.origin }

// HasOrigin reports whether the entry was read from (or written to) the file.
func (s *ServerConfig) HasOrigin() bool { return s.origin != nil }
