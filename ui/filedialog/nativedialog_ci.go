//go:build ci || !(linux || windows || darwin)

package filedialog

import "fyne.io/fyne/v2"

// Under -tags ci there is no system dialog (the build has no cgo), nor on
// systems the app is not built for; the app's own chooser is used instead.
func nativeOpenFile(fyne.Window, string, FileFilter, func(string), func()) bool { return false }

func nativeSaveFile(fyne.Window, string, string, FileFilter, func(string), func()) bool { return false }

func nativeOpenFolder(fyne.Window, string, func(string), func()) bool { return false }
