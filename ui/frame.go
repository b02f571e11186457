package ui

import (
	"time"

	"fyne.io/fyne/v2"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
	"mcpbrowser/ui/tabs"
	"mcpbrowser/ui/view"
)

// newFrame builds the middle column's frame (ui/tabs) around the tools
// area, and hands it what it asks of the window.
func newFrame(w *MainWindow, tools fyne.CanvasObject) *tabs.Frame {
	return tabs.NewFrame(tabs.FrameDeps{
		Win: w.win, Work: w, OpenRoots: func() { w.servers.ShowRoots() },
		Store:      func() *history.History { return w.history },
		ShowError:  w.showError,
		Read:       func(r *mcp.ReadResult) { w.checks.RecordRead(r) },
		Prompted:   func(r *mcp.PromptResult) { w.checks.RecordPrompt(r) },
		Listed:     w.quality.ListsChanged,
		SelectTool: w.SelectTool,
		LoadArguments: func(e history.Entry) bool {
			if err := w.form.Load(e.Arguments); err != nil {
				w.runner.Say(i18n.L("Loaded from history, with a problem: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
				return false
			}
			w.runner.Say(i18n.L("Arguments loaded from the call at {{.Time}}; Ctrl+Enter runs it again.", map[string]any{"Time": view.HistoryTime(e.Time, time.Now())}))
			return true
		},
		Run:    w.toolform.Run,
		Answer: w.requests.Open,
	}, tools, w.tools.Filter)
}
