package transport

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// LogDirEnv names the folder where, when set, every server's log is also
// written in full, one file per server (NAME.log), beyond what the bounded
// log in memory keeps.
const LogDirEnv = "MCPBROWSER_LOG_DIR"

// TeeToFile appends every entry from now on to the file at path as well,
// masked as the panels show it. Writes are buffered and flushed every second
// and by close.
func (l *ServerLog) TeeToFile(path string, mask func(string) string) (close func() error, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	w := bufio.NewWriterSize(f, 64<<10)
	last := time.Now()
	l.tee = func(e LogEntry) {
		if mask != nil {
			e.Text = mask(e.Text)
		}
		mu.Lock()
		defer mu.Unlock()
		w.WriteString(e.String())
		w.WriteByte('\n')
		if time.Since(last) > time.Second {
			w.Flush()
			last = time.Now()
		}
	}
	return func() error {
		mu.Lock()
		defer mu.Unlock()
		w.Flush()
		return f.Close()
	}, nil
}

// logFileName is a server's log file name in the log folder.
func logFileName(server string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '_'
		}
		return r
	}, server) + ".log"
}

// LogFileName is a server's log file name in the log folder (LogDirEnv).
func LogFileName(server string) string { return logFileName(server) }

// SetMask makes the log hide secrets in every entry's text from now on.
func (l *ServerLog) SetMask(mask func(string) string) { l.mask = mask }

// SetMask makes the wire log hide secrets in every entry's JSON and summary.
func (w *WireLog) SetMask(mask func([]byte) []byte, maskText func(string) string) {
	w.mask, w.maskText = mask, maskText
}
