package ui

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// basicAppEntry is the pinned example MCP App server as a servers-file entry.
func basicAppEntry(t *testing.T) map[string]any {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	p := filepath.Join(filepath.Dir(here), "..", "testdata", "npm", "node_modules", "@modelcontextprotocol", "server-basic-vanillajs", "dist", "index.js")
	_, statErr := os.Stat(p)
	_, nodeErr := exec.LookPath("node")
	if statErr != nil || nodeErr != nil {
		if os.Getenv("MCPBROWSER_REQUIRE_PEERS") != "" {
			t.Fatalf("server-basic-vanillajs is not installed (%v, %v)", statErr, nodeErr)
		}
		t.Skip("server-basic-vanillajs not installed; scripts/test.sh installs it")
	}
	return map[string]any{"command": "node", "args": []string{p, "--stdio"}}
}

func status(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestOpenAppFromTheWindow(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"basic": basicAppEntry(t), "demo": demoEntry()})
	opened := make(chan string, 4)
	onUI(func() {
		s.w.apps.OpenURL = func(_ context.Context, url string) error { opened <- url; return nil }
	})
	s.pickTool("basic", "get-time")
	if got := s.text(func() fyne.CanvasObject { return s.w.apps.Root }); !strings.Contains(got, "MCP App ui://get-time/mcp-app.html") {
		t.Fatalf("the app strip shows:\n%s", got)
	}
	if r := s.run("{}"); !r.OK() {
		t.Fatalf("get-time: %s", r.Message)
	}
	var btn string
	onUI(func() { btn = s.w.apps.OpenBtn.Text })
	if btn != "Open app with the result" {
		t.Errorf("the open button says %q after a call", btn)
	}
	onUI(func() { test.Tap(s.w.apps.OpenBtn) })
	url := <-opened
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("opened %q", url)
	}
	if got := status(t, url); got != 200 {
		t.Fatalf("the app's page: %d", got)
	}
	s.waitFor("the address and Close app", func() bool {
		return s.w.apps.Address.Visible() && s.w.apps.CloseBtn.Visible() && s.w.apps.Address.Text == url
	})
	onUI(func() { test.Tap(s.w.apps.CloseBtn) })
	s.waitFor("the strip without the closed app", func() bool { return !s.w.apps.CloseBtn.Visible() })
	// Each app has its own listener: closing the app closes it.
	if resp, err := http.Get(url); err == nil {
		resp.Body.Close()
		t.Errorf("the closed app's page still answers: %d", resp.StatusCode)
	}

	// Stopping the server ends its app too.
	onUI(func() { test.Tap(s.w.apps.OpenBtn) })
	url = <-opened
	s.waitFor("the app open again", func() bool { return s.w.apps.CloseBtn.Visible() })
	s.w.manager.Session("basic").Close()
	s.waitFor("the app closed with its server", func() bool { return !s.w.apps.CloseBtn.Visible() })
	if _, err := http.Get(url); err == nil {
		t.Error("the app's listener outlived its server")
	}

	// A tool without an app shows no strip.
	s.pickTool("demo", "add")
	onUI(func() {
		if s.w.apps.Root.Visible() {
			t.Error("the app strip shows for a tool without an app")
		}
	})
}
