// Package live is the Live window: the sessions a real host (Claude
// Desktop, Cursor, VS Code …) ran through `mcpbrowser tap`, running and
// finished, and the timeline of the one selected, read from its recording
// (mcp/tap) as it grows. It speaks no protocol: what a row is comes from
// tap.Timeline; what it asks of the main window (open a call in Tools,
// save checks) it asks through Deps.
package live

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/tap"
	"mcpbrowser/ui/filedialog"
	"mcpbrowser/ui/widgets"
)

// Deps is what the Live window asks of the app.
type Deps struct {
	// Win is the window the screen is shown in (its dialogs open over it).
	Win fyne.Window
	// Root is the recordings folder (tap.Dir() in the app).
	Root string
	// Interval is how often the folder is looked at (300 ms when 0).
	Interval time.Duration
	// OpenInTools opens the tool's form in the main window, filled with
	// args, on the app's server that runs what the session ran.
	OpenInTools func(s tap.Summary, tool string, args json.RawMessage)
	// SaveCheck offers one recorded call as a check (the Checks tab's
	// "Save as check" dialog).
	SaveCheck func(s tap.Summary, r *mcp.CallResult)
	// Changed, if set, is told on the UI goroutine after each update the
	// window drew (tests wait on it).
	Changed func()
}

// A Screen is the Live window's content.
type Screen struct {
	deps Deps

	sessions []tap.Summary // what the list shows (UI goroutine)
	selected string        // the selected session's folder

	// mu guards what the scan keeps (the ticker's goroutine and Poll).
	mu    sync.Mutex
	seen  map[string]stamp       // a session folder's files when last read
	last  map[string]tap.Summary // what was read of it
	extra []string               // recordings opened from elsewhere

	List     *widget.List
	Empty    fyne.CanvasObject
	Timeline *Timeline
	OpenRec  *widgets.Button
	split    *container.Split
	root     fyne.CanvasObject
}

// A stamp is what tells a session folder changed without reading it.
type stamp struct {
	meta   time.Time
	frames int64
}

// New builds the screen; Start follows the folder.
func New(deps Deps) *Screen {
	if deps.Interval <= 0 {
		deps.Interval = 300 * time.Millisecond
	}
	s := &Screen{deps: deps, seen: map[string]stamp{}, last: map[string]tap.Summary{}}
	s.Timeline = newTimeline(deps)
	s.List = widget.NewList(func() int { return len(s.sessions) }, widgets.NewTwoLineRow, func(id widget.ListItemID, o fyne.CanvasObject) {
		if id < len(s.sessions) {
			sum := s.sessions[id]
			widgets.SetTwoLineRow(o, SessionTitle(sum), SessionLine(sum, time.Now()), StateWord(sum))
		}
	})
	s.List.OnSelected = func(id widget.ListItemID) {
		if id < len(s.sessions) {
			s.open(s.sessions[id].Dir)
		}
	}
	s.OpenRec = widgets.NewButton(lang.L("Open recording…"), theme.FolderOpenIcon(), s.ChooseRecording)
	s.Empty = emptyState()
	left := container.NewBorder(widgets.Heading(lang.L("Sessions")), s.OpenRec, nil, nil, container.NewStack(s.List, s.Empty))
	s.split = container.NewHSplit(left, s.Timeline.root)
	s.split.Offset = 0.3
	s.root = s.split
	s.Poll()
	return s
}

// Widget is the screen's content.
func (s *Screen) Widget() fyne.CanvasObject { return s.root }

// Sessions is what the list shows, newest first.
func (s *Screen) Sessions() []tap.Summary { return s.sessions }

// emptyState says how to start a session, in plain words.
func emptyState() fyne.CanvasObject {
	title := widgets.Heading(lang.L("No session yet"))
	body := widget.NewLabel(lang.L("A session appears here when an app such as Claude Desktop, Cursor or VS Code starts a server through MCP Browser. To set that up: File → Find servers from other apps…, then “Watch in ‹app›” on a server, and restart that app. Or on the command line: mcpbrowser watch APP SERVER."))
	body.Wrapping = fyne.TextWrapWord
	return container.NewVBox(title, body)
}

// Start follows the recordings folder until ctx ends: every Interval it
// looks at what changed and redraws only that.
func (s *Screen) Start(ctx context.Context) {
	go func() {
		tick := time.NewTicker(s.deps.Interval)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			list, changed := s.scan()
			if !changed {
				continue
			}
			fyne.Do(func() { s.apply(list) })
		}
	}()
}

// Poll looks at the folder once and redraws what changed (the ticker's
// step, on the UI goroutine).
func (s *Screen) Poll() {
	if list, changed := s.scan(); changed {
		s.apply(list)
	}
}

// scan reads the sessions whose files changed since the last look, and
// the live ones (a tap killed outright never writes that it ended). It
// runs off the UI goroutine; s.seen is only its own.
func (s *Screen) scan() ([]tap.Summary, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	dirs := s.folders()
	changed := len(dirs) != len(s.seen)
	seen, last := map[string]stamp{}, map[string]tap.Summary{}
	var list []tap.Summary
	for _, dir := range dirs {
		st := stampOf(dir)
		prev, known := s.last[dir]
		if known && s.seen[dir] == st && !prev.Live {
			seen[dir], last[dir] = st, prev
			list = append(list, prev)
			continue
		}
		sum, err := tap.Read(dir)
		if err != nil {
			continue
		}
		// A live session is redrawn each time: its duration grows.
		if !known || sum.Live || prev.Live != sum.Live || prev.Counts != sum.Counts || prev.Bytes != sum.Bytes || !sameEnd(prev, sum) {
			changed = true
		}
		seen[dir], last[dir] = st, sum
		list = append(list, sum)
	}
	s.seen, s.last = seen, last
	sortSessions(list)
	return list, changed
}

func sameEnd(a, b tap.Summary) bool {
	return (a.End == nil) == (b.End == nil) && (a.End == nil || a.End.Equal(*b.End))
}

// folders are the session folders under Root and the recordings opened.
func (s *Screen) folders() []string {
	var dirs []string
	if entries, err := os.ReadDir(s.deps.Root); err == nil {
		for _, e := range entries {
			if e.IsDir() {
				dirs = append(dirs, filepath.Join(s.deps.Root, e.Name()))
			}
		}
	}
	return append(dirs, s.extra...)
}

func stampOf(dir string) stamp {
	var st stamp
	if fi, err := os.Stat(filepath.Join(dir, "session.json")); err == nil {
		st.meta = fi.ModTime()
	}
	if fi, err := os.Stat(filepath.Join(dir, "frames.jsonl")); err == nil {
		st.frames = fi.Size()
	}
	return st
}

// apply shows list, keeps the selection, and reads what the open
// session's recording added.
func (s *Screen) apply(list []tap.Summary) {
	s.sessions = list
	if len(list) == 0 {
		s.Empty.Show()
	} else {
		s.Empty.Hide()
	}
	s.List.Refresh()
	for i, sum := range list {
		if sum.Dir == s.selected {
			s.List.Select(i)
			s.Timeline.summary(sum)
		}
	}
	s.Timeline.Pull()
	if s.deps.Changed != nil {
		s.deps.Changed()
	}
}

// Select shows the session in dir (one of the list's, or a recording
// opened from elsewhere).
func (s *Screen) Select(dir string) {
	for i, sum := range s.sessions {
		if sum.Dir == dir {
			s.List.Select(i)
			return
		}
	}
	s.open(dir)
}

func (s *Screen) open(dir string) {
	if dir == s.selected {
		return
	}
	s.selected = dir
	if err := s.Timeline.Open(dir); err != nil {
		widgets.ShowError(err, s.deps.Win)
	}
}

// OpenRecording adds a recording from elsewhere (a session folder, or one
// of its files) to the list and shows it.
func (s *Screen) OpenRecording(path string) error {
	if fi, err := os.Stat(path); err == nil && !fi.IsDir() {
		path = filepath.Dir(path)
	}
	if _, err := tap.Read(path); err != nil {
		return errNotRecording(path)
	}
	s.mu.Lock()
	if !containsString(s.extra, path) && filepath.Dir(path) != filepath.Clean(s.deps.Root) {
		s.extra = append(s.extra, path)
	}
	s.mu.Unlock()
	s.Poll()
	s.Select(path)
	return nil
}

// ChooseRecording is File → Open recording…: a folder chooser.
func (s *Screen) ChooseRecording() {
	filedialog.OpenFolderDialog(s.deps.Win, lang.L("Open recording…"), func(path string) {
		if err := s.OpenRecording(path); err != nil {
			widgets.ShowError(err, s.deps.Win)
		}
	})
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

type recordingError struct{ path string }

func (e recordingError) Error() string {
	return lang.L("{{.Path}} is not a recording of mcpbrowser tap: choose a session's folder (it holds session.json and frames.jsonl).", map[string]any{"Path": e.path})
}

func errNotRecording(path string) error { return recordingError{path} }

// Close ends the followed timeline's file.
func (s *Screen) Close() { s.Timeline.close() }
