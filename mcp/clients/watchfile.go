package clients

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"

	"mcpbrowser/mcp/store"
)

// Writing a watch: the one way both front ends (`mcpbrowser watch`, the
// window's "Watch in ‹app›") change another app's file. The file is read
// again under the store's lock, refused unless it is still the bytes the
// change was planned on (and shown), kept with a backup, and saved
// atomically keeping its mode; on any failure nothing is left changed.

// Errors of WriteWatch and WriteUnwatch, for the front ends' words.
var (
	// ErrFileChanged: the file is not as it was when the change was
	// planned (another program wrote it since).
	ErrFileChanged = errors.New("the file changed since the change was planned")
	// ErrFileGone: the file is no longer there.
	ErrFileGone = errors.New("the file is no longer there")
	// ErrReadOnly: the file is read-only; the app's owner made it so, and
	// an atomic save would replace it all the same, so it is left alone.
	ErrReadOnly = errors.New("the file is read-only")
	// ErrEntryChanged: the watched entry is not as it was written, so it
	// is left alone (Revert).
	ErrEntryChanged = errors.New("the entry changed since: it is not as it was written, so it is left alone")
)

// A BackupError is a failure to keep the edit and the backup in the
// watches folder; the app's file was not changed.
type BackupError struct {
	Dir string
	Err error
}

func (e *BackupError) Error() string { return "keeping a backup in " + e.Dir + ": " + e.Err.Error() }
func (e *BackupError) Unwrap() error { return e.Err }

// WriteWatch makes e in its file, which must still hold planned (the bytes
// e was planned on), keeps the edit and a backup in dir (SaveWatch), and
// returns the backup's path. Nothing is written when it fails.
func WriteWatch(dir string, e *WatchEdit, planned []byte) (string, error) {
	var backup string
	err := store.Update(e.Path, store.Keep(0o600), func(now []byte) ([]byte, error) {
		if err := writable(e.Path, now); err != nil {
			return nil, err
		}
		if !bytes.Equal(now, planned) {
			return nil, ErrFileChanged
		}
		changed, err := e.Apply(now)
		if err != nil {
			return nil, err
		}
		if backup, err = SaveWatch(dir, e, now); err != nil {
			return nil, &BackupError{Dir: dir, Err: err}
		}
		return changed, nil
	})
	if err != nil {
		if backup != "" { // the file was not written: forget the watch
			os.Remove(backup)
			ForgetWatch(dir, e)
		}
		return "", err
	}
	return backup, nil
}

// WriteUnwatch puts e's entry back in its file as the app had it and
// forgets the edit (its backups stay). Nothing is written when it fails.
func WriteUnwatch(dir string, e *WatchEdit) error {
	err := store.Update(e.Path, store.Keep(0o600), func(now []byte) ([]byte, error) {
		if err := writable(e.Path, now); err != nil {
			return nil, err
		}
		return e.Revert(now)
	})
	if err != nil {
		return err
	}
	ForgetWatch(dir, e)
	return nil
}

// writable refuses a file that is gone or read-only.
func writable(path string, now []byte) error {
	if now == nil {
		return ErrFileGone
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o200 == 0 {
		return ErrReadOnly
	}
	return nil
}

// WatchedEntry is the kept edit that watches server in the file at path,
// or nil.
func WatchedEntry(dir, path, server string) *WatchEdit {
	for _, e := range LoadWatches(dir, "", server) {
		if sameFile(e.Path, path) {
			return e
		}
	}
	return nil
}

func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	ai, err1 := os.Stat(a)
	bi, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ai, bi)
}

// ThisProgram is the program an app's entry runs to tap: the absolute path
// of exe (os.Executable when empty), symbolic links resolved. On macOS
// os.Executable names the binary inside the .app, which is what an app
// can start.
func ThisProgram(exe string) string {
	if exe == "" {
		exe, _ = os.Executable()
	}
	if abs, err := filepath.Abs(exe); err == nil {
		exe = abs
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return exe
}
