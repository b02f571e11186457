package ui

import (
	"context"
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

// A rootStore keeps each server's roots in its file store (keepIn), or, until
// it has one, in the preferences. It is safe for concurrent use: the
// manager's event goroutine applies roots to a new session before it
// connects.
type rootStore struct {
	prefs fyne.Preferences

	mu    sync.Mutex
	file  *config.RootStore
	cache map[string][]string
}

// keepIn makes file the store's home from now on.
func (r *rootStore) keepIn(file *config.RootStore) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.file = file
	r.cache = map[string][]string{}
}

// KeepRootsIn keeps the servers' roots in st, where the command line sees
// them too, moving any still kept in the app's preferences there, and gives
// every session its roots again.
func (w *MainWindow) KeepRootsIn(st *config.RootStore) {
	w.roots.keepIn(st)
	w.roots.applyAll(w.manager)
}

func newRootStore(p fyne.Preferences) *rootStore {
	return &rootStore{prefs: p, cache: map[string][]string{}}
}

// get is server's folders (nil for none).
func (r *rootStore) get(server string) []string {
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

// set remembers server's folders.
func (r *rootStore) set(server string, folders []string) {
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

// applyTo gives s its remembered roots, unless it has them already. It
// reports whether the server must restart to learn of them (see
// mcp.Session.SetRoots).
func (r *rootStore) applyTo(s *mcp.Session) (needsRestart bool) {
	if s == nil {
		return false
	}
	folders := r.get(s.Name())
	if slices.Equal(s.Roots(), folders) {
		return false
	}
	return s.SetRoots(folders)
}

// applyAll gives every session of m its roots; call it before connecting.
func (r *rootStore) applyAll(m *mcp.Manager) {
	for _, s := range m.Sessions() {
		r.applyTo(s)
	}
}

// showRootsDialog lets the person choose the selected server's roots:
// folders added with the system's folder chooser, removed from the list.
// A change reaches a connected server at once (roots/list_changed), or, if
// it was connected without roots, on its next start, which the dialog offers.
func (w *MainWindow) showRootsDialog() {
	s := w.manager.Session(w.selected)
	if s == nil {
		return
	}
	m := w.manager
	d := newRootsEditor(rootsDeps{win: w.win, work: w, store: w.roots, restart: func(ctx context.Context) error {
		w.dismissRequests(m, s.Name(), "the server is being restarted")
		return s.Restart(ctx)
	}}, s)
	d.dlg.Show()
	w.rootsEditor = d
}

// rootsDeps is what the roots dialog needs from the window.
type rootsDeps struct {
	win   fyne.Window
	work  worker
	store *rootStore
	// restart restarts the server (its waiting requests answered first).
	restart func(ctx context.Context) error
}

// A rootsEditor is the dialog of one server's roots.
type rootsEditor struct {
	deps    rootsDeps
	session *mcp.Session
	folders []string
	chosen  int // the selected row, -1 for none

	list      *widget.List
	addBtn    *widgets.Button
	removeBtn *widgets.Button
	note      *widget.Label
	restart   *widgets.Button
	dlg       dialog.Dialog
}

func newRootsEditor(deps rootsDeps, s *mcp.Session) *rootsEditor {
	e := &rootsEditor{deps: deps, session: s, folders: deps.store.get(s.Name()), chosen: -1}
	e.list = widget.NewList(
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
	e.list.OnSelected = func(id widget.ListItemID) {
		e.chosen = id
		e.removeBtn.Enable()
	}
	e.list.OnUnselected = func(widget.ListItemID) {
		e.chosen = -1
		e.removeBtn.Disable()
	}
	e.addBtn = widgets.NewButton(lang.L("Add…"), theme.ContentAddIcon(), func() {
		openFolderDialog(deps.win, i18n.L("Add a root folder for {{.Server}}", map[string]any{"Server": s.Name()}), e.add)
	})
	e.removeBtn = widgets.NewButton(lang.L("Remove"), theme.ContentRemoveIcon(), e.removeChosen)
	e.removeBtn.Disable()
	e.note = widget.NewLabel("")
	e.note.Wrapping = fyne.TextWrapWord
	e.restart = widgets.NewButton(lang.L("Restart to tell the server"), theme.ViewRefreshIcon(), func() {
		e.restart.Hide()
		e.note.SetText(i18n.L("Restarting {{.Server}} so that it learns of its roots …", map[string]any{"Server": s.Name()}))
		deps.work.goWork(func(ctx context.Context) {
			err := deps.restart(ctx)
			fyne.Do(func() {
				if err != nil {
					e.note.SetText(i18n.L("The restart failed: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
					return
				}
				e.note.SetText(i18n.N("{{.Server}} started again and was told of {{.Count}} roots.", len(e.folders), map[string]any{"Server": s.Name()}))
			})
		})
	})
	e.restart.Importance = widget.HighImportance
	e.restart.Hide()
	e.describe(false)

	intro := widget.NewLabel(i18n.L("Folders {{.Server}} may work in, answered to its roots/list request. With none, the app does not offer roots to the server at all.", map[string]any{"Server": s.Name()}))
	intro.Wrapping = fyne.TextWrapWord
	content := container.NewBorder(intro,
		container.NewVBox(container.NewHBox(e.addBtn, e.removeBtn), e.note, container.NewHBox(e.restart)),
		nil, nil, e.list)
	e.dlg = widgets.NewCustom(i18n.L("Roots of {{.Server}}", map[string]any{"Server": s.Name()}), lang.L("Close"), content, deps.win)
	e.dlg.Resize(fyne.NewSize(560, 420))
	return e
}

// describe says what the server knows of the list now.
func (e *rootsEditor) describe(needsRestart bool) {
	st := e.session.Status().State
	switch {
	case needsRestart:
		e.note.SetText(i18n.L("{{.Server}} was started without roots, so it learns of them only when it starts again.", map[string]any{"Server": e.session.Name()}))
		e.restart.Show()
	case len(e.folders) == 0:
		e.note.SetText(lang.L("No roots: the server is not told that the app has any."))
	case st == mcp.StateReady:
		e.note.SetText(i18n.N("{{.Count}} folders; the server was told of each change (notifications/roots/list_changed).", len(e.folders)))
	default:
		e.note.SetText(i18n.N("{{.Count}} folders; the server gets them when it starts.", len(e.folders)))
	}
}

func (e *rootsEditor) add(path string) {
	if slices.Contains(e.folders, path) {
		e.note.SetText(i18n.L("{{.Path}} is a root already.", map[string]any{"Path": path}))
		return
	}
	e.folders = append(e.folders, path)
	e.changed()
}

func (e *rootsEditor) removeChosen() {
	if e.chosen < 0 || e.chosen >= len(e.folders) {
		return
	}
	e.folders = slices.Delete(e.folders, e.chosen, e.chosen+1)
	e.list.UnselectAll()
	e.changed()
}

// changed saves the list and gives it to the session.
func (e *rootsEditor) changed() {
	e.list.Refresh()
	e.deps.store.set(e.session.Name(), e.folders)
	e.describe(e.session.SetRoots(e.folders))
}
