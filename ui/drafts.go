package ui

import (
	"mcpbrowser/ui/form"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
)

// A toolDraft is what one tool of one server held when the person left it:
// the form's values, the JSON text when the JSON editor was open, and the
// last result with its stderr lines. Drafts live while the app runs, so that
// switching to another tool or server and back loses nothing.
type toolDraft struct {
	form   form.Draft
	result *mcp.CallResult
}

// drafts are the window's drafts by server and tool.
type drafts map[[2]string]*toolDraft

func (d drafts) get(server, tool string) *toolDraft {
	k := [2]string{server, tool}
	if d[k] == nil {
		d[k] = &toolDraft{}
	}
	return d[k]
}

// saveDraft keeps what the selected tool's form holds.
func (w *MainWindow) saveDraft() {
	if w.currentTool == nil || w.selected == "" || w.draftServer == "" {
		return
	}
	w.drafts.get(w.draftServer, w.currentTool.Name).form = w.form.Draft()
}

// restoreDraft fills the form and the result of tool t from its draft.
func (w *MainWindow) restoreDraft(t *sdk.Tool) {
	w.draftServer = w.selected
	d := w.drafts[[2]string{w.selected, t.Name}]
	if d == nil {
		return
	}
	w.form.Restore(d.form)
	if d.result != nil && !w.runner.running {
		w.result.Show(d.result, t)
	}
}

// keepResult files a finished call's result under its server and tool.
func (w *MainWindow) keepResult(r *mcp.CallResult) {
	w.drafts.get(r.Server, r.Tool).result = r
}
