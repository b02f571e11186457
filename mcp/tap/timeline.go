package tap

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A RowKind is what a timeline row shows.
type RowKind int

const (
	RowRequest      RowKind = iota // a request, from the host or (sampling, elicitation, roots) from the server
	RowAnswer                      // a result
	RowError                       // a JSON-RPC error answer
	RowNotification                // a notification either way
	RowInvalid                     // a line that is not a JSON-RPC message, or was cut
	RowStderr                      // a line the server wrote on stderr
	RowNote                        // something the tap noted (bytes it could not record)
)

// A Row is one line of a session's timeline: what the window's Live tab
// lists, in the order things passed.
type Row struct {
	Time time.Time
	Kind RowKind
	From string // FromHost or FromServer; "" for stderr and notes
	// Method is the request's or notification's method; for an answer, the
	// method of the request it answers (when the request was seen).
	Method string
	ID     string
	// Latency is an answer's time since its request (0 when not paired).
	Latency time.Duration
	// IsError marks a tool result with isError and a JSON-RPC error.
	IsError bool
	Code    int // a JSON-RPC error's code
	// Text is the frame as it passed (masked), or the stderr line or note.
	Text  string
	Size  int
	Cut   bool // longer than the recording keeps of a frame
	Batch bool
	// Pair is the index of the request an answer answers, or of the answer
	// a request got; -1 when there is none (yet).
	Pair int
	// ServerAsked marks a request the server sent the host (sampling,
	// elicitation, roots) and the host's answer to it.
	ServerAsked bool
}

// Haystack is the row's text a filter looks in, in lower case.
func (r Row) Haystack() string {
	return strings.ToLower(r.Method + " " + r.ID + " " + r.From + " " + r.Text)
}

// ToolCall is a tools/call request's tool name and arguments; ok is false
// for any other row. It is what "Open in Tools" and "Save as check" need.
func (r Row) ToolCall() (name string, args json.RawMessage, ok bool) {
	if r.Kind != RowRequest || r.Method != "tools/call" || r.Cut {
		return "", nil, false
	}
	var msg struct {
		Params struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"params"`
	}
	if json.Unmarshal([]byte(r.Text), &msg) != nil || msg.Params.Name == "" {
		return "", nil, false
	}
	return msg.Params.Name, msg.Params.Arguments, true
}

// A Timeline is one session's recording, read as rows. Refresh reads what
// was added since, so a window can follow a live session by calling it when
// the files change (or on a timer); a finished session reads the same way.
type Timeline struct {
	Dir     string
	Summary Summary
	Rows    []Row

	cur     *os.File // the frames file being followed
	partial []byte   // an unfinished last line of it
	asked   map[string]int
}

// Open reads a session's folder (one under Dir(), or a recording copied
// from elsewhere).
func Open(dir string) (*Timeline, error) {
	t := &Timeline{Dir: dir, asked: map[string]int{}}
	if _, err := t.Refresh(); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// Refresh reads the session's state and the rows added since the last
// call, and returns how many rows it added.
func (t *Timeline) Refresh() (int, error) {
	s, err := Read(t.Dir)
	if err != nil {
		return 0, err
	}
	t.Summary = s
	before := len(t.Rows)
	if t.cur == nil {
		// First read: the older file first, if the recording rotated.
		if err := t.readAll(filepath.Join(t.Dir, framesOlder)); err != nil {
			return 0, err
		}
		f, err := os.Open(filepath.Join(t.Dir, framesFile))
		if errors.Is(err, fs.ErrNotExist) {
			return len(t.Rows) - before, nil
		}
		if err != nil {
			return 0, err
		}
		t.cur = f
	}
	if err := t.follow(); err != nil {
		return len(t.Rows) - before, err
	}
	return len(t.Rows) - before, nil
}

// follow reads the rest of the followed file; when the recording rotated
// (the followed file is now frames.1.jsonl), it moves on to the new one.
func (t *Timeline) follow() error {
	for {
		if err := t.readFrom(t.cur); err != nil {
			return err
		}
		fi, err := t.cur.Stat()
		if err != nil {
			return err
		}
		now, err := os.Stat(filepath.Join(t.Dir, framesFile))
		if err != nil || os.SameFile(fi, now) {
			return nil
		}
		next, err := os.Open(filepath.Join(t.Dir, framesFile))
		if err != nil {
			return nil
		}
		t.cur.Close()
		t.cur, t.partial = next, nil
	}
}

func (t *Timeline) readAll(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	err = t.readFrom(f)
	t.partial = nil
	return err
}

// readFrom reads whole lines from f's current offset on; an unfinished
// last line waits in t.partial for the next read.
func (t *Timeline) readFrom(f *os.File) error {
	br := bufio.NewReaderSize(f, 256<<10)
	for {
		chunk, err := br.ReadSlice('\n')
		if len(chunk) > 0 {
			if chunk[len(chunk)-1] != '\n' {
				t.partial = append(t.partial, chunk...)
			} else {
				line := chunk
				if len(t.partial) > 0 {
					line = append(t.partial, chunk...)
					t.partial = nil
				}
				t.add(line)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return err
		}
	}
}

// add turns one record into a row and pairs it.
func (t *Timeline) add(line []byte) {
	var rec Record
	if json.Unmarshal(bytes.TrimSpace(line), &rec) != nil {
		return
	}
	row := Row{Time: rec.Time, From: rec.From, Method: rec.Method, ID: rec.ID, Text: rec.Raw,
		Size: rec.Size, Cut: rec.Cut, Batch: rec.Batch, IsError: rec.IsError, Code: rec.Code, Pair: -1}
	if rec.B64 != "" {
		if b, err := base64.StdEncoding.DecodeString(rec.B64); err == nil {
			row.Text = strings.ToValidUTF8(string(b), "\uFFFD")
		}
	}
	switch rec.Rec {
	case RecStderr:
		row.Kind, row.Text = RowStderr, rec.Text
	case RecNote:
		row.Kind, row.Text = RowNote, rec.Text
	default:
		row.Kind = frameKind(rec.Kind)
	}
	i := len(t.Rows)
	switch row.Kind {
	case RowRequest:
		row.ServerAsked = row.From == FromServer
		t.asked[row.From+" "+row.ID] = i
	case RowAnswer, RowError:
		row.Method = rec.Re
		row.Latency = time.Duration(rec.Ms * float64(time.Millisecond))
		row.IsError = row.IsError || row.Kind == RowError
		if q, ok := t.asked[other(row.From)+" "+row.ID]; ok {
			delete(t.asked, other(row.From)+" "+row.ID)
			row.Pair, t.Rows[q].Pair = q, i
			row.ServerAsked = t.Rows[q].ServerAsked
			if row.Method == "" {
				row.Method = t.Rows[q].Method
			}
		}
	}
	t.Rows = append(t.Rows, row)
}

func frameKind(kind string) RowKind {
	switch kind {
	case KindRequest:
		return RowRequest
	case KindResult:
		return RowAnswer
	case KindError:
		return RowError
	case KindNotification:
		return RowNotification
	}
	return RowInvalid
}

// Filter returns the indexes of the rows match accepts (given a row's
// Haystack) whose kind is in kinds (all kinds when kinds is empty).
func (t *Timeline) Filter(match func(haystack string) bool, kinds ...RowKind) []int {
	var out []int
	for i, r := range t.Rows {
		if len(kinds) > 0 && !containsKind(kinds, r.Kind) {
			continue
		}
		if match == nil || match(r.Haystack()) {
			out = append(out, i)
		}
	}
	return out
}

func containsKind(kinds []RowKind, k RowKind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// Close releases the followed file.
func (t *Timeline) Close() {
	if t.cur != nil {
		t.cur.Close()
		t.cur = nil
	}
}
