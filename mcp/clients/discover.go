package clients

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
)

// A DiscoverEnv says where to look for other clients' config files. Tests
// give a fake home laid out like each OS; the app uses DefaultDiscoverEnv.
type DiscoverEnv struct {
	// Home is the person's home folder (%USERPROFILE% on Windows).
	Home string
	// OS is "linux", "darwin" or "windows"; it decides where apps keep their
	// settings. Anything else is treated like Linux.
	OS string
	// AppData is %APPDATA% (Windows); empty means Home\AppData\Roaming.
	AppData string
	// XDGConfigHome is $XDG_CONFIG_HOME (Linux); empty means Home/.config.
	XDGConfigHome string
	// CodexHome is $CODEX_HOME; empty means Home/.codex.
	CodexHome string
	// Projects are folders whose .mcp.json, .cursor/mcp.json and
	// .vscode/mcp.json are read. The projects Claude Code lists in
	// ~/.claude.json are added to them.
	Projects []string
}

// DefaultDiscoverEnv describes this machine, with the given project folders.
func DefaultDiscoverEnv(projects ...string) (DiscoverEnv, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return DiscoverEnv{}, fmt.Errorf("finding your home folder: %w", err)
	}
	return DiscoverEnv{
		Home:          home,
		OS:            runtime.GOOS,
		AppData:       os.Getenv("APPDATA"),
		XDGConfigHome: os.Getenv("XDG_CONFIG_HOME"),
		CodexHome:     os.Getenv("CODEX_HOME"),
		Projects:      projects,
	}, nil
}

// A ConfigLocation is a place a client keeps its MCP servers.
type ConfigLocation struct {
	Path   string        `json:"path"`
	Format config.Format `json:"format"`
	// Project is the project folder of a project file; empty for user files.
	Project string `json:"project,omitempty"`
}

// A DiscoveredFile is a config file that exists, with the servers in it. A
// file that could not be read or parsed is listed with Err (a *ConfigError
// with line and column when it is malformed) and no servers.
type DiscoveredFile struct {
	ConfigLocation
	Servers []*ImportedServer
	Err     error
}

// appConfigDir is where desktop apps keep their settings on env.OS.
func (env DiscoverEnv) appConfigDir() string {
	switch env.OS {
	case "darwin":
		return filepath.Join(env.Home, "Library", "Application Support")
	case "windows":
		if env.AppData != "" {
			return env.AppData
		}
		return filepath.Join(env.Home, "AppData", "Roaming")
	}
	if env.XDGConfigHome != "" {
		return env.XDGConfigHome
	}
	return filepath.Join(env.Home, ".config")
}

// vscodeApps are the VS Code builds and forks whose user folder may hold
// mcp.json, or Cline's settings in its globalStorage.
var vscodeApps = []string{"Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"}

// clineSettings is Cline's file inside an editor's User folder.
var clineSettings = filepath.Join("globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json")

// Locations lists every place a known client keeps MCP servers on env.OS,
// whether or not a file is there, user files first, then each project's.
func Locations(env DiscoverEnv) []ConfigLocation {
	apps := env.appConfigDir()
	codex := env.CodexHome
	if codex == "" {
		codex = filepath.Join(env.Home, ".codex")
	}
	locs := []ConfigLocation{
		{Path: filepath.Join(apps, "Claude", "claude_desktop_config.json"), Format: config.FormatClaudeDesktop},
		{Path: filepath.Join(env.Home, ".claude.json"), Format: config.FormatClaudeCode},
		{Path: filepath.Join(env.Home, ".cursor", "mcp.json"), Format: config.FormatCursor},
	}
	for _, app := range vscodeApps[:3] { // Cursor and Windsurf keep their own files
		user := filepath.Join(apps, app, "User")
		locs = append(locs, ConfigLocation{Path: filepath.Join(user, "mcp.json"), Format: config.FormatVSCode})
		profiles, _ := filepath.Glob(filepath.Join(user, "profiles", "*", "mcp.json"))
		slices.Sort(profiles)
		for _, p := range profiles {
			locs = append(locs, ConfigLocation{Path: p, Format: config.FormatVSCode})
		}
	}
	for _, app := range vscodeApps {
		locs = append(locs, ConfigLocation{Path: filepath.Join(apps, app, "User", clineSettings), Format: config.FormatCline})
	}
	locs = append(locs,
		ConfigLocation{Path: filepath.Join(env.Home, ".cline", "data", "settings", "cline_mcp_settings.json"), Format: config.FormatCline},
		ConfigLocation{Path: filepath.Join(env.Home, ".codeium", "windsurf", "mcp_config.json"), Format: config.FormatWindsurf},
		ConfigLocation{Path: filepath.Join(codex, "config.toml"), Format: config.FormatCodex},
	)
	for _, p := range env.Projects {
		locs = append(locs, projectLocations(p)...)
	}
	return dedupeLocations(locs)
}

func projectLocations(project string) []ConfigLocation {
	project = filepath.Clean(project)
	return []ConfigLocation{
		{Path: filepath.Join(project, ".mcp.json"), Format: config.FormatClaudeCode, Project: project},
		{Path: filepath.Join(project, ".cursor", "mcp.json"), Format: config.FormatCursor, Project: project},
		{Path: filepath.Join(project, ".vscode", "mcp.json"), Format: config.FormatVSCode, Project: project},
	}
}

// dedupeLocations keeps the first of each path: the home folder opened as a
// project has ~/.cursor/mcp.json as both user and project file.
func dedupeLocations(locs []ConfigLocation) []ConfigLocation {
	seen := map[string]bool{}
	out := locs[:0]
	for _, l := range locs {
		if seen[l.Path] {
			continue
		}
		seen[l.Path] = true
		out = append(out, l)
	}
	return out
}

// Discover reads every client config file found under env. A missing file is
// not listed; a malformed or unreadable one is listed with its error, and the
// others still load. Project folders named in ~/.claude.json are searched too.
func Discover(env DiscoverEnv) []DiscoveredFile {
	var found []DiscoveredFile
	seen := map[string]bool{}
	read := func(locs []ConfigLocation) {
		for _, loc := range locs {
			if seen[loc.Path] {
				continue
			}
			seen[loc.Path] = true
			if f, ok := readLocation(loc); ok {
				found = append(found, f)
			}
		}
	}
	read(Locations(env))
	var more []ConfigLocation
	for _, f := range found {
		if f.Format != config.FormatClaudeCode || f.Project != "" {
			continue
		}
		for _, project := range claudeProjects(f.Path) {
			more = append(more, projectLocations(project)...)
		}
	}
	read(more)
	return found
}

// readLocation reads one file; ok is false when there is no file there.
func readLocation(loc ConfigLocation) (DiscoveredFile, bool) {
	f := DiscoveredFile{ConfigLocation: loc}
	data, err := os.ReadFile(loc.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f, false
	case err != nil:
		f.Err = say.Error("could not read {{.File}}: {{.Reason}}", say.Args{"File": loc.Path, "Reason": err})
		return f, true
	}
	f.Servers, f.Err = ParseClientConfig(loc.Format, loc.Path, data)
	for _, s := range f.Servers {
		if loc.Project != "" && s.Source.Project == "" {
			s.Source.Project = loc.Project
			config.MarkImported(s.Server, s.Source)
		}
	}
	return f, true
}

// claudeProjects lists the project folders in a ~/.claude.json.
func claudeProjects(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var doc struct {
		Projects map[string]json.RawMessage `json:"projects"`
	}
	if json.Unmarshal(stripJSONC(data), &doc) != nil {
		return nil
	}
	var out []string
	for p := range doc.Projects {
		out = append(out, filepath.Clean(filepath.FromSlash(p)))
	}
	slices.Sort(out)
	return out
}

// AllServers flattens the servers of the discovered files, in order.
func AllServers(found []DiscoveredFile) []*ImportedServer {
	var out []*ImportedServer
	for _, f := range found {
		out = append(out, f.Servers...)
	}
	return out
}

// MarkKnown sets Known on each discovered server that our list already has
// (same name, and the same command and arguments or the same URL), and
// NameTaken on one whose name is used by a different entry.
func MarkKnown(found []DiscoveredFile, cfg *config.Config) {
	for _, f := range found {
		for _, imp := range f.Servers {
			existing := cfg.Server(imp.Server.Name)
			imp.Known = existing != nil && sameTarget(existing, imp.Server)
			imp.NameTaken = existing != nil && !imp.Known
		}
	}
}

// sameTarget reports whether two entries start the same command or reach the
// same URL.
func sameTarget(a, b *config.ServerConfig) bool {
	if a.Command != "" || b.Command != "" {
		return a.Command == b.Command && slices.Equal(a.Args, b.Args)
	}
	return a.URL == b.URL
}

// A ClashPolicy says what Import does when our list already has a different
// server with the same name.
type ClashPolicy string

const (
	// ClashRename imports under the first free name of name-2, name-3 ….
	ClashRename ClashPolicy = "rename"
	// ClashReplace replaces our entry, in its place in the list.
	ClashReplace ClashPolicy = "replace"
	// ClashSkip leaves our entry and does not import.
	ClashSkip ClashPolicy = "skip"
)

// An ImportAction is what Import did with one server.
type ImportAction string

const (
	ImportAdded    ImportAction = "added"
	ImportRenamed  ImportAction = "renamed"
	ImportReplaced ImportAction = "replaced"
	ImportSkipped  ImportAction = "skipped"
)

// An ImportResult is what Import did with one server, for the person to read.
type ImportResult struct {
	// Name is the server's name in its source; As its name in our list
	// (empty when skipped).
	Name   string       `json:"name"`
	As     string       `json:"as,omitempty"`
	Action ImportAction `json:"action"`
	// Reason says why a server was skipped.
	Reason string              `json:"reason,omitempty"`
	Source config.ImportSource `json:"source"`
}

// Import adds the servers to cfg (the caller saves it). Each imported entry
// remembers its source, so it waits for the person's approval before it
// first starts (see ApprovalStore). A server identical to one already in
// the list is skipped; on any other name clash, clash decides (an unknown
// policy skips). Malformed entries are skipped with their error.
func Import(cfg *config.Config, servers []*ImportedServer, clash ClashPolicy) []ImportResult {
	var results []ImportResult
	for _, imp := range servers {
		r := ImportResult{Name: imp.Server.Name, Source: imp.Source}
		if imp.Err != nil {
			r.Action, r.Reason = ImportSkipped, "the entry is malformed: "+imp.Err.Error()
			results = append(results, r)
			continue
		}
		s := imp.Server.Clone()
		config.MarkImported(s, imp.Source)
		if same := identicalIn(cfg, s, clash == ClashRename); same != "" {
			r.Action, r.Reason = ImportSkipped, fmt.Sprintf("already in your list as %q", same)
			results = append(results, r)
			continue
		}
		switch {
		case cfg.Server(s.Name) == nil:
			r.Action = ImportAdded
		case clash == ClashReplace:
			r.Action = ImportReplaced
		case clash == ClashRename:
			s.Name = config.FreeName(s.Name, func(n string) bool { return cfg.Server(n) != nil })
			r.Action = ImportRenamed
		default:
			r.Action, r.Reason = ImportSkipped, fmt.Sprintf("a different server named %q is already in your list", s.Name)
			results = append(results, r)
			continue
		}
		cfg.Put(s)
		r.As = s.Name
		results = append(results, r)
	}
	return results
}

// RenameClash reports whether importing imp into cfg clashes with a
// different server of the same name (a name clash Import would settle with
// the policy), and the name ClashRename would give it. cfg is not changed.
func RenameClash(cfg *config.Config, imp *ImportedServer) (renameTo string, clash bool) {
	trial := &config.Config{Servers: slices.Clone(cfg.Servers)}
	r := Import(trial, []*ImportedServer{imp}, ClashRename)
	return r[0].As, r[0].Action == ImportRenamed
}

// identicalIn returns the name of an entry of cfg identical to s: the one
// with its name, or (renaming) one of name-2, name-3 … from an earlier import.
func identicalIn(cfg *config.Config, s *config.ServerConfig, renamed bool) string {
	for _, existing := range cfg.Servers {
		if existing.Name != s.Name && !(renamed && config.IsNumberedFrom(existing.Name, s.Name)) {
			continue
		}
		if SameEntry(existing, s) {
			return existing.Name
		}
	}
	return ""
}

// MarshalJSON shapes the file for `mcpbrowser discover`: its servers, and
// its error with line and column.
func (f DiscoveredFile) MarshalJSON() ([]byte, error) {
	type errorJSON struct {
		Message string `json:"message"`
		Line    int    `json:"line,omitempty"`
		Column  int    `json:"column,omitempty"`
	}
	out := struct {
		ConfigLocation
		Servers []*ImportedServer `json:"servers"`
		Error   *errorJSON        `json:"error,omitempty"`
	}{ConfigLocation: f.ConfigLocation, Servers: f.Servers}
	if out.Servers == nil {
		out.Servers = []*ImportedServer{}
	}
	if f.Err != nil {
		out.Error = &errorJSON{Message: f.Err.Error()}
		var ce *config.ConfigError
		if errors.As(f.Err, &ce) {
			out.Error.Message, out.Error.Line, out.Error.Column = ce.Msg, ce.Line, ce.Column
		}
	}
	return json.Marshal(out)
}

// MarshalJSON shapes one server for `mcpbrowser discover`. Secret env and
// header values are masked: this output ends up in bug reports.
func (imp ImportedServer) MarshalJSON() ([]byte, error) {
	masked := imp.Server.Clone()
	masked.Args = config.MaskArgs(masked.Args)
	masked.URL = masked.MaskText(masked.URL)
	for k, v := range masked.Env {
		masked.Env[k] = config.MaskValue(k, v)
	}
	for k, v := range masked.Headers {
		masked.Headers[k] = config.MaskValue(k, v)
	}
	entry, err := exportEntry(masked, config.FormatJSON)
	if err != nil {
		return nil, err
	}
	type inputJSON struct {
		ID          string `json:"id"`
		Description string `json:"description,omitempty"`
		Password    bool   `json:"password,omitempty"`
	}
	out := struct {
		Name      string              `json:"name"`
		Type      string              `json:"type,omitempty"`
		Entry     json.RawMessage     `json:"entry"`
		Source    config.ImportSource `json:"source"`
		Unknown   []string            `json:"unknownFields,omitempty"`
		Inputs    []inputJSON         `json:"inputs,omitempty"`
		Known     bool                `json:"known"`
		NameTaken bool                `json:"nameTaken,omitempty"`
		Problem   string              `json:"problem,omitempty"`
	}{Name: imp.Server.Name, Type: imp.Server.Type, Entry: entry, Source: imp.Source,
		Unknown: imp.Unknown, Known: imp.Known, NameTaken: imp.NameTaken, Problem: imp.Server.Problem}
	for _, in := range imp.Inputs {
		out.Inputs = append(out.Inputs, inputJSON{ID: in.ID, Description: in.Description, Password: in.Password})
	}
	return json.Marshal(out)
}
