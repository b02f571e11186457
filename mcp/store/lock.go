package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A Locked file is held by this process alone among the app's processes
// (the window, the command line, another window) until Unlock. Reading and
// writing it through Read and Write keeps the lock's promise: nobody else
// changes it in between.
type Locked struct {
	path   string // the file itself, symbolic links followed
	lock   *os.File
	lockAt string
}

// Lock takes path's lock, waiting for another process that holds it. The
// lock lives in a file beside the file itself (".NAME.lock", next to the
// target of a symbolic link), because the file is replaced by every save and
// a lock on the old one would guard nothing. On Unix the lock file is
// removed again on Unlock, so that no trace is left beside a file kept in
// git (a check file); a process that locked a lock file removed meanwhile
// notices and takes the new one.
func Lock(path string) (*Locked, error) {
	target, err := resolve(path)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating %s: %w", dir, err)
	}
	name := filepath.Join(dir, "."+filepath.Base(target)+".lock")
	for {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		if err := lockFile(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		if removesLockFiles && !stillNamed(f, name) {
			unlockFile(f) // the holder before us removed it: take the new one
			f.Close()
			continue
		}
		return &Locked{path: target, lock: f, lockAt: name}, nil
	}
}

// stillNamed reports whether name is still the file f has open.
func stillNamed(f *os.File, name string) bool {
	held, err := f.Stat()
	if err != nil {
		return false
	}
	now, err := os.Stat(name)
	return err == nil && os.SameFile(held, now)
}

// Unlock releases the lock; the Locked is not used after.
func (l *Locked) Unlock() {
	if removesLockFiles {
		os.Remove(l.lockAt) // while still held: see Lock
	}
	unlockFile(l.lock)
	l.lock.Close()
}

// Path is the file itself, symbolic links followed.
func (l *Locked) Path() string { return l.path }

// Read returns the file's content, or nil and no error when there is no
// file (an empty file is an empty, non-nil slice).
func (l *Locked) Read() ([]byte, error) {
	data, err := os.ReadFile(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if data == nil {
		data = []byte{}
	}
	return data, err
}

// resolve follows path's symbolic links to the file they name, which need
// not exist yet (a link to a file not written yet is written through).
func resolve(path string) (string, error) {
	p := path
	for range 40 {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
	return "", errors.New("too many symbolic links in a row (a loop?)")
}
