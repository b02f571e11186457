package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/i18n"
)

// Choosing a language is remembered, marks the chosen item alone and says
// when it takes effect.
func TestLanguageMenuRemembersTheChoice(t *testing.T) {
	a := test.NewTempApp(t)
	win := a.NewWindow("t")
	item := languageMenu(a.Preferences(), win)
	items := item.ChildMenu.Items
	if len(items) != len(i18n.Supported) {
		t.Fatalf("%d language items, want %d", len(items), len(i18n.Supported))
	}
	if !items[0].Checked {
		t.Error("with nothing chosen, Follow the system is not checked")
	}
	items[2].Action() // 简体中文
	if got := a.Preferences().String(prefLanguage); got != i18n.SimplifiedChinese {
		t.Errorf("preference = %q, want %q", got, i18n.SimplifiedChinese)
	}
	for i, it := range items {
		if it.Checked != (i == 2) {
			t.Errorf("item %d (%s) checked = %v", i, it.Label, it.Checked)
		}
	}
	if len(win.Canvas().Overlays().List()) == 0 {
		t.Error("no dialog says when the new language takes effect")
	}
}
