package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp/checks"
)

// A check that did not run (its server was not reached, or a destructive
// tool was skipped) has no duration to give, and its message keeps the
// tool's name as written.
func TestCheckDetailOfACheckThatDidNotRun(t *testing.T) {
	a := newSerialApp(t)
	var p *checksPane
	onUI(func() {
		w := test.NewTempWindow(t, nil)
		p = newChecksPane(checksDeps{win: w, prefs: a.Preferences(), GoWork: func(func(context.Context)) {}})
		w.SetContent(p.root)
	})
	c := &checks.Check{Name: "remove", Tool: "delete_file"}
	for _, r := range []checks.Result{
		{Check: c, Server: "demo", Status: checks.StatusSkipped, Message: `delete_file may destroy things and was not run; add "destructive: true" to the check if that is meant`},
		{Check: c, Server: "nowhere", Status: checks.StatusError, Message: `could not connect to "nowhere": the server exited with code 2.`},
	} {
		var shown string
		onUI(func() {
			p.showDetail(r)
			shown = shownText(p.detail)
		})
		if !strings.Contains(shown, "delete_file on "+r.Server+"\n") {
			t.Errorf("the caption of a check that did not run:\n%s", shown)
		}
		if strings.Contains(shown, "Delete_file") {
			t.Errorf("the tool's name was capitalised:\n%s", shown)
		}
	}
}
