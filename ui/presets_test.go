package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// folderAnswers replaces the folder chooser with one that gives the next of
// answers each time it is asked ("" stands for Cancel), and counts the asks.
func folderAnswers(s *shell, answers ...string) *int {
	asked := 0
	s.w.clients.pickFolder = func(_ fyne.Window, _ string, chosen func(string)) {
		asked++
		if asked <= len(answers) && answers[asked-1] != "" {
			chosen(answers[asked-1])
		}
	}
	return &asked
}

func TestPresetFilesystemAsksForFolders(t *testing.T) {
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{})
	one, two := t.TempDir(), t.TempDir()
	var asked *int
	onUI(func() {
		asked = folderAnswers(s, one, two)
		s.w.showAddDialog("filesystem")
		d := s.w.clients.params
		if d == nil {
			t.Error("the filesystem preset did not ask for its folders")
			return
		}
		if *asked != 1 {
			t.Errorf("the folder chooser opened %d times on choosing the preset, want once", *asked)
		}
		f := d.folders["folders"]
		if f.chooseBt.Text != "Add another folder…" {
			t.Errorf("after one folder the button says %q", f.chooseBt.Text)
		}
		f.choose()
		if !slices.Equal(f.paths, []string{one, two}) {
			t.Errorf("folders %v, want %v", f.paths, []string{one, two})
		}
		shown := shownText(s.w.win.Canvas().Overlays().Top())
		for _, want := range []string{one, two, "npx -y @modelcontextprotocol/server-filesystem FOLDERS…", "Node.js"} {
			if !strings.Contains(shown, want) {
				t.Errorf("the folder dialog lacks %q:\n%s", want, shown)
			}
		}
		d.ok()
		if s.w.clients.params != nil {
			t.Error("the folder dialog stayed open")
			return
		}
		sc, err := s.w.servers.Editor.Ed.Build()
		if err != nil {
			t.Error(err)
			return
		}
		want := []string{"-y", "@modelcontextprotocol/server-filesystem", one, two}
		if sc.Name != "filesystem" || sc.Command != "npx" || !slices.Equal(sc.Args, want) {
			t.Errorf("the editor holds %s: %s %v, want filesystem: npx %v", sc.Name, sc.Command, sc.Args, want)
		}
		if _, imported := config.ImportedFrom(sc); imported {
			t.Error("a preset entry is marked as imported (it would wait for approval)")
		}
		s.w.servers.Editor.Cancel()
	})
}

func TestPresetRequiredFolderIsRequired(t *testing.T) {
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{})
	onUI(func() {
		folderAnswers(s, "") // the person cancels the chooser
		s.w.showAddDialog("git")
		d := s.w.clients.params
		d.ok()
		if s.w.clients.params == nil || !strings.Contains(d.problem.Text, "repository folder") {
			t.Errorf("continuing without the repository: problem %q", d.problem.Text)
		}
		// Cancelling the preset goes back to a blank entry.
		d.cancel()
		if s.w.servers.Editor == nil || s.w.servers.Editor.Ed.Command.Text != "" {
			t.Error("cancelling the preset did not leave a blank entry")
		}
		s.w.servers.Editor.Cancel()
	})
}

func TestPresetsBuildTheirEntries(t *testing.T) {
	s := newShellWith(t, map[string]map[string]any{
		"memory": {"command": demoServerPath, "disabled": true},
	}, mcp.ManagerOptions{})
	tests := []struct {
		id, name, command string
		args              []string
		fill              func(d *presetParamsDialog)
		env               map[string]string
	}{
		{id: "playwright", name: "playwright", command: "npx", args: []string{"@playwright/mcp@latest"}},
		{id: "everything", name: "everything", command: "npx", args: []string{"-y", "@modelcontextprotocol/server-everything"}},
		{id: "memory", name: "memory-2", command: "npx", args: []string{"-y", "@modelcontextprotocol/server-memory"},
			fill: func(d *presetParamsDialog) { d.texts["file"].SetText("/tmp/memory.json") },
			env:  map[string]string{"MEMORY_FILE_PATH": "/tmp/memory.json"}},
		{id: "time", name: "time", command: "uvx", args: []string{"mcp-server-time", "--local-timezone", "Europe/Paris"},
			fill: func(d *presetParamsDialog) { d.texts["timezone"].SetText("Europe/Paris") }},
		{id: "fetch", name: "fetch", command: "uvx", args: []string{"mcp-server-fetch"}},
		{id: "sequential-thinking", name: "sequential-thinking", command: "npx", args: []string{"-y", "@modelcontextprotocol/server-sequential-thinking"}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			onUI(func() {
				s.w.showAddDialog(tc.id)
				if d := s.w.clients.params; d != nil {
					if tc.fill == nil {
						t.Errorf("%s asked for parameters", tc.id)
						return
					}
					tc.fill(d)
					d.ok()
				}
				sc, err := s.w.servers.Editor.Ed.Build()
				if err != nil {
					t.Error(err)
					return
				}
				if sc.Name != tc.name || sc.Command != tc.command || !slices.Equal(sc.Args, tc.args) {
					t.Errorf("got %s: %s %v, want %s: %s %v", sc.Name, sc.Command, sc.Args, tc.name, tc.command, tc.args)
				}
				for k, v := range tc.env {
					if sc.Env[k] != v {
						t.Errorf("env %s = %q, want %q", k, sc.Env[k], v)
					}
				}
				s.w.servers.Editor.Cancel()
			})
		})
	}
}

func TestPresetMenuListsEveryPreset(t *testing.T) {
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{})
	onUI(func() {
		var sub *fyne.Menu
		for _, m := range s.w.win.MainMenu().Items {
			for _, it := range m.Items {
				if it.Label == "Add from a preset" {
					sub = it.ChildMenu
				}
			}
		}
		if sub == nil {
			t.Error("no Server → Add from a preset")
			return
		}
		var got []string
		for _, it := range sub.Items {
			got = append(got, it.Label)
		}
		for _, p := range config.Presets() {
			if !slices.Contains(got, p.Title+"…") {
				t.Errorf("the preset menu lacks %s: %v", p.Title, got)
			}
		}
		for _, want := range []string{"Playwright…", "Filesystem…", "Memory…", "Everything…"} {
			if !slices.Contains(got, want) {
				t.Errorf("the preset menu lacks %s", want)
			}
		}
	})
}
