package transport

import (
	"fmt"
	"time"
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

const (
	maxLogEntries = 100_000
	maxLogBytes   = 32 << 20
	// maxLogLine cuts one very long stderr line; the rest is noted, not kept.
	maxLogLine = 16 << 10
)

// A ServerLog is the bounded, timestamped record of what one server printed
// and what happened to it.
type ServerLog struct {
	ring     *ring[LogEntry]
	onAppend func(LogEntry)
}

// NewServerLog makes an empty log; onAppend (may be nil) sees each new entry.
func NewServerLog(onAppend func(LogEntry)) *ServerLog {
	return &ServerLog{ring: newRing[LogEntry](maxLogEntries, maxLogBytes), onAppend: onAppend}
}

// Add appends an entry stamped now and returns its sequence number.
func (l *ServerLog) Add(kind LogKind, text string) uint64 {
	return l.add(LogEntry{Kind: kind, Text: text})
}

// AddMessage appends a notifications/message line.
func (l *ServerLog) AddMessage(level, logger, text string) uint64 {
	return l.add(LogEntry{Kind: LogMessage, Level: level, Logger: logger, Text: text})
}

func (l *ServerLog) add(e LogEntry) uint64 {
	if len(e.Text) > maxLogLine {
		e.Text = fmt.Sprintf("%s … [%d more bytes not kept]", e.Text[:maxLogLine], len(e.Text)-maxLogLine)
	}
	e.Time = time.Now()
	e.Seq = l.ring.add(e, len(e.Text)+48)
	if l.onAppend != nil {
		l.onAppend(e)
	}
	return e.Seq
}

// Since returns the kept entries from sequence number seq on, and the next one to ask for.
func (l *ServerLog) Since(seq uint64) ([]LogEntry, uint64) { return l.ring.since(seq) }

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
