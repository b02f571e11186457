package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"mcpbrowser/mcp/store"
)

// rootsFile is the RootStore's file name inside its folder.
const rootsFile = "roots.json"

// A RootStore keeps the folders each server is told about (roots/list), by
// server name, in a file of the app's own config folder: not in the servers
// file, which other clients share and which have their own idea of roots.
// The window and the command line read the same file. It is safe for
// concurrent use, in one process and across processes (store.Update).
type RootStore struct {
	path string
	mu   sync.Mutex
}

// NewRootStore keeps roots in dir (created on first save).
func NewRootStore(dir string) *RootStore {
	return &RootStore{path: filepath.Join(dir, rootsFile)}
}

// DefaultRootStore is the store in the app's XDG config folder
// (~/.config/mcpbrowser/roots.json on Linux).
func DefaultRootStore() (*RootStore, error) {
	p, err := store.File(store.Config, rootsFile)
	if err != nil {
		return nil, fmt.Errorf("finding a folder for roots: %w", err)
	}
	return NewRootStore(filepath.Dir(p)), nil
}

// Path is the store's file.
func (st *RootStore) Path() string { return st.path }

type rootsDoc struct {
	Servers map[string][]string `json:"servers"`
}

func (st *RootStore) load() (rootsDoc, error) {
	data, err := os.ReadFile(st.path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return rootsDoc{}, fmt.Errorf("reading roots: %w", err)
	}
	return parseRoots(data), nil
}

// parseRoots reads the file's content; a hand-mangled file counts as empty.
func parseRoots(data []byte) rootsDoc {
	d := rootsDoc{Servers: map[string][]string{}}
	if json.Unmarshal(data, &d) != nil || d.Servers == nil {
		d.Servers = map[string][]string{}
	}
	return d
}

// Get is server's folders (nil for none).
func (st *RootStore) Get(server string) ([]string, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	d, err := st.load()
	if err != nil || len(d.Servers[server]) == 0 {
		return nil, err
	}
	return slices.Clone(d.Servers[server]), nil
}

// Set remembers server's folders; none forgets the server.
func (st *RootStore) Set(server string, folders []string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	err := store.Update(st.path, store.Keep(0o600), func(old []byte) ([]byte, error) {
		d := parseRoots(old)
		if len(folders) == 0 {
			if _, ok := d.Servers[server]; !ok {
				return old, nil
			}
			delete(d.Servers, server)
		} else {
			d.Servers[server] = slices.Clone(folders)
		}
		data, err := json.MarshalIndent(d, "", "  ")
		return append(data, '\n'), err
	})
	if err != nil {
		return fmt.Errorf("saving roots: %w", err)
	}
	return nil
}
