package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adrg/xdg"
)

// TestTapMessagesNameTheTap: the tap runs in an app's place, so each of
// its own messages on stderr (which the app's log mixes with the
// servers') starts "mcpbrowser tap:", a program not found included; a
// command run from a terminal keeps "mcpbrowser:".
func TestTapMessagesNameTheTap(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", filepath.Join(t.TempDir(), "state"))
	xdg.Reload()
	t.Cleanup(xdg.Reload)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"program not found", []string{"tap", "--", "no-such-program-mcpbrowser-test"}, 127, "mcpbrowser tap: could not start the server: the program"},
		{"no command", []string{"tap"}, ExitUsage, "mcpbrowser tap: give the server's command after --"},
		{"bad url", []string{"tap", "--url", "ftp://x"}, ExitUsage, "mcpbrowser tap: --url must be"},
		{"another command", []string{"unwatch", "nosuchapp", "x"}, ExitUsage, "mcpbrowser: unknown app"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Run(context.Background(), tc.args, Env{Stdout: &out, Stderr: &errOut, Stdin: strings.NewReader(""), Version: "test"})
			if code != tc.code || !strings.HasPrefix(errOut.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and a line starting %q", code, errOut.String(), tc.code, tc.want)
			}
		})
	}
}
