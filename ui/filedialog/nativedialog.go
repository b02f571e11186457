package filedialog

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// A FileFilter names a kind of file for a file dialog ("JSON files", "json").
// Desc is the English name, translated where the dialog shows it (name), so
// a filter can be a package variable made before the translations load.
type FileFilter struct {
	Desc string
	Exts []string // without the dot
}

var JsonFiles = FileFilter{Desc: "JSON files", Exts: []string{"json"}}

// name is Desc in the person's language.
func (f FileFilter) Name() string { return lang.L(f.Desc) }

// OpenFileDialog asks for a file to open and calls chosen with its path on
// the UI goroutine; chosen is not called when the person cancels. The
// system's own dialog is used where there is one (see nativeOpenFile), and
// the app's own chooser (filechooser.go) where there is none.
func OpenFileDialog(parent fyne.Window, title string, filter FileFilter, chosen func(path string)) {
	fallback := func() { fyneOpenFile(parent, title, filter, chosen) }
	if !nativeOpenFile(parent, title, filter, chosen, fallback) {
		fallback()
	}
}

// fyneOpenFile is the app's own chooser (filechooser.go), where the system
// has no dialog.
func fyneOpenFile(parent fyne.Window, title string, filter FileFilter, chosen func(path string)) {
	ShowFileChooser(parent, ChooseOpen, title, "", filter, chosen)
}

// SaveFileDialog asks where to save a file (suggesting suggested as its name)
// and calls chosen with the path on the UI goroutine; not called on cancel.
func SaveFileDialog(parent fyne.Window, title, suggested string, filter FileFilter, chosen func(path string)) {
	fallback := func() { fyneSaveFile(parent, title, suggested, filter, chosen) }
	if !nativeSaveFile(parent, title, suggested, filter, chosen, fallback) {
		fallback()
	}
}

func fyneSaveFile(parent fyne.Window, title, suggested string, filter FileFilter, chosen func(path string)) {
	ShowFileChooser(parent, ChooseSave, title, suggested, filter, chosen)
}

// OpenFolderDialog asks for a folder and calls chosen with its path on the
// UI goroutine; chosen is not called when the person cancels.
func OpenFolderDialog(parent fyne.Window, title string, chosen func(path string)) {
	fallback := func() { fyneOpenFolder(parent, title, chosen) }
	if !nativeOpenFolder(parent, title, chosen, fallback) {
		fallback()
	}
}

func fyneOpenFolder(parent fyne.Window, title string, chosen func(path string)) {
	ShowFileChooser(parent, ChooseFolder, title, "", FileFilter{}, chosen)
}
