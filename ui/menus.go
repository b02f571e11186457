package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
)

// Keyboard shortcuts of the window. Ctrl becomes Cmd on macOS.
var (
	shortcutRun    = &desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutRunKP  = &desktop.CustomShortcut{KeyName: fyne.KeyEnter, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutFilter = &desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutQuit   = &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutSide   = &desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutAdd    = &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutServer = &desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutLive   = &desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
)

// mainMenu carries the same shortcuts as the canvas: the menu sees them even
// while an entry has the focus (an entry keeps Ctrl+Enter and Ctrl+F to itself).
func (w *MainWindow) mainMenu() *fyne.MainMenu {
	importItem := fyne.NewMenuItem(lang.L("Import a config file…"), w.servers.ImportFile)
	findItem := fyne.NewMenuItem(lang.L("Find servers from other apps…"), w.importing.FindServers)
	pasteItem := fyne.NewMenuItem(lang.L("Paste server config…"), w.importing.PasteServers)
	exportAll := fyne.NewMenuItem(lang.L("Export all…"), w.importing.ExportAll)
	presets := fyne.NewMenuItem(lang.L("Add from a preset"), nil)
	presets.ChildMenu = w.importing.PresetsMenu()
	reloadItem := fyne.NewMenuItem(lang.L("Reload servers file"), w.reloadConfig)
	openRec := fyne.NewMenuItem(lang.L("Open recording…"), w.openRecording)
	liveItem := fyne.NewMenuItem(lang.L("Live sessions"), func() { w.showLive() })
	liveItem.Shortcut = shortcutLive
	// Fyne adds a Quit item without a shortcut; this one has Ctrl+Q (on
	// macOS Fyne puts it in the app menu, as Cmd+Q).
	quitItem := fyne.NewMenuItem(lang.L("Quit"), w.quit)
	quitItem.IsQuit = true
	quitItem.Shortcut = shortcutQuit
	find := fyne.NewMenuItem(lang.L("Find in this tab"), w.focusFilter)
	find.Shortcut = shortcutFilter
	run := fyne.NewMenuItem(lang.L("Run"), w.toolform.Run)
	run.Shortcut = shortcutRun
	cancel := fyne.NewMenuItem(lang.L("Cancel call (Esc)"), w.cancelCall)
	goTo := fyne.NewMenuItem(lang.L("Go to server…"), w.servers.GoTo)
	goTo.Shortcut = shortcutServer
	side := fyne.NewMenuItem(lang.L("Show or hide the side panel"), w.toggleSide)
	side.Shortcut = shortcutSide
	add := fyne.NewMenuItem(lang.L("Add…"), w.servers.Add)
	add.Shortcut = shortcutAdd
	runMany := fyne.NewMenuItem(lang.L("Run N times…"), w.toolform.RunMany)
	quality := fyne.NewMenuItem(lang.L("Quality report…"), w.quality.ShowReport)
	server := fyne.NewMenu(lang.L("Server"), add, presets)
	server.Items = append(server.Items, w.servers.Actions(false)...)
	return fyne.NewMainMenu(
		fyne.NewMenu(lang.L("File"), findItem, pasteItem, importItem, fyne.NewMenuItemSeparator(), exportAll, fyne.NewMenuItemSeparator(), openRec, reloadItem,
			fyne.NewMenuItemSeparator(), quitItem),
		server,
		fyne.NewMenu(lang.L("Tool"), find, run, cancel, fyne.NewMenuItemSeparator(), runMany, quality),
		fyne.NewMenu(lang.L("View"), goTo, side, liveItem),
		fyne.NewMenu(lang.L("Help"), fyne.NewMenuItem(lang.L("About MCP Browser"), func() { ShowAbout(w.win, w.client.Version) }),
			languageMenu(w.app.Preferences(), w.win)),
	)
}

// quit ends the app as closing the window does: preferences saved, then
// every server stopped once the app's loop has returned.
func (w *MainWindow) quit() {
	w.savePrefs()
	w.app.Quit()
}

// focusFilter puts the keyboard in the filter of the tab on show (Ctrl+F,
// Cmd+F on macOS); with no tab on show, in the side panel's search.
func (w *MainWindow) focusFilter() {
	if e := w.features.Filter(); e != nil && w.toolsArea.Visible() {
		w.win.Canvas().Focus(e)
		return
	}
	if !w.columns.SideHidden {
		w.win.Canvas().Focus(w.side.Search())
	}
}

// toggleSide shows or hides the side panel (View menu, Ctrl+L).
func (w *MainWindow) toggleSide() {
	// Remembered when the window closes (savePrefs): Fyne re-reads its
	// preferences file whenever it changes, and a write per keystroke let
	// it read a half-written file ("Preferences load error: EOF").
	w.columns.SideHidden = !w.columns.SideHidden
	w.outer.Refresh()
}
