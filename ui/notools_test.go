package ui

import (
	"runtime"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/testservers"
)

// TestNoToolsNoticeReplacesTheForm: a server that connects but fails to list
// its tools shows why, with a way to ask again, instead of an empty form
// whose Run button would call nothing; a server with tools gets its form
// back.
func TestNoToolsNoticeReplacesTheForm(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses a POSIX shell server")
	}
	s := newShell(t, map[string]map[string]any{
		"demo":      demoEntry(),
		"listfails": {"command": "sh", "args": []string{"-c", testservers.ListFailsScript}},
	})
	s.waitReady("demo")
	onUI(func() { s.w.SelectServer("listfails") })
	s.waitFor("the notice that listing failed", func() bool {
		return s.w.noTools.Root.Visible() && strings.Contains(s.w.noTools.Text.Text, "database is down")
	})
	onUI(func() {
		if s.w.detail.Visible() {
			t.Error("the form and its Run button show beside the notice")
		}
		if !s.w.noTools.Retry.Visible() {
			t.Error("no way to list the tools again")
		}
		if b := s.w.quality.Button.Text; b != lang.L("Quality report") {
			t.Errorf("the quality badge says %q with no tool list, want no count", b)
		}
		test.Tap(s.w.noTools.Retry)
	})
	// Asking again fails again and says so; the button comes back.
	s.waitFor("the button back after a second failure", func() bool {
		return !s.w.noTools.Retry.Disabled() && s.w.noTools.Root.Visible()
	})
	s.pickTool("demo", "add")
	onUI(func() {
		if s.w.noTools.Root.Visible() || !s.w.detail.Visible() {
			t.Error("the demo's form is still covered by the notice")
		}
	})
}
