package config

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// A Format is the config file shape of one MCP client.
type Format string

// The client formats we read and write.
const (
	// FormatClaudeDesktop is claude_desktop_config.json: {"mcpServers": {…}}.
	FormatClaudeDesktop Format = "claude-desktop"
	// FormatClaudeCode is ~/.claude.json (top-level mcpServers and
	// projects.<folder>.mcpServers) and a project's .mcp.json.
	FormatClaudeCode Format = "claude-code"
	// FormatCursor is ~/.cursor/mcp.json and a project's .cursor/mcp.json.
	FormatCursor Format = "cursor"
	// FormatVSCode is VS Code's mcp.json: {"servers": {…}, "inputs": […]}.
	FormatVSCode Format = "vscode"
	// FormatCline is cline_mcp_settings.json.
	FormatCline Format = "cline"
	// FormatWindsurf is ~/.codeium/windsurf/mcp_config.json (remote servers use "serverUrl").
	FormatWindsurf Format = "windsurf"
	// FormatCodex is ~/.codex/config.toml with [mcp_servers.NAME] tables.
	FormatCodex Format = "codex"
	// FormatJSON is plain JSON as pasted from a README, and our own servers file:
	// a full {"mcpServers": …}, a bare map of servers, or a single server object.
	FormatJSON Format = "json"
)

// Formats lists every format, in the order a menu shows them.
func Formats() []Format {
	return []Format{FormatClaudeDesktop, FormatClaudeCode, FormatCursor, FormatVSCode,
		FormatCline, FormatWindsurf, FormatCodex, FormatJSON}
}

// Title is the format's name as people know it.
func (f Format) Title() string {
	switch f {
	case FormatClaudeDesktop:
		return "Claude Desktop"
	case FormatClaudeCode:
		return "Claude Code"
	case FormatCursor:
		return "Cursor"
	case FormatVSCode:
		return "VS Code"
	case FormatCline:
		return "Cline"
	case FormatWindsurf:
		return "Windsurf"
	case FormatCodex:
		return "Codex"
	case FormatJSON:
		return "JSON (mcpServers)"
	}
	return string(f)
}

// FileName is the name the format's client gives the file its servers are
// in ("servers.json" for plain JSON): what Export suggests when saving a
// snippet. GuessFormat reads most of them back.
func (f Format) FileName() string {
	switch f {
	case FormatClaudeDesktop:
		return "claude_desktop_config.json"
	case FormatClaudeCode:
		return ".mcp.json"
	case FormatCursor, FormatVSCode:
		return "mcp.json"
	case FormatCline:
		return "cline_mcp_settings.json"
	case FormatWindsurf:
		return "mcp_config.json"
	case FormatCodex:
		return "config.toml"
	}
	return "servers.json"
}

// ParseFormat accepts a format name as typed on a command line
// ("claude", "claude-code", "cursor", "vscode", "codex" …).
func ParseFormat(name string) (Format, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.NewReplacer("_", "-", " ", "-").Replace(n)
	switch n {
	case "claude", "claude-desktop", "claudedesktop":
		return FormatClaudeDesktop, nil
	case "claude-code", "claudecode", "mcp.json", ".mcp.json":
		return FormatClaudeCode, nil
	case "cursor":
		return FormatCursor, nil
	case "vscode", "vs-code", "code":
		return FormatVSCode, nil
	case "cline":
		return FormatCline, nil
	case "windsurf", "codeium":
		return FormatWindsurf, nil
	case "codex", "toml":
		return FormatCodex, nil
	case "json", "plain", "mcpservers", "mcpbrowser":
		return FormatJSON, nil
	}
	names := make([]string, 0, 8)
	for _, f := range Formats() {
		names = append(names, string(f))
	}
	return "", fmt.Errorf("unknown format %q; use one of %s", name, strings.Join(names, ", "))
}

// GuessFormat names the format of a config file from its path, for
// `mcpbrowser import FILE`; FormatJSON (which reads any shape, TOML
// included) when the name says nothing.
func GuessFormat(path string) Format {
	p := strings.ToLower(strings.ReplaceAll(path, `\`, "/"))
	base := p[strings.LastIndex(p, "/")+1:]
	switch {
	case base == "claude_desktop_config.json":
		return FormatClaudeDesktop
	case base == ".claude.json" || base == ".mcp.json":
		return FormatClaudeCode
	case base == "cline_mcp_settings.json":
		return FormatCline
	case base == "mcp_config.json" && strings.Contains(p, "windsurf"):
		return FormatWindsurf
	case strings.HasSuffix(base, ".toml"):
		return FormatCodex
	case base == "mcp.json" && strings.Contains(p, "/.cursor/"):
		return FormatCursor
	case base == "mcp.json" && (strings.Contains(p, "/.vscode/") || strings.Contains(p, "/user/")):
		return FormatVSCode
	}
	return FormatJSON
}

// An ImportSource says where an imported entry came from.
type ImportSource struct {
	Format Format `json:"format"`
	// Path is the file it was read from; empty for pasted text.
	Path string `json:"path,omitempty"`
	// Project is the project folder the entry belongs to: a key of
	// ~/.claude.json's "projects", or the folder holding .mcp.json,
	// .cursor/mcp.json or .vscode/mcp.json. It is ${workspaceFolder}.
	Project string `json:"project,omitempty"`
}

func (src ImportSource) String() string {
	where := src.Path
	if where == "" {
		where = "pasted text"
	}
	if src.Project != "" && src.Project != where {
		where += " (project " + src.Project + ")"
	}
	return src.Format.Title() + ": " + where
}

// A VSCodeInput is one of the "inputs" of a VS Code mcp.json: a value VS Code
// asks the person for when a server refers to it as ${input:ID}.
type VSCodeInput struct {
	ID          string `json:"id"`
	Type        string `json:"type,omitempty"` // promptString | pickString
	Description string `json:"description,omitempty"`
	// Password means the answer is a secret: ask with a masked field and never
	// write it anywhere.
	Password bool     `json:"password,omitempty"`
	Default  string   `json:"default,omitempty"`
	Options  []string `json:"options,omitempty"`
	// Raw is the input as written, so that export gives it back unchanged.
	Raw json.RawMessage `json:"-"`
}

// metaKey is the field of a servers-file entry where MCP Browser records its
// own facts about the entry. Other clients ignore unknown fields, and exports
// leave it out.
const MetaKey = "x-mcpbrowser"

// importMeta is the value of the metaKey field.
//
// An entry with a source came from outside (import, discovery, paste) and
// needs the person's approval before it is first started; see ApprovalStore.
type ImportMeta struct {
	Source *ImportSource `json:"source,omitempty"`
	// Inputs are the VS Code input definitions the entry refers to.
	Inputs []json.RawMessage `json:"inputs,omitempty"`
	// Answered marks an in-memory copy whose ${input:…} placeholders were
	// replaced by the person's answers: it must never be saved or exported.
	Answered bool `json:"answered,omitempty"`
}

func ReadMeta(s *ServerConfig) ImportMeta {
	var m ImportMeta
	if raw, ok := s.Extra[MetaKey]; ok {
		_ = json.Unmarshal(raw, &m) // a hand-mangled field counts as absent
	}
	return m
}

func WriteMeta(s *ServerConfig, m ImportMeta) {
	if m.Source == nil && len(m.Inputs) == 0 && !m.Answered {
		delete(s.Extra, MetaKey)
		return
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return // cannot happen: strings and raw JSON only
	}
	if s.Extra == nil {
		s.Extra = map[string]json.RawMessage{}
	}
	s.Extra[MetaKey] = raw
}

// MarkImported records on the entry that it came from src, so that it is not
// started before the person approves its command line. The UI calls it for a
// server typed from a pasted snippet; ParseClientConfig and ParsePasted do it
// themselves.
func MarkImported(s *ServerConfig, src ImportSource) {
	m := ReadMeta(s)
	m.Source = &src
	WriteMeta(s, m)
}

// ImportedFrom returns where the entry was imported from, if it was.
func ImportedFrom(s *ServerConfig) (ImportSource, bool) {
	m := ReadMeta(s)
	if m.Source == nil {
		return ImportSource{}, false
	}
	return *m.Source, true
}

// understoodExtra are fields kept in Extra that this package does act on.
var understoodExtra = []string{MetaKey, "envFile"}

// UnknownFields names the fields of the entry this app keeps but does not use,
// sorted, for display ("autoApprove", "disabledTools" …).
func UnknownFields(s *ServerConfig) []string {
	var names []string
	for k := range s.Extra {
		if !slices.Contains(understoodExtra, k) {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	return names
}

// TypeAsWritten is the entry's "type" as its file spelled it: "" when the
// file gave none; an unknown type stays here while Type is empty.
func (s *ServerConfig) TypeAsWritten() string { return s.rawType }

// SetTypeAsWritten sets the type as another client's file spells it: Type is
// normalised, and the spelling is kept for Validate's message and for save.
func (s *ServerConfig) SetTypeAsWritten(t string) {
	s.rawType = t
	s.Type = NormalizeType(t)
}
