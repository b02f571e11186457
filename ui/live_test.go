package ui

import (
	"encoding/json"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/tap"
)

// recordCall writes a finished tapped session of command in which a host
// called tool with args and got answer.
func recordCall(t *testing.T, root string, command []string, tool, args, answer string) {
	t.Helper()
	r := tap.NewRecorder(tap.RecorderOptions{Root: root, Command: command})
	r.Chunk(tap.FromHost, []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"claude-ai","version":"0.1"}}}`+"\n"))
	r.Chunk(tap.FromHost, []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"`+tool+`","arguments":`+args+`}}`+"\n"))
	r.Chunk(tap.FromServer, []byte(`{"jsonrpc":"2.0","id":2,"result":`+answer+`}`+"\n"))
	code := 0
	r.Close(&code)
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestLiveOpenInToolsFillsTheForm: the Live window's "Open in Tools with
// these arguments" on a host's call selects the app's server that runs the
// same command and fills the tool's form with the call's arguments.
func TestLiveOpenInToolsFillsTheForm(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"other": demoEntry(), "demo": {"command": demoServerPath, "args": []string{}}})
	s.waitReady("demo")
	root := t.TempDir()
	recordCall(t, root, []string{demoServerPath}, "add", `{"a":2,"b":3}`, `{"content":[{"type":"text","text":"2 + 3 = 5"}]}`)
	onUI(func() {
		s.w.selectServer("other")
		s.w.live.root = root
		live := s.w.showLive()
		if len(live.Sessions()) != 1 {
			t.Fatalf("the Live window lists %d sessions", len(live.Sessions()))
		}
		live.List.Select(0)
		live.Timeline.List.Select(1) // the tools/call
		test.Tap(live.Timeline.OpenTools)
	})
	s.waitFor("the add tool's form", func() bool { return s.w.currentTool != nil && s.w.currentTool.Name == "add" })
	onUI(func() {
		if s.w.selected != "other" && s.w.selected != "demo" {
			t.Errorf("selected %q", s.w.selected)
		}
		args, errs := s.w.form.Arguments()
		var got map[string]float64
		if len(errs) > 0 || json.Unmarshal(args, &got) != nil || got["a"] != 2 || got["b"] != 3 {
			t.Errorf("the form holds %s %v", args, errs)
		}
		s.w.live.win.Close()
	})
}

func TestKnownServer(t *testing.T) {
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{
		{Name: "files", Type: config.TypeStdio, Command: "npx", Args: []string{"-y", "server-filesystem", "/tmp"}},
		{Name: "remote", Type: config.TypeHTTP, URL: "https://example.com/mcp"},
	}}, mcp.ManagerOptions{})
	defer m.Close()
	tests := []struct {
		name string
		sum  tap.Summary
		want string
	}{
		{"same command", tap.Summary{Meta: tap.Meta{Command: []string{"npx", "-y", "server-filesystem", "/tmp"}}}, "files"},
		{"other arguments", tap.Summary{Meta: tap.Meta{Command: []string{"npx", "-y", "server-filesystem", "/home"}}}, ""},
		{"same address", tap.Summary{Meta: tap.Meta{URL: "https://example.com/mcp"}}, "remote"},
		{"unknown", tap.Summary{Meta: tap.Meta{Command: []string{"node", "x.js"}}}, ""},
	}
	for _, tt := range tests {
		if got := knownServer(m, tt.sum); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
