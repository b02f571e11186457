package tap

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

// TestInspectorCLIAsHost: the official Inspector CLI, a host nobody here
// wrote, starts servers through a built mcpbrowser tap (server-everything,
// server-filesystem, the demo) and gets the same answers as direct; each
// session is recorded with the Inspector's clientInfo. The Inspector is
// pinned in testdata/npm (MCPTAP_INSPECTOR names another); the app is
// built once (MCPTAP_BENCH_BIN names one built already).
func TestInspectorCLIAsHost(t *testing.T) {
	_, here, _, _ := runtime.Caller(0)
	npm := filepath.Join(filepath.Dir(here), "..", "..", "testdata", "npm", "node_modules")
	inspector := os.Getenv("MCPTAP_INSPECTOR")
	if inspector == "" {
		inspector = testservers.Inspector(t)
	}
	bin := os.Getenv("MCPTAP_BENCH_BIN")
	if bin == "" {
		bin = testservers.MCPBrowser.Build(t)
	}
	everything := testservers.Everything(t)
	filesystem := filepath.Join(npm, "@modelcontextprotocol", "server-filesystem", "dist", "index.js")
	cases := []struct {
		name   string
		server []string
		method []string
	}{
		{"demo", []string{bin, "demo-server"}, []string{"--method", "tools/call", "--tool-name", "echo", "--tool-arg", "message=hi"}},
		{"everything", []string{"node", everything}, []string{"--method", "tools/call", "--tool-name", "echo", "--tool-arg", "message=hi"}},
		{"filesystem", []string{"node", filesystem, t.TempDir()}, []string{"--method", "tools/list"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			host := func(server ...string) string {
				// The Inspector passes the server only a few variables
				// (HOME, PATH …): the recording goes under HOME.
				// Its 30 s to connect is too short for node on a busy
				// test machine (it gave up on server-everything, exit 4).
				args := append(append([]string{"--cli", "--connect-timeout", "600000"}, c.method...), "--")
				cmd := exec.Command(inspector, append(args, server...)...)
				cmd.Env = append(os.Environ(), "HOME="+home, "XDG_STATE_HOME=")
				var stderr strings.Builder
				cmd.Stderr = &stderr
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("%v: %v\n%s\n%s", server, err, out, stderr.String())
				}
				return string(out)
			}
			direct := host(c.server...)
			tapped := host(append([]string{bin, "tap", "--name", c.name, "--"}, c.server...)...)
			if direct != tapped {
				t.Errorf("direct and tapped answers differ:\n%s\n%s", direct, tapped)
			}
			if !strings.Contains(tapped, `"`) {
				t.Errorf("no answer through the tap: %q", tapped)
			}
			sessions, err := List(filepath.Join(home, ".local", "state", "mcpbrowser", "taps"))
			if err != nil || len(sessions) != 1 {
				t.Fatalf("sessions %v (%v), want one", sessions, err)
			}
			s := sessions[0]
			if s.State() != "finished" || !strings.Contains(s.HostName(), "inspector") || s.Counts.Requests < 2 {
				t.Errorf("session %s host %q counts %+v", s.State(), s.HostName(), s.Counts)
			}
		})
	}
}
