package ui

import (
	"encoding/json"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
)

// A toolDraft is what one tool of one server held when the person left it:
// the form's values, the JSON text when the JSON editor was open, and the
// last result with its stderr lines. Drafts live while the app runs, so that
// switching to another tool or server and back loses nothing.
type toolDraft struct {
	form   formDraft
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

// A formDraft is a FormView's content, as Draft returns it.
type formDraft struct {
	value    json.RawMessage // the form's value; nil when nothing was set or it is unfinished
	jsonMode bool
	jsonText string
	set      bool // the draft holds something
}

// Draft returns what the person has typed, to be put back with Restore.
func (v *FormView) Draft() formDraft {
	d := formDraft{jsonMode: v.jsonMode, jsonText: v.jsonEntry.Text, set: true}
	if v.form != nil && v.form.Root.IsSet() {
		if val, ok := v.form.Root.Value(); ok {
			d.value = val
		}
	}
	return d
}

// Restore puts a draft back into the form built for the same schema.
func (v *FormView) Restore(d formDraft) {
	if !d.set {
		return
	}
	if len(d.value) > 0 && v.form != nil {
		_ = v.Load(d.value) // values that no longer fit are kept raw, as Load says
	}
	if d.jsonMode && !v.jsonMode {
		v.showMode(true)
	}
	if d.jsonMode || v.rawOnly {
		v.setQuiet(func() { v.jsonEntry.SetText(d.jsonText) })
	}
}
