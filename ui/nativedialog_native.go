//go:build !ci && (windows || darwin)

package ui

import (
	"errors"
	"mcpbrowser/ui/widgets"
	"testing"

	"fyne.io/fyne/v2"
	sysdialog "github.com/sqweek/dialog"
)

// nativeOpenFile shows the system's open dialog and reports whether it did.
// sqweek/dialog blocks until the person answers, so it runs on its own
// goroutine and the answer comes back through fyne.Do. Test binaries get
// the app's own chooser instead: a system dialog would wait for a person forever.
func nativeOpenFile(parent fyne.Window, title string, filter fileFilter, chosen func(path string), _ func()) bool {
	if testing.Testing() {
		return false
	}
	go func() {
		b := sysdialog.File().Title(title)
		if len(filter.Exts) > 0 {
			b = b.Filter(filter.name(), filter.Exts...)
		}
		path, err := b.Load()
		deliverNativeAnswer(parent, path, err, chosen)
	}()
	return true
}

// nativeSaveFile is nativeOpenFile's twin for choosing where to save.
func nativeSaveFile(parent fyne.Window, title, suggested string, filter fileFilter, chosen func(path string), _ func()) bool {
	if testing.Testing() {
		return false
	}
	go func() {
		b := sysdialog.File().Title(title).SetStartFile(suggested)
		if len(filter.Exts) > 0 {
			b = b.Filter(filter.name(), filter.Exts...)
		}
		path, err := b.Save()
		deliverNativeAnswer(parent, path, err, chosen)
	}()
	return true
}

// nativeOpenFolder shows the system's folder chooser and reports whether it did.
func nativeOpenFolder(parent fyne.Window, title string, chosen func(path string), _ func()) bool {
	if testing.Testing() {
		return false
	}
	go func() {
		path, err := sysdialog.Directory().Title(title).Browse()
		deliverNativeAnswer(parent, path, err, chosen)
	}()
	return true
}

func deliverNativeAnswer(parent fyne.Window, path string, err error, chosen func(string)) {
	fyne.Do(func() {
		switch {
		case errors.Is(err, sysdialog.ErrCancelled):
		case err != nil:
			widgets.ShowError(err, parent)
		default:
			chosen(path)
		}
	})
}
