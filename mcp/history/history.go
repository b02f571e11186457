package history

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"mcpbrowser/mcp/store"
)

// Kind says what kind of call a history entry records.
type Kind string

// The calls kept in history.
const (
	Tool     Kind = "tool"     // tools/call; Name is the tool
	Resource Kind = "resource" // resources/read; Name is the URI
	Prompt   Kind = "prompt"   // prompts/get; Name is the prompt
)

// An Entry is one call as kept in a server's history file.
type Entry struct {
	// ID identifies the entry among its server's (see Entry). It is the
	// time the entry was added in Unix nanoseconds, made strictly increasing,
	// so that the window and the CLI appending to one file do not collide.
	ID   int64     `json:"id"`
	Time time.Time `json:"time"`
	Kind Kind      `json:"kind"`
	Name string    `json:"name"`
	// Arguments are what was sent, ready to load back into the form: the
	// tool's arguments object, or the prompt's string map; empty for a read.
	Arguments json.RawMessage `json:"arguments,omitempty"`
	// DurationMS is how long it took, not counting WaitedMS: the time the
	// server waited for the person to answer its requests meanwhile.
	DurationMS float64 `json:"durationMs"`
	WaitedMS   float64 `json:"waitedMs,omitempty"`
	ErrorLayer string  `json:"errorLayer,omitempty"`
	Message    string  `json:"message,omitempty"`
	// Result is the CallResult, ReadResult or PromptResult as JSON (what the
	// CLI prints). A huge result is cut to fit, and Cut says so.
	Result json.RawMessage `json:"result,omitempty"`
	Cut    bool            `json:"cut,omitempty"`
	// Via says who made the call when it was not the person: "app" for a
	// call an MCP App made (mcp/apps).
	Via string `json:"via,omitempty"`
}

// OK reports whether the call succeeded.
func (e Entry) OK() bool { return e.ErrorLayer == "" }

// PromptArguments are a prompt entry's arguments, for replay.
func (e Entry) PromptArguments() (map[string]string, error) {
	args := map[string]string{}
	if len(e.Arguments) == 0 {
		return args, nil
	}
	if err := json.Unmarshal(e.Arguments, &args); err != nil {
		return nil, fmt.Errorf("the entry's prompt arguments are not a string map: %w", err)
	}
	return args, nil
}

// Options bound a History; zero fields take the defaults.
type Options struct {
	// MaxEntries is how many entries a server keeps (default 500).
	MaxEntries int
	// MaxBytes bounds one server's file (default 20 MiB).
	MaxBytes int64
	// MaxResultBytes bounds one entry's result JSON (default 1 MiB); longer
	// strings in it (text, base64 images) are cut and marked.
	MaxResultBytes int
}

const (
	defaultHistoryEntries = 500
	defaultHistoryBytes   = 20 << 20
	defaultHistoryResult  = 1 << 20
)

// A History keeps every call (tool, resource read, prompt get) per server in
// a JSON Lines file, one per server, bounded in entries and bytes. It is safe
// for concurrent use, also across processes: the window and the CLI append
// to the same file, each under the file's lock (store.Lock), so a trim by
// one never drops a line the other appended at that very moment.
type History struct {
	dir  string
	opts Options

	mu    sync.Mutex
	files map[string]*historyFile // by file path
}

// historyFile is what is known of one file, so appending need not read it.
type historyFile struct {
	size    int64
	modTime time.Time
	count   int // lines that parse as entries
	lastID  int64
}

// DefaultDir is the app's history folder under the XDG data directory
// (~/.local/share/mcpbrowser/history on Linux). It is created if missing.
func DefaultDir() (string, error) {
	p, err := store.File(store.Data, "history", ".keep")
	if err != nil {
		return "", fmt.Errorf("finding the data directory for history: %w", err)
	}
	return filepath.Dir(p), nil
}

// New keeps history files in dir (created on first append).
func New(dir string, opts Options) *History {
	if opts.MaxEntries <= 0 {
		opts.MaxEntries = defaultHistoryEntries
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = defaultHistoryBytes
	}
	if opts.MaxResultBytes <= 0 {
		opts.MaxResultBytes = defaultHistoryResult
	}
	return &History{dir: dir, opts: opts, files: map[string]*historyFile{}}
}

// Dir is the folder the files are in.
func (h *History) Dir() string { return h.dir }

// Path is the file that keeps server's history. Names are made safe for any
// file system; a name that had to change gets a short hash so that two
// servers never share a file.
func (h *History) Path(server string) string {
	return filepath.Join(h.dir, FileName(server))
}

func FileName(server string) string {
	var b strings.Builder
	changed := false
	for _, r := range server {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
			changed = true
		}
	}
	name := b.String()
	// Windows folds case, and "." or ".." are not names; hash those too.
	if changed || name == "" || strings.Trim(name, ".") == "" || name != strings.ToLower(name) || len(name) > 100 {
		sum := sha256.Sum256([]byte(server))
		if len(name) > 100 {
			name = name[:100]
		}
		name += "-" + hex.EncodeToString(sum[:4])
	}
	return name + ".jsonl"
}

// Append adds e to server's history (ID is assigned; a zero Time becomes
// now) and trims the oldest entries past the bounds, rewriting the file
// atomically.
func (h *History) Append(server string, e Entry) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	path := h.Path(server)
	l, err := store.Lock(path)
	if err != nil {
		return fmt.Errorf("recording history for %s: %w", server, err)
	}
	defer l.Unlock()
	st, err := h.state(path)
	if err != nil {
		return err
	}
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	e.ID = max(st.lastID+1, time.Now().UnixNano())
	if len(e.Result) > h.opts.MaxResultBytes {
		e.Result = CutJSON(e.Result, h.opts.MaxResultBytes)
		e.Cut = true
	}
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("recording history for %s: %w", server, err)
	}
	line = append(line, '\n')

	slack := max(h.opts.MaxEntries/10, 1)
	if st.size+int64(len(line)) > h.opts.MaxBytes || st.count+1 > h.opts.MaxEntries+slack {
		return h.rewrite(l, path, line, e.ID)
	}
	if err := os.MkdirAll(h.dir, 0o700); err != nil {
		return fmt.Errorf("creating the history folder: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("recording history for %s: %w", server, err)
	}
	if endsMidLine(f) {
		// A writer that crashed mid-line left a fragment; start a new line
		// so this entry is not glued to it.
		line = append([]byte{'\n'}, line...)
	}
	_, werr := f.Write(line)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		return fmt.Errorf("recording history for %s: %w", server, err)
	}
	st.count++
	st.lastID = e.ID
	h.remember(path, st)
	return nil
}

// endsMidLine reports whether f is non-empty and does not end with a newline.
func endsMidLine(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return false
	}
	last := make([]byte, 1)
	_, err = f.ReadAt(last, fi.Size()-1)
	return err == nil && last[0] != '\n'
}

// state is what is known of path, read again if another writer changed it.
func (h *History) state(path string) (*historyFile, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		delete(h.files, path)
		return &historyFile{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading history: %w", err)
	}
	if st := h.files[path]; st != nil && st.size == fi.Size() && st.modTime.Equal(fi.ModTime()) {
		return st, nil
	}
	lines, err := readHistoryLines(path)
	if err != nil {
		return nil, err
	}
	st := &historyFile{size: fi.Size(), modTime: fi.ModTime()}
	for _, l := range lines {
		st.count++
		st.lastID = max(st.lastID, l.id)
	}
	h.files[path] = st
	return st, nil
}

// remember records path's size and time after this process wrote it.
func (h *History) remember(path string, st *historyFile) {
	if fi, err := os.Stat(path); err == nil {
		st.size, st.modTime = fi.Size(), fi.ModTime()
		h.files[path] = st
		return
	}
	delete(h.files, path)
}

// rewrite keeps the newest entries that fit the bounds, then newLine, and
// replaces the file atomically. Trimming goes below the bounds (to 90% of
// the bytes) so that the next appends do not rewrite again at once. The
// caller holds the file's lock l.
func (h *History) rewrite(l *store.Locked, path string, newLine []byte, newID int64) error {
	lines, err := readHistoryLines(path)
	if err != nil {
		return err
	}
	budget := h.opts.MaxBytes*9/10 - int64(len(newLine))
	keep := h.opts.MaxEntries - 1
	first := len(lines)
	var size int64
	for first > 0 && len(lines)-first < keep && size+int64(len(lines[first-1].raw)) <= budget {
		first--
		size += int64(len(lines[first].raw))
	}
	var buf bytes.Buffer
	for _, l := range lines[first:] {
		buf.Write(l.raw)
	}
	buf.Write(newLine)
	if err := l.Write(buf.Bytes(), store.Keep(0o600)); err != nil {
		return fmt.Errorf("trimming history: %w", err)
	}
	st := &historyFile{count: len(lines) - first + 1, lastID: newID}
	h.remember(path, st)
	return nil
}

type historyLine struct {
	raw []byte // the line with its newline
	id  int64
}

// readHistoryLines reads the entries of a file, skipping lines that do not
// parse (a line cut short by a crash).
func readHistoryLines(path string) ([]historyLine, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading history: %w", err)
	}
	defer f.Close()
	var out []historyLine
	r := bufio.NewReaderSize(f, 64<<10)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 && line[len(line)-1] == '\n' {
			var probe struct {
				ID int64 `json:"id"`
			}
			if json.Unmarshal(line, &probe) == nil {
				out = append(out, historyLine{raw: line, id: probe.ID})
			}
		}
		if err != nil {
			break
		}
	}
	return out, nil
}

// List returns server's history, newest first (at most MaxEntries).
func (h *History) List(server string) ([]Entry, error) {
	h.mu.Lock()
	lines, err := readHistoryLines(h.Path(server))
	h.mu.Unlock()
	if err != nil {
		return nil, err
	}
	out := make([]Entry, 0, min(len(lines), h.opts.MaxEntries))
	for i := len(lines) - 1; i >= 0 && len(out) < h.opts.MaxEntries; i-- {
		var e Entry
		if err := json.Unmarshal(lines[i].raw, &e); err == nil {
			out = append(out, e)
		}
	}
	return out, nil
}

// Entry returns the entry with that ID, to show it again or load its
// arguments back into the form; ok is false when it is no longer kept.
func (h *History) Entry(server string, id int64) (e Entry, ok bool, err error) {
	entries, err := h.List(server)
	if err != nil {
		return Entry{}, false, err
	}
	for _, e := range entries {
		if e.ID == id {
			return e, true, nil
		}
	}
	return Entry{}, false, nil
}

// Clear forgets server's history (the file is removed).
func (h *History) Clear(server string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	path := h.Path(server)
	delete(h.files, path)
	l, err := store.Lock(path)
	if err != nil {
		return fmt.Errorf("clearing history: %w", err)
	}
	defer l.Unlock()
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("clearing history: %w", err)
	}
	return nil
}

// cutJSON shortens a JSON value to at most max bytes: long strings (text,
// base64 data) are cut with a visible mark, shorter and shorter, and as a last
// resort the value becomes {"cut": true, "head": "<its first bytes>"}.
func CutJSON(raw json.RawMessage, max int) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err == nil {
		for _, limit := range []int{64 << 10, 8 << 10, 1 << 10, 128} {
			out, err := json.Marshal(cutStrings(v, limit))
			if err == nil && len(out) <= max {
				return out
			}
		}
	}
	head := string(raw[:min(len(raw), max/2)])
	for !utf8.ValidString(head) {
		head = head[:len(head)-1]
	}
	out, _ := json.Marshal(map[string]any{"cut": true, "bytes": len(raw), "head": head})
	return out
}

func cutStrings(v any, limit int) any {
	switch x := v.(type) {
	case string:
		if len(x) <= limit {
			return x
		}
		cut := limit
		for cut > 0 && !utf8.RuneStart(x[cut]) {
			cut--
		}
		return x[:cut] + fmt.Sprintf(" … [cut by mcpbrowser: %d more bytes]", len(x)-cut)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = cutStrings(e, limit)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = cutStrings(e, limit)
		}
		return out
	}
	return v
}
