package clients

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/store"
)

// Watching a server another app starts means rewriting that app's entry so
// that the app starts `mcpbrowser tap -- COMMAND ARGS…` instead of COMMAND:
// only the entry's command and args change, byte for byte everything else
// stays (comments, order, spacing, the other entries), and the edit is
// kept so that Unwatch puts the entry's exact bytes back.

// A WatchEdit is one rewritten entry: at Offset in the file, Old (the
// entry as the app had it) became New.
type WatchEdit struct {
	Path   string        `json:"path"`
	Format config.Format `json:"format"`
	Server string        `json:"server"`
	Offset int           `json:"offset"`
	Old    string        `json:"old"`
	New    string        `json:"new"`
	undo   bool          // the edit that puts Old back (Undo)
}

// Undo is the edit that puts the entry back as the app had it.
func (e *WatchEdit) Undo() *WatchEdit {
	return &WatchEdit{Path: e.Path, Format: e.Format, Server: e.Server, Offset: e.Offset, Old: e.New, New: e.Old, undo: !e.undo}
}

// Errors of PlanWatch, for the caller's words.
var (
	ErrNoSuchServer   = errors.New("no server by that name in the file")
	ErrRemoteServer   = errors.New("a remote server: the app connects to it, it starts no command")
	ErrAlreadyWatched = errors.New("already runs through mcpbrowser tap")
)

// TapArgs is the command line that runs command through the tap at exe.
func TapArgs(exe, name, command string, args []string) (string, []string) {
	return exe, append([]string{"tap", "--name", name, "--", command}, args...)
}

// IsTapped reports whether a command line already runs through a tap.
func IsTapped(command string, args []string) bool {
	return len(args) > 0 && args[0] == "tap" && slices.Contains(args, "--") &&
		strings.Contains(strings.ToLower(baseName(command)), "mcpbrowser")
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// PlanWatch works out the edit that makes the app whose file data is (in
// format) start server through the tap at exe. Nothing is written.
func PlanWatch(format config.Format, path string, data []byte, server, exe string) (*WatchEdit, error) {
	var e *WatchEdit
	var err error
	if format == config.FormatCodex {
		e, err = planCodex(path, data, server, exe)
	} else {
		e, err = planJSON(format, path, data, server, exe)
	}
	if err != nil {
		return nil, err
	}
	e.Path, e.Format, e.Server = path, format, server
	return e, nil
}

// Apply returns data with the edit made; it refuses when the file no longer
// holds the entry as it was planned.
func (e *WatchEdit) Apply(data []byte) ([]byte, error) { return swap(data, e.Offset, e.Old, e.New) }

// Revert returns data with the entry's old bytes back. The entry is found
// where it was written, or anywhere in the file if the app moved it; an
// entry changed since it was watched is left alone (an error).
func (e *WatchEdit) Revert(data []byte) ([]byte, error) { return swap(data, e.Offset, e.New, e.Old) }

func swap(data []byte, off int, from, to string) ([]byte, error) {
	if off < 0 || off+len(from) > len(data) || string(data[off:off+len(from)]) != from {
		off = bytes.Index(data, []byte(from))
		if off < 0 || bytes.Count(data, []byte(from)) != 1 {
			return nil, ErrEntryChanged
		}
	}
	out := make([]byte, 0, len(data)-len(from)+len(to))
	out = append(append(append(out, data[:off]...), to...), data[off+len(from):]...)
	return out, nil
}

// planJSON edits the entry's "command" and "args" values in place.
func planJSON(format config.Format, path string, data []byte, server, exe string) (*WatchEdit, error) {
	doc := stripJSONC(data) // same length: comments blanked, offsets kept
	entry, err := findJSONEntry(format, path, doc, server)
	if err != nil {
		return nil, err
	}
	s, err := config.ParseServer(server, entry.Value)
	if err != nil {
		return nil, err
	}
	if s.Command == "" {
		return nil, ErrRemoteServer
	}
	if IsTapped(s.Command, s.Args) {
		return nil, ErrAlreadyWatched
	}
	fields, err := jsonMembers(path, doc, entry.Off)
	if err != nil {
		return nil, err
	}
	cmd, _ := member(fields, "command")
	command, args := TapArgs(exe, server, s.Command, s.Args)
	cmdJSON, _ := json.Marshal(command)
	argsJSON, _ := marshalArgs(args)
	old := string(data[entry.Off : entry.Off+len(entry.Value)])
	rel := func(m jsonMember) int { return m.Off - entry.Off }
	var b strings.Builder
	if a, ok := member(fields, "args"); ok {
		// Two spans, edited from the later one back.
		first, second := cmd, a
		firstNew, secondNew := string(cmdJSON), string(argsJSON)
		if a.Off < cmd.Off {
			first, second, firstNew, secondNew = a, cmd, secondNew, firstNew
		}
		b.WriteString(old[:rel(first)])
		b.WriteString(firstNew)
		b.WriteString(old[rel(first)+len(first.Value) : rel(second)])
		b.WriteString(secondNew)
		b.WriteString(old[rel(second)+len(second.Value):])
	} else {
		b.WriteString(old[:rel(cmd)])
		b.WriteString(string(cmdJSON) + `, "args": ` + string(argsJSON))
		b.WriteString(old[rel(cmd)+len(cmd.Value):])
	}
	return &WatchEdit{Offset: entry.Off, Old: old, New: b.String()}, nil
}

func marshalArgs(args []string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(args); err != nil {
		return nil, err
	}
	return bytes.ReplaceAll(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte(`","`), []byte(`", "`)), nil
}

// findJSONEntry finds the server's entry where format keeps servers (for
// Claude Code also in its projects).
func findJSONEntry(format config.Format, path string, doc []byte, server string) (jsonMember, error) {
	top, err := jsonMembers(path, doc, 0)
	if err != nil {
		return jsonMember{}, err
	}
	key := "mcpServers"
	if format == config.FormatVSCode {
		key = "servers"
		if _, ok := member(top, "servers"); !ok {
			if m, ok := member(top, "mcp"); ok {
				if top, err = jsonMembers(path, doc, m.Off); err != nil {
					return jsonMember{}, err
				}
			}
		}
	}
	scopes := [][]jsonMember{top}
	if format == config.FormatClaudeCode {
		if p, ok := member(top, "projects"); ok {
			if folders, err := jsonMembers(path, doc, p.Off); err == nil {
				for _, f := range folders {
					if fields, err := jsonMembers(path, doc, f.Off); err == nil {
						scopes = append(scopes, fields)
					}
				}
			}
		}
	}
	for _, fields := range scopes {
		m, ok := member(fields, key)
		if !ok {
			continue
		}
		entries, err := jsonMembers(path, doc, m.Off)
		if err != nil {
			continue
		}
		if e, ok := member(entries, server); ok {
			return e, nil
		}
	}
	return jsonMember{}, ErrNoSuchServer
}

// planCodex edits the command and args lines of [mcp_servers.NAME].
func planCodex(path string, data []byte, server, exe string) (*WatchEdit, error) {
	servers, err := parseCodex(path, data)
	if err != nil {
		return nil, err
	}
	var s *config.ServerConfig
	for _, imp := range servers {
		if imp.Server.Name == server && imp.Err == nil {
			s = imp.Server
		}
	}
	if s == nil {
		return nil, ErrNoSuchServer
	}
	if s.Command == "" {
		return nil, ErrRemoteServer
	}
	if IsTapped(s.Command, s.Args) {
		return nil, ErrAlreadyWatched
	}
	start, end := codexTable(data, server)
	if start < 0 {
		return nil, ErrNoSuchServer
	}
	old := string(data[start:end])
	command, args := TapArgs(exe, server, s.Command, s.Args)
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = tomlString(a)
	}
	newArgs := "[" + strings.Join(quoted, ", ") + "]"
	cmdFrom, cmdTo, ok := tomlValueSpan(old, "command")
	if !ok {
		return nil, ErrNoSuchServer
	}
	var b strings.Builder
	if argFrom, argTo, ok := tomlValueSpan(old, "args"); ok {
		type span struct {
			from, to int
			text     string
		}
		spans := []span{{cmdFrom, cmdTo, tomlString(command)}, {argFrom, argTo, newArgs}}
		slices.SortFunc(spans, func(a, b span) int { return a.from - b.from })
		b.WriteString(old[:spans[0].from] + spans[0].text + old[spans[0].to:spans[1].from] + spans[1].text + old[spans[1].to:])
	} else {
		eol := strings.IndexByte(old[cmdTo:], '\n')
		if eol < 0 {
			eol = len(old) - cmdTo
		}
		at := cmdTo + eol
		b.WriteString(old[:cmdFrom] + tomlString(command) + old[cmdTo:at] + "\nargs = " + newArgs + old[at:])
	}
	return &WatchEdit{Offset: start, Old: old, New: b.String()}, nil
}

// codexTable is the byte range of the body of [mcp_servers.NAME]: from
// after its header line to the next table header (or the end).
func codexTable(data []byte, name string) (int, int) {
	text := string(data)
	start := -1
	off := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		l := strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if start < 0 {
			if l == "[mcp_servers."+name+"]" || l == "[mcp_servers."+tomlString(name)+"]" {
				start = off + len(line)
			}
		} else if strings.HasPrefix(l, "[") {
			return start, off
		}
		off += len(line)
	}
	if start < 0 {
		return -1, -1
	}
	return start, len(text)
}

// tomlValueSpan finds `key = value` at the start of a line of body and
// returns the value's byte range (an array may span lines).
func tomlValueSpan(body, key string) (int, int, bool) {
	off := 0
	for _, line := range strings.SplitAfter(body, "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if rest, ok := strings.CutPrefix(trimmed, key); ok {
			rest2 := strings.TrimLeft(rest, " \t")
			if strings.HasPrefix(rest2, "=") {
				from := off + (len(line) - len(trimmed)) + len(key) + (len(rest) - len(rest2)) + 1
				for from < len(body) && (body[from] == ' ' || body[from] == '\t') {
					from++
				}
				return from, from + tomlValueLen(body[from:]), true
			}
		}
		off += len(line)
	}
	return 0, 0, false
}

// tomlValueLen is the length of the TOML value at the start of s: a string
// or an array (strings inside may hold brackets), or up to the line's end.
func tomlValueLen(s string) int {
	depth, inStr := 0, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr != 0:
			if c == '\\' && inStr == '"' {
				i++
			} else if c == inStr {
				inStr = 0
				if depth == 0 {
					return i + 1
				}
			}
		case c == '"' || c == '\'':
			inStr = c
		case c == '[':
			depth++
		case c == ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		case c == '\n' || c == '#':
			if depth == 0 {
				return len(strings.TrimRight(s[:i], " \t\r"))
			}
			if c == '#' { // a comment inside an array: skip to its line's end
				if eol := strings.IndexByte(s[i:], '\n'); eol >= 0 {
					i += eol
				} else {
					return len(s)
				}
			}
		}
	}
	return len(s)
}

// String is the change as lines a person reads before it is written.
func (e *WatchEdit) String() string {
	var b strings.Builder
	from, to := e.Server, "watched"
	if e.undo {
		from, to = to, from
	}
	fmt.Fprintf(&b, "--- %s (%s)\n+++ %s (%s)\n", e.Path, from, e.Path, to)
	for _, l := range strings.Split(strings.TrimRight(e.Old, "\n"), "\n") {
		b.WriteString("- " + l + "\n")
	}
	for _, l := range strings.Split(strings.TrimRight(e.New, "\n"), "\n") {
		b.WriteString("+ " + l + "\n")
	}
	return b.String()
}

// SaveWatch keeps the edit in dir (0700, files 0600), with a backup of the
// file as it was before, and returns the backup's path.
func SaveWatch(dir string, e *WatchEdit, original []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	base := watchFileBase(e.Format, e.Path, e.Server)
	backup := filepath.Join(dir, base+"."+time.Now().UTC().Format("20060102-150405")+".bak")
	if err := os.WriteFile(backup, original, 0o600); err != nil {
		return "", err
	}
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return "", err
	}
	return backup, store.WriteFile(filepath.Join(dir, base+".json"), data, store.Private)
}

// LoadWatches lists the edits kept in dir for format (all formats when
// empty) and server (all when empty).
func LoadWatches(dir string, format config.Format, server string) []*WatchEdit {
	names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var out []*WatchEdit
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			continue
		}
		var e WatchEdit
		if json.Unmarshal(data, &e) != nil || e.Path == "" {
			continue
		}
		if (format == "" || e.Format == format) && (server == "" || e.Server == server) {
			out = append(out, &e)
		}
	}
	return out
}

// ForgetWatch removes a kept edit (its backups stay).
func ForgetWatch(dir string, e *WatchEdit) error {
	return os.Remove(filepath.Join(dir, watchFileBase(e.Format, e.Path, e.Server)+".json"))
}

func watchFileBase(format config.Format, path, server string) string {
	sum := sha256.Sum256([]byte(path + "\x00" + server))
	safe := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, server)
	if len(safe) > 40 {
		safe = safe[:40]
	}
	return string(format) + "-" + safe + "-" + hex.EncodeToString(sum[:4])
}
