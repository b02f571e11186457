package importing

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/adrg/xdg"

	"mcpbrowser/cli"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/ui/widgets"
)

// watchFormats is one app's file of each format the app imports, where
// that app keeps it under a Linux home, each with a server "files" to
// watch beside others, in the shapes people write (comments, CRLF, TOML).
var watchFormats = []struct {
	app, file, text string
}{
	{"claude", ".config/Claude/claude_desktop_config.json", "{\n  \"mcpServers\": {\n    \"other\": {\"command\": \"x\"},\n    \"files\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/tmp\"],\n      \"env\": {\"API_TOKEN\": \"secret\"}\n    }\n  },\n  \"globalShortcut\": \"\"\n}\n"},
	{"claude-code", ".claude.json", `{"numStartups": 3, "mcpServers": {"files": {"type": "stdio", "command": "uvx", "args": ["mcp-server-files"]}}}`},
	{"cursor", ".cursor/mcp.json", `{"mcpServers":{"files":{"args":["a b","c\"d"],"command":"node"}}}`},
	{"vscode", ".config/Code/User/mcp.json", "// my editor's servers\n{\n\t\"servers\": {\n\t\t// the one to watch\n\t\t\"files\": {\n\t\t\t\"type\": \"stdio\",\n\t\t\t\"command\": \"python3\", /* no args */\n\t\t},\n\t},\n\t\"inputs\": [],\n}\n"},
	{"cline", ".cline/data/settings/cline_mcp_settings.json", "{\r\n  \"mcpServers\": {\r\n    \"files\": {\r\n      \"command\": \"docker\",\r\n      \"args\": [\r\n        \"run\", \"-i\"\r\n      ],\r\n      \"disabled\": false\r\n    }\r\n  }\r\n}\r\n"},
	{"windsurf", ".codeium/windsurf/mcp_config.json", `{"mcpServers": {"files": {"command": "/usr/local/bin/server", "args": ["--x=1"]}}}`},
	{"codex", ".codex/config.toml", "model = \"o3\"\n\n[mcp_servers.files]\ncommand = \"npx\" # the launcher\nargs = [\n  \"-y\",\n  \"server-filesystem\", # a comment ]\n]\n\n[profiles.fast]\nmodel = \"o4-mini\"\n"},
}

const watchExe = "/opt/mcpbrowser/bin/mcpbrowser"

// watchShell is the screen with a fake home holding one app's file.
type watchShell struct {
	*fakeShell
	path, dir string
}

func newWatchShell(t *testing.T, file, text string) *watchShell {
	f := newFakeShell(t)
	home := t.TempDir()
	path := filepath.Join(home, file)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f.s.DiscoverEnv = func() (clients.DiscoverEnv, error) { return clients.DiscoverEnv{Home: home, OS: "linux"}, nil }
	dir := filepath.Join(t.TempDir(), "watches")
	f.s.Watch = WatchHooks{Exe: watchExe, Dir: dir}
	f.s.FindServers()
	return &watchShell{fakeShell: f, path: path, dir: dir}
}

// row is the discovery dialog's row of the server "files".
func (w *watchShell) row(t *testing.T) *ImportRow {
	t.Helper()
	for _, r := range w.s.Discover.Rows {
		if r.Imp.Server.Name == "files" && r.Imp.Source.Path == w.path {
			return r
		}
	}
	t.Fatalf("no row for files in %s", w.path)
	return nil
}

// press taps the row's watch button, which must read label, and returns
// the confirmation it opened.
func (w *watchShell) press(t *testing.T, label string) *widgets.ConfirmDialog {
	t.Helper()
	r := w.row(t)
	if r.Watch == nil || !strings.HasPrefix(r.Watch.Text, label) {
		t.Fatalf("the row of files has no %q button (%v)", label, r.Watch)
	}
	test.Tap(r.Watch)
	if w.s.Discover.Confirm == nil {
		t.Fatalf("%s showed no confirmation (problem: %q)", label, w.s.Discover.Problem)
	}
	return w.s.Discover.Confirm
}

func (w *watchShell) read(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(w.path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// cliWatch is what `mcpbrowser watch APP files --file COPY --yes` makes of text.
func cliWatch(t *testing.T, app, text string) []byte {
	t.Helper()
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	xdg.Reload()
	t.Cleanup(xdg.Reload)
	file := filepath.Join(t.TempDir(), "copy")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := cli.Run(context.Background(), []string{"watch", app, "files", "--file", file, "--yes"},
		cli.Env{Stdout: &out, Stderr: &errOut, Executable: watchExe, Version: "test"})
	if code != 0 {
		t.Fatalf("mcpbrowser watch %s files: exit %d: %s", app, code, errOut.String())
	}
	b, _ := os.ReadFile(file)
	return b
}

// TestWatchInAppWritesTheCLIsChangeAndStopRestoresIt: for each format,
// "Watch in ‹app›" opens a confirmation on its safe choice showing the
// change, writes exactly what `mcpbrowser watch` writes, keeps a backup,
// and the row then offers "Stop watching", which puts the file back byte
// for byte.
func TestWatchInAppWritesTheCLIsChangeAndStopRestoresIt(t *testing.T) {
	for _, tc := range watchFormats {
		t.Run(tc.app, func(t *testing.T) {
			want := cliWatch(t, tc.app, tc.text)
			w := newWatchShell(t, tc.file, tc.text)
			confirm := w.press(t, "Watch in")
			if f, ok := w.s.deps.Win.Canvas().Focused().(*widgets.Button); !ok || f.Text != "Cancel" {
				t.Errorf("the confirmation opens with the keyboard on %v, not on Cancel", w.s.deps.Win.Canvas().Focused())
			}
			if change := w.s.Discover.Change; !strings.Contains(change, "+ ") || !strings.Contains(change, watchExe) {
				t.Errorf("the confirmation does not show the new command line:\n%s", change)
			}
			if !bytes.Equal(w.read(t), []byte(tc.text)) {
				t.Fatal("the file changed before the change was confirmed")
			}
			confirm.Confirm()
			if got := w.read(t); !bytes.Equal(got, want) {
				t.Fatalf("the window wrote\n%s\nthe CLI writes\n%s", got, want)
			}
			if backups, _ := filepath.Glob(filepath.Join(w.dir, "*.bak")); len(backups) != 1 {
				t.Errorf("backups %q, want one", backups)
			}
			w.press(t, "Stop watching").Confirm()
			if got := w.read(t); !bytes.Equal(got, []byte(tc.text)) {
				t.Fatalf("Stop watching left\n%q\nwant\n%q", got, tc.text)
			}
			if kept := clients.LoadWatches(w.dir, "", ""); len(kept) != 0 {
				t.Errorf("the watch is still kept after Stop watching: %v", kept)
			}
			if r := w.row(t); r.Watch == nil || !strings.HasPrefix(r.Watch.Text, "Watch in") {
				t.Error("after Stop watching the row does not offer Watch again")
			}
		})
	}
}

// TestWatchWritesNothingWhenTheFileCannotTakeIt: a file edited between the
// preview and the confirmation, a read-only file, and a file gone are
// refused with words that say what to try, and nothing is written or kept.
func TestWatchWritesNothingWhenTheFileCannotTakeIt(t *testing.T) {
	claude := watchFormats[0]
	tests := []struct {
		name   string
		meddle func(path string) error
		says   string
	}{
		{"edited", func(p string) error {
			return os.WriteFile(p, []byte(strings.Replace(claude.text, `"x"`, `"y"`, 1)), 0o644)
		}, "changed after the change was shown"},
		{"read-only", func(p string) error { return os.Chmod(p, 0o444) }, "is read-only"},
		{"gone", os.Remove, "is no longer there"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWatchShell(t, claude.file, claude.text)
			confirm := w.press(t, "Watch in")
			if err := tc.meddle(w.path); err != nil {
				t.Fatal(err)
			}
			before, _ := os.ReadFile(w.path)
			confirm.Confirm()
			after, _ := os.ReadFile(w.path)
			if !bytes.Equal(before, after) {
				t.Errorf("the file was written:\n%s", after)
			}
			if !strings.Contains(w.s.Discover.Problem, tc.says) {
				t.Errorf("it says %q, want %q", w.s.Discover.Problem, tc.says)
			}
			if kept := clients.LoadWatches(w.dir, "", ""); len(kept) != 0 {
				t.Errorf("a watch was kept: %v", kept)
			}
			if backups, _ := filepath.Glob(filepath.Join(w.dir, "*.bak")); len(backups) != 0 {
				t.Errorf("a backup was left: %q", backups)
			}
		})
	}
}

// TestWatchIsNotOfferedForRemoteServers: an app connects to a remote
// server itself, so there is no command to run through the tap.
func TestWatchIsNotOfferedForRemoteServers(t *testing.T) {
	w := newWatchShell(t, ".cursor/mcp.json", `{"mcpServers":{"files":{"url":"https://example.invalid/mcp"}}}`)
	if r := w.row(t); r.Watch != nil {
		t.Errorf("a remote server offers %q", r.Watch.Text)
	}
}

// TestEnterOnTheWatchConfirmationWritesNothing: the confirmation opens on
// Cancel, so Enter right away closes it and leaves the file alone.
func TestEnterOnTheWatchConfirmationWritesNothing(t *testing.T) {
	claude := watchFormats[0]
	w := newWatchShell(t, claude.file, claude.text)
	w.press(t, "Watch in")
	f, ok := w.s.deps.Win.Canvas().Focused().(*widgets.Button)
	if !ok {
		t.Fatalf("the keyboard is on %T, not on a button", w.s.deps.Win.Canvas().Focused())
	}
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if w.s.Discover.Confirm != nil {
		t.Error("Enter left the confirmation open")
	}
	if got := w.read(t); !bytes.Equal(got, []byte(claude.text)) {
		t.Errorf("Enter wrote the file:\n%s", got)
	}
	if kept := clients.LoadWatches(w.dir, "", ""); len(kept) != 0 {
		t.Errorf("Enter kept a watch: %v", kept)
	}
}
