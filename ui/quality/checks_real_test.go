package quality

import (
	"context"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/i18n/i18ntest"
	"mcpbrowser/internal/testservers"
	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp/checks"
)

// The Checks tab's detail of real checks — run by the runner through the
// tab's own connect, against real servers: one passes, one fails, the tool
// reports an error, the server exits as it starts, its program is not
// found — has no English left in Chinese besides the values its messages
// carry (names, numbers, what a server wrote, the PATH searched).
func TestCheckDetailOfRealChecksHasNoEnglishInChinese(t *testing.T) {
	demo, err := testservers.Demo.Path()
	if err != nil {
		t.Fatal(err)
	}
	f, err := checks.Parse([]byte(`
name: real
servers:
  demo: {command: "` + demo + `"}
  exits: {command: sh, args: ["-c", "echo boom >&2; exit 3"]}
  missing: {command: no-such-program-mcpbrowser-test}
checks:
  - {name: passes, server: demo, tool: add, arguments: {a: 1, b: 1}}
  - {name: fails, server: demo, tool: add, arguments: {a: 1, b: 1}, expect: {json: [{path: sum, equals: 3}], text: {contains: bye}}}
  - {name: tool error, server: demo, tool: fail, arguments: {kind: tool_error}}
  - {name: exits, server: exits, tool: add}
  - {name: not found, server: missing, tool: add}
`))
	if err != nil {
		t.Fatal(err)
	}
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	p := NewChecks(ChecksDeps{Win: w, Prefs: a.Preferences(), GoWork: func(func(context.Context)) {}})
	w.SetContent(p.Root)
	temp := &tempServers{}
	defer temp.close()
	rn := &checks.Runner{Connect: func(ctx context.Context, name string, spec checks.ServerSpec) (checks.Target, error) {
		return p.connect(ctx, temp, name, spec)
	}}
	rep := rn.Run(context.Background(), f)

	statuses := []string{checks.StatusPassed, checks.StatusFailed, checks.StatusFailed, checks.StatusError, checks.StatusError}
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	for i, r := range rep.Results {
		t.Run(r.Check.Name, func(t *testing.T) {
			if r.Status != statuses[i] {
				t.Fatalf("status %s, want %s: %v %v", r.Status, statuses[i], r.Message, r.Failures)
			}
			p.showDetail(r)
			shown := uitest.ShownText(p.Detail)
			values := i18ntest.Values(r.Message, "Outcome")
			for _, f := range r.Failures {
				values = append(values, i18ntest.Values(f.Expected, "Outcome")...)
				values = append(values, i18ntest.Values(f.Actual, "Outcome")...)
				values = append(values, f.Path)
			}
			if r.Observed != nil {
				values = append(values, r.Observed.Stderr...)
			}
			values = append(values, r.Check.Name, r.Server, r.Check.Tool)
			values = append(values, i18ntest.KeptWords...)
			if left := i18ntest.WithoutValues(shown, values...); i18n.HasLatinLetter(left) {
				t.Errorf("English left in\n%s\n(without the values: %q)", shown, left)
			}
		})
	}
}
