package live

import (
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2/lang"

	"mcpbrowser/mcp/tap"
	"mcpbrowser/ui/view"
)

// SessionTitle is a session's first line: the server, and the host that
// ran it when it said who it is.
func SessionTitle(s tap.Summary) string {
	if h := s.HostName(); h != "" {
		return lang.L("{{.Server}} in {{.Host}}", map[string]any{"Server": s.ServerName(), "Host": h})
	}
	return s.ServerName()
}

// SessionLine is a session's second line: when, how long, and its counts.
func SessionLine(s tap.Summary, now time.Time) string {
	return lang.L("{{.Requests}} requests · {{.Errors}} errors · {{.Stderr}} stderr lines · {{.Duration}} · {{.Start}}", map[string]any{
		"Start": s.Start.Local().Format("Jan 2 15:04:05"), "Duration": orDash(view.Duration(s.Duration(now).Round(time.Second))),
		"Requests": view.Thousands(s.Counts.Requests), "Errors": view.Thousands(s.Counts.Errors), "Stderr": view.Thousands(s.Counts.Stderr)})
}

func orDash(s string) string {
	if s == "" {
		return "0 s"
	}
	return s
}

// StateWord is a session's state in a word: running, finished, stopped.
func StateWord(s tap.Summary) string {
	switch s.State() {
	case "live":
		return lang.L("running")
	case "finished":
		switch code := s.ExitCode; {
		case code == nil || *code == 0:
			return lang.L("finished")
		case *code == 128+15:
			// SIGTERM: how the tap stops a server once the host has gone.
			return lang.L("stopped when asked (code {{.Code}})", map[string]any{"Code": *code})
		case *code == 128+9:
			return lang.L("killed (code {{.Code}})", map[string]any{"Code": *code})
		default:
			return lang.L("ended with code {{.Code}}", map[string]any{"Code": *code})
		}
	}
	return lang.L("stopped")
}

// sortSessions puts the running sessions first, then the newest.
func sortSessions(list []tap.Summary) {
	slices.SortStableFunc(list, func(a, b tap.Summary) int {
		if a.Live != b.Live {
			if a.Live {
				return -1
			}
			return 1
		}
		return b.Start.Compare(a.Start)
	})
}

// RowWords is a timeline row in plain words; the exact method and the
// JSON are in the detail below the list.
func RowWords(r tap.Row) string {
	return strings.TrimSuffix(plainWords(r), " · ") // an answer with no time taken
}

func plainWords(r tap.Row) string {
	if r.Method == "" && r.ID != "" {
		r.Method = "id " + r.ID // an answer whose request is not in the recording
	}
	m := map[string]any{"Method": r.Method, "Latency": view.Duration(r.Latency), "Code": r.Code, "Text": firstLine(r.Text)}
	host := r.From == tap.FromHost
	switch r.Kind {
	case tap.RowRequest:
		if name, _, ok := r.ToolCall(); ok {
			m["Tool"] = name
			return lang.L("The host calls the tool {{.Tool}}", m)
		}
		if r.ServerAsked {
			return lang.L("The server asks the host: {{.Method}}", m)
		}
		if host {
			return lang.L("The host asks: {{.Method}}", m)
		}
		return lang.L("The server asks: {{.Method}}", m)
	case tap.RowAnswer:
		switch {
		case r.IsError:
			return lang.L("The tool reported an error ({{.Method}}) · {{.Latency}}", m)
		case r.ServerAsked:
			return lang.L("The host answered {{.Method}} · {{.Latency}}", m)
		}
		return lang.L("Answer to {{.Method}} · {{.Latency}}", m)
	case tap.RowError:
		return lang.L("Refused {{.Method}}: error {{.Code}} · {{.Latency}}", m)
	case tap.RowNotification:
		if host {
			return lang.L("The host tells: {{.Method}}", m)
		}
		return lang.L("The server tells: {{.Method}}", m)
	case tap.RowInvalid:
		if r.Cut {
			m["Size"] = view.Size(r.Size)
			return lang.L("A message too long to keep whole ({{.Size}})", m)
		}
		return lang.L("Not a protocol message: {{.Text}}", m)
	case tap.RowStderr:
		return lang.L("stderr: {{.Text}}", m)
	}
	return lang.L("Note: {{.Text}}", m)
}

// RowArrow is the direction of a row: → host to server, ← server to
// host, ! stderr, · a note.
func RowArrow(r tap.Row) string {
	switch {
	case r.Kind == tap.RowStderr:
		return "!"
	case r.From == tap.FromHost:
		return "→"
	case r.From == tap.FromServer:
		return "←"
	}
	return "·"
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
