package clients

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mcpbrowser/mcp/config"
)

// wantFile is what discovery should list for one file of a fake home.
type wantFile struct {
	rel       string // path relative to the home
	format    config.Format
	project   bool // a file of projects/web
	names     []string
	line, col int // position of the file's error; 0 when it parses
}

func discoverHome(t *testing.T, osName string) (string, []DiscoveredFile) {
	t.Helper()
	home := fakeHome(t, osName)
	env := DiscoverEnv{Home: home, OS: osName, Projects: []string{filepath.Join(home, "projects", "web")}}
	return home, Discover(env)
}

func TestDiscoverPerOS(t *testing.T) {
	common := func(apps string) []wantFile {
		return []wantFile{
			{rel: apps + "/Claude/claude_desktop_config.json", format: config.FormatClaudeDesktop, names: []string{"filesystem", "github"}},
			{rel: ".claude.json", format: config.FormatClaudeCode, names: []string{"sentry", "memory", "postgres", "linear"}},
		}
	}
	tail := []wantFile{
		{rel: ".codeium/windsurf/mcp_config.json", format: config.FormatWindsurf, names: []string{"figma", "time"}},
		{rel: ".codex/config.toml", format: config.FormatCodex, names: []string{"docs", "team.remote"}},
		{rel: "projects/web/.mcp.json", format: config.FormatClaudeCode, project: true, names: []string{"api"}},
		{rel: "projects/web/.cursor/mcp.json", format: config.FormatCursor, project: true, names: []string{"local-docs"}},
		{rel: "projects/web/.vscode/mcp.json", format: config.FormatVSCode, project: true, names: []string{"workspace-db"}},
	}
	cursor := wantFile{rel: ".cursor/mcp.json", format: config.FormatCursor, names: []string{"playwright", "context7"}}
	vscode := func(apps string) wantFile {
		return wantFile{rel: apps + "/Code/User/mcp.json", format: config.FormatVSCode, names: []string{"perplexity", "fetch", "github-remote"}}
	}
	cline := func(apps, app string) wantFile {
		return wantFile{rel: apps + "/" + app + "/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
			format: config.FormatCline, names: []string{"weather", "legacy-remote", "streaming", "old-style"}}
	}
	linux := append(common(".config"), cursor, vscode(".config"),
		wantFile{rel: ".config/Code/User/profiles/4a1b/mcp.json", format: config.FormatVSCode, line: 3, col: 31},
		cline(".config", "Code"))
	darwinCursor := cursor
	darwinCursor.names = []string{"playwright", "context7", "half-written"}
	darwinBadCline := cline("Library/Application Support", "Cursor")
	darwinBadCline.names, darwinBadCline.line, darwinBadCline.col = nil, 3, 31
	darwin := append(common("Library/Application Support"), darwinCursor, vscode("Library/Application Support"),
		cline("Library/Application Support", "Code"), darwinBadCline)
	windows := append(common("AppData/Roaming"), cursor, vscode("AppData/Roaming"),
		wantFile{rel: "AppData/Roaming/Code - Insiders/User/mcp.json", format: config.FormatVSCode, line: 3, col: 31},
		cline("AppData/Roaming", "Code"))

	for osName, want := range map[string][]wantFile{
		"linux": append(linux, tail...), "darwin": append(darwin, tail...), "windows": append(windows, tail...),
	} {
		t.Run(osName, func(t *testing.T) {
			home, found := discoverHome(t, osName)
			project := filepath.Join(home, "projects", "web")
			if len(found) != len(want) {
				var got []string
				for _, f := range found {
					got = append(got, strings.TrimPrefix(f.Path, home))
				}
				t.Fatalf("found %d files, want %d:\n%s", len(found), len(want), strings.Join(got, "\n"))
			}
			for i, w := range want {
				f := found[i]
				if f.Path != filepath.Join(home, filepath.FromSlash(w.rel)) || f.Format != w.format {
					t.Errorf("file %d: %s %s, want %s %s", i, f.Path, f.Format, w.rel, w.format)
					continue
				}
				wantProject := ""
				if w.project {
					wantProject = project
				}
				if f.Project != wantProject {
					t.Errorf("%s: project %q, want %q", w.rel, f.Project, wantProject)
				}
				var names []string
				for _, s := range f.Servers {
					names = append(names, s.Server.Name)
					perProject := f.Format == config.FormatClaudeCode && !w.project // ~/.claude.json's projects.*
					if (s.Source.Project != wantProject && !perProject) || s.Source.Path != f.Path {
						t.Errorf("%s/%s: source %+v", w.rel, s.Server.Name, s.Source)
					}
					if src, _ := config.ImportedFrom(s.Server); w.project && src.Project != project {
						t.Errorf("%s/%s: the entry does not record its project: %+v", w.rel, s.Server.Name, src)
					}
				}
				if !slices.Equal(names, w.names) {
					t.Errorf("%s: servers %v, want %v", w.rel, names, w.names)
				}
				var cerr *config.ConfigError
				switch {
				case w.line == 0 && f.Err != nil:
					t.Errorf("%s: %v", w.rel, f.Err)
				case w.line != 0 && (!errors.As(f.Err, &cerr) || cerr.Line != w.line || cerr.Column != w.col || cerr.Path != f.Path):
					t.Errorf("%s: error %v, want one at %d:%d", w.rel, f.Err, w.line, w.col)
				}
			}
			// Exactly what is there: every file of the fake home is listed.
			var onDisk []string
			filepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					onDisk = append(onDisk, p)
				}
				return err
			})
			var listed []string
			for _, f := range found {
				listed = append(listed, f.Path)
			}
			slices.Sort(onDisk)
			slices.Sort(listed)
			if !slices.Equal(onDisk, listed) {
				t.Errorf("files on disk and files found differ:\n%v\n%v", onDisk, listed)
			}
		})
	}
}

// TestDiscoverOtherOSLayout: a home read as another OS finds only the files
// kept in the same place everywhere.
func TestDiscoverOtherOSLayout(t *testing.T) {
	home := fakeHome(t, "linux")
	for _, osName := range []string{"darwin", "windows"} {
		found := Discover(DiscoverEnv{Home: home, OS: osName})
		var got []string
		for _, f := range found {
			got = append(got, filepath.ToSlash(strings.TrimPrefix(f.Path, home+string(filepath.Separator))))
		}
		want := []string{".claude.json", ".cursor/mcp.json", ".codeium/windsurf/mcp_config.json", ".codex/config.toml"}
		if !slices.Equal(got, want) {
			t.Errorf("%s layout on a Linux home found %v, want %v", osName, got, want)
		}
	}
	// XDG_CONFIG_HOME and APPDATA move the app folders.
	moved := t.TempDir()
	writeFixture(t, filepath.Join(moved, "Claude", "claude_desktop_config.json"), `{"mcpServers": {"m": {"command": "x"}}}`)
	for _, env := range []DiscoverEnv{
		{Home: home, OS: "linux", XDGConfigHome: moved},
		{Home: home, OS: "windows", AppData: moved},
	} {
		found := Discover(env)
		if found[0].Path != filepath.Join(moved, "Claude", "claude_desktop_config.json") || found[0].Servers[0].Server.Name != "m" {
			t.Errorf("%s: first file %s", env.OS, found[0].Path)
		}
		for _, f := range found {
			if strings.Contains(f.Path, filepath.Join(home, ".config")) {
				t.Errorf("%s: read %s from the default folder", env.OS, f.Path)
			}
		}
	}
	codexHome := t.TempDir()
	writeFixture(t, filepath.Join(codexHome, "config.toml"), "[mcp_servers.z]\ncommand = \"z\"\n")
	found := Discover(DiscoverEnv{Home: t.TempDir(), OS: "linux", CodexHome: codexHome})
	if len(found) != 1 || found[0].Format != config.FormatCodex || found[0].Servers[0].Server.Name != "z" {
		t.Errorf("CODEX_HOME: %+v", found)
	}
}

func TestDiscoverFollowsClaudeProjects(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(t.TempDir(), "my project")
	writeFixture(t, filepath.Join(proj, ".mcp.json"), `{"mcpServers": {"p": {"command": "p"}}}`)
	writeFixture(t, filepath.Join(proj, ".vscode", "mcp.json"), `{"servers": {"v": {"type": "stdio", "command": "v"}}}`)
	claude, _ := json.Marshal(map[string]any{"projects": map[string]any{proj: map[string]any{"mcpServers": map[string]any{}}}})
	writeFixture(t, filepath.Join(home, ".claude.json"), string(claude))
	// The project is also named explicitly: it is still read once.
	found := Discover(DiscoverEnv{Home: home, OS: "linux", Projects: []string{proj + string(filepath.Separator)}})
	var got []string
	for _, f := range found {
		got = append(got, f.Path)
		for _, s := range f.Servers {
			if f.Project != proj || s.Source.Project != proj {
				t.Errorf("%s: project %q / %q", s.Server.Name, f.Project, s.Source.Project)
			}
		}
	}
	want := []string{filepath.Join(home, ".claude.json"), filepath.Join(proj, ".mcp.json"), filepath.Join(proj, ".vscode", "mcp.json")}
	if !slices.Equal(got, want) {
		t.Errorf("found %v, want %v", got, want)
	}
}

func TestDiscoverUnreadableFile(t *testing.T) {
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".cursor", "mcp.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	writeFixture(t, filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"), `{"mcpServers": {"w": {"command": "w"}}}`)
	found := Discover(DiscoverEnv{Home: home, OS: "linux"})
	if len(found) != 2 || found[0].Err == nil || !strings.Contains(found[0].Err.Error(), "could not read") || found[1].Err != nil {
		t.Fatalf("found %+v", found)
	}
}

func TestDiscoverMarkKnown(t *testing.T) {
	_, found := discoverHome(t, "linux")
	cfg := &config.Config{}
	cfg.Put(&config.ServerConfig{Name: "playwright", Type: config.TypeStdio, Command: "npx", Args: []string{"@playwright/mcp@latest"}})
	cfg.Put(&config.ServerConfig{Name: "github", Type: config.TypeStdio, Command: "docker", Args: []string{"run", "other"}})
	cfg.Put(&config.ServerConfig{Name: "sentry", Type: config.TypeHTTP, URL: "https://mcp.sentry.dev/mcp"})
	MarkKnown(found, cfg)
	for _, imp := range AllServers(found) {
		name := imp.Server.Name
		wantKnown := name == "playwright" || name == "sentry"
		wantTaken := name == "github"
		if imp.Known != wantKnown || imp.NameTaken != wantTaken {
			t.Errorf("%s: known %v taken %v", name, imp.Known, imp.NameTaken)
		}
	}
}

func TestDiscoverImportClash(t *testing.T) {
	imported := func(name, command string, args ...string) *ImportedServer {
		s := &config.ServerConfig{Name: name, Type: config.TypeStdio, Command: command, Args: args}
		s.Validate()
		src := config.ImportSource{Format: config.FormatCursor, Path: "/c/mcp.json"}
		config.MarkImported(s, src)
		return &ImportedServer{Server: s, Source: src}
	}
	newConfig := func() *config.Config {
		cfg := &config.Config{}
		cfg.Put(&config.ServerConfig{Name: "fetch", Type: config.TypeStdio, Command: "mine"})
		cfg.Put(&config.ServerConfig{Name: "time", Type: config.TypeStdio, Command: "uvx", Args: []string{"mcp-server-time"}})
		cfg.Put(&config.ServerConfig{Name: "last", Type: config.TypeStdio, Command: "z"})
		return cfg
	}
	batch := []*ImportedServer{
		imported("fetch", "uvx", "mcp-server-fetch"),
		imported("time", "uvx", "mcp-server-time"), // identical to ours
		imported("new", "n"),
		imported("db", "one"),
		imported("db", "two"), // same name twice in one import (two projects)
	}
	cases := []struct {
		policy  ClashPolicy
		actions []ImportAction
		as      []string
		names   []string // our list afterwards
	}{
		{ClashRename, []ImportAction{ImportRenamed, ImportSkipped, ImportAdded, ImportAdded, ImportRenamed},
			[]string{"fetch-2", "", "new", "db", "db-2"}, []string{"fetch", "time", "last", "fetch-2", "new", "db", "db-2"}},
		{ClashReplace, []ImportAction{ImportReplaced, ImportSkipped, ImportAdded, ImportAdded, ImportReplaced},
			[]string{"fetch", "", "new", "db", "db"}, []string{"fetch", "time", "last", "new", "db"}},
		{ClashSkip, []ImportAction{ImportSkipped, ImportSkipped, ImportAdded, ImportAdded, ImportSkipped},
			[]string{"", "", "new", "db", ""}, []string{"fetch", "time", "last", "new", "db"}},
		{"ask me later", []ImportAction{ImportSkipped, ImportSkipped, ImportAdded, ImportAdded, ImportSkipped},
			[]string{"", "", "new", "db", ""}, []string{"fetch", "time", "last", "new", "db"}},
	}
	for _, c := range cases {
		t.Run(string(c.policy), func(t *testing.T) {
			cfg := newConfig()
			results := Import(cfg, batch, c.policy)
			var actions []ImportAction
			var as, names []string
			for _, r := range results {
				actions = append(actions, r.Action)
				as = append(as, r.As)
				if r.Action == ImportSkipped && r.Reason == "" {
					t.Errorf("%s skipped without a reason", r.Name)
				}
			}
			for _, s := range cfg.Servers {
				names = append(names, s.Name)
			}
			if !slices.Equal(actions, c.actions) || !slices.Equal(as, c.as) || !slices.Equal(names, c.names) {
				t.Errorf("actions %v as %v list %v\nwant    %v as %v list %v", actions, as, names, c.actions, c.as, c.names)
			}
			for _, r := range results {
				if r.As == "" {
					continue
				}
				if _, ok := config.ImportedFrom(cfg.Server(r.As)); !ok {
					t.Errorf("%s: imported entry not marked", r.As)
				}
			}
			if _, ok := config.ImportedFrom(cfg.Server("time")); ok {
				t.Error("our own entry was marked as imported")
			}
			if c.policy == ClashReplace && cfg.Server("fetch").Command != "uvx" {
				t.Error("replace kept ours")
			}
			if c.policy == ClashSkip && cfg.Server("fetch").Command != "mine" {
				t.Error("skip replaced ours")
			}
			// Importing the same again changes nothing.
			before, _ := cfg.Marshal()
			for _, r := range Import(cfg, batch[:3], c.policy) {
				if r.Action != ImportSkipped && !(c.policy == ClashReplace && r.Action == ImportReplaced) {
					t.Errorf("second import: %+v", r)
				}
			}
			if after, _ := cfg.Marshal(); string(before) != string(after) {
				t.Errorf("second import changed the list:\n%s\n---\n%s", before, after)
			}
		})
	}
	// Rename takes the first free name.
	cfg := newConfig()
	cfg.Put(&config.ServerConfig{Name: "fetch-2", Type: config.TypeStdio, Command: "other"})
	if r := Import(cfg, batch[:1], ClashRename); r[0].As != "fetch-3" {
		t.Errorf("renamed to %q, want fetch-3", r[0].As)
	}
}

// TestDiscoverImportSurvivesSave: imported entries keep their source,
// inputs and unknown fields through the servers file.
func TestDiscoverImportSurvivesSave(t *testing.T) {
	_, found := discoverHome(t, "linux")
	cfg := &config.Config{Path: filepath.Join(t.TempDir(), "servers.json")}
	var importable []*ImportedServer
	for _, imp := range AllServers(found) {
		if imp.Err == nil {
			importable = append(importable, imp)
		}
	}
	results := Import(cfg, importable, ClashRename)
	if len(cfg.Servers) != len(importable) {
		t.Fatalf("%d imported of %d: %+v", len(cfg.Servers), len(importable), results)
	}
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	loaded, err := config.Load(cfg.Path)
	if err != nil {
		t.Fatal(err)
	}
	for i, imp := range importable {
		s := loaded.Servers[i]
		src, ok := config.ImportedFrom(s)
		if !ok || src != imp.Source {
			t.Errorf("%s: source %+v, want %+v", s.Name, src, imp.Source)
		}
		if !slices.Equal(config.UnknownFields(s), imp.Unknown) {
			t.Errorf("%s: unknown %v, want %v", s.Name, config.UnknownFields(s), imp.Unknown)
		}
		if len(InputsNeeded(s)) != len(imp.Inputs) {
			t.Errorf("%s: inputs %v, want %v", s.Name, InputsNeeded(s), imp.Inputs)
		}
		if !SameEntry(s, imp.Server) || s.Type != imp.Server.Type {
			t.Errorf("%s changed through the servers file", s.Name)
		}
	}
}

func TestDiscoverJSON(t *testing.T) {
	_, found := discoverHome(t, "linux")
	MarkKnown(found, &config.Config{})
	data, err := json.Marshal(found)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"ghp_exampleexampleexample1234", "owm-secret-value-123456", "figma-token-0123456789", "docs-token-value"} {
		if strings.Contains(string(data), secret) {
			t.Errorf("discover output shows %q", secret)
		}
	}
	var files []struct {
		Path    string        `json:"path"`
		Format  config.Format `json:"format"`
		Servers []struct {
			Name    string              `json:"name"`
			Entry   json.RawMessage     `json:"entry"`
			Source  config.ImportSource `json:"source"`
			Unknown []string            `json:"unknownFields"`
			Known   *bool               `json:"known"`
		} `json:"servers"`
		Error *struct {
			Message      string
			Line, Column int
		} `json:"error"`
	}
	if err := json.Unmarshal(data, &files); err != nil {
		t.Fatal(err)
	}
	if len(files) != len(found) {
		t.Fatalf("%d files in JSON", len(files))
	}
	for i, f := range files {
		if (f.Error != nil) != (found[i].Err != nil) {
			t.Errorf("%s: error %+v", f.Path, f.Error)
		}
		if f.Error != nil && (f.Error.Line != 3 || f.Error.Column != 31 || f.Error.Message == "") {
			t.Errorf("%s: error %+v", f.Path, f.Error)
		}
		for _, s := range f.Servers {
			if s.Known == nil || len(s.Entry) == 0 || s.Source.Path != f.Path {
				t.Errorf("%s/%s: %+v", f.Path, s.Name, s)
			}
		}
	}
	if s := files[0].Servers[0]; s.Name != "filesystem" || !slices.Equal(s.Unknown, []string{"x-note"}) {
		t.Errorf("first server %+v", s)
	}
}

// TestImportedServerJSONMasksShapes: what discovery prints masks secrets by
// name and by shape: env values, arguments (--token=X) and URL passwords.
func TestImportedServerJSONMasksShapes(t *testing.T) {
	imp := ImportedServer{Server: &config.ServerConfig{Name: "x", Type: config.TypeStdio, Command: "srv",
		Args: []string{"--token=cliTokenValue9", "--db", "postgres://u:ArgPgPass55@h/db"},
		Env:  map[string]string{"DATABASE_URL": "postgres://u:EnvPgPass77@h/db", "GH_PAT": "patValue12345"}}}
	b, err := json.Marshal(imp)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"cliTokenValue9", "ArgPgPass55", "EnvPgPass77", "patValue12345"} {
		if strings.Contains(string(b), s) {
			t.Errorf("shows %q: %s", s, b)
		}
	}
}

func TestRenameClash(t *testing.T) {
	cfg := &config.Config{}
	cfg.Put(&config.ServerConfig{Name: "fetch", Type: config.TypeStdio, Command: "mine"})
	cfg.Put(&config.ServerConfig{Name: "fetch-2", Type: config.TypeStdio, Command: "also mine"})
	cfg.Put(&config.ServerConfig{Name: "time", Type: config.TypeStdio, Command: "uvx", Args: []string{"mcp-server-time"}})
	imported := func(name, command string, args ...string) *ImportedServer {
		s := &config.ServerConfig{Name: name, Type: config.TypeStdio, Command: command, Args: args}
		s.Validate()
		return &ImportedServer{Server: s, Source: config.ImportSource{Format: config.FormatCursor, Path: "/c/mcp.json"}}
	}
	cases := []struct {
		name     string
		imp      *ImportedServer
		renameTo string
		clash    bool
	}{
		{"a different server of a taken name", imported("fetch", "uvx", "mcp-server-fetch"), "fetch-3", true},
		{"the same server: no clash, Import skips it", imported("time", "uvx", "mcp-server-time"), "", false},
		{"a free name", imported("new", "n"), "new", false},
		{"a malformed entry", &ImportedServer{Server: &config.ServerConfig{Name: "fetch"}, Err: errors.New("bad")}, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := len(cfg.Servers)
			as, clash := RenameClash(cfg, c.imp)
			if as != c.renameTo || clash != c.clash {
				t.Errorf("RenameClash = %q, %v; want %q, %v", as, clash, c.renameTo, c.clash)
			}
			if len(cfg.Servers) != before {
				t.Error("RenameClash changed the config")
			}
		})
	}
}
