package servers

import (
	"context"
	"mcpbrowser/ui/filedialog"
	"slices"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/widgets"
)

// Roots are the folders the app tells a server about (roots/list). They
// are the person's choice per server, kept by server name in a
// config.RootStore, where the command line reads them too (not in the
// servers file: it is shared with other clients, which have their own idea
// of roots). A server with none is not told the app supports roots at all.

// prefRootsPrefix is where the app kept roots before, in its preferences;
// they move to the RootStore on first read.
const prefRootsPrefix = "roots."

// A RootStore keeps each server's roots in its file store (keepIn), or, until
// it has one, in the preferences. It is safe for concurrent use: the
// manager's event goroutine applies roots to a new session before it
// connects.
type RootStore struct {
	prefs fyne.Preferences

	mu    sync.Mutex
	file  *config.RootStore
	cache map[string][]string
}

// KeepIn makes file the store's home from now on.
func (r *RootStore) KeepIn(file *config.RootStore) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.file = file
	r.cache = map[string][]string{}
}

// NewRootStore keeps roots in p until KeepIn gives it a file.
func NewRootStore(p fyne.Preferences) *RootStore {
	return &RootStore{prefs: p, cache: map[string][]string{}}
}

// Get is server's folders (nil for none).
func (r *RootStore) Get(server string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.cache[server]; ok {
		return slices.Clone(f)
	}
	f := r.prefs.StringList(prefRootsPrefix + server)
	if r.file != nil {
		kept, err := r.file.Get(server)
		switch {
		case err != nil:
			fyne.LogError("reading the roots of "+server, err)
		case len(kept) > 0:
			f = kept
		case len(f) > 0: // still in the preferences: move it
			if err := r.file.Set(server, f); err == nil {
				r.prefs.RemoveValue(prefRootsPrefix + server)
			}
		}
	}
	if len(f) == 0 {
		f = nil
	}
	r.cache[server] = f
	return slices.Clone(f)
}

// Set remembers server's folders.
func (r *RootStore) Set(server string, folders []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	folders = slices.Clone(folders)
	r.cache[server] = folders
	if r.file != nil {
		if err := r.file.Set(server, folders); err != nil {
			fyne.LogError("saving the roots of "+server, err)
			return
		}
		r.prefs.RemoveValue(prefRootsPrefix + server) // an old copy must not come back
		return
	}
	if len(folders) == 0 {
		r.prefs.RemoveValue(prefRootsPrefix + server)
		return
	}
	r.prefs.SetStringList(prefRootsPrefix+server, folders)
}

// ApplyTo gives s its remembered roots, unless it has them already. It
// reports whether the server must restart to learn of them (see
// mcp.Session.SetRoots).
func (r *RootStore) ApplyTo(s *mcp.Session) (needsRestart bool) {
	if s == nil {
		return false
	}
	folders := r.Get(s.Name())
	if slices.Equal(s.Roots(), folders) {
		return false
	}
	return s.SetRoots(folders)
}

// ApplyAll gives every session of m its roots; call it before connecting.
func (r *RootStore) ApplyAll(m *mcp.Manager) {
	for _, s := range m.Sessions() {
		r.ApplyTo(s)
	}
}

// RootsDeps is what the roots dialog needs from the window.
type RootsDeps struct {
	Win   fyne.Window
	Work  widgets.Worker
	Store *RootStore
	// Restart restarts the server (its waiting requests answered first).
	Restart func(ctx context.Context) error
}

// A RootsEditor is the dialog of one server's roots.
type RootsEditor struct {
	deps    RootsDeps
	session *mcp.Session
	folders []string
	chosen  int // the selected row, -1 for none

	List      *widget.List
	addBtn    *widgets.Button
	RemoveBtn *widgets.Button
	Note      *widget.Label
	Restart   *widgets.Button
	Dlg       dialog.Dialog
}

// NewRootsEditor is the roots dialog of s (not shown yet: Dlg.Show).
func NewRootsEditor(deps RootsDeps, s *mcp.Session) *RootsEditor {
	e := &RootsEditor{deps: deps, session: s, folders: deps.Store.Get(s.Name()), chosen: -1}
	e.List = widget.NewList(
		func() int { return len(e.folders) },
		func() fyne.CanvasObject {
			l := widget.NewLabel(lang.L("folder"))
			l.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, widget.NewIcon(theme.FolderIcon()), nil, l)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(e.folders) {
				o.(*fyne.Container).Objects[0].(*widget.Label).SetText(e.folders[id])
			}
		})
	e.List.OnSelected = func(id widget.ListItemID) {
		e.chosen = id
		e.RemoveBtn.Enable()
	}
	e.List.OnUnselected = func(widget.ListItemID) {
		e.chosen = -1
		e.RemoveBtn.Disable()
	}
	e.addBtn = widgets.NewButton(lang.L("Add…"), theme.ContentAddIcon(), func() {
		filedialog.OpenFolderDialog(deps.Win, i18n.L("Add a root folder for {{.Server}}", map[string]any{"Server": s.Name()}), e.Add)
	})
	e.RemoveBtn = widgets.NewButton(lang.L("Remove"), theme.ContentRemoveIcon(), e.removeChosen)
	e.RemoveBtn.Disable()
	e.Note = widget.NewLabel("")
	e.Note.Wrapping = fyne.TextWrapWord
	e.Restart = widgets.NewButton(lang.L("Restart to tell the server"), theme.ViewRefreshIcon(), func() {
		e.Restart.Hide()
		e.Note.SetText(i18n.L("Restarting {{.Server}} so that it learns of its roots …", map[string]any{"Server": s.Name()}))
		deps.Work.GoWork(func(ctx context.Context) {
			err := deps.Restart(ctx)
			fyne.Do(func() {
				if err != nil {
					e.Note.SetText(i18n.L("The restart failed: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
					return
				}
				e.Note.SetText(i18n.N("{{.Server}} started again and was told of {{.Count}} roots.", len(e.folders), map[string]any{"Server": s.Name()}))
			})
		})
	})
	e.Restart.Importance = widget.HighImportance
	e.Restart.Hide()
	e.describe(false)

	intro := widget.NewLabel(i18n.L("Folders {{.Server}} may work in, answered to its roots/list request. With none, the app does not offer roots to the server at all.", map[string]any{"Server": s.Name()}))
	intro.Wrapping = fyne.TextWrapWord
	content := container.NewBorder(intro,
		container.NewVBox(container.NewHBox(e.addBtn, e.RemoveBtn), e.Note, container.NewHBox(e.Restart)),
		nil, nil, e.List)
	e.Dlg = widgets.NewCustom(i18n.L("Roots of {{.Server}}", map[string]any{"Server": s.Name()}), lang.L("Close"), content, deps.Win)
	e.Dlg.Resize(fyne.NewSize(560, 420))
	return e
}

// describe says what the server knows of the list now.
func (e *RootsEditor) describe(needsRestart bool) {
	st := e.session.Status().State
	switch {
	case needsRestart:
		e.Note.SetText(i18n.L("{{.Server}} was started without roots, so it learns of them only when it starts again.", map[string]any{"Server": e.session.Name()}))
		e.Restart.Show()
	case len(e.folders) == 0:
		e.Note.SetText(lang.L("No roots: the server is not told that the app has any."))
	case st == mcp.StateReady:
		e.Note.SetText(i18n.N("{{.Count}} folders; the server was told of each change (notifications/roots/list_changed).", len(e.folders)))
	default:
		e.Note.SetText(i18n.N("{{.Count}} folders; the server gets them when it starts.", len(e.folders)))
	}
}

// Add adds path to the roots (what the folder chooser hands back).
func (e *RootsEditor) Add(path string) {
	if slices.Contains(e.folders, path) {
		e.Note.SetText(i18n.L("{{.Path}} is a root already.", map[string]any{"Path": path}))
		return
	}
	e.folders = append(e.folders, path)
	e.changed()
}

func (e *RootsEditor) removeChosen() {
	if e.chosen < 0 || e.chosen >= len(e.folders) {
		return
	}
	e.folders = slices.Delete(e.folders, e.chosen, e.chosen+1)
	e.List.UnselectAll()
	e.changed()
}

// changed saves the list and gives it to the session.
func (e *RootsEditor) changed() {
	e.List.Refresh()
	e.deps.Store.Set(e.session.Name(), e.folders)
	e.describe(e.session.SetRoots(e.folders))
}
