package ui

import (
	"encoding/json"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
	"mcpbrowser/ui/tabs"
	"mcpbrowser/ui/view"
)

// addSkillsTab makes the Skills pane; its tab comes and goes with the
// selected server (skillsPane.show).
func (w *MainWindow) addSkillsTab() {
	var before *container.TabItem
	if w.checks != nil {
		before = w.checks.Tab
	}
	w.skills = tabs.NewSkillsPane(tabs.SkillsDeps{Win: w.win, Tabs: w.features.tabs, Before: before, GoWork: w.GoWork})
	w.features.setFilter(w.skills.Tab, w.skills.Filter)
	prev := w.features.tabs.OnSelected
	w.features.tabs.OnSelected = func(t *container.TabItem) {
		if prev != nil {
			prev(t)
		}
		if t == w.skills.Tab {
			w.skills.Shown()
		}
	}
}

// addTasksTab adds the Tasks tab after the others.
func (w *MainWindow) addTasksTab() {
	w.tasks = tabs.NewTasksPane(tabs.TasksDeps{Win: w.win, GoWork: w.GoWork, Answer: w.requests.Open})
	tab := container.NewTabItemWithIcon(lang.L("Tasks"), theme.MediaPlayIcon(), w.tasks.Root)
	w.features.tabs.Append(tab)
	w.features.setFilter(tab, w.tasks.Filter)
	prev := w.features.tabs.OnSelected
	w.features.tabs.OnSelected = func(t *container.TabItem) {
		if prev != nil {
			prev(t)
		}
		w.tasks.Shown(t == tab)
	}
}

// showTasks follows the selected server in the Tasks tab.
func (w *MainWindow) showTasks(s *mcp.Session) {
	if w.tasks == nil {
		return
	}
	if s == nil {
		w.tasks.SetSession(nil) // not a typed nil in the interface
		return
	}
	w.tasks.SetSession(s)
}

// tasksEvent is a session's EventTask (on the manager's goroutine).
func (w *MainWindow) tasksEvent(m *mcp.Manager, server string) {
	fyne.Do(func() {
		if m == w.manager && w.tasks != nil {
			w.tasks.TaskChanged(server)
		}
	})
}

// SetHistory keeps every tool call, resource read and prompt get of the
// window's servers in h (nil keeps nothing). Run sets the history under the
// XDG data directory; tests set one in a temporary folder or none.
func (w *MainWindow) SetHistory(h *history.History) {
	w.history = h
	if w.manager != nil {
		w.manager.SetHistory(h) // the core records every call
	}
	w.features.history.Reset()
}

// historyChanged tells the History tab that server's history grew.
func (w *MainWindow) historyChanged(server string) {
	if w.features != nil {
		w.features.history.Changed(server)
	}
}

// replayHistory puts a history entry back where it came from (the History
// tab's Load arguments, Read again and Run again).
func (w *MainWindow) replayHistory(e history.Entry) (loaded bool, note string) {
	f := w.features
	switch e.Kind {
	case history.Tool:
		f.selectTab(f.toolsTab)
		if !w.SelectTool(e.Name) {
			f.selectTab(f.historyTab)
			return false, "The server does not offer the tool " + e.Name + " now."
		}
		args := e.Arguments
		if len(args) == 0 {
			args = json.RawMessage(`{}`)
		}
		if err := w.form.Load(args); err != nil {
			w.runner.Say(i18n.L("Loaded from history, with a problem: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
			return false, ""
		}
		w.runner.Say(i18n.L("Arguments loaded from the call at {{.Time}}; Ctrl+Enter runs it again.", map[string]any{"Time": view.HistoryTime(e.Time, time.Now())}))
		return true, ""
	case history.Prompt:
		args, err := e.PromptArguments()
		if err != nil {
			return false, view.Capitalise(err.Error())
		}
		f.selectTab(f.promptsTab)
		p := f.prompts
		p.WhenLoaded(func() {
			if !p.SelectName(e.Name) {
				p.Note.SetText(i18n.L("The server does not offer the prompt {{.Name}} now.", map[string]any{"Name": e.Name}))
				return
			}
			unknown := p.Form.Load(args)
			msg := "Arguments loaded from " + view.HistoryTime(e.Time, time.Now()) + "; Get sends it again."
			if len(unknown) > 0 {
				msg += " The prompt no longer takes: " + strings.Join(unknown, ", ") + "."
			}
			p.Note.SetText(msg)
		})
	case history.Resource:
		f.selectTab(f.resourcesTab)
		f.resources.SelectURI(e.Name)
	}
	return false, ""
}
