package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

func TestExportShowsEachFormatAndCopies(t *testing.T) {
	s := newShellWith(t, map[string]map[string]any{
		"demo":   {"command": demoServerPath, "args": []string{"--root", "/tmp/x"}, "env": map[string]any{"API_KEY": "${input:key}"}, "disabled": true},
		"remote": {"type": "sse", "url": "http://127.0.0.1:1/sse", "disabled": true},
	}, mcp.ManagerOptions{})
	var servers []*config.ServerConfig
	onUI(func() {
		servers = s.w.configSnapshot().Servers
		s.w.exportAllServers()
	})
	for _, f := range config.Formats() {
		t.Run(string(f), func(t *testing.T) {
			want, err := clients.Export(servers, f)
			if err != nil {
				t.Fatal(err)
			}
			onUI(func() {
				d := s.w.clients.export
				if d == nil {
					t.Error("no export dialog")
					return
				}
				d.format.SetSelected(f.Title())
				if d.snippet.Text != string(want) {
					t.Errorf("the snippet is\n%s\nwant\n%s", d.snippet.Text, want)
				}
				notes := shownText(d.notes)
				for _, n := range clients.ExportNotes(servers, f) {
					if !strings.Contains(notes, n.String()) {
						t.Errorf("the note %q is not shown:\n%s", n, notes)
					}
				}
				if f == config.FormatClaudeDesktop && notes == "" {
					t.Error("no note that Claude Desktop cannot start the remote server")
				}
				if !d.snippet.TextStyle.Monospace {
					t.Error("the snippet is not monospace")
				}
				test.Tap(d.copyBtn)
				if got := s.app.Clipboard().Content(); got != string(want) {
					t.Errorf("the clipboard holds\n%s\nwant\n%s", got, want)
				}
				if d.status.Text != "Copied to the clipboard." {
					t.Errorf("after Copy the dialog says %q", d.status.Text)
				}
			})
		})
	}
	onUI(func() { s.w.clients.export.dlg.Hide() })

	// The selected server alone, through the server's own action.
	onUI(func() {
		s.w.SelectServer("remote")
		s.w.exportSelectedServer()
		d := s.w.clients.export
		if d == nil || len(d.servers) != 1 || d.servers[0].Name != "remote" {
			t.Errorf("exporting the selected server: %+v", d)
			return
		}
		d.format.SetSelected(config.FormatCursor.Title())
		if !strings.Contains(d.snippet.Text, "http://127.0.0.1:1/sse") || strings.Contains(d.snippet.Text, demoServerPath) {
			t.Errorf("the selected server's snippet:\n%s", d.snippet.Text)
		}
		if title := shownText(s.w.win.Canvas().Overlays().Top()); !strings.Contains(title, "Export remote") {
			t.Errorf("the dialog is not titled for the server:\n%s", title)
		}
	})
}

func TestExportRemembersTheFormat(t *testing.T) {
	s := newShellWith(t, map[string]map[string]any{"demo": {"command": demoServerPath, "disabled": true}}, mcp.ManagerOptions{})
	onUI(func() {
		s.w.exportAllServers()
		s.w.clients.export.format.SetSelected(config.FormatCodex.Title())
		s.w.clients.export.dlg.Hide()
		s.w.exportAllServers()
		d := s.w.clients.export
		if d.current != config.FormatCodex || !strings.Contains(d.snippet.Text, "[mcp_servers.demo]") {
			t.Errorf("the second export opened on %s:\n%s", d.current, d.snippet.Text)
		}
	})
}

func TestWriteExport(t *testing.T) {
	dir := t.TempDir()
	for _, text := range []string{"{\"mcpServers\": {}}", "[mcp_servers.x]\ncommand = \"y\"\n"} {
		path := filepath.Join(dir, "out")
		if err := writeExport(path, text); err != nil {
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
	if err := writeExport(filepath.Join(dir, "out", "x.json"), "{}"); err == nil || !strings.Contains(err.Error(), "out") {
		t.Errorf("writing under a file: %v", err)
	}
}

func TestSecretsNote(t *testing.T) {
	tests := []struct {
		name    string
		servers []*config.ServerConfig
		want    string // "" for no note
	}{
		{name: "no env", servers: []*config.ServerConfig{{Name: "a", Command: "x"}}},
		{name: "plain values", servers: []*config.ServerConfig{{Name: "a", Env: map[string]string{"DEBUG": "1"}}}},
		{name: "placeholders", servers: []*config.ServerConfig{{Name: "a", Env: map[string]string{"API_KEY": "${env:API_KEY}"},
			Headers: map[string]string{"Authorization": "Bearer ${input:tok}"}}}},
		{name: "env and header secrets", servers: []*config.ServerConfig{
			{Name: "a", Env: map[string]string{"GITHUB_TOKEN": "ghp_1", "DEBUG": "1"}},
			{Name: "b", Headers: map[string]string{"Authorization": "Bearer abc"}},
		}, want: "(a: GITHUB_TOKEN; b: Authorization)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := secretsNote(tc.servers)
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("note %q, want one with %q", got, tc.want)
			}
		})
	}
}
