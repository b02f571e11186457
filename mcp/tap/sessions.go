package tap

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// A Summary is one recorded session as a list shows it.
type Summary struct {
	Meta
	// Dir is the session's folder.
	Dir string `json:"dir"`
	// Live is true while the tap that records it runs.
	Live bool `json:"live"`
	// Bytes is the size of its recording.
	Bytes int64 `json:"bytes"`
}

// HostName is the host's name as it introduced itself, or "".
func (s Summary) HostName() string {
	if s.Host == nil {
		return ""
	}
	return s.Host.Name
}

// ServerName is what the session is called: its --name, the server's own
// name, or its command.
func (s Summary) ServerName() string {
	switch {
	case s.Name != "":
		return s.Name
	case s.Server != nil && s.Server.Name != "":
		return s.Server.Name
	case s.URL != "":
		return s.URL
	case len(s.Command) > 0:
		return filepath.Base(s.Command[0])
	}
	return s.ID
}

// State is "live", "finished" or "stopped" (the tap ended without closing
// its recording: it was killed).
func (s Summary) State() string {
	switch {
	case s.Live:
		return "live"
	case s.Finished():
		return "finished"
	}
	return "stopped"
}

// List reads every session under root (Dir() when empty), newest first. A
// missing folder is no sessions; a folder that is not a recording is
// skipped.
func List(root string) ([]Summary, error) {
	if root == "" {
		root = Dir()
	}
	entries, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Summary
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		s, err := Read(filepath.Join(root, e.Name()))
		if err != nil {
			continue
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Summary) int { return b.Start.Compare(a.Start) })
	return out, nil
}

// Read reads one session's folder.
func Read(dir string) (Summary, error) {
	m, err := readMeta(dir)
	if err != nil {
		return Summary{}, err
	}
	s := Summary{Meta: *m, Dir: dir}
	s.Live = !m.Finished() && processAlive(m.TapPID)
	for _, name := range []string{metaFile, framesFile, framesOlder} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
			s.Bytes += fi.Size()
		}
	}
	return s, nil
}

// Duration is how long the session ran (until now when it still runs).
func (s Summary) Duration(now time.Time) time.Duration {
	if s.End != nil {
		return s.End.Sub(s.Start)
	}
	return now.Sub(s.Start)
}
