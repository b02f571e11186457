//go:build windows

package transport

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
)

// These tests run on Windows only: finding `npx`, `uvx` and the like, which
// Node.js and uv install as npx.cmd (beside an extensionless shell script for
// Git Bash and an npx.ps1), and starting such a launcher as a server.

// writeFiles creates empty files, named relative to dir.
func writeFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("@echo off\r\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSearchPathFindsLaunchersThroughPATHEXT(t *testing.T) {
	tests := []struct {
		name    string
		files   []string // relative to a temp dir; a/ and b/ are the PATH
		pathext string   // "" leaves PATHEXT out of the environment
		command string
		want    string // relative to the temp dir; "" = not found
	}{
		{"npx.cmd with the default PATHEXT", []string{"a/npx.cmd"}, "", "npx", "a/npx.cmd"},
		{"npx.cmd with PATHEXT set", []string{"a/npx.cmd"}, ".COM;.EXE;.BAT;.CMD;.VBS;.JS", "npx", "a/npx.cmd"},
		{"lower-case PATHEXT", []string{"a/npx.cmd"}, ".com;.exe;.bat;.cmd", "npx", "a/npx.cmd"},
		{"Node.js layout: npx, npx.cmd and npx.ps1 side by side", []string{"a/npx", "a/npx.cmd", "a/npx.ps1"}, "", "npx", "a/npx.cmd"},
		{"PATHEXT order: .EXE before .CMD", []string{"a/uvx.cmd", "a/uvx.exe"}, ".COM;.EXE;.BAT;.CMD", "uvx", "a/uvx.exe"},
		{"PATH order before PATHEXT order", []string{"a/npx.cmd", "b/npx.exe"}, "", "npx", "a/npx.cmd"},
		{"found in the second PATH entry", []string{"b/npx.cmd"}, "", "npx", "b/npx.cmd"},
		{"the extension given: searched as is", []string{"a/npx.cmd"}, "", "npx.cmd", "a/npx.cmd"},
		{"an extension PATHEXT lacks", []string{"a/npx.cmd"}, ".COM;.EXE", "npx", ""},
		{"a folder named like the command is not it", []string{"a/npx.cmd/inside"}, "", "npx", ""},
		{"not there at all", []string{"a/node.exe"}, "", "npx", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tc.files...)
			path := strings.Join([]string{"", filepath.Join(dir, "a"), filepath.Join(dir, "b"), ""}, ";")
			env := []string{"SystemRoot=" + os.Getenv("SystemRoot")}
			if tc.pathext != "" {
				env = append(env, "PATHEXT="+tc.pathext)
			}
			got, ok := searchPath(tc.command, path, env)
			if tc.want == "" {
				if ok {
					t.Errorf("searchPath(%q) = %q, want not found", tc.command, got)
				}
				return
			}
			want := filepath.Join(dir, filepath.FromSlash(tc.want))
			if !ok || !strings.EqualFold(got, want) {
				t.Errorf("searchPath(%q) = %q, %v; want %q", tc.command, got, ok, want)
			}
		})
	}
}

// TestLookPathReadsPathWhateverItsCase: Windows spells the variable "Path",
// and environment names are case-insensitive there.
func TestLookPathReadsPathWhateverItsCase(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, "npx.cmd")
	for _, name := range []string{"PATH", "Path", "path"} {
		t.Run(name, func(t *testing.T) {
			r := &PathResolver{loginShellPath: func() string { return "" }}
			exe, used, err := r.lookPath("npx", "", []string{name + "=" + dir, "PATHEXT=.EXE;.CMD"})
			if err != nil || !strings.EqualFold(exe, filepath.Join(dir, "npx.cmd")) || used != dir {
				t.Errorf("lookPath(npx) with %s=%s = %q, %q, %v; want npx.cmd found there", name, dir, exe, used, err)
			}
		})
	}
}

// TestLookPathNotFoundSaysWhere: the error a person sees names the PATH that
// was searched, so they can tell why npx was not found.
func TestLookPathNotFoundSaysWhere(t *testing.T) {
	dir := t.TempDir()
	r := &PathResolver{loginShellPath: askLoginShellPath}
	_, used, err := r.lookPath("npx", "", []string{"Path=" + dir})
	if !errors.Is(err, errNotFound) {
		t.Fatalf("lookPath(npx) error = %v, want errNotFound", err)
	}
	if used != dir {
		t.Errorf("the PATH reported as searched is %q, want %q", used, dir)
	}
	if got := askLoginShellPath(); got != "" {
		t.Errorf("askLoginShellPath() = %q on Windows, where there is no login shell to ask", got)
	}
}

// TestStartStdioRunsACmdLauncher starts a server the way `npx` is started on
// Windows: a .cmd file on the PATH, named without its extension, that runs
// the real program. The session must work, and Stop must end the program
// the launcher started, not just cmd.exe.
func TestStartStdioRunsACmdLauncher(t *testing.T) {
	exe := testservers.Build(t)
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "server.pid")
	launcher := "@\"" + exe + "\" %*\r\n"
	if err := os.WriteFile(filepath.Join(dir, "fake-npx.cmd"), []byte(launcher), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := &config.ServerConfig{
		Command: "fake-npx",
		Args:    []string{"-mode", testservers.ModeEcho, "-pidfile", pidFile},
		Env:     map[string]string{"PATH": dir + ";" + os.Getenv("PATH")},
	}
	log := NewServerLog(nil)
	p, err := StartStdio(cfg, NewPathResolver(), log, NewWireLog(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	ctx := winTestContext(t)

	client := sdk.NewClient(&sdk.Implementation{Name: "windows-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, p.Transport, nil) // the SDK's newest protocol version
	if err != nil {
		t.Fatalf("connecting through fake-npx.cmd: %v; server log: %v", err, log.Tail(20))
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "echo", Arguments: map[string]any{"message": "through cmd.exe"}})
	if err != nil || res.IsError {
		t.Fatalf("echo through fake-npx.cmd: %v %+v", err, res)
	}
	server, err := testservers.WaitPIDFile(ctx, pidFile)
	if err != nil {
		t.Fatal(err)
	}
	if server == p.Pid() {
		t.Logf("the .cmd ran the program directly (pid %d)", server)
	}
	p.Stop()
	if err := testservers.WaitProcessGone(ctx, server); err != nil {
		t.Errorf("the program started by the launcher outlived Stop: %v", err)
	}
}
