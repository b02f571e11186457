package store

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// A Mode says what mode a saved file gets.
type Mode struct {
	perm  fs.FileMode
	force bool
}

// Keep keeps an existing file's mode; a new file gets perm (less the umask).
func Keep(perm fs.FileMode) Mode { return Mode{perm: perm} }

// Private makes the file 0600 on every save, whatever it was: a file of
// secrets (tokens, approvals) made readable by others is private again
// after the next save.
var Private = Mode{perm: 0o600, force: true}

// WriteFile replaces path's content with data, under path's lock (see Lock),
// through its symbolic links, atomically (see Locked.Write).
func WriteFile(path string, data []byte, m Mode) error {
	l, err := Lock(path)
	if err != nil {
		return err
	}
	defer l.Unlock()
	return l.Write(data, m)
}

// Update is a read-modify-write of path under its lock: change gets the
// content as it is now (nil when there is no file) and returns the new
// content, which is saved as Locked.Write does. Content equal to what was
// read is not written again (nor is a file created when change returns nil
// for none). An error from change is returned as it is and
// nothing is written.
func Update(path string, m Mode, change func(old []byte) ([]byte, error)) error {
	l, err := Lock(path)
	if err != nil {
		return err
	}
	defer l.Unlock()
	old, err := l.Read()
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	data, err := change(old)
	if err != nil {
		return err
	}
	if old == nil && data == nil {
		return nil // no file, and none wanted
	}
	if old != nil && bytes.Equal(old, data) && !l.wrongMode(m) {
		return nil
	}
	return l.Write(data, m)
}

// wrongMode reports whether the file exists with another mode than m forces.
func (l *Locked) wrongMode(m Mode) bool {
	if !m.force || runtime.GOOS == "windows" {
		return false
	}
	fi, err := os.Stat(l.path)
	return err == nil && fi.Mode().Perm() != m.perm
}

// Write replaces the locked file's content with data: a temporary file in
// the file's own folder (the target's, for a symbolic link, which stays a
// link), written, synced to disk, then renamed over the file, so that a
// reader sees the old content or the new, never half of it, and a crash
// leaves the old one. Temporary files an interrupted save left are removed
// first. The file keeps its mode unless m forces one.
func (l *Locked) Write(data []byte, m Mode) error {
	dir, base := filepath.Dir(l.path), filepath.Base(l.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	removeStaleTemps(dir, base)
	perm, chmod := m.perm, m.force
	if fi, err := os.Stat(l.path); err == nil && !m.force {
		perm, chmod = fi.Mode().Perm(), true
	}
	tmp, err := createTemp(dir, base, perm)
	if err != nil {
		return fmt.Errorf("saving %s: %w", l.path, err)
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	fail := func(err error) error {
		tmp.Close()
		return fmt.Errorf("saving %s: %w", l.path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if chmod {
		if err := tmp.Chmod(perm); err != nil && runtime.GOOS != "windows" {
			return fail(err)
		}
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("saving %s: %w", l.path, err)
	}
	if err := os.Rename(tmp.Name(), l.path); err != nil {
		return fmt.Errorf("saving %s: %w", l.path, err)
	}
	syncDir(dir)
	return nil
}

// tempPrefix and tempSuffix name a save's temporary file: ".NAME.<n>.tmp".
func tempPrefix(base string) string { return "." + base + "." }

const tempSuffix = ".tmp"

// createTemp makes a new temporary file for saving base in dir; a new file
// gets perm less the umask, as a file created in place would.
func createTemp(dir, base string, perm fs.FileMode) (*os.File, error) {
	for {
		name := filepath.Join(dir, tempPrefix(base)+strconv.FormatUint(rand.Uint64(), 36)+tempSuffix)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if os.IsExist(err) {
			continue
		}
		return f, err
	}
}

// removeStaleTemps deletes the temporary files an interrupted save of base
// left behind. Called with the file's lock held: every save takes it, so no
// save of it is under way.
func removeStaleTemps(dir, base string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && strings.HasPrefix(n, tempPrefix(base)) && strings.HasSuffix(n, tempSuffix) {
			os.Remove(filepath.Join(dir, n))
		}
	}
}

// syncDir makes the rename itself durable where the system allows it (not
// on Windows, where a folder cannot be opened for syncing).
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
