package quality

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/uitest"

	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/say"
)

// A check that did not run (its server was not reached, or a destructive
// tool was skipped) has no duration to give, and its message keeps the
// tool's name as written.
func TestCheckDetailOfACheckThatDidNotRun(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	p := NewChecks(ChecksDeps{Win: w, Prefs: a.Preferences(), GoWork: func(func(context.Context)) {}})
	w.SetContent(p.Root)
	c := &checks.Check{Name: "remove", Tool: "delete_file"}
	for _, r := range []checks.Result{
		{Check: c, Server: "demo", Status: checks.StatusSkipped, Message: say.New(`{{.Tool}} may destroy things and was not run; add "destructive: true" to the check if that is meant`, say.Args{"Tool": "delete_file"})},
		{Check: c, Server: "nowhere", Status: checks.StatusError, Message: say.New("could not connect to {{.Name}}: {{.Reason}}", say.Args{"Name": `"nowhere"`, "Reason": say.New("the server exited with code {{.Code}}.", say.Args{"Code": 2})})},
	} {
		p.showDetail(r)
		shown := uitest.ShownText(p.Detail)
		if !strings.Contains(shown, "delete_file on "+r.Server+"\n") {
			t.Errorf("the caption of a check that did not run:\n%s", shown)
		}
		if strings.Contains(shown, "Delete_file") {
			t.Errorf("the tool's name was capitalised:\n%s", shown)
		}
	}
}
