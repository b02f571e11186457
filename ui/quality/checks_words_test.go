package quality

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/uitest"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/checks"
)

// In Chinese the Checks tab and `mcpbrowser check` name a check's status by
// the same word: the tab's detail title ("adds — 通过") and the summary's
// mark ("  通过     adds  […]") are compared for each status. (They once
// said 通过 and 成功.)
func TestChecksTabAndCLISayTheSameStatusWord(t *testing.T) {
	a := test.NewTempApp(t)
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	w := test.NewTempWindow(t, nil)
	p := NewChecks(ChecksDeps{Win: w, Prefs: a.Preferences(), GoWork: func(func(context.Context)) {}})
	w.SetContent(p.Root)
	for _, status := range []string{checks.StatusPassed, checks.StatusFailed, checks.StatusError, checks.StatusSkipped} {
		f := &checks.File{Name: "f", Path: "f.yaml", Checks: []checks.Check{{Name: "adds", Tool: "add"}}}
		r := checks.Result{Check: &f.Checks[0], Server: "demo", Status: status}
		var cli bytes.Buffer
		if err := checks.WriteSummaryIn(&cli, []*checks.Report{{File: f, Results: []checks.Result{r}}}, i18n.CheckWords{}); err != nil {
			t.Fatal(err)
		}
		line := strings.Split(cli.String(), "\n")[1]
		mark, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		p.showDetail(r)
		shown := uitest.ShownText(p.Detail)
		title, _, _ := strings.Cut(shown, "\n")
		_, word, found := strings.Cut(title, " — ")
		if !found || word != mark {
			t.Errorf("%s: the Checks tab says %q (title %q), the command line %q (line %q)", status, word, title, mark, line)
		}
	}
}
