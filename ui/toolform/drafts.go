package toolform

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

// SaveDraft keeps what the selected tool's form holds.
func (p *Pane) SaveDraft() {
	server, t := p.deps.Selected()
	if t == nil || server == "" || p.draftServer == "" {
		return
	}
	p.drafts.get(p.draftServer, t.Name).form = p.Form.Draft()
}

// RestoreDraft fills the form and the result of tool t of the selected
// server from its draft.
func (p *Pane) RestoreDraft(t *sdk.Tool) {
	server, _ := p.deps.Selected()
	p.draftServer = server
	d := p.drafts[[2]string{server, t.Name}]
	if d == nil {
		return
	}
	p.Form.Restore(d.form)
	if d.result != nil && !p.Runner.running {
		p.deps.Result.Show(d.result, t)
	}
}

// keepResult files a finished call's result under its server and tool.
func (p *Pane) keepResult(r *mcp.CallResult) {
	p.drafts.get(r.Server, r.Tool).result = r
}
