package tap

import (
	"time"
)

// A recording is a folder per session: session.json (the Meta, rewritten as
// it changes) and frames.jsonl (one Record a line, appended), which rotates to
// frames.1.jsonl when it reaches half the session's byte budget.

// Who wrote a frame.
const (
	FromHost   = "host"   // the host (Claude Desktop …) to the server
	FromServer = "server" // the server to the host
)

// What a Record is.
const (
	RecFrame  = "frame"  // one line (stdio) or message (HTTP) that passed
	RecStderr = "stderr" // one line the server wrote on stderr
	RecNote   = "note"   // something the tap saw: bytes lost from the recording, a stream's end
)

// What a frame holds, once parsed.
const (
	KindRequest      = "request"
	KindNotification = "notification"
	KindResult       = "result"
	KindError        = "error"   // a JSON-RPC error answer
	KindInvalid      = "invalid" // not a JSON-RPC message: junk on stdout, a cut line
)

// A Record is one line of frames.jsonl.
type Record struct {
	Time time.Time `json:"t"`
	Rec  string    `json:"k"`
	From string    `json:"from,omitempty"`
	// Raw is the frame as it passed (secrets masked), up to the frame cap;
	// B64 holds it instead, base64, when it is not UTF-8. Cut marks a frame
	// longer than the cap, Size its whole length in bytes.
	Raw  string `json:"raw,omitempty"`
	B64  string `json:"b64,omitempty"`
	Size int    `json:"n,omitempty"`
	Cut  bool   `json:"cut,omitempty"`
	// For a JSON-RPC frame: what it is, its method and id.
	Kind   string `json:"kind,omitempty"`
	Method string `json:"method,omitempty"`
	ID     string `json:"id,omitempty"`
	// For an answer paired with its request: the request's method and the
	// time between them.
	Re      string  `json:"re,omitempty"`
	Ms      float64 `json:"ms,omitempty"`
	IsError bool    `json:"isError,omitempty"`
	Code    int     `json:"code,omitempty"`
	// Text is a stderr line or a note.
	Text string `json:"text,omitempty"`
	// Batch is set on a frame that is a JSON-RPC batch (a list of messages).
	Batch bool `json:"batch,omitempty"`
}

// Meta is session.json: what the session is, kept up to date while it runs.
type Meta struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Command is the server's command line (secrets masked); URL the remote
	// server's address for an HTTP tap, Listen where the tap answers.
	Command []string `json:"command,omitempty"`
	Cwd     string   `json:"cwd,omitempty"`
	URL     string   `json:"url,omitempty"`
	Listen  string   `json:"listen,omitempty"`
	// TapPID is the tap's process; ServerPID the server's (stdio).
	TapPID    int        `json:"tapPid"`
	ServerPID int        `json:"serverPid,omitempty"`
	Start     time.Time  `json:"start"`
	End       *time.Time `json:"end,omitempty"`
	ExitCode  *int       `json:"exitCode,omitempty"`
	Host      *Peer      `json:"host,omitempty"`   // the host's clientInfo
	Server    *Peer      `json:"server,omitempty"` // the server's serverInfo
	Counts    Counts     `json:"counts"`
	// Problem is why the recording stopped early, if it did.
	Problem string `json:"problem,omitempty"`
}

// A Peer is a clientInfo or serverInfo.
type Peer struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// Counts are a session's frames by kind.
type Counts struct {
	Requests      int `json:"requests"`
	Answers       int `json:"answers"`
	Errors        int `json:"errors"` // JSON-RPC errors and tool results with isError
	Notifications int `json:"notifications"`
	Invalid       int `json:"invalid"`
	Stderr        int `json:"stderr"`
	// LostBytes is what passed through but could not be recorded (the
	// recorder fell behind); the pass-through itself lost nothing.
	LostBytes int64 `json:"lostBytes,omitempty"`
}

// Finished reports whether the session has ended.
func (m *Meta) Finished() bool { return m.End != nil }
