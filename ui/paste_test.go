package ui

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

func TestPasteEachShape(t *testing.T) {
	demo, _ := json.Marshal(demoServerPath)
	tests := []struct {
		name  string
		text  string
		names []string // servers previewed and imported; nil: the server's suggested name
	}{
		{name: "full mcpServers", text: `{"mcpServers": {"p1": {"command": ` + string(demo) + `}, "p2": {"command": ` + string(demo) + `, "args": ["--root", "."]}}}`,
			names: []string{"p1", "p2"}},
		{name: "bare map", text: `"p3": {"command": ` + string(demo) + `},`, names: []string{"p3"}},
		{name: "bare map object", text: `{"p4": {"command": ` + string(demo) + `, "args": []}}`, names: []string{"p4"}},
		{name: "single server", text: `{"command": ` + string(demo) + `, "args": ["--root", "/tmp"]}`},
		{name: "codex toml", text: "[mcp_servers.p5]\ncommand = '" + demoServerPath + "'\nargs = []\n", names: []string{"p5"}},
		{name: "vscode servers", text: `{"servers": {"p6": {"type": "stdio", "command": ` + string(demo) + `}}}`, names: []string{"p6"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.names
			if want == nil {
				parsed, err := clients.ParsePasted(tc.text)
				if err != nil || len(parsed) != 1 {
					t.Fatalf("the core reads %d servers: %v", len(parsed), err)
				}
				want = []string{parsed[0].Server.Name}
			}
			s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{Approvals: config.NewApprovalStore(t.TempDir())})
			onUI(func() {
				s.w.importing.PasteServers()
				d := s.w.importing.Paste
				if d == nil {
					t.Error("no paste dialog")
					return
				}
				if !d.ImportBtn.Disabled() {
					t.Error("Import is enabled before anything was pasted")
				}
				d.Entry.SetText(tc.text)
				var got []string
				for _, r := range d.Rows {
					got = append(got, r.Imp.Server.Name)
				}
				if !slices.Equal(got, want) {
					t.Errorf("preview shows %v, want %v", got, want)
				}
				preview := shownText(d.Preview)
				if !strings.Contains(preview, demoServerPath) {
					t.Errorf("the preview does not show the command:\n%s", preview)
				}
				test.Tap(d.ImportBtn)
			})
			for _, name := range want {
				s.waitFor(name+" to wait for approval", func() bool {
					sess := s.w.manager.Session(name)
					return sess != nil && sess.Status().Waiting
				})
			}
			onUI(func() {
				if s.w.importing.Paste != nil {
					t.Error("the paste dialog stayed open")
				}
				if !strings.Contains(s.w.lastNotice, "from the pasted text") {
					t.Errorf("report: %q", s.w.lastNotice)
				}
			})
			if origin := s.text(func() fyne.CanvasObject { return s.w.origin.Root }); !strings.Contains(origin, "Added from pasted text") {
				t.Errorf("the page does not say the server was pasted:\n%s", origin)
			}
		})
	}
}

func TestPasteShowsWhereTextIsWrong(t *testing.T) {
	s := newShellWith(t, map[string]map[string]any{}, mcp.ManagerOptions{})
	onUI(func() {
		s.w.importing.PasteServers()
		d := s.w.importing.Paste
		d.Entry.SetText("{\n  \"mcpServers\": {\n    \"x\": {\"command\": \"a\"\n")
		if !strings.HasPrefix(d.Status.Text, "Line ") || !d.ImportBtn.Disabled() {
			t.Errorf("status %q, import disabled %v", d.Status.Text, d.ImportBtn.Disabled())
		}
		// Unticking the only server disables Import.
		d.Entry.SetText(`{"x": {"command": "a"}}`)
		if len(d.Rows) != 1 || d.ImportBtn.Disabled() {
			t.Errorf("a good paste: %d rows, import disabled %v", len(d.Rows), d.ImportBtn.Disabled())
			return
		}
		d.Rows[0].Check.SetChecked(false)
		if !d.ImportBtn.Disabled() {
			t.Error("Import is enabled with nothing ticked")
		}
		// Editing the text keeps what was unticked.
		d.Entry.SetText(`{"x": {"command": "a"}, "y": {"command": "b"}}`)
		if d.Rows[0].Check.Checked || !d.Rows[1].Check.Checked {
			t.Error("editing the text forgot which servers were ticked")
		}
	})
}
