package ui

import (
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
		servers = configSnapshot(s.w.manager).Servers
		s.w.importing.ExportAll()
	})
	for _, f := range config.Formats() {
		t.Run(string(f), func(t *testing.T) {
			want, err := clients.Export(servers, f)
			if err != nil {
				t.Fatal(err)
			}
			onUI(func() {
				d := s.w.importing.Export
				if d == nil {
					t.Error("no export dialog")
					return
				}
				d.Format.SetSelected(f.Title())
				if d.Snippet.Text != string(want) {
					t.Errorf("the snippet is\n%s\nwant\n%s", d.Snippet.Text, want)
				}
				notes := shownText(d.Notes)
				for _, n := range clients.ExportNotes(servers, f) {
					if !strings.Contains(notes, n.String()) {
						t.Errorf("the note %q is not shown:\n%s", n, notes)
					}
				}
				if f == config.FormatClaudeDesktop && notes == "" {
					t.Error("no note that Claude Desktop cannot start the remote server")
				}
				if !d.Snippet.TextStyle.Monospace {
					t.Error("the snippet is not monospace")
				}
				test.Tap(d.CopyBtn)
				if got := s.app.Clipboard().Content(); got != string(want) {
					t.Errorf("the clipboard holds\n%s\nwant\n%s", got, want)
				}
				if d.Status.Text != "Copied to the clipboard." {
					t.Errorf("after Copy the dialog says %q", d.Status.Text)
				}
			})
		})
	}
	onUI(func() { s.w.importing.Export.Hide() })

	// The selected server alone, through the server's own action.
	onUI(func() {
		s.w.SelectServer("remote")
		s.w.importing.ExportSelected()
		d := s.w.importing.Export
		if d == nil || len(d.Servers) != 1 || d.Servers[0].Name != "remote" {
			t.Errorf("exporting the selected server: %+v", d)
			return
		}
		d.Format.SetSelected(config.FormatCursor.Title())
		if !strings.Contains(d.Snippet.Text, "http://127.0.0.1:1/sse") || strings.Contains(d.Snippet.Text, demoServerPath) {
			t.Errorf("the selected server's snippet:\n%s", d.Snippet.Text)
		}
		if title := shownText(s.w.win.Canvas().Overlays().Top()); !strings.Contains(title, "Export remote") {
			t.Errorf("the dialog is not titled for the server:\n%s", title)
		}
	})
}

func TestExportRemembersTheFormat(t *testing.T) {
	s := newShellWith(t, map[string]map[string]any{"demo": {"command": demoServerPath, "disabled": true}}, mcp.ManagerOptions{})
	onUI(func() {
		s.w.importing.ExportAll()
		s.w.importing.Export.Format.SetSelected(config.FormatCodex.Title())
		s.w.importing.Export.Hide()
		s.w.importing.ExportAll()
		d := s.w.importing.Export
		if d.Current != config.FormatCodex || !strings.Contains(d.Snippet.Text, "[mcp_servers.demo]") {
			t.Errorf("the second export opened on %s:\n%s", d.Current, d.Snippet.Text)
		}
	})
}
