//go:build ci

package ui

import "fyne.io/fyne/v2"

// Under -tags ci there is no system dialog (the build has no cgo); Fyne's
// own file dialog is used instead.
func nativeOpenFile(fyne.Window, string, fileFilter, func(string)) bool { return false }

func nativeSaveFile(fyne.Window, string, string, fileFilter, func(string)) bool { return false }

func nativeOpenFolder(fyne.Window, string, func(string)) bool { return false }
