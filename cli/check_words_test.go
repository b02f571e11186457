package cli

import (
	"bytes"
	"context"
	"testing"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/i18n/i18ntest"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/config"
)

// realChecks is a check file of each way a check ends: it passes, it fails,
// the tool reports an error, the server exits as it starts, the server's
// program is not found.
const realChecks = `
name: real
servers:
  exits: {command: sh, args: ["-c", "echo boom >&2; exit 3"]}
  missing: {command: no-such-program-mcpbrowser-test}
checks:
  - {name: passes, server: demo, tool: add, arguments: {a: 1, b: 1}}
  - {name: fails, server: demo, tool: add, arguments: {a: 1, b: 1}, expect: {json: [{path: sum, equals: 3}], text: {contains: bye}}}
  - {name: tool error, server: demo, tool: fail, arguments: {kind: tool_error}}
  - {name: exits, server: exits, tool: add}
  - {name: not found, server: missing, tool: add}
`

// What `mcpbrowser check` says of real checks, run by the runner against
// real servers, has no English left in Chinese besides the values its
// messages carry (names, numbers, what a server wrote, the PATH searched):
// a core message reworded without its Chinese fails here, as would one
// that reaches the summary as text.
func TestCheckSummaryOfRealChecksHasNoEnglishInChinese(t *testing.T) {
	f, err := checks.Parse([]byte(realChecks))
	if err != nil {
		t.Fatal(err)
	}
	resolved, err := checks.Resolve(f, func(name string) *config.ServerConfig {
		if name == "demo" {
			return checks.ServerSpec{Command: demoBinary}.Config(name)
		}
		return nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config.Config{}
	for _, sc := range resolved {
		cfg.Servers = append(cfg.Servers, sc)
	}
	m := mcp.NewManager(cfg, mcp.ManagerOptions{})
	defer m.Close()
	rep := (&checks.Runner{Connect: managerConnect(m)}).Run(context.Background(), f)

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
			var zh bytes.Buffer
			one := &checks.Report{File: f, Results: []checks.Result{r}}
			if err := checks.WriteSummaryIn(&zh, []*checks.Report{one}, i18n.CheckWords{}); err != nil {
				t.Fatal(err)
			}
			if left := i18ntest.WithoutValues(zh.String(), resultValues(r)...); i18n.HasLatinLetter(left) {
				t.Errorf("English left in\n%s\n(without the values: %q)", zh.String(), left)
			}
		})
	}
}

// resultValues are what a result's text may show in Latin letters: the
// values its messages carry, the names from the check file, and the words
// of the check file and the protocol that the Chinese names as written.
func resultValues(r checks.Result) []string {
	out := i18ntest.Values(r.Message, "Outcome")
	for _, f := range r.Failures {
		out = append(out, i18ntest.Values(f.Expected, "Outcome")...)
		out = append(out, i18ntest.Values(f.Actual, "Outcome")...)
		out = append(out, f.Path)
	}
	out = append(out, "real", r.Check.Name, r.Server, r.Check.Tool)
	return append(out, i18ntest.KeptWords...)
}
