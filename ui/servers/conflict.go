package servers

import (
	"errors"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/widgets"
)

// WarnEditor tells the person editing an entry that the file's version of it
// changed meanwhile: the question of which to keep comes with Save.
func (s *Screen) WarnEditor(changed []string) {
	if ed := s.Editor; ed != nil && ed.Ed.Orig != nil && slices.Contains(changed, ed.Ed.Orig.Name) {
		ed.Ed.Problem.SetText(lang.L("This server was changed in the servers file while you were editing it here. Saving will ask which version to keep."))
	}
}

// SaveFailed reports a failed save; when the entry was also changed in the
// file meanwhile, it asks which version to keep rather than overwrite either.
func (s *Screen) SaveFailed(oldName string, sc *config.ServerConfig, err error) {
	var ce *config.ConflictError
	if !errors.As(err, &ce) {
		s.deps.ShowError(i18n.L("Saving {{.Server}}", map[string]any{"Server": sc.Name}), err)
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
			s.deps.Manager().KeepMine(sc.Name)
			s.PutServer(oldName, sc)
		}
	}, s.deps.Win)
	d.Resize(fyne.NewSize(480, 220))
	d.Show()
}
