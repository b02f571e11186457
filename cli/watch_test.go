package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adrg/xdg"
)

// TestWatchAndUnwatch: watch shows the change and writes nothing without
// --yes; with it the app's entry runs through the tap; unwatch puts the
// file back byte for byte. taps --json lists no session yet.
func TestWatchAndUnwatch(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "state"))
	xdg.Reload()
	t.Cleanup(xdg.Reload)
	file := filepath.Join(home, ".config", "Claude", "claude_desktop_config.json")
	original := "{\n  \"mcpServers\": {\n    \"files\": { \"command\": \"npx\", \"args\": [\"-y\", \"server-filesystem\"] }\n  }\n}\n"
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(original), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := Run(context.Background(), args, Env{Stdout: &out, Stderr: &errOut, Executable: "/usr/bin/mcpbrowser", Version: "test"})
		return out.String(), errOut.String(), code
	}
	read := func() string { b, _ := os.ReadFile(file); return string(b) }

	out, errOut, code := run("watch", "claude", "files")
	if code != 0 || !strings.Contains(out, `+ { "command": "/usr/bin/mcpbrowser", "args": ["tap", "--name", "files", "--", "npx", "-y", "server-filesystem"] }`) {
		t.Fatalf("dry run: code %d\n%s\n%s", code, out, errOut)
	}
	if read() != original {
		t.Fatal("watch without --yes changed the file")
	}
	if _, errOut, code := run("watch", "claude", "files", "--yes"); code != 0 {
		t.Fatalf("watch --yes: %d %s", code, errOut)
	}
	if !strings.Contains(read(), `"tap", "--name", "files", "--", "npx"`) {
		t.Fatalf("not watched:\n%s", read())
	}
	if _, _, code := run("watch", "claude", "files", "--yes"); code != ExitUsage {
		t.Errorf("watching twice exits %d, want %d", code, ExitUsage)
	}
	if _, errOut, code := run("unwatch", "claude", "files", "--yes"); code != 0 {
		t.Fatalf("unwatch --yes: %d %s", code, errOut)
	}
	if read() != original {
		t.Errorf("unwatch did not restore the file:\n%s", read())
	}
	if _, _, code := run("unwatch", "claude", "files"); code != ExitUsage {
		t.Errorf("unwatching a server not watched exits %d, want %d", code, ExitUsage)
	}
	out, _, code = run("taps", "--json")
	var list []any
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != 0 {
		t.Errorf("taps --json = %d %q, want an empty list", code, out)
	}
}
