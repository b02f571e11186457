package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// LockPath takes the advisory lock that guards path against other writers —
// the window, the CLI, another window — and returns the way to release it.
// The lock lives in a file beside path (".NAME.lock"), because path itself is
// replaced by every atomic save and a lock on the old file would guard nothing.
func LockPath(path string) (unlock func(), err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating %s: %w", dir, err)
	}
	name := filepath.Join(dir, "."+filepath.Base(path)+".lock")
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return func() {
		unlockFile(f)
		f.Close()
	}, nil
}

// removeStaleTemps deletes the temp files an interrupted save of path left
// behind (see WriteFileAtomic). Called with path's lock held, when no save of
// it is under way.
func removeStaleTemps(path string) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && strings.HasPrefix(n, "."+base+".") && strings.HasSuffix(n, ".tmp") {
			os.Remove(filepath.Join(dir, n))
		}
	}
}
