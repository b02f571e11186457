package ui

import (
	"mcpbrowser/ui/tabs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/uitest"

	"mcpbrowser/mcp/transport"
)

// toolsOnlyServer is a real server process that declares only tools and
// refuses every other request with "method not found", as servers not
// written with an SDK do (the Go SDK answers undeclared lists with empty
// ones). It needs node, which the server-everything tests need too.
const toolsOnlyServer = `
const rl = require('readline').createInterface({input: process.stdin});
rl.on('line', line => {
  let m;
  try { m = JSON.parse(line); } catch { return; }
  if (m.id === undefined) return;
  let out;
  if (m.method === 'initialize') {
    out = {result: {protocolVersion: m.params.protocolVersion, capabilities: {tools: {}}, serverInfo: {name: 'tools-only', version: '1'}}};
  } else if (m.method === 'tools/list') {
    out = {result: {tools: [{name: 'noop', description: 'Does nothing.', inputSchema: {type: 'object'}}]}};
  } else if (m.method === 'ping') {
    out = {result: {}};
  } else {
    out = {error: {code: -32601, message: 'Method not found: ' + m.method}};
  }
  process.stdout.write(JSON.stringify(Object.assign({jsonrpc: '2.0', id: m.id}, out)) + '\n');
});
`

func toolsOnlyEntry(t *testing.T) map[string]any {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	path := filepath.Join(t.TempDir(), "tools-only.js")
	if err := os.WriteFile(path, []byte(toolsOnlyServer), 0o600); err != nil {
		t.Fatal(err)
	}
	return map[string]any{"command": "node", "args": []string{path}}
}

// selectTab brings one of the middle column's tabs to the front, as a click would.
func (s *shell) selectTab(tab func(*tabs.Frame) any) {
	onUI(func() {
		f := s.w.features
		for _, it := range f.Tabs.Items {
			if any(it) == tab(f) {
				f.Tabs.Select(it)
			}
		}
	})
}

func TestUndeclaredFeaturesShowAsAbsentAndTryAnywayShowsTheError(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"plain": toolsOnlyEntry(t)})
	s.pickTool("plain", "noop")

	header := s.text(func() fyne.CanvasObject { return s.w.features.Header })
	if !strings.Contains(header, "not resources, prompts, completions, logging") {
		t.Errorf("the header does not say what is missing:\n%s", header)
	}
	onUI(func() {
		if !headerLevel(t, s.w.features.Header).Disabled() {
			t.Error("the log level can be set on a server without logging")
		}
	})

	cases := []struct {
		name   string
		tab    func(*tabs.Frame) any
		absent func(*tabs.Frame) *tabs.AbsentNotice
		method string
	}{
		{"resources", func(f *tabs.Frame) any { return f.ResourcesItem }, func(f *tabs.Frame) *tabs.AbsentNotice { return f.Resources.Absent }, "resources/list"},
		{"prompts", func(f *tabs.Frame) any { return f.PromptsItem }, func(f *tabs.Frame) *tabs.AbsentNotice { return f.Prompts.Absent }, "prompts/list"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wire := s.w.manager.Session("plain").Wire
			s.selectTab(c.tab)
			var a *tabs.AbsentNotice
			onUI(func() { a = c.absent(s.w.features) })
			shown := s.text(func() fyne.CanvasObject { return a.Root })
			if !strings.Contains(shown, "This server does not offer "+c.name) || !strings.Contains(shown, "Try anyway") {
				t.Fatalf("the %s tab does not show the feature as absent:\n%s", c.name, shown)
			}
			if wireHasMethod(wire, c.method) {
				t.Errorf("%s was sent before the person asked", c.method)
			}
			onUI(func() { test.Tap(a.Try) })
			s.waitFor("the server's answer", func() bool { return a.Try.Visible() && !a.Try.Disabled() && a.Result.Text != "" })
			got := s.text(func() fyne.CanvasObject { return a.Result })
			for _, want := range []string{"-32601", "Method not found: " + c.method, "does not declare"} {
				if !strings.Contains(got, want) {
					t.Errorf("Try anyway shows %q, want it to contain %q", got, want)
				}
			}
			if !wireHasMethod(wire, c.method) {
				t.Errorf("Try anyway did not send %s", c.method)
			}
		})
	}

	// Ping works on any server.
	onUI(func() { test.Tap(uitest.AppButton(t, s.w.features.Header, "Ping")) })
	s.waitFor("the ping's answer", func() bool {
		return strings.Contains(shownText(s.w.features.Header), "the server answered in")
	})
}

// headerLevel is the server header's log level select, found in its tree.
func headerLevel(t *testing.T, header fyne.CanvasObject) *widget.Select {
	t.Helper()
	selects := uitest.FindAll[*widget.Select](header)
	if len(selects) != 1 {
		t.Fatalf("the server header has %d selects, want the log level's", len(selects))
	}
	return selects[0]
}

func wireHasMethod(w *transport.WireLog, method string) bool {
	entries, _ := w.Since(0)
	for _, e := range entries {
		if e.Dir == transport.Sent && e.Method == method {
			return true
		}
	}
	return false
}

func TestLogLevelIsSentToTheServer(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	h := s.w.features.Header
	onUI(func() {
		level := headerLevel(t, h)
		if level.Disabled() {
			t.Fatal("the demo server declares logging, but the level cannot be set")
		}
		level.SetSelected("warning")
	})
	s.waitFor("the server to accept the level", func() bool {
		return strings.Contains(shownText(h), "The server sends log messages at warning and above")
	})
	entries, _ := s.w.manager.Session("demo").Wire.Since(0)
	found := false
	for _, e := range entries {
		if e.Method == "logging/setLevel" && strings.Contains(string(e.JSON), `"warning"`) {
			found = true
		}
	}
	if !found {
		t.Error("logging/setLevel with warning is not in the wire log")
	}
}
