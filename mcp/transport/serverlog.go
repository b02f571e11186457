package transport

import (
	"fmt"
	"time"
	"unsafe"

	"mcpbrowser/mcp/say"
)

// LogKind says where a server log line came from.
type LogKind int

const (
	LogStderr      LogKind = iota // a line the server wrote to stderr
	LogStdoutNoise                // a non-protocol line the server wrote to stdout
	LogMessage                    // a notifications/message log line, with Level and Logger
	LogCallStart                  // the app started a call (a marker)
	LogCallEnd                    // the call ended (a marker)
	LogInfo                       // the app's own note: started, exited, reconnected …
)

func (k LogKind) String() string {
	return [...]string{"stderr", "stdout", "log", "call", "call", "info"}[k]
}

// A LogEntry is one line of a server's log.
type LogEntry struct {
	Seq  uint64
	Time time.Time
	Kind LogKind
	// Level and Logger are set for LogMessage entries.
	Level  string
	Logger string
	Text   string
	// Msg is an app's own line (LogInfo, the call markers) as a message
	// key and its fields, for the front ends to word; Text is its English.
	// Nil for what the server wrote, and for a line written as text.
	Msg *say.Msg
}

// Said is the line for a person to read: its message when the app wrote it
// by key, else its text (give it to i18n.LogLine).
func (e LogEntry) Said() any {
	if e.Msg != nil {
		return *e.Msg
	}
	return e.Text
}

// String renders the entry as one line for a file or a terminal.
func (e LogEntry) String() string {
	ts := e.Time.Format("15:04:05.000")
	switch e.Kind {
	case LogStdoutNoise:
		return fmt.Sprintf("%s [stdout noise] %s", ts, e.Text)
	case LogMessage:
		if e.Logger != "" {
			return fmt.Sprintf("%s [%s %s] %s", ts, e.Level, e.Logger, e.Text)
		}
		return fmt.Sprintf("%s [%s] %s", ts, e.Level, e.Text)
	case LogCallStart, LogCallEnd, LogInfo:
		return fmt.Sprintf("%s ── %s", ts, e.Text)
	}
	return ts + " " + e.Text
}

// A server log is bounded by lines and by bytes, counted as what an entry
// really costs (its struct, its text and the allocation around it), so that a
// server flooding stderr costs the app a fixed amount: 24 MB of entries, about
// 50 MB of heap at most with the garbage collector's headroom (see
// TestServerLogFloodRetains). Older lines are dropped and counted (Dropped).
const (
	maxLogEntries = 100_000
	maxLogBytes   = 24 << 20
	// maxLogLine cuts one very long stderr line; the rest is noted, not kept.
	maxLogLine = 16 << 10
)

// A ServerLog is the bounded, timestamped record of what one server printed
// and what happened to it.
type ServerLog struct {
	ring     *ring[LogEntry]
	onAppend func(LogEntry)
	// tee, when set, also writes every entry elsewhere (TeeToFile).
	tee func(LogEntry)
	// mask, when set, hides secrets in every entry's text.
	mask func(string) string
}

// logEntryCost is what an entry costs beside its strings: the struct in the
// ring and the text's allocation.
const logEntryCost = int(unsafe.Sizeof(LogEntry{})) + 16

// Dropped is how many older lines were dropped to keep the log bounded.
func (l *ServerLog) Dropped() uint64 { return l.ring.droppedCount() }

// NewServerLog makes an empty log; onAppend (may be nil) sees each new entry.
func NewServerLog(onAppend func(LogEntry)) *ServerLog {
	r := newRing[LogEntry](maxLogEntries, maxLogBytes)
	r.stamp = func(e *LogEntry, seq uint64) { e.Seq = seq }
	return &ServerLog{ring: r, onAppend: onAppend}
}

// Add appends an entry stamped now and returns its sequence number.
func (l *ServerLog) Add(kind LogKind, text string) uint64 {
	return l.add(LogEntry{Kind: kind, Text: text})
}

// Say appends one of the app's own lines, worded by key.
func (l *ServerLog) Say(kind LogKind, m say.Msg) uint64 {
	return l.add(LogEntry{Kind: kind, Text: m.String(), Msg: &m})
}

// AddMessage appends a notifications/message line.
func (l *ServerLog) AddMessage(level, logger, text string) uint64 {
	return l.add(LogEntry{Kind: LogMessage, Level: level, Logger: logger, Text: text})
}

func (l *ServerLog) add(e LogEntry) uint64 {
	if len(e.Text) > maxLogLine {
		e.Text = fmt.Sprintf("%s … [%d more bytes not kept]", e.Text[:maxLogLine], len(e.Text)-maxLogLine)
		e.Msg = nil // the line shown is the cut English
	}
	if l.mask != nil {
		e.Text = l.mask(e.Text)
		if e.Msg != nil {
			m := e.Msg.Map(l.mask)
			e.Msg = &m
		}
	}
	e.Time = time.Now()
	e.Seq = l.ring.add(e, logEntryCost+len(e.Text)+len(e.Level)+len(e.Logger))
	if l.tee != nil {
		l.tee(e)
	}
	if l.onAppend != nil {
		l.onAppend(e)
	}
	return e.Seq
}

// Since returns the kept entries from sequence number seq on, and the next one to ask for.
func (l *ServerLog) Since(seq uint64) ([]LogEntry, uint64) { return l.ring.since(seq) }

// At returns the entry with sequence number seq, if the log still keeps it.
func (l *ServerLog) At(seq uint64) (LogEntry, bool) { return l.ring.at(seq) }

// Span is the sequence numbers of the entries kept: first to next, next excluded.
func (l *ServerLog) Span() (first, next uint64) { return l.ring.span() }

// NextSeq is the sequence number the next entry will get.
func (l *ServerLog) NextSeq() uint64 { return l.ring.nextSeq() }

// Len is the number of entries kept.
func (l *ServerLog) Len() int { return l.ring.len() }

// Clear forgets every entry.
func (l *ServerLog) Clear() { l.ring.clear() }

// Tail returns up to n of the newest entries of the given kinds.
func (l *ServerLog) Tail(n int, kinds ...LogKind) []LogEntry {
	all, _ := l.Since(0)
	var out []LogEntry
	for i := len(all) - 1; i >= 0 && len(out) < n; i-- {
		for _, k := range kinds {
			if all[i].Kind == k {
				out = append(out, all[i])
				break
			}
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
