package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
)

// A fileFilter names a kind of file for a file dialog ("JSON files", "json").
// Desc is the English name, translated where the dialog shows it (name), so
// a filter can be a package variable made before the translations load.
type fileFilter struct {
	Desc string
	Exts []string // without the dot
}

var jsonFiles = fileFilter{Desc: "JSON files", Exts: []string{"json"}}

// name is Desc in the person's language.
func (f fileFilter) name() string { return lang.L(f.Desc) }

// openFileDialog asks for a file to open and calls chosen with its path on
// the UI goroutine; chosen is not called when the person cancels. The
// system's own dialog is used where there is one (see nativeOpenFile), and
// Fyne's where there is none.
func openFileDialog(parent fyne.Window, title string, filter fileFilter, chosen func(path string)) {
	fallback := func() { fyneOpenFile(parent, title, filter, chosen) }
	if !nativeOpenFile(parent, title, filter, chosen, fallback) {
		fallback()
	}
}

func fyneOpenFile(parent fyne.Window, title string, filter fileFilter, chosen func(path string)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			showErrorDialog(err, parent)
			return
		}
		if r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		chosen(path)
	}, parent)
	d.SetTitleText(title)
	if len(filter.Exts) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(dotted(filter.Exts)))
	}
	d.Show()
}

// saveFileDialog asks where to save a file (suggesting suggested as its name)
// and calls chosen with the path on the UI goroutine; not called on cancel.
func saveFileDialog(parent fyne.Window, title, suggested string, filter fileFilter, chosen func(path string)) {
	fallback := func() { fyneSaveFile(parent, title, suggested, filter, chosen) }
	if !nativeSaveFile(parent, title, suggested, filter, chosen, fallback) {
		fallback()
	}
}

func fyneSaveFile(parent fyne.Window, title, suggested string, filter fileFilter, chosen func(path string)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			showErrorDialog(err, parent)
			return
		}
		if w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		chosen(path)
	}, parent)
	d.SetTitleText(title)
	d.SetFileName(suggested)
	if len(filter.Exts) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(dotted(filter.Exts)))
	}
	d.Show()
}

// openFolderDialog asks for a folder and calls chosen with its path on the
// UI goroutine; chosen is not called when the person cancels.
func openFolderDialog(parent fyne.Window, title string, chosen func(path string)) {
	fallback := func() { fyneOpenFolder(parent, title, chosen) }
	if !nativeOpenFolder(parent, title, chosen, fallback) {
		fallback()
	}
}

func fyneOpenFolder(parent fyne.Window, title string, chosen func(path string)) {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			showErrorDialog(err, parent)
			return
		}
		if u == nil {
			return
		}
		chosen(u.Path())
	}, parent)
	d.SetTitleText(title)
	d.Show()
}

func dotted(exts []string) []string {
	out := make([]string, len(exts))
	for i, e := range exts {
		out[i] = "." + e
	}
	return out
}
