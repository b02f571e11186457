package ui

import (
	"fmt"
	"mcpbrowser/ui/widgets"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"mcpbrowser/internal/i18n"
)

// prefLanguage keeps the language the person chose in Help → Language
// ("" follows the system).
const prefLanguage = "language"

// setupLanguage loads the translations in the language the person chose, or
// the system's. It runs before the first widget is made.
func setupLanguage(a fyne.App) {
	language, err := i18n.Setup(a.Preferences().String(prefLanguage))
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpbrowser: the translations could not be loaded, so the window is in English:", err)
		return
	}
	if !i18n.SystemCanShow(language) {
		fmt.Fprintln(os.Stderr, "mcpbrowser: no font on this system has Chinese characters, so the window is in English; install one (Debian, Ubuntu: sudo apt install fonts-noto-cjk) to see it in Chinese")
		_, _ = i18n.Setup(i18n.English)
		return
	}
	if language == i18n.SimplifiedChinese {
		useChineseFont(a) // chinesefont.go
	}
}

// languageMenu lets the person pick the window's language. Text already on
// screen does not change, so the choice takes effect at the next start, and
// the dialog says so.
func languageMenu(p fyne.Preferences, win fyne.Window) *fyne.MenuItem {
	item := fyne.NewMenuItem(lang.L("Language"), nil)
	names := map[string]string{
		i18n.Auto:              lang.L("Follow the system"),
		i18n.English:           "English",
		i18n.SimplifiedChinese: "简体中文",
	}
	var children []*fyne.MenuItem
	for _, code := range i18n.Supported {
		code := code
		child := fyne.NewMenuItem(names[code], nil)
		child.Checked = p.String(prefLanguage) == code
		child.Action = func() {
			if p.String(prefLanguage) == code {
				return
			}
			p.SetString(prefLanguage, code)
			for _, c := range children {
				c.Checked = c == child
			}
			widgets.ShowInformation(lang.L("Language changed"),
				lang.L("The new language is used from the next start of MCP Browser."), win)
		}
		children = append(children, child)
	}
	item.ChildMenu = fyne.NewMenu("", children...)
	return item
}
