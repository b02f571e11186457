package view

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
)

// TestWatchProblem: each reason a watch wrote nothing is said in plain
// words in both languages, naming the file (or the backups' folder) and
// what to try, never as the Go error's text.
func TestWatchProblem(t *testing.T) {
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	const file, dir = "/home/me/.cursor/mcp.json", "/home/me/.local/state/mcpbrowser/watches"
	tests := []struct {
		name   string
		err    error
		en, zh string
	}{
		{"changed", clients.ErrFileChanged, "Choose Watch again", "再次选择"},
		{"read-only", fmt.Errorf("saving: %w", clients.ErrReadOnly), "Make it writable", "只读"},
		{"gone", clients.ErrFileGone, "no longer there", "已不存在"},
		{"entry changed", clients.ErrEntryChanged, dir, "手动恢复"},
		{"server gone", clients.ErrNoSuchServer, "no longer in " + file, "已没有这个服务器"},
		{"remote", clients.ErrRemoteServer, "mcpbrowser tap --url", "mcpbrowser tap --url"},
		{"backup", &clients.BackupError{Dir: dir, Err: &fs.PathError{Op: "open", Path: dir, Err: fs.ErrPermission}}, "Could not keep a backup in " + dir, "备份"},
		{"permission", &fs.PathError{Op: "open", Path: file, Err: fs.ErrPermission}, "No permission to write " + file, "权限"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			i18n.Setup(i18n.English)
			if got := WatchProblem(tc.err, file, dir); !strings.Contains(got, tc.en) || strings.Contains(got, tc.err.Error()) {
				t.Errorf("says %q, want it with %q and without the error's text", got, tc.en)
			}
			i18n.Setup(i18n.SimplifiedChinese)
			if got := WatchProblem(tc.err, file, dir); !strings.Contains(got, tc.zh) {
				t.Errorf("in Chinese says %q, want it with %q", got, tc.zh)
			}
		})
	}
}
