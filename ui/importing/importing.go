// Package importing is the screen that brings servers in from other apps
// and takes them out again: "Find servers from other apps" (discovery),
// Paste server config, the Add dialog with its presets, the name-clash
// question of an import, and Export. It is built from a Deps the shell
// fills in; it knows no other screen and not the window.
package importing

import (
	"context"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/tap"
	"mcpbrowser/ui/filedialog"
	"mcpbrowser/ui/widgets"
)

// A Store is where imported and added servers go: the manager, which
// saves the servers file and starts each entry.
type Store interface {
	PutServer(ctx context.Context, oldName string, sc *config.ServerConfig, connect bool) error
}

// An Editor is the server editor the Add dialog shows under "Start from".
// It is another screen's; the shell makes it (Deps.NewEditor).
type Editor interface {
	// Widget is what the dialog shows.
	Widget() fyne.CanvasObject
	// Build is the entry as the fields say, or why it cannot be made.
	Build() (*config.ServerConfig, error)
	// ShowProblem says under the fields what is wrong.
	ShowProblem(msg string)
	// First is the field the keyboard starts on (Name).
	First() fyne.Focusable
}

// Deps is what the screen needs from the window.
type Deps struct {
	Win  fyne.Window
	App  fyne.App // preferences (the format last exported to) and the clipboard
	Work widgets.Worker
	// Editable says whether the servers file may be changed (not while it is broken).
	Editable func() bool
	// Servers is a copy of the servers in the list, for deciding names and
	// clashes and for marking servers found again.
	Servers func() *config.Config
	// Store is where imported servers go; it is read on the UI goroutine,
	// and its PutServer is called off it.
	Store func() Store
	// Selected is the selected server's entry (a copy), nil when none.
	Selected func() *config.ServerConfig
	// Report says what an import did; from names the source ("other apps",
	// "the pasted text").
	Report func(from string, results []clients.ImportResult)
	// Notice records what the window last did, for the person and the tests.
	Notice    func(string)
	ShowError func(title string, err error)
	// ImportFile asks for a config file and imports its servers.
	ImportFile func()
	// FreeName is name, or name-2, name-3 … whichever is free in the list.
	FreeName func(name string) string
	// NewEditor makes the editor the Add dialog shows for sc (nil: a blank entry).
	NewEditor func(sc *config.ServerConfig) Editor
	// Editing tells the shell which editor is on show and what its buttons
	// do; a nil ed: none any more.
	Editing func(ed Editor, save, cancel func())
	// Add saves a new entry and starts it.
	Add func(sc *config.ServerConfig)
}

// A Screen brings servers in and takes them out. Its zero hooks look at
// this machine; tests replace them.
type Screen struct {
	deps Deps
	// DiscoverEnv says where "Find servers from other apps" looks; nil
	// means this machine, with the app's working folder as a project.
	DiscoverEnv func() (clients.DiscoverEnv, error)
	// PickFolder asks the person for a folder; nil means the system's
	// folder dialog.
	PickFolder func(parent fyne.Window, title string, chosen func(path string))
	// Watch is where "Watch in ‹app›" writes; zero means this program and
	// the app's watches folder.
	Watch WatchHooks

	// The dialogs on screen, kept so that tests can drive them.
	Discover *DiscoverDialog
	Paste    *PasteDialog
	Clash    *ClashQuestion
	Params   *PresetParams
	Export   *ExportDialog
}

// New is the screen; it shows nothing until asked.
func New(deps Deps) *Screen { return &Screen{deps: deps} }

// envFunc is the function that says where to look, read on the UI
// goroutine so that the lookup itself may run on another.
func (s *Screen) envFunc() func() (clients.DiscoverEnv, error) {
	if s.DiscoverEnv != nil {
		return s.DiscoverEnv
	}
	return defaultDiscoverEnv
}

// defaultDiscoverEnv is this machine, with the app's working folder as a
// project (the folder it was started from, when started from a terminal).
func defaultDiscoverEnv() (clients.DiscoverEnv, error) {
	var projects []string
	if cwd, err := os.Getwd(); err == nil {
		projects = append(projects, cwd)
	}
	return clients.DefaultDiscoverEnv(projects...)
}

// watchHooks are s.Watch, this program and its watches folder where unset.
func (s *Screen) watchHooks() WatchHooks {
	h := s.Watch
	if h.Exe == "" {
		h.Exe = clients.ThisProgram("")
	}
	if h.Dir == "" {
		h.Dir = tap.WatchesDir()
	}
	return h
}

func (s *Screen) chooseFolder(title string, chosen func(string)) {
	if s.PickFolder != nil {
		s.PickFolder(s.deps.Win, title, chosen)
		return
	}
	filedialog.OpenFolderDialog(s.deps.Win, title, chosen)
}

// ImportMenu is the Import… button's menu: every way to bring servers in.
func (s *Screen) ImportMenu() *fyne.Menu {
	return fyne.NewMenu("",
		fyne.NewMenuItem(lang.L("Find servers from other apps…"), s.FindServers),
		fyne.NewMenuItem(lang.L("Paste server config…"), s.PasteServers),
		fyne.NewMenuItem(lang.L("Import a config file…"), s.deps.ImportFile),
	)
}

// EmptyStateActions are the buttons of the page shown while the list is empty.
func (s *Screen) EmptyStateActions() fyne.CanvasObject {
	find := widgets.NewButton(lang.L("Find servers from other apps…"), theme.SearchIcon(), s.FindServers)
	find.Importance = widget.HighImportance
	return container.NewHBox(layout.NewSpacer(),
		find,
		widgets.NewButton(lang.L("Add from a preset…"), theme.ContentAddIcon(), func() { s.AddServer("") }),
		widgets.NewButton(lang.L("Paste server config…"), theme.ContentPasteIcon(), s.PasteServers),
		layout.NewSpacer())
}
