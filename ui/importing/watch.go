package importing

import (
	"context"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// Watching a server found in another app's file: "Watch in ‹app›" rewrites
// the app's entry to start the server through `mcpbrowser tap`, after the
// person has seen the exact change; "Stop watching" puts the entry back.
// Both write as `mcpbrowser watch` and `unwatch` do (clients.WriteWatch,
// clients.WriteUnwatch): one rule, in mcp/clients.

// WatchHooks are where a watch writes: the program an entry runs to tap
// (clients.ThisProgram) and the folder the edits and backups are kept in
// (tap.WatchesDir). The Screen fills them in; tests use their own.
type WatchHooks struct {
	Exe, Dir string
}

// watchedIn finds, for each server of found that already runs through the
// tap, the kept edit that watches it (read off the UI goroutine).
func watchedIn(dir string, found []clients.DiscoveredFile) map[string]*clients.WatchEdit {
	out := map[string]*clients.WatchEdit{}
	for _, f := range found {
		for _, imp := range f.Servers {
			if imp.Err == nil && clients.IsTapped(imp.Server.Command, imp.Server.Args) {
				if e := clients.WatchedEntry(dir, imp.Source.Path, imp.Server.Name); e != nil {
					out[importKey(imp)] = e
				}
			}
		}
	}
	return out
}

// addWatch gives a row of a local server its "Watch in ‹app›", or "Stop
// watching" when the app's entry was watched from here or the command line.
func (d *DiscoverDialog) addWatch(r *ImportRow, watched *clients.WatchEdit) {
	imp := r.Imp
	if imp.Err != nil || imp.Server.Command == "" { // broken, or remote: nothing to start
		return
	}
	switch {
	case watched != nil:
		r.Watch = widgets.NewButton(lang.L("Stop watching"), theme.MediaStopIcon(), func() { d.confirmUnwatch(watched) })
	case clients.IsTapped(imp.Server.Command, imp.Server.Args):
		r.actions.Add(widgets.NewHelpLabel(lang.L("runs through mcpbrowser tap")))
		return
	default:
		app := imp.Source.Format.Title()
		r.Watch = widgets.NewButton(i18n.L("Watch in {{.App}}", map[string]any{"App": app}), theme.VisibilityIcon(), func() { d.planWatch(imp) })
	}
	r.actions.Add(r.Watch)
}

// planWatch reads the app's file, works out the change and shows it.
func (d *DiscoverDialog) planWatch(imp *clients.ImportedServer) {
	path, format, name, exe := imp.Source.Path, imp.Source.Format, imp.Server.Name, d.deps.Watch.Exe
	d.deps.Work.GoWork(func(ctx context.Context) {
		data, err := os.ReadFile(path)
		var e *clients.WatchEdit
		if err == nil {
			e, err = clients.PlanWatch(format, path, data, name, exe)
		}
		fyne.Do(func() {
			if err != nil {
				d.watchFailed(err, path)
				return
			}
			d.confirmWatch(e, data)
		})
	})
}

// confirmWatch shows the change e makes to data; only the confirm button
// writes it, and only if the file is still data then.
func (d *DiscoverDialog) confirmWatch(e *clients.WatchEdit, data []byte) {
	app := e.Format.Title()
	args := map[string]any{"Server": e.Server, "App": app}
	intro := i18n.L("{{.App}} will start {{.Server}} through mcpbrowser tap, which records what they say to each other for this window. Only this entry changes; the file as it is now is kept as a backup, and Stop watching puts the entry back byte for byte. Restart {{.App}} (or its server) afterwards.", args)
	d.Confirm = widgets.NewCustomConfirm(i18n.L("Watch {{.Server}} in {{.App}}?", args), lang.L("Write the change"), lang.L("Cancel"),
		d.changeView(intro, e), func(ok bool) {
			d.Confirm = nil
			if ok {
				d.writeWatch(e, data)
			}
		}, d.deps.Win)
	d.Confirm.Resize(fyne.NewSize(760, 520))
	d.Confirm.Show()
}

// confirmUnwatch shows the change that puts the entry back.
func (d *DiscoverDialog) confirmUnwatch(e *clients.WatchEdit) {
	args := map[string]any{"Server": e.Server, "App": e.Format.Title()}
	intro := i18n.L("{{.App}} will start {{.Server}} as it did before it was watched: the entry gets its old bytes back. Restart {{.App}} (or its server) afterwards.", args)
	d.Confirm = widgets.NewCustomConfirm(i18n.L("Stop watching {{.Server}} in {{.App}}?", args), lang.L("Put the entry back"), lang.L("Cancel"),
		d.changeView(intro, e.Undo()), func(ok bool) {
			d.Confirm = nil
			if ok {
				d.writeUnwatch(e)
			}
		}, d.deps.Win)
	d.Confirm.Resize(fyne.NewSize(760, 520))
	d.Confirm.Show()
}

// changeView is a confirmation's content: what will happen, then the exact
// lines that change.
func (d *DiscoverDialog) changeView(intro string, e *clients.WatchEdit) fyne.CanvasObject {
	d.Change = e.String()
	words := widget.NewLabel(intro)
	words.Wrapping = fyne.TextWrapWord
	diff := widgets.NewMonoLines()
	diff.SetText(d.Change)
	return container.NewBorder(words, nil, nil, nil, container.NewVScroll(diff))
}

func (d *DiscoverDialog) writeWatch(e *clients.WatchEdit, data []byte) {
	dir := d.deps.Watch.Dir
	d.deps.Work.GoWork(func(ctx context.Context) {
		backup, err := clients.WriteWatch(dir, e, data)
		fyne.Do(func() {
			if err != nil {
				d.watchFailed(err, e.Path)
				return
			}
			d.Done = i18n.L("Watching {{.Server}}: restart {{.App}} (or its server) to start it through the tap. The file as it was is kept in {{.Backup}}.",
				map[string]any{"Server": e.Server, "App": e.Format.Title(), "Backup": backup})
			d.announce = true
			d.Look()
		})
	})
}

func (d *DiscoverDialog) writeUnwatch(e *clients.WatchEdit) {
	dir := d.deps.Watch.Dir
	d.deps.Work.GoWork(func(ctx context.Context) {
		err := clients.WriteUnwatch(dir, e)
		fyne.Do(func() {
			if err != nil {
				d.watchFailed(err, e.Path)
				return
			}
			d.Done = i18n.L("{{.Server}} is back as it was; restart {{.App}} (or its server) for it to take effect.",
				map[string]any{"Server": e.Server, "App": e.Format.Title()})
			d.announce = true
			d.Look()
		})
	})
}

// watchFailed says why nothing was written and what to try.
func (d *DiscoverDialog) watchFailed(err error, path string) {
	d.Problem = view.WatchProblem(err, path, d.deps.Watch.Dir)
	widgets.ShowInformation(lang.L("Nothing was written"), d.Problem, d.deps.Win)
}
