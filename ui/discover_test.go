package ui

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

// fakeHomeEnv makes the window's discovery look in home, laid out like Linux,
// with home/projects/web as an open project.
func fakeHomeEnv(home string) func() (clients.DiscoverEnv, error) {
	return func() (clients.DiscoverEnv, error) {
		return clients.DiscoverEnv{Home: home, OS: "linux", Projects: []string{filepath.Join(home, "projects", "web")}}, nil
	}
}

// writeHomeFile writes a config file under a fake home.
func writeHomeFile(t *testing.T, home, rel string, servers map[string]map[string]any) {
	t.Helper()
	path := filepath.Join(home, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, configJSON(t, servers), 0o600); err != nil {
		t.Fatal(err)
	}
}

// openDiscover opens "Find servers from other apps" on home and waits for its list.
func (s *shell) openDiscover(home string) *discoverDialog {
	s.t.Helper()
	onUI(func() {
		s.w.clients.discoverEnv = fakeHomeEnv(home)
		s.w.findServers()
	})
	var d *discoverDialog
	s.waitFor("the discovery dialog's list", func() bool {
		d = s.w.clients.discover
		return d != nil && !d.looking
	})
	return d
}

func (d *discoverDialog) row(t *testing.T, name string) *importRow {
	t.Helper()
	for _, r := range d.rows {
		if r.imp.Server.Name == name {
			return r
		}
	}
	t.Errorf("no row for %s", name) // not Fatal: this runs on the UI goroutine
	return newImportRow(&clients.ImportedServer{Server: &config.ServerConfig{Name: name}}, false, nil)
}

func TestDiscoverListsEveryFileOfTheFakeHome(t *testing.T) {
	home, err := filepath.Abs(filepath.Join("..", "mcp", "clients", "testdata", "homes", "linux"))
	if err != nil {
		t.Fatal(err)
	}
	s := newShellWith(t, map[string]map[string]any{
		// The same command as Cursor's playwright: known. A different github: name taken.
		"playwright": {"command": "npx", "args": []string{"@playwright/mcp@latest"}, "disabled": true},
		"github":     {"command": "docker", "args": []string{"run", "other"}, "disabled": true},
	}, mcp.ManagerOptions{Approvals: config.NewApprovalStore(t.TempDir())})
	d := s.openDiscover(home)

	var onDisk []string
	filepath.WalkDir(home, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			onDisk = append(onDisk, p)
		}
		return err
	})
	shown := s.text(func() fyne.CanvasObject { return s.w.win.Canvas().Overlays().Top() })
	var listed []string
	onUI(func() {
		for _, f := range d.files {
			listed = append(listed, f.Path)
		}
	})
	slices.Sort(onDisk)
	slices.Sort(listed)
	if !slices.Equal(onDisk, listed) {
		t.Errorf("the dialog lists\n%s\nbut the fake home holds\n%s", strings.Join(listed, "\n"), strings.Join(onDisk, "\n"))
	}
	for _, p := range onDisk {
		if !strings.Contains(shown, p) {
			t.Errorf("the dialog does not show the path %s", p)
		}
	}
	wantServers := []string{"filesystem", "github", "sentry", "memory", "postgres", "linear", "playwright", "context7",
		"perplexity", "fetch", "github-remote", "weather", "legacy-remote", "streaming", "old-style", "figma", "time",
		"docs", "team.remote", "api", "local-docs", "workspace-db"}
	var gotServers []string
	onUI(func() {
		for _, r := range d.rows {
			gotServers = append(gotServers, r.imp.Server.Name)
		}
	})
	if !slices.Equal(gotServers, wantServers) {
		t.Errorf("servers listed:\n%v\nwant\n%v", gotServers, wantServers)
	}
	for _, want := range []string{
		"Claude Desktop", "Claude Code", "Cursor", "VS Code", "Cline", "Windsurf", "Codex",
		"npx -y @modelcontextprotocol/server-filesystem /home/alice/Documents /home/alice/Desktop", // command and arguments
		"https://mcp.sentry.dev/mcp",    // a remote entry's URL
		"GITHUB_PERSONAL_ACCESS_TOKEN=", // env names are shown …
		"kept: x-note",                  // … and fields this app does not use
		"asks for: perplexity-key, region",
		"line 3, column 31", // the malformed VS Code profile, with where it breaks
		"✓ already in your list",
		`a different "github" is in your list`,
		"project /nonexistent/mcpbrowser-test/shop",
	} {
		if !strings.Contains(shown, want) {
			t.Errorf("the dialog does not show %q:\n%s", want, shown)
		}
	}
	for _, secret := range []string{"ghp_exampleexampleexample1234", "owm-secret-value-123456", "figma-token-0123456789", "docs-token-value"} {
		if strings.Contains(shown, secret) {
			t.Errorf("the dialog shows the secret %q", secret)
		}
	}
	onUI(func() {
		if r := d.row(t, "playwright"); !r.check.Disabled() || r.importable() {
			t.Error("a server already in the list can be ticked")
		}
		if d.importSelected.Disabled() == false {
			t.Error("Import selected is enabled with nothing ticked")
		}
		d.row(t, "memory").check.SetChecked(true)
		if d.importSelected.Disabled() || d.importSelected.Text != "Import selected (1)" {
			t.Errorf("after ticking one server the button says %q (disabled %v)", d.importSelected.Text, d.importSelected.Disabled())
		}
	})
}

func TestDiscoverImportSelectedWaitsForApproval(t *testing.T) {
	home := t.TempDir()
	writeHomeFile(t, home, ".cursor/mcp.json", map[string]map[string]any{
		"ext":   {"command": demoServerPath},
		"other": {"command": demoServerPath, "args": []string{"--root", t.TempDir()}},
	})
	store := config.NewApprovalStore(t.TempDir())
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{Approvals: store})

	// The empty window offers discovery.
	var find *widget.Button
	onUI(func() { find = findButton(s.w.middle, "Find servers from other apps…") })
	if find == nil {
		t.Fatalf("the empty window does not offer discovery:\n%s", s.text(func() fyne.CanvasObject { return s.w.middle }))
	}
	onUI(func() { test.Tap(find) })
	s.waitFor("the discovery dialog", func() bool { return s.w.clients.discover != nil })
	onUI(func() { s.w.clients.discover.dlg.Hide() })

	d := s.openDiscover(home)
	onUI(func() {
		d.row(t, "ext").check.SetChecked(true)
		test.Tap(d.importSelected)
	})
	s.waitFor("ext to wait for approval", func() bool {
		sess := s.w.manager.Session("ext")
		return sess != nil && sess.Status().Waiting && s.w.selected == "ext"
	})
	s.waitFor("the list to say ext waits", func() bool {
		r, ok := s.w.servers.List.Row("ext")
		return ok && r.Detail() == "stdio · waiting for you"
	})
	onUI(func() {
		if s.w.manager.Session("other") != nil {
			t.Error("a server that was not ticked was imported")
		}
		if s.w.clients.discover != nil {
			t.Error("the discovery dialog stayed open after importing")
		}
	})
	path := filepath.Join(home, ".cursor", "mcp.json")
	middle := s.text(func() fyne.CanvasObject { return s.w.middle })
	origin := s.text(func() fyne.CanvasObject { return s.w.origin.root })
	for _, want := range []string{"ext waits for your approval", demoServerPath, "Approve and start"} {
		if !strings.Contains(middle, want) {
			t.Errorf("the waiting server's page lacks %q:\n%s", want, middle)
		}
	}
	if !strings.Contains(origin, "Imported from Cursor: "+path) {
		t.Errorf("the page does not say where the server came from:\n%s", origin)
	}
	onUI(func() { test.Tap(s.w.servers.Status.Retry) })
	s.waitReady("ext")
	if !strings.Contains(s.text(func() fyne.CanvasObject { return s.w.origin.root }), "Imported from Cursor") {
		t.Error("the origin line went away once the server was ready")
	}

	// Known now: a second look marks it and offers only the other one.
	d = s.openDiscover(home)
	onUI(func() {
		if r := d.row(t, "ext"); !r.imp.Known || r.importable() {
			t.Error("the imported server is not marked as already in the list")
		}
		if n := len(d.importableRows()); n != 1 {
			t.Errorf("%d servers offered by Import all, want 1", n)
		}
	})
}

func TestDiscoverNameClash(t *testing.T) {
	ours := map[string]map[string]any{
		"alpha": {"command": demoServerPath, "disabled": true},
		"beta":  {"command": demoServerPath, "disabled": true},
	}
	theirs := map[string]map[string]any{
		"alpha": {"command": "sh", "args": []string{"-c", "exit 0"}},
		"beta":  {"command": "sh", "args": []string{"-c", "exit 1"}},
	}
	tests := []struct {
		name string
		// answers are given one per question; sameForAll ticks the box on the first.
		answers    []clients.ClashPolicy
		sameForAll bool
		cancel     bool
		// want maps each name in the list afterwards to its command.
		want map[string]string
	}{
		{name: "rename then skip", answers: []clients.ClashPolicy{clients.ClashRename, clients.ClashSkip},
			want: map[string]string{"alpha": demoServerPath, "beta": demoServerPath, "alpha-2": "sh"}},
		{name: "replace once for all", answers: []clients.ClashPolicy{clients.ClashReplace}, sameForAll: true,
			want: map[string]string{"alpha": "sh", "beta": "sh"}},
		{name: "skip then replace", answers: []clients.ClashPolicy{clients.ClashSkip, clients.ClashReplace},
			want: map[string]string{"alpha": demoServerPath, "beta": "sh"}},
		{name: "rename once for all", answers: []clients.ClashPolicy{clients.ClashRename}, sameForAll: true,
			want: map[string]string{"alpha": demoServerPath, "beta": demoServerPath, "alpha-2": "sh", "beta-2": "sh"}},
		{name: "cancel", cancel: true,
			want: map[string]string{"alpha": demoServerPath, "beta": demoServerPath}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			writeHomeFile(t, home, ".config/Claude/claude_desktop_config.json", theirs)
			s := newShellWith(t, ours, mcp.ManagerOptions{Approvals: config.NewApprovalStore(t.TempDir())})
			d := s.openDiscover(home)
			onUI(func() { test.Tap(d.importAll) })
			asked := 0
			for i := 0; ; i++ {
				var q *clashQuestion
				onUI(func() { q = s.w.clients.clash })
				if q == nil {
					break
				}
				asked++
				if tc.cancel {
					var cancel *widget.Button
					onUI(func() { cancel = findButton(s.w.win.Canvas().Overlays().Top(), "Cancel import") })
					if cancel == nil {
						t.Fatal("the clash question has no Cancel import button")
					}
					onUI(func() { test.Tap(cancel) })
					break
				}
				if i >= len(tc.answers) {
					t.Fatalf("asked %d times, expected %d answers", i+1, len(tc.answers))
				}
				onUI(func() {
					if tc.sameForAll {
						q.sameForAll.SetChecked(true)
					}
					q.answer(tc.answers[i])
				})
			}
			if want := max(len(tc.answers), 1); asked != want {
				t.Errorf("asked %d times, want %d", asked, want)
			}
			if !tc.cancel {
				s.waitFor("the import report", func() bool { return strings.HasPrefix(s.w.lastNotice, "Imported") })
			}
			got := map[string]string{}
			s.waitFor("the list to settle", func() bool {
				got = map[string]string{}
				for _, sess := range s.w.manager.Sessions() {
					got[sess.Name()] = sess.Config().Command
				}
				return len(got) == len(tc.want)
			})
			for name, cmd := range tc.want {
				if got[name] != cmd {
					t.Errorf("%s runs %q, want %q (list %v; report %q)", name, got[name], cmd, got, s.w.lastNotice)
				}
			}
			cfg, err := config.Load(s.cfgPath)
			if err != nil {
				t.Fatal(err)
			}
			for name, cmd := range tc.want {
				if sc := cfg.Server(name); sc == nil || sc.Command != cmd {
					t.Errorf("the saved file's %s: %+v, want command %q", name, sc, cmd)
				}
			}
			for name, cmd := range tc.want {
				if cmd != "sh" {
					continue
				}
				s.waitFor(name+" to wait for approval", func() bool {
					sess := s.w.manager.Session(name)
					return sess != nil && sess.Status().Waiting
				})
			}
		})
	}
}

func TestDiscoverShowsMalformedEntriesWithoutImportingThem(t *testing.T) {
	home := t.TempDir()
	writeHomeFile(t, home, ".cursor/mcp.json", map[string]map[string]any{"ok": {"command": demoServerPath}})
	bad := filepath.Join(home, ".codeium", "windsurf", "mcp_config.json")
	if err := os.MkdirAll(filepath.Dir(bad), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("{\n  \"mcpServers\": {\n    \"x\": {\"command\": \"a\",}\n  }\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{Approvals: config.NewApprovalStore(t.TempDir())})
	d := s.openDiscover(home)
	shown := s.text(func() fyne.CanvasObject { return s.w.win.Canvas().Overlays().Top() })
	if !strings.Contains(shown, bad) || !strings.Contains(shown, "could not be read: line") {
		t.Errorf("the malformed file is not shown with where it breaks:\n%s", shown)
	}
	onUI(func() {
		if n := len(d.importableRows()); n != 1 {
			t.Errorf("%d importable servers, want only the good file's", n)
		}
	})
}

// The entry stays as discovery read it: unknown fields are kept in the saved file.
func TestDiscoverImportKeepsUnknownFields(t *testing.T) {
	home := t.TempDir()
	writeHomeFile(t, home, ".config/Claude/claude_desktop_config.json", map[string]map[string]any{
		"x": {"command": demoServerPath, "x-note": map[string]any{"why": "kept"}},
	})
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{Approvals: config.NewApprovalStore(t.TempDir())})
	d := s.openDiscover(home)
	onUI(func() { test.Tap(d.importAll) })
	s.waitFor("x in the list", func() bool { return s.w.manager.Session("x") != nil && s.w.selected == "x" })
	if origin := s.text(func() fyne.CanvasObject { return s.w.origin.root }); !strings.Contains(origin, "does not use: x-note") {
		t.Errorf("the page does not list the unknown field:\n%s", origin)
	}
	data, err := os.ReadFile(s.cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		MCPServers map[string]map[string]json.RawMessage `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	var note map[string]string
	if json.Unmarshal(file.MCPServers["x"]["x-note"], &note) != nil || note["why"] != "kept" {
		t.Errorf("the saved entry lost its unknown field:\n%s", data)
	}
}

func TestFirstRunHintUntilTheServersFileExists(t *testing.T) {
	a := newSerialApp(t)
	path := filepath.Join(t.TempDir(), "servers.json") // not written yet: a first run
	var w *MainWindow
	onUI(func() {
		w = NewMainWindow(a, mcp.NewManager(config.DemoConfig(path, demoServerPath), mcp.ManagerOptions{}), path)
		w.clients.discoverEnv = fakeHomeEnv(t.TempDir())
		w.win.Resize(fyne.NewSize(1400, 900)) // wide enough for the servers column
	})
	t.Cleanup(func() { w.Close() })
	var find *widget.Button
	onUI(func() {
		if findButton(w.servers.List.Root, "Find them…") == nil {
			t.Error("no hint to find servers on a first run")
		}
		find = findButton(w.servers.List.Root, "Find them…")
	})
	if find == nil {
		t.Fatal("the first-run hint has no Find them… button")
	}
	onUI(func() { test.Tap(find) })
	s := &shell{t: t, w: w}
	s.waitFor("the discovery dialog", func() bool { return w.clients.discover != nil && !w.clients.discover.looking })
	onUI(func() {
		if got := w.clients.discover.status.Text; !strings.Contains(got, "No other app's MCP config was found") {
			t.Errorf("an empty home: %q", got)
		}
	})
	if err := os.WriteFile(path, configJSON(t, map[string]map[string]any{}), 0o600); err != nil {
		t.Fatal(err)
	}
	onUI(func() {
		w.servers.List.UpdateButtons(w.selected)
		if findButton(w.servers.List.Root, "Find them…") == nil || strings.Contains(shownText(w.servers.List.Root), "Have servers in") {
			t.Error("once the servers file exists the card should shrink to its Find them… button, not go")
		}
	})
}

func TestDiscoverLooksInAChosenProjectFolder(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	writeHomeFile(t, home, ".cursor/mcp.json", map[string]map[string]any{"user-level": {"command": demoServerPath}})
	writeHomeFile(t, project, ".mcp.json", map[string]map[string]any{"in-project": {"command": demoServerPath}})
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{Approvals: config.NewApprovalStore(t.TempDir())})
	d := s.openDiscover(home)
	names := func() []string {
		var out []string
		for _, r := range d.rows {
			out = append(out, r.imp.Server.Name)
		}
		return out
	}
	onUI(func() {
		if got := names(); !slices.Equal(got, []string{"user-level"}) {
			t.Errorf("before choosing the project: %v", got)
		}
		d.row(t, "user-level").check.SetChecked(true)
		s.w.clients.pickFolder = func(_ fyne.Window, _ string, chosen func(string)) { chosen(project) }
		test.Tap(d.addProject)
	})
	s.waitFor("the second look", func() bool { return !d.looking && len(d.rows) == 2 })
	onUI(func() {
		if got := names(); !slices.Equal(got, []string{"user-level", "in-project"}) {
			t.Errorf("after choosing the project: %v", got)
		}
		if !d.row(t, "user-level").check.Checked {
			t.Error("looking again forgot what was ticked")
		}
		if !strings.Contains(shownText(d.body), "project "+project) {
			t.Errorf("the project file does not say its project:\n%s", shownText(d.body))
		}
	})
}
