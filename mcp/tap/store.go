package tap

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/adrg/xdg"
	appfiles "mcpbrowser/mcp/store"
)

// Limits of what the recordings keep.
const (
	// DefaultSessionBytes bounds one session's frames (two files of half each).
	DefaultSessionBytes = 32 << 20
	// DefaultFrameCap is how much of one frame is kept; the rest is counted.
	DefaultFrameCap = 256 << 10
	// keepSessions and keepBytes bound the folder: older finished sessions go.
	keepSessions = 200
	keepBytes    = 512 << 20
)

// File names inside a session's folder.
const (
	metaFile    = "session.json"
	framesFile  = "frames.jsonl"
	framesOlder = "frames.1.jsonl"
)

// Dir is where the recordings live: a folder (0700) under the XDG state
// directory, one subfolder per session.
func Dir() string { return filepath.Join(xdg.StateHome, "mcpbrowser", "taps") }

// A store writes one session's folder. Every error is returned; the
// recorder decides that the pass-through goes on without it.
type store struct {
	dir      string
	maxBytes int64
	file     *os.File
	buf      *bufio.Writer
	written  int64
}

// newSessionID is sortable by start time and unique: 20261203-174455-a1b2c3.
func newSessionID(t time.Time) string {
	b := make([]byte, 3)
	rand.Read(b)
	return t.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b)
}

// createStore makes the session's folder under root (created 0700).
func createStore(root, id string, maxBytes int64) (*store, error) {
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, err
	}
	os.Chmod(root, 0o700) // an older folder made with wider rights
	dir := filepath.Join(root, id)
	if err := os.Mkdir(dir, 0o700); err != nil {
		return nil, err
	}
	if maxBytes <= 0 {
		maxBytes = DefaultSessionBytes
	}
	s := &store{dir: dir, maxBytes: maxBytes}
	if err := s.open(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *store) open() error {
	f, err := os.OpenFile(filepath.Join(s.dir, framesFile), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	s.file, s.buf, s.written = f, bufio.NewWriterSize(f, 64<<10), 0
	return nil
}

// append writes one record; the frames file rotates at half the budget.
func (s *store) append(line []byte) error {
	if s.file == nil {
		return errors.New("the recording is closed")
	}
	if s.written+int64(len(line)) > s.maxBytes/2 && s.written > 0 {
		if err := s.rotate(); err != nil {
			return err
		}
	}
	n, err := s.buf.Write(line)
	s.written += int64(n)
	return err
}

func (s *store) rotate() error {
	if err := s.closeFile(); err != nil {
		return err
	}
	if err := os.Rename(filepath.Join(s.dir, framesFile), filepath.Join(s.dir, framesOlder)); err != nil {
		return err
	}
	return s.open()
}

// flush makes what was appended visible to readers (the window).
func (s *store) flush() error {
	if s.buf == nil {
		return nil
	}
	return s.buf.Flush()
}

func (s *store) closeFile() error {
	if s.file == nil {
		return nil
	}
	err := s.buf.Flush()
	if cerr := s.file.Close(); err == nil {
		err = cerr
	}
	s.file, s.buf = nil, nil
	return err
}

// writeMeta replaces session.json.
func (s *store) writeMeta(m *Meta) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return appfiles.WriteFile(filepath.Join(s.dir, metaFile), append(data, '\n'), appfiles.Private)
}

// prune removes the oldest finished sessions beyond keepSessions or
// keepBytes. A live session is never removed.
func prune(root string) {
	sessions, _ := List(root)
	slices.SortFunc(sessions, func(a, b Summary) int { return b.Start.Compare(a.Start) }) // newest first
	var total int64
	for i, s := range sessions {
		total += s.Bytes
		if s.Live || (i < keepSessions && total <= keepBytes) {
			continue
		}
		os.RemoveAll(filepath.Join(root, s.ID))
	}
}

// readMeta reads a session folder's session.json.
func readMeta(dir string) (*Meta, error) {
	data, err := os.ReadFile(filepath.Join(dir, metaFile))
	if err != nil {
		return nil, err
	}
	var m Meta
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s is not a tap recording: %w", dir, err)
	}
	return &m, nil
}

// WatchesDir is where `mcpbrowser watch` keeps what it changed in other
// apps' files (to undo it byte for byte) and a backup of each file.
func WatchesDir() string { return filepath.Join(xdg.StateHome, "mcpbrowser", "watches") }
