// Package toolform is the window's Tools screen for the selected server:
// the tool list with its filter and badges, the selected tool's header, its
// form (ui/form), the run bar, and each tool's draft. Run checks the form
// and calls the tool; the result goes to the result view (ui/result) and is
// reported to the window through Deps. The screen imports the kit and the
// core, never another screen: the quality badges are handed to the list
// (ToolList.SetQuality) and "Run N times…" is a callback (Deps.RunMany).
package toolform

import (
	"context"
	"encoding/json"

	"fyne.io/fyne/v2"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
	"mcpbrowser/ui/form"
	"mcpbrowser/ui/result"
	"mcpbrowser/ui/widgets"
)

// Deps is what the Tools screen needs from the window.
type Deps struct {
	App fyne.App
	Win fyne.Window
	// Ctx ends when the window closes; every call is made with it.
	Ctx context.Context
	// GoWork runs f on its own goroutine with the window's context; the
	// window's Close waits for it.
	GoWork func(f func(ctx context.Context))
	// Result is the window's result view, where a call's result is shown.
	Result *result.ResultView
	// Selected is the selected server's name ("" none) and its selected
	// tool (nil none); Session is the window's session of a server, or nil.
	Selected func() (server string, tool *sdk.Tool)
	Session  func(name string) *mcp.Session
	// OnSelect is called when the person chooses a tool in the list.
	OnSelect func(*sdk.Tool)
	// Cancel cancels the running call (the run bar's Cancel).
	Cancel func()
	// Started says a call began on server; tag marks the call (its
	// server's questions to the person carry it).
	Started func(server string, tag *mcp.CallTag)
	// Recorded is given every finished call, on the call's goroutine.
	Recorded func(*mcp.CallResult)
	// Finished is given every finished call on the UI goroutine (none once
	// the window closes); Shown then says the result is shown, being the
	// selected tool's.
	Finished func(*mcp.CallResult)
	Shown    func(s *mcp.Session, t *sdk.Tool, res *mcp.CallResult)
	// RunMany runs the checked call many times ("Run N times…").
	RunMany func(s *mcp.Session, t *sdk.Tool, args json.RawMessage)
	// Relisted says the selected server's tools were listed again.
	Relisted func()
	// Relayout lays the form's column out again (the description opened).
	Relayout func()
}

// A Pane is the Tools screen. Its parts are the window's to place; the
// exported fields are also what the window's tests look at.
type Pane struct {
	deps    Deps
	List    *ToolList
	Header  *Header
	Form    *form.FormView
	Runner  *RunBar
	NoTools *NoToolsNotice // over the form's column when the server lists no tools
	// DestructiveConfirm is the open question before a destructive call (nil: none).
	DestructiveConfirm *widgets.ConfirmDialog

	drafts      drafts
	draftServer string // the server the form's draft belongs to
}

// New builds the Tools screen over deps.
func New(deps Deps) *Pane {
	p := &Pane{deps: deps, drafts: drafts{}}
	p.List = newToolList(deps.OnSelect)
	p.Header = newToolHeader(deps.App, deps.Win)
	p.Header.rawTool = func(server, tool string) json.RawMessage { // rawtool.go
		if s := deps.Session(server); s != nil {
			return s.RawTool(tool)
		}
		return nil
	}
	p.Header.relayout = deps.Relayout
	p.Form = form.NewFormView(deps.Win)
	p.Form.OnSubmit = p.Run
	p.Form.SetHeader(p.Header.Root)
	p.Form.SetModesRight(p.Header.MoreBtn)
	p.List.onChosen = func() { p.Form.FocusFirst() }
	p.Runner = newRunBar(p.Run, deps.Cancel)
	p.NoTools = newNoToolsNotice(p.ListAgain)
	return p
}
