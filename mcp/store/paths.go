package store

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
)

// AppDir is the app's folder name under each base folder.
const AppDir = "mcpbrowser"

// A Kind is one of the XDG base folders, by what is kept there.
type Kind int

const (
	// Config is what the person writes or chooses: the servers file, roots
	// (~/.config/mcpbrowser on Linux).
	Config Kind = iota
	// State is what the app remembers between runs and could lose without
	// harm to the person's work: approvals, protocol eras
	// (~/.local/state/mcpbrowser).
	State
	// Data is what the app keeps for the person: history, sign-in tokens
	// (~/.local/share/mcpbrowser).
	Data
	// Cache is what can be rebuilt at any time (~/.cache/mcpbrowser).
	Cache
)

// base is the XDG base folder of k, read now: xdg.Reload after a change of
// the environment (tests) is seen by the next call.
func (k Kind) base() string {
	switch k {
	case State:
		return xdg.StateHome
	case Data:
		return xdg.DataHome
	case Cache:
		return xdg.CacheHome
	}
	return xdg.ConfigHome
}

// Path is elem joined under the app's folder of kind k
// (Path(State, "eras.json") is ~/.local/state/mcpbrowser/eras.json on
// Linux). Nothing is created.
func Path(k Kind, elem ...string) string {
	return filepath.Join(append([]string{k.base(), AppDir}, elem...)...)
}

// File is Path with the folder that holds it created (0700, only for the
// person), for a caller that watches or lists the folder before the first
// save.
func File(k Kind, elem ...string) (string, error) {
	p := Path(k, elem...)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return "", fmt.Errorf("creating the folder %s: %w", filepath.Dir(p), err)
	}
	return p, nil
}
