package live

import (
	"fmt"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/tap"
	"mcpbrowser/ui/filedialog"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// SpecOf is the server a tapped session ran, as a check file writes it
// inline: its command line and folder, or its address. (The recording
// masks secrets in the command line; the environment is not recorded.)
func SpecOf(s tap.Summary) checks.ServerSpec {
	if s.URL != "" {
		return checks.ServerSpec{Type: "http", URL: s.URL}
	}
	spec := checks.ServerSpec{Cwd: s.Cwd}
	if len(s.Command) > 0 {
		spec.Command, spec.Args = s.Command[0], s.Command[1:]
	}
	return spec
}

// SessionChecks are the session's answered tools/calls as checks, each
// with the expectations "Save as check" suggests for its answer, against
// the server named server.
func (t *Timeline) SessionChecks(server string) []checks.Check {
	var out []checks.Check
	for _, r := range t.calls() {
		out = append(out, checks.Suggest(r.Tool, server, r, nil))
	}
	return out
}

// SaveSessionChecks appends the session's calls as checks to the check
// file at path, with the session's server written inline.
func (t *Timeline) SaveSessionChecks(path string) (int, error) {
	name := view.SafeFileName(t.sum.ServerName())
	list := t.SessionChecks(name)
	if len(list) == 0 {
		return 0, fmt.Errorf("%s", lang.L("This session has no answered tool call to save."))
	}
	return len(list), checks.Append(path, map[string]checks.ServerSpec{name: SpecOf(t.sum)}, list...)
}

// saveChecks is "Save as checks…": every answered call of the session, in
// a check file the person chooses.
func (t *Timeline) saveChecks() {
	stem := view.SafeFileName(t.sum.ServerName())
	filedialog.SaveFileDialog(t.deps.Win, lang.L("Save as checks…"), stem+"-checks.yaml", filedialog.FileFilter{Desc: "Check files (YAML)", Exts: []string{"yaml", "yml"}}, func(path string) {
		n, err := t.SaveSessionChecks(path)
		if err != nil {
			widgets.ShowError(err, t.deps.Win)
			return
		}
		dialog.ShowInformation(lang.L("Save as checks…"), lang.N("{{.Count}} checks added to {{.File}}. Run them in the Checks tab, or: mcpbrowser check {{.File}}", n, map[string]any{"Count": n, "File": path}), t.deps.Win)
	})
}
