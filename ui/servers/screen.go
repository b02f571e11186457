package servers

import (
	"context"
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/widgets"
)

// Deps is what the servers screen needs from the window.
type Deps struct {
	// Win is the window the screen's dialogs and menus open over.
	Win  fyne.Window
	Work widgets.Worker
	// Path names the servers file in messages.
	Path string
	// Manager is the manager whose servers are shown; the window replaces
	// it when a broken servers file is reloaded.
	Manager func() *mcp.Manager
	// Selected is the selected server's name; SelectServer selects one, as
	// a click on its row does.
	Selected     func() string
	SelectServer func(name string)
	// Saving is told the name of an entry about to be saved: the window
	// selects it (and remembers it) before the entry exists.
	Saving func(name string)
	// Editable reports whether the servers file may be changed.
	Editable func() bool
	// Approvals is the store the manager checks imported commands against
	// (nil: nothing needs approval).
	Approvals func() *config.ApprovalStore
	// ShowSelection redraws the window for the selected server.
	ShowSelection func()
	// DismissRequests answers the questions of m's server that wait for the
	// person, before it stops; why says why.
	DismissRequests func(m *mcp.Manager, server, why string)
	// ShowError reports a failed action.
	ShowError func(what string, err error)
	// Notice records what the screen just did, in words.
	Notice func(text string)
	// AddDialog opens the Add server dialog; ImportMenu is the menu of the
	// Import… button; Export exports the selected server.
	AddDialog  func()
	ImportMenu func() *fyne.Menu
	Export     func()
	// CopyAddress puts a sign-in address on the clipboard.
	CopyAddress func(address string)
	// Hint sits under the list until the servers file exists; UpdateHint
	// shows it or not, as the file may be edited or not.
	Hint       fyne.CanvasObject
	UpdateHint func(editable bool)
	// Prefs is where the roots were kept before the file store (RootStore).
	Prefs fyne.Preferences
}

// A Screen is the servers screen: the list (the window's left column), the
// status page of the selected server when it is not ready, and the actions
// on servers that the list, the menus and the shortcuts offer.
type Screen struct {
	deps   Deps
	List   *List
	Status *Status
	// Roots are each server's root folders.
	Roots *RootStore
	// Editor is the add or edit dialog on screen (nil: none); RootsEditor
	// is the roots dialog opened last.
	Editor      *OpenEditor
	RootsEditor *RootsEditor
}

// New builds the screen; the shell places List.Root and Status.Root.
func New(deps Deps) *Screen {
	s := &Screen{deps: deps, Roots: NewRootStore(deps.Prefs)}
	s.List = NewList(ListDeps{
		Win: deps.Win, SelectServer: deps.SelectServer,
		Add: s.Add, Edit: s.EditSelected, Restart: s.RestartSelected,
		ImportMenu: deps.ImportMenu, Actions: func() []*fyne.MenuItem { return s.Actions(true) },
		Editable: deps.Editable, Session: func(name string) *mcp.Session { return deps.Manager().Session(name) },
		Hint: deps.Hint, UpdateHint: deps.UpdateHint,
	}, newSignInBar(s.SignOutSelected))
	s.Status = NewStatus(StatusDeps{
		Restart: s.RestartSelected, Stop: s.StopSelected, Approve: s.ApproveSelected,
		AskInputs: s.AskInputsForSelected, Edit: s.EditSelected, NeedsApproval: s.needsApproval,
		SignIn: s.List.SignIn.Update, CopyAddress: deps.CopyAddress,
	})
	return s
}

// selected is the selected server's session, or nil.
func (s *Screen) selected() *mcp.Session { return s.deps.Manager().Session(s.deps.Selected()) }

// Actions are the actions on the selected server. For the "…" button
// (forSelection) they say what applies to the selected server right now; the
// main menu, built once, offers them all and each checks for itself.
func (s *Screen) Actions(forSelection bool) []*fyne.MenuItem {
	toggle := fyne.NewMenuItem(lang.L("Enable / Disable"), s.ToggleSelected)
	if r, ok := s.List.Row(s.deps.Selected()); forSelection && ok {
		toggle.Label = lang.L("Disable")
		if r.Disabled {
			toggle.Label = lang.L("Enable")
		}
	}
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.L("Edit…"), s.EditSelected),
		fyne.NewMenuItem(lang.L("Duplicate"), s.DuplicateSelected),
		toggle,
		fyne.NewMenuItem(lang.L("Restart"), s.RestartSelected),
		s.signOutItem(forSelection),
		fyne.NewMenuItem(lang.L("Export…"), s.deps.Export),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.L("Remove…"), s.RemoveSelected),
	}
	if !forSelection {
		return items
	}
	_, has := s.List.Row(s.deps.Selected())
	for _, it := range items {
		if it.IsSeparator || it.Label == lang.L("Sign out…") {
			continue // signing out changes no file: signOutItem decides
		}
		it.Disabled = !has || (!s.deps.Editable() && it.Label != lang.L("Restart") && it.Label != lang.L("Export…"))
	}
	return items
}

// SelectedConfig is a copy of the selected server's entry, or nil.
func (s *Screen) SelectedConfig() *config.ServerConfig {
	sess := s.selected()
	if sess == nil {
		return nil
	}
	return sess.Config().Clone()
}

// Add opens the Add server dialog (Ctrl+N), while the file may be changed.
func (s *Screen) Add() {
	if !s.deps.Editable() {
		return
	}
	s.deps.AddDialog()
}

// EditSelected opens the editor of the selected server's entry.
func (s *Screen) EditSelected() {
	if sc := s.SelectedConfig(); sc != nil && s.deps.Editable() {
		s.ShowEditor(sc)
	}
}

// DuplicateSelected adds a copy of the selected entry, named name-copy.
func (s *Screen) DuplicateSelected() {
	sc := s.SelectedConfig()
	if sc == nil || !s.deps.Editable() {
		return
	}
	sc.Name = s.UniqueName(sc.Name + "-copy")
	s.PutServer("", sc)
}

// ToggleSelected disables the selected server, or enables it again.
func (s *Screen) ToggleSelected() {
	sc := s.SelectedConfig()
	if sc == nil || !s.deps.Editable() {
		return
	}
	sc.Disabled = !sc.Disabled
	s.PutServer(sc.Name, sc)
}

// RemoveSelected asks, then removes the selected server from the file.
func (s *Screen) RemoveSelected() {
	name, m := s.deps.Selected(), s.deps.Manager()
	if m.Session(name) == nil || !s.deps.Editable() {
		return
	}
	msg := widget.NewLabel(i18n.L("Remove \"{{.Name}}\" from the servers file?\nIts process is stopped; the entry is deleted from {{.Path}}.", map[string]any{"Name": name, "Path": s.deps.Path}))
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustomConfirm(lang.L("Remove server"), lang.L("Remove"), lang.L("Keep"), msg, func(ok bool) {
		if !ok {
			return
		}
		s.deps.Work.GoWork(func(ctx context.Context) {
			err := m.RemoveServer(name)
			fyne.Do(func() {
				if err != nil {
					s.deps.ShowError(i18n.L("Removing {{.Server}}", map[string]any{"Server": name}), err)
				}
			})
		})
	}, s.deps.Win)
	d.Resize(fyne.NewSize(460, 200))
	d.Show()
}

// RestartSelected stops and starts the selected server again (Retry for a failed one).
func (s *Screen) RestartSelected() {
	sess := s.selected()
	if sess == nil {
		return
	}
	if sess.Config().Disabled {
		s.ToggleSelected()
		return
	}
	m := s.deps.Manager()
	s.deps.Work.GoWork(func(ctx context.Context) {
		s.deps.DismissRequests(m, sess.Name(), "the server is being restarted")
		sess.Restart(ctx)
	})
}

// StopSelected stops the selected server (and cancels a start in progress).
func (s *Screen) StopSelected() {
	if sess := s.selected(); sess != nil {
		m := s.deps.Manager()
		go func() {
			s.deps.DismissRequests(m, sess.Name(), "the server is being stopped")
			sess.Close()
		}()
	}
}

// PutServer saves an added or edited entry and (re)starts it, off the UI
// goroutine: saving stops the old process, which may take seconds.
func (s *Screen) PutServer(oldName string, sc *config.ServerConfig) {
	m := s.deps.Manager()
	s.deps.Saving(sc.Name)
	s.deps.Work.GoWork(func(ctx context.Context) {
		err := m.PutServer(ctx, oldName, sc, true)
		fyne.Do(func() {
			if err != nil {
				s.SaveFailed(oldName, sc, err)
			}
		})
	})
}

// UniqueName is name, or name-2, name-3 … whichever is free.
func (s *Screen) UniqueName(name string) string {
	m := s.deps.Manager()
	cfg := m.Config()
	return config.FreeName(name, func(n string) bool { return m.Session(n) != nil || cfg.Server(n) != nil })
}

// needsApproval reports whether the entry is an imported command nobody has approved yet.
func (s *Screen) needsApproval(cfg *config.ServerConfig) bool {
	approvals := s.deps.Approvals()
	if approvals == nil {
		return false
	}
	need, err := approvals.NeedsApproval(cfg, transport.CommandLine(cfg))
	return err == nil && need
}

// ApproveSelected records the person's approval of the selected server's
// exact command line and starts it.
func (s *Screen) ApproveSelected() {
	name, m := s.deps.Selected(), s.deps.Manager()
	s.deps.Work.GoWork(func(ctx context.Context) {
		if err := m.Approve(ctx, name); err != nil {
			var ce *mcp.ConnectError
			if errors.As(err, &ce) {
				return // the status view shows why it did not start
			}
			fyne.Do(func() { s.deps.ShowError(i18n.L("Approving {{.Server}}", map[string]any{"Server": name}), err) })
		}
	})
}

// KeepRootsIn keeps the servers' roots in st, where the command line sees
// them too, moving any still kept in the app's preferences there, and gives
// every session its roots again.
func (s *Screen) KeepRootsIn(st *config.RootStore) {
	s.Roots.KeepIn(st)
	s.Roots.ApplyAll(s.deps.Manager())
}

// ShowRoots lets the person choose the selected server's roots: folders
// added with the system's folder chooser, removed from the list. A change
// reaches a connected server at once (roots/list_changed), or, if it was
// connected without roots, on its next start, which the dialog offers.
func (s *Screen) ShowRoots() {
	sess := s.selected()
	if sess == nil {
		return
	}
	m := s.deps.Manager()
	d := NewRootsEditor(RootsDeps{Win: s.deps.Win, Work: s.deps.Work, Store: s.Roots, Restart: func(ctx context.Context) error {
		s.deps.DismissRequests(m, sess.Name(), "the server is being restarted")
		return sess.Restart(ctx)
	}}, sess)
	d.Dlg.Show()
	s.RootsEditor = d
}
