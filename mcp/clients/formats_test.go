package clients

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"mcpbrowser/mcp/config"
)

// fakeHome is the absolute path of a fake home folder in testdata/homes.
func fakeHome(t *testing.T, osName string) string {
	t.Helper()
	home, err := filepath.Abs(filepath.Join("testdata", "homes", osName))
	if err != nil {
		t.Fatal(err)
	}
	return home
}

func parseTestFile(t *testing.T, format config.Format, path string) []*ImportedServer {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	servers, err := ParseClientConfig(format, path, data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return servers
}

// wantServer is what a test expects of one imported server.
type wantServer struct {
	name, typ, target string // target is the command or the URL
	unknown           []string
	inputs            []string
	project           string
}

func checkServers(t *testing.T, got []*ImportedServer, want []wantServer) {
	t.Helper()
	if len(got) != len(want) {
		var names []string
		for _, g := range got {
			names = append(names, g.Server.Name)
		}
		t.Fatalf("got servers %v, want %d", names, len(want))
	}
	for i, w := range want {
		g := got[i]
		s := g.Server
		target := s.Command
		if target == "" {
			target = s.URL
		}
		var inputs []string
		for _, in := range g.Inputs {
			inputs = append(inputs, in.ID)
		}
		if s.Name != w.name || s.Type != w.typ || target != w.target || s.Problem != "" || g.Err != nil {
			t.Errorf("server %d: %q %s %q problem %q err %v; want %q %s %q", i, s.Name, s.Type, target, s.Problem, g.Err, w.name, w.typ, w.target)
		}
		if !slices.Equal(g.Unknown, w.unknown) {
			t.Errorf("%s: unknown fields %v, want %v", w.name, g.Unknown, w.unknown)
		}
		if !slices.Equal(inputs, w.inputs) {
			t.Errorf("%s: inputs %v, want %v", w.name, inputs, w.inputs)
		}
		if g.Source.Project != w.project {
			t.Errorf("%s: project %q, want %q", w.name, g.Source.Project, w.project)
		}
		if src, ok := config.ImportedFrom(s); !ok || src.Format != g.Source.Format || src.Path != g.Source.Path {
			t.Errorf("%s: entry does not record its source: %+v %v", w.name, src, ok)
		}
	}
}

func TestFormatParseEachClient(t *testing.T) {
	home := fakeHome(t, "linux")
	apps := filepath.Join(home, ".config")
	cases := []struct {
		format config.Format
		path   string
		want   []wantServer
	}{
		{config.FormatClaudeDesktop, filepath.Join(apps, "Claude", "claude_desktop_config.json"), []wantServer{
			{name: "filesystem", typ: config.TypeStdio, target: "npx", unknown: []string{"x-note"}},
			{name: "github", typ: config.TypeStdio, target: "docker"},
		}},
		{config.FormatClaudeCode, filepath.Join(home, ".claude.json"), []wantServer{
			{name: "sentry", typ: config.TypeHTTP, target: "https://mcp.sentry.dev/mcp"},
			{name: "memory", typ: config.TypeStdio, target: "npx"},
			{name: "postgres", typ: config.TypeStdio, target: "npx", project: "/nonexistent/mcpbrowser-test/shop"},
			{name: "linear", typ: config.TypeSSE, target: "https://mcp.linear.app/sse", project: "/nonexistent/mcpbrowser-test/blog"},
		}},
		{config.FormatCursor, filepath.Join(home, ".cursor", "mcp.json"), []wantServer{
			{name: "playwright", typ: config.TypeStdio, target: "npx"},
			{name: "context7", typ: config.TypeHTTP, target: "https://mcp.context7.com/mcp"},
		}},
		{config.FormatVSCode, filepath.Join(apps, "Code", "User", "mcp.json"), []wantServer{
			{name: "perplexity", typ: config.TypeStdio, target: "npx", inputs: []string{"perplexity-key", "region"}},
			{name: "fetch", typ: config.TypeStdio, target: "uvx", unknown: []string{"dev"}},
			{name: "github-remote", typ: config.TypeHTTP, target: "https://api.githubcopilot.com/mcp/", inputs: []string{"gh-token"}},
		}},
		{config.FormatCline, filepath.Join(apps, "Code", "User", clineSettings), []wantServer{
			{name: "weather", typ: config.TypeStdio, target: "node", unknown: []string{"autoApprove", "timeout"}},
			{name: "legacy-remote", typ: config.TypeSSE, target: "https://example.com/sse", unknown: []string{"autoApprove"}},
			{name: "streaming", typ: config.TypeHTTP, target: "https://example.com/mcp", unknown: []string{"autoApprove"}},
			{name: "old-style", typ: config.TypeSSE, target: "https://old.example.com/sse"},
		}},
		{config.FormatWindsurf, filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"), []wantServer{
			{name: "figma", typ: config.TypeHTTP, target: "https://figma.example.com/mcp"},
			{name: "time", typ: config.TypeStdio, target: "uvx", unknown: []string{"disabledTools"}},
		}},
		{config.FormatCodex, filepath.Join(home, ".codex", "config.toml"), []wantServer{
			{name: "docs", typ: config.TypeStdio, target: "npx", unknown: []string{"enabled_tools"}},
			{name: "team.remote", typ: config.TypeHTTP, target: "https://mcp.example.com/mcp", unknown: []string{"bearer_token_env_var"}},
		}},
	}
	for _, c := range cases {
		t.Run(string(c.format), func(t *testing.T) {
			checkServers(t, parseTestFile(t, c.format, c.path), c.want)
		})
	}
}

// TestFormatFieldsMapped checks the fields each client spells its own way.
func TestFormatFieldsMapped(t *testing.T) {
	home := fakeHome(t, "linux")
	byName := func(servers []*ImportedServer, name string) *config.ServerConfig {
		for _, s := range servers {
			if s.Server.Name == name {
				return s.Server
			}
		}
		t.Fatalf("no server %q", name)
		return nil
	}
	codex := parseTestFile(t, config.FormatCodex, filepath.Join(home, ".codex", "config.toml"))
	docs := byName(codex, "docs")
	if docs.ConnectTimeoutDuration().Seconds() != 20 || docs.CallTimeoutDuration().Seconds() != 45.5 {
		t.Errorf("codex timeouts: %v %v", docs.ConnectTimeoutDuration(), docs.CallTimeoutDuration())
	}
	if docs.Env["DOCS_TOKEN"] != "docs-token-value" || !slices.Equal(docs.Args, []string{"-y", "mcp-server-docs"}) {
		t.Errorf("codex docs: %+v", docs)
	}
	remote := byName(codex, "team.remote")
	if !remote.Disabled || remote.Headers["X-Team"] != "blue" {
		t.Errorf("codex remote: disabled %v headers %v", remote.Disabled, remote.Headers)
	}
	cline := parseTestFile(t, config.FormatCline, filepath.Join(home, ".config", "Code", "User", clineSettings))
	if s := byName(cline, "legacy-remote"); !s.Disabled {
		t.Error("cline disabled lost")
	}
	windsurf := parseTestFile(t, config.FormatWindsurf, filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"))
	if s := byName(windsurf, "figma"); s.Headers["Authorization"] != "Bearer figma-token-0123456789" {
		t.Errorf("windsurf headers: %v", s.Headers)
	}
	vscode := parseTestFile(t, config.FormatVSCode, filepath.Join(home, ".config", "Code", "User", "mcp.json"))
	inputs := InputsNeeded(byName(vscode, "perplexity"))
	if len(inputs) != 2 || !inputs[0].Password || inputs[0].Description != "Perplexity API Key" ||
		inputs[1].Password || !slices.Equal(inputs[1].Options, []string{"eu", "us"}) || inputs[1].Default != "eu" {
		t.Errorf("vscode inputs: %+v", inputs)
	}
	if in := InputsNeeded(byName(vscode, "github-remote")); len(in) != 1 || !in[0].Password {
		t.Errorf("an undefined input named like a token should be asked masked: %+v", in)
	}
}

// importFingerprint is everything an import says about a server except where it
// was read from: two equal fingerprints are the same server.
func importFingerprint(t *testing.T, imp *ImportedServer) string {
	t.Helper()
	entry, err := exportEntry(imp.Server, config.FormatJSON)
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for _, in := range imp.Inputs {
		inputs = append(inputs, string(compactJSON(in.Raw)))
	}
	return fmt.Sprintf("%s|%s|%v|%s|unknown=%v|inputs=%v|err=%v", imp.Server.Name, imp.Server.Type, imp.Server.Problem != "", entry, imp.Unknown, inputs, imp.Err != nil)
}

// TestFormatRoundTripLossless: for every file of every fake home, import →
// export in the same format → import gives the same servers, and pasting the
// export does too. Exporting again gives the same bytes.
func TestFormatRoundTripLossless(t *testing.T) {
	for _, osName := range []string{"linux", "darwin", "windows"} {
		home := fakeHome(t, osName)
		found := Discover(DiscoverEnv{Home: home, OS: osName, Projects: []string{filepath.Join(home, "projects", "web")}})
		formats := map[config.Format]bool{}
		for _, f := range found {
			if f.Err != nil {
				continue
			}
			formats[f.Format] = true
			t.Run(osName+"/"+strings.TrimPrefix(f.Path, home), func(t *testing.T) {
				var servers []*config.ServerConfig
				for _, imp := range f.Servers {
					servers = append(servers, imp.Server)
				}
				out, err := Export(servers, f.Format)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Contains(out, []byte(config.MetaKey)) {
					t.Errorf("export leaks %s:\n%s", config.MetaKey, out)
				}
				again, err := ParseClientConfig(f.Format, "exported", out)
				if err != nil {
					t.Fatalf("re-import: %v\n%s", err, out)
				}
				pasted, err := ParsePasted(string(out))
				if err != nil {
					t.Fatalf("paste: %v\n%s", err, out)
				}
				for _, second := range [][]*ImportedServer{again, pasted} {
					if len(second) != len(f.Servers) {
						t.Fatalf("%d servers after the round trip, want %d\n%s", len(second), len(f.Servers), out)
					}
					for i := range second {
						if a, b := importFingerprint(t, f.Servers[i]), importFingerprint(t, second[i]); a != b {
							t.Errorf("changed in the round trip:\n  before %s\n  after  %s", a, b)
						}
					}
				}
				var reServers []*config.ServerConfig
				for _, imp := range again {
					reServers = append(reServers, imp.Server)
				}
				if out2, err := Export(reServers, f.Format); err != nil || !bytes.Equal(out, out2) {
					t.Errorf("second export differs (%v):\n%s\n---\n%s", err, out, out2)
				}
			})
		}
		for _, want := range config.Formats() {
			if want != config.FormatJSON && !formats[want] {
				t.Errorf("%s: the fake home has no readable %s file", osName, want)
			}
		}
	}
}

// TestFormatCrossExport: every server of the Linux home exported to every
// format re-imports with the same command or URL and type (where the client
// has that transport).
func TestFormatCrossExport(t *testing.T) {
	home := fakeHome(t, "linux")
	all := AllServers(Discover(DiscoverEnv{Home: home, OS: "linux", Projects: []string{filepath.Join(home, "projects", "web")}}))
	var servers []*config.ServerConfig
	seen := map[string]bool{}
	for _, imp := range all {
		if imp.Err == nil && !seen[imp.Server.Name] {
			seen[imp.Server.Name] = true
			servers = append(servers, imp.Server)
		}
	}
	for _, format := range config.Formats() {
		out, err := Export(servers, format)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		back, err := ParseClientConfig(format, "x", out)
		if err != nil {
			t.Fatalf("%s: %v\n%s", format, err, out)
		}
		if len(back) != len(servers) {
			t.Fatalf("%s: %d servers back, want %d", format, len(back), len(servers))
		}
		for i, imp := range back {
			s, want := imp.Server, servers[i]
			wantType := want.Type
			if format == config.FormatCodex && wantType == config.TypeSSE {
				wantType = config.TypeHTTP // Codex has no SSE; ExportNotes says so
			}
			if s.Name != want.Name || s.Type != wantType || s.Command != want.Command || s.URL != want.URL ||
				!slices.Equal(s.Args, want.Args) || !maps.Equal(s.Env, want.Env) {
				t.Errorf("%s: %s came back as %+v", format, want.Name, s)
			}
		}
	}
}

func TestFormatExportShapes(t *testing.T) {
	servers := []*config.ServerConfig{
		{Name: "local", Type: config.TypeStdio, Command: "npx", Args: []string{"-y", "pkg"}, Env: map[string]string{"TOKEN": "${input:tok}"}},
		{Name: "remote", Type: config.TypeHTTP, URL: "https://h/mcp", Headers: map[string]string{"X-A": "b"}},
		{Name: "legacy", Type: config.TypeSSE, URL: "https://h/sse"},
		{Name: "api", Type: config.TypeOpenAPI, Spec: config.StringList{"api.yaml"}},
	}
	config.MarkImported(servers[0], config.ImportSource{Format: config.FormatVSCode, Path: "/p"})
	type entry map[string]any
	decode := func(format config.Format, out []byte) (map[string]entry, map[string]any) {
		var doc map[string]any
		var err error
		if format == config.FormatCodex {
			_, err = toml.Decode(string(out), &doc)
		} else {
			err = json.Unmarshal(out, &doc)
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", format, err, out)
		}
		key := "mcpServers"
		switch format {
		case config.FormatVSCode:
			key = "servers"
		case config.FormatCodex:
			key = "mcp_servers"
		}
		got := map[string]entry{}
		for name, v := range doc[key].(map[string]any) {
			got[name] = v.(map[string]any)
		}
		return got, doc
	}
	cases := []struct {
		format                   config.Format
		localType, remoteType    any // nil: no "type" field
		legacyType               any
		remoteURLKey             string
		wantOpenAPI, wantInputs  bool
		remoteHeadersKey         string
		noteAbout                string
		codexDisabledOrEnabledOK bool
	}{
		{config.FormatClaudeDesktop, nil, nil, "sse", "url", false, false, "headers", "Connectors", false},
		{config.FormatClaudeCode, "stdio", "http", "sse", "url", false, false, "headers", "${input:tok}", false},
		{config.FormatCursor, nil, nil, "sse", "url", false, false, "headers", "${input:tok}", false},
		{config.FormatVSCode, "stdio", "http", "sse", "url", false, true, "headers", "OpenAPI", false},
		{config.FormatCline, nil, "streamableHttp", "sse", "url", false, false, "headers", "${input:tok}", false},
		{config.FormatWindsurf, nil, nil, "sse", "serverUrl", false, false, "headers", "${input:tok}", false},
		{config.FormatCodex, nil, nil, nil, "url", false, false, "http_headers", "SSE", false},
		{config.FormatJSON, nil, nil, "sse", "url", true, false, "headers", "${input:tok}", false},
	}
	for _, c := range cases {
		out, err := Export(servers, c.format)
		if err != nil {
			t.Fatalf("%s: %v", c.format, err)
		}
		got, doc := decode(c.format, out)
		if got["local"]["type"] != c.localType || got["remote"]["type"] != c.remoteType || got["legacy"]["type"] != c.legacyType {
			t.Errorf("%s: types %v %v %v\n%s", c.format, got["local"]["type"], got["remote"]["type"], got["legacy"]["type"], out)
		}
		if got["remote"][c.remoteURLKey] != "https://h/mcp" {
			t.Errorf("%s: remote URL not under %q:\n%s", c.format, c.remoteURLKey, out)
		}
		if h, _ := got["remote"][c.remoteHeadersKey].(map[string]any); h["X-A"] != "b" {
			t.Errorf("%s: headers not under %q:\n%s", c.format, c.remoteHeadersKey, out)
		}
		if _, ok := got["api"]; ok != c.wantOpenAPI {
			t.Errorf("%s: openapi entry present %v", c.format, ok)
		}
		if _, ok := doc["inputs"]; ok != c.wantInputs {
			t.Errorf("%s: inputs present %v", c.format, ok)
		}
		if env, _ := got["local"]["env"].(map[string]any); env["TOKEN"] != "${input:tok}" {
			t.Errorf("%s: the input placeholder is not kept: %v", c.format, env)
		}
		if bytes.Contains(out, []byte(config.MetaKey)) {
			t.Errorf("%s: export leaks %s", c.format, config.MetaKey)
		}
		var notes string
		for _, n := range ExportNotes(servers, c.format) {
			notes += n.String() + "\n"
		}
		if !strings.Contains(notes, c.noteAbout) {
			t.Errorf("%s: notes do not mention %q:\n%s", c.format, c.noteAbout, notes)
		}
	}
	if _, err := Export([]*config.ServerConfig{servers[0], servers[0]}, config.FormatCursor); err == nil {
		t.Error("two servers with one name exported")
	}
	if _, err := Export(servers, "emacs"); err == nil {
		t.Error("unknown format exported")
	}
}

func TestFormatResolveInputs(t *testing.T) {
	home := fakeHome(t, "linux")
	servers := parseTestFile(t, config.FormatVSCode, filepath.Join(home, ".config", "Code", "User", "mcp.json"))
	s := servers[0].Server
	if _, err := ResolveInputs(s, map[string]string{"region": "us"}); err == nil || !strings.Contains(err.Error(), "perplexity-key") {
		t.Errorf("missing answer: %v", err)
	}
	const secret = "pplx-very-secret-answer"
	run, err := ResolveInputs(s, map[string]string{"perplexity-key": secret, "region": "us"})
	if err != nil {
		t.Fatal(err)
	}
	if run.Env["PERPLEXITY_API_KEY"] != secret || run.Env["REGION"] != "us" {
		t.Errorf("resolved env: %v", run.Env)
	}
	if s.Env["PERPLEXITY_API_KEY"] != "${input:perplexity-key}" {
		t.Errorf("the saved entry changed: %v", s.Env)
	}
	if !HoldsAnswers(run) || HoldsAnswers(s) {
		t.Errorf("HoldsAnswers: resolved %v, saved %v", HoldsAnswers(run), HoldsAnswers(s))
	}
	if _, err := Export([]*config.ServerConfig{run}, config.FormatVSCode); err == nil {
		t.Error("an entry holding answers was exported")
	}
	for _, format := range config.Formats() {
		out, err := Export([]*config.ServerConfig{s}, format)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(out, []byte(secret)) {
			t.Errorf("%s: the answer was written in clear", format)
		}
	}
	// The answers never reach the servers file either: the original is what
	// the config holds.
	cfg := &config.Config{Path: filepath.Join(t.TempDir(), "servers.json")}
	Import(cfg, servers, ClashRename)
	data, _ := cfg.Marshal()
	if bytes.Contains(data, []byte(secret)) || !bytes.Contains(data, []byte("${input:perplexity-key}")) {
		t.Errorf("servers file:\n%s", data)
	}
	reloaded, err := config.Parse("x", data)
	if err != nil {
		t.Fatal(err)
	}
	if in := InputsNeeded(reloaded.Server("perplexity")); len(in) != 2 || !in[0].Password {
		t.Errorf("input definitions lost in the servers file: %+v", in)
	}
}

func TestFormatExpandVariables(t *testing.T) {
	home := fakeHome(t, "linux")
	project := filepath.Join(home, "projects", "web")
	env := map[string]string{"HOME": "/home/alice", "PORT": "8080", "CONTEXT7_API_KEY": "c7"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	found := Discover(DiscoverEnv{Home: home, OS: "linux", Projects: []string{project}})
	get := func(name string) *config.ServerConfig {
		for _, imp := range AllServers(found) {
			if imp.Server.Name == name {
				return imp.Server
			}
		}
		t.Fatalf("no %s", name)
		return nil
	}
	var read []string
	vars := Variables{Home: "/home/alice", LookupEnv: lookup, ReadFile: func(p string) ([]byte, error) {
		read = append(read, p)
		return []byte("# comment\nexport EXTRA=1\nQUOTED=\"a b\"\nPERPLEXITY_API_KEY=from-file\n"), nil
	}}
	cases := []struct {
		name  string
		check func(s *config.ServerConfig) bool
	}{
		{"api", func(s *config.ServerConfig) bool { // Claude Code: ${VAR}, ${VAR:-default}
			return s.Command == "node" && slices.Equal(s.Args, []string{"server.js", "--port", "8080"}) && s.Env["API_TOKEN"] == "${API_TOKEN}"
		}},
		{"local-docs", func(s *config.ServerConfig) bool { // Cursor: ${workspaceFolder}, relative envFile
			return s.Args[0] == project+"/tools/docs_server.py" && s.Env["EXTRA"] == "1"
		}},
		{"workspace-db", func(s *config.ServerConfig) bool { // VS Code: ${workspaceFolder}, ${env:NAME}
			return s.Args[2] == project+"/data.db" && s.Env["HOME_DIR"] == "/home/alice"
		}},
		{"context7", func(s *config.ServerConfig) bool {
			return s.Headers["CONTEXT7_API_KEY"] == "c7"
		}},
		{"perplexity", func(s *config.ServerConfig) bool { // envFile from ${userHome}; the entry's env wins; inputs stay
			return s.Env["QUOTED"] == "a b" && s.Env["PERPLEXITY_API_KEY"] == "${input:perplexity-key}"
		}},
		{"filesystem", func(s *config.ServerConfig) bool { return s.Args[2] == "/home/alice/Documents" }},
	}
	for _, c := range cases {
		s, err := ExpandVariables(get(c.name), vars)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !c.check(s) {
			t.Errorf("%s expanded to command %q args %q env %v headers %v", c.name, s.Command, s.Args, s.Env, s.Headers)
		}
	}
	if !slices.Equal(read, []string{filepath.Join(project, ".env"), "/home/alice/.perplexity.env"}) {
		t.Errorf("envFiles read: %v", read)
	}
	failing := vars
	failing.ReadFile = func(string) ([]byte, error) { return nil, os.ErrNotExist }
	if _, err := ExpandVariables(get("local-docs"), failing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("unreadable envFile: %v", err)
	}
}

func TestFormatPasted(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		names []string
		types []string
	}{
		{"full file with comments", `// from the README
			{"mcpServers": {"a": {"command": "x",}, /* two */ "b": {"url": "https://b/mcp"},},}`,
			[]string{"a", "b"}, []string{config.TypeStdio, config.TypeHTTP}},
		{"bare map", `{"a": {"command": "x"}, "b": {"serverUrl": "https://b/mcp"}}`,
			[]string{"a", "b"}, []string{config.TypeStdio, config.TypeHTTP}},
		{"map with a server named servers", `{"servers": {"command": "x"}}`, []string{"servers"}, []string{config.TypeStdio}},
		{"map with a server named mcp", `{"mcp": {"command": "x"}, "other": {"httpUrl": "https://o"}}`,
			[]string{"mcp", "other"}, []string{config.TypeStdio, config.TypeHTTP}},
		{"single filesystem", `{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]}`,
			[]string{"filesystem"}, []string{config.TypeStdio}},
		{"single playwright", `{"command": "npx", "args": ["@playwright/mcp@latest"]}`, []string{"playwright"}, []string{config.TypeStdio}},
		{"single fetch", `{"command": "uvx", "args": ["mcp-server-fetch"]}`, []string{"fetch"}, []string{config.TypeStdio}},
		{"single docker", `{"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"]}`,
			[]string{"github"}, []string{config.TypeStdio}},
		{"single binary", `{"command": "/opt/bin/my-tool.exe"}`, []string{"my-tool"}, []string{config.TypeStdio}},
		{"single remote", `{"url": "https://mcp.deepwiki.com/mcp"}`, []string{"deepwiki"}, []string{config.TypeHTTP}},
		{"single sse", `{"type": "sse", "url": "https://api.example.com/sse"}`, []string{"example"}, []string{config.TypeSSE}},
		{"fragment", `"github": {"command": "docker", "args": ["run"]},`, []string{"github"}, []string{config.TypeStdio}},
		{"vscode", `{"inputs": [{"id": "k", "password": true}], "servers": {"v": {"type": "stdio", "command": "x", "env": {"K": "${input:k}"}}}}`,
			[]string{"v"}, []string{config.TypeStdio}},
		{"vscode settings", `{"mcp": {"servers": {"v": {"type": "http", "url": "https://v"}}}}`, []string{"v"}, []string{config.TypeHTTP}},
		{"codex", "[mcp_servers.c]\ncommand = \"x\"\n\n[mcp_servers.d]\nurl = \"https://d\"\n", []string{"c", "d"}, []string{config.TypeStdio, config.TypeHTTP}},
		{"with a BOM", "\ufeff{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}", []string{"a"}, []string{config.TypeStdio}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParsePasted(c.text)
			if err != nil {
				t.Fatal(err)
			}
			var names, types []string
			for _, imp := range got {
				names = append(names, imp.Server.Name)
				types = append(types, imp.Server.Type)
				if src, ok := config.ImportedFrom(imp.Server); !ok || src.Format != config.FormatJSON {
					t.Errorf("%s not marked as pasted: %+v", imp.Server.Name, src)
				}
			}
			if !slices.Equal(names, c.names) || !slices.Equal(types, c.types) {
				t.Errorf("got %v %v, want %v %v", names, types, c.names, c.types)
			}
		})
	}
	if got, _ := ParsePasted(cases[12].text); len(got) != 1 || len(got[0].Inputs) != 1 || !got[0].Inputs[0].Password {
		t.Errorf("pasted VS Code inputs lost")
	}
}

func TestFormatMalformed(t *testing.T) {
	cases := []struct {
		name      string
		format    config.Format
		text      string
		line, col int
		msg       string
	}{
		{"missing comma after a comment", config.FormatVSCode, "// c\n{\"servers\": {\"a\": {\"command\": \"x\" /* x */ \"args\": []}}}", 2, 43, "not valid JSON"},
		{"cut short", config.FormatCursor, "{\"mcpServers\": {", 1, 16, "unexpected end"},
		{"servers not an object", config.FormatClaudeDesktop, "{\n  \"mcpServers\": [1]\n}", 2, 17, "must be an object"},
		{"not an object", config.FormatCline, "\n  [1]", 2, 3, "expected a JSON object"},
		{"characters not bytes", config.FormatWindsurf, "{\"mcpServers\": {\"é\": {\"command\": \"x\" \"args\": 1}}}", 1, 38, "not valid JSON"},
		{"inputs not a list", config.FormatVSCode, "{\"inputs\": 5, \"servers\": {}}", 1, 12, "inputs"},
		{"toml", config.FormatCodex, "[mcp_servers.a]\ncommand = \"x\nargs = []\n", 2, 13, "not valid TOML"},
		{"toml servers not tables", config.FormatCodex, "mcp_servers = 5\n", 0, 0, "mcp_servers must be a table"},
		{"pasted nothing", config.FormatJSON, "  ", 0, 0, "nothing to read"},
		{"pasted prose", config.FormatJSON, "run npx foo", 1, 1, "not valid JSON"},
		{"pasted no servers", config.FormatJSON, `{"name": "x"}`, 0, 0, "no MCP servers found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseClientConfig(c.format, "f", []byte(c.text))
			var cerr *config.ConfigError
			if !errors.As(err, &cerr) || cerr.Line != c.line || cerr.Column != c.col || !strings.Contains(cerr.Msg, c.msg) {
				t.Errorf("got %v, want f:%d:%d … %s", err, c.line, c.col, c.msg)
			}
		})
	}
}

// TestFormatBadEntry: one malformed entry is reported with its position
// and kept whole; the others load.
func TestFormatBadEntry(t *testing.T) {
	home := fakeHome(t, "darwin")
	servers := parseTestFile(t, config.FormatCursor, filepath.Join(home, ".cursor", "mcp.json"))
	if len(servers) != 3 || servers[0].Err != nil || servers[1].Err != nil {
		t.Fatalf("servers: %v", servers)
	}
	bad := servers[2]
	var cerr *config.ConfigError
	if !errors.As(bad.Err, &cerr) || cerr.Line != 15 || cerr.Column != 21 || !strings.Contains(cerr.Msg, `"args" must be a list`) {
		t.Errorf("bad entry error: %v", bad.Err)
	}
	if bad.Server.Name != "half-written" || bad.Server.Problem == "" || string(bad.Server.Extra["args"]) != `"-y some-package"` {
		t.Errorf("bad entry kept as %+v", bad.Server)
	}
	cfg := &config.Config{}
	results := Import(cfg, servers, ClashRename)
	if len(cfg.Servers) != 2 || results[2].Action != ImportSkipped || !strings.Contains(results[2].Reason, "malformed") {
		t.Errorf("import of a malformed entry: %+v", results)
	}
}

func TestFormatStripJSONC(t *testing.T) {
	cases := map[string]string{
		`{"a": "// not a comment", "b": "/* nor this */"}`: `{"a": "// not a comment", "b": "/* nor this */"}`,
		"{\"a\": 1, // c\n}":           "{\"a\": 1      \n}",
		`{"a": [1, 2,], "b": "x\",",}`: `{"a": [1, 2 ], "b": "x\"," }`,
		"/* a\nb */{}":                 "    \n    {}",
		`{"a": "\\"}`:                  `{"a": "\\"}`,
	}
	for in, want := range cases {
		if got := string(stripJSONC([]byte(in))); got != want {
			t.Errorf("stripJSONC(%q) = %q, want %q", in, got, want)
		}
		if len(stripJSONC([]byte(in))) != len(in) {
			t.Errorf("length changed for %q", in)
		}
	}
}

func TestFormatParseFormat(t *testing.T) {
	cases := map[string]config.Format{
		"claude": config.FormatClaudeDesktop, "Claude-Desktop": config.FormatClaudeDesktop, "claude_code": config.FormatClaudeCode,
		"cursor": config.FormatCursor, "vscode": config.FormatVSCode, "VS Code": config.FormatVSCode, "codex": config.FormatCodex,
		"cline": config.FormatCline, "windsurf": config.FormatWindsurf, "json": config.FormatJSON,
	}
	for in, want := range cases {
		if got, err := config.ParseFormat(in); got != want || err != nil {
			t.Errorf("ParseFormat(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := config.ParseFormat("emacs"); err == nil || !strings.Contains(err.Error(), "claude-desktop") {
		t.Errorf("unknown format: %v", err)
	}
	for _, f := range config.Formats() {
		if got, err := config.ParseFormat(string(f)); got != f || err != nil {
			t.Errorf("ParseFormat(%q) = %q, %v", f, got, err)
		}
	}
}

func TestFormatGuess(t *testing.T) {
	cases := map[string]config.Format{
		"/home/a/.config/Claude/claude_desktop_config.json":            config.FormatClaudeDesktop,
		`C:\Users\a\AppData\Roaming\Claude\claude_desktop_config.json`: config.FormatClaudeDesktop,
		"/home/a/.claude.json":     config.FormatClaudeCode,
		"proj/.mcp.json":           config.FormatClaudeCode,
		"/home/a/.cursor/mcp.json": config.FormatCursor,
		"/p/.vscode/mcp.json":      config.FormatVSCode,
		"/Users/a/Library/Application Support/Code/User/mcp.json":                  config.FormatVSCode,
		"/x/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json": config.FormatCline,
		"/home/a/.codeium/windsurf/mcp_config.json":                                config.FormatWindsurf,
		"/home/a/.codex/config.toml":                                               config.FormatCodex,
		"snippet.json":                                                             config.FormatJSON,
		"-":                                                                        config.FormatJSON,
	}
	for path, want := range cases {
		if got := config.GuessFormat(path); got != want {
			t.Errorf("GuessFormat(%q) = %s, want %s", path, got, want)
		}
	}
	// Every file of a fake home is guessed right.
	_, found := discoverHome(t, "darwin")
	for _, f := range found {
		if got := config.GuessFormat(f.Path); got != f.Format {
			t.Errorf("GuessFormat(%q) = %s, want %s", f.Path, got, f.Format)
		}
	}
}

func TestFormatFileName(t *testing.T) {
	want := map[config.Format]string{
		config.FormatClaudeDesktop: "claude_desktop_config.json",
		config.FormatClaudeCode:    ".mcp.json",
		config.FormatCursor:        "mcp.json",
		config.FormatVSCode:        "mcp.json",
		config.FormatCline:         "cline_mcp_settings.json",
		config.FormatWindsurf:      "mcp_config.json",
		config.FormatCodex:         "config.toml",
		config.FormatJSON:          "servers.json",
	}
	for _, f := range config.Formats() {
		if got := f.FileName(); got != want[f] {
			t.Errorf("%s: FileName() = %q, want %q", f, got, want[f])
		}
	}
	// The names that say their client alone are read back as it.
	for _, f := range []config.Format{config.FormatClaudeDesktop, config.FormatClaudeCode, config.FormatCline, config.FormatCodex, config.FormatJSON} {
		if got := config.GuessFormat(filepath.Join("somewhere", f.FileName())); got != f {
			t.Errorf("GuessFormat(%q) = %s, want %s", f.FileName(), got, f)
		}
	}
}

func TestSaveExport(t *testing.T) {
	dir := t.TempDir()
	for _, text := range []string{"{\"mcpServers\": {}}", "[mcp_servers.x]\ncommand = \"y\"\n"} {
		path := filepath.Join(dir, "out")
		if err := SaveExport(path, []byte(text)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.TrimSuffix(text, "\n") + "\n"; string(got) != want {
			t.Errorf("wrote %q, want %q", got, want)
		}
	}
	// A path under a file cannot be written, and says so.
	if err := SaveExport(filepath.Join(dir, "out", "x.json"), []byte("{}")); err == nil || !strings.Contains(err.Error(), "out") {
		t.Errorf("writing under a file: %v", err)
	}
}
