package ui

import (
	"context"
	"errors"
	"mcpbrowser/ui/widgets"
	"slices"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// watchServersFile makes m take outside changes to the servers file (the CLI,
// an editor, another window) as they happen, for as long as m is the
// window's manager.
func (w *MainWindow) watchServersFile(m *mcp.Manager) {
	if w.stopWatch != nil {
		w.stopWatch()
	}
	ctx, cancel := context.WithCancel(w.ctx)
	w.stopWatch = cancel
	err := m.WatchFile(ctx, func(changed []string, err error) {
		fyne.Do(func() {
			if m != w.manager {
				return
			}
			if err != nil {
				w.lastNotice = "The servers file changed but cannot be read now: " + err.Error()
				return
			}
			w.lastNotice = "Reloaded the servers file: changed outside the app (" + strings.Join(changed, ", ") + ")"
			w.warnEditor(changed)
		})
	})
	if err != nil {
		w.lastNotice = "Outside changes to the servers file are not followed: " + err.Error()
	}
}

// warnEditor tells the person editing an entry that the file's version of it
// changed meanwhile: the question of which to keep comes with Save.
func (w *MainWindow) warnEditor(changed []string) {
	if ed := w.servers.Editor; ed != nil && ed.Ed.Orig != nil && slices.Contains(changed, ed.Ed.Orig.Name) {
		ed.Ed.Problem.SetText(lang.L("This server was changed in the servers file while you were editing it here. Saving will ask which version to keep."))
	}
}

// saveFailed reports a failed save; when the entry was also changed in the
// file meanwhile, it asks which version to keep rather than overwrite either.
func (w *MainWindow) saveFailed(oldName string, sc *config.ServerConfig, err error) {
	var ce *config.ConflictError
	if !errors.As(err, &ce) {
		w.showError(i18n.L("Saving {{.Server}}", map[string]any{"Server": sc.Name}), err)
		return
	}
	name := oldName
	if name == "" {
		name = sc.Name
	}
	msg := widget.NewLabel(i18n.L("\"{{.Name}}\" was changed in {{.Path}} while you were editing it here.\nKeep yours to overwrite the file's version, or keep the file's and drop your edits.", map[string]any{"Name": name, "Path": ce.Path}))
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustomConfirm(lang.L("Changed in the file too"), lang.L("Keep mine"), lang.L("Keep the file's"), msg, func(mine bool) {
		if mine {
			w.manager.KeepMine(sc.Name)
			w.servers.PutServer(oldName, sc)
		}
	}, w.win)
	d.Resize(fyne.NewSize(480, 220))
	d.Show()
}
