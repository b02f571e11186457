package servers

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/uitest"
	"mcpbrowser/ui/widgets"
)

// TestSpaceOnAddButtonTypesNoSpace: "+ Add argument" and the environment's
// "+ Add" in the server editor, pressed with Space or Enter as the driver
// delivers them, put the keyboard in a new, empty field: the key's rune does
// not reach it (" /path"). The form's "+ Add item" is tested in ui/form.
func TestSpaceOnAddButtonTypesNoSpace(t *testing.T) {
	keys := []struct {
		key fyne.KeyName
		r   rune
	}{{fyne.KeySpace, ' '}, {fyne.KeyReturn, 0}}
	for _, k := range keys {
		t.Run("editor "+string(k.key), func(t *testing.T) {
			test.NewTempApp(t)
			e := NewEditor(nil, func(string) bool { return false })
			w := test.NewTempWindow(t, e.Root)
			w.Resize(fyne.NewSize(700, 700))
			for _, tc := range []struct {
				button  string
				section fyne.CanvasObject
				newest  func() *widgets.Entry
			}{
				{"Add argument", e.args.root, func() *widgets.Entry { return e.args.entries[len(e.args.entries)-1] }},
				{"Add", e.Env.root, func() *widgets.Entry { return e.Env.rows[len(e.Env.rows)-1].key }},
			} {
				w.Canvas().Focus(uitest.AppButton(t, tc.section, tc.button))
				uitest.PressLikeDriver(w.Canvas(), k.key, k.r)
				if got := w.Canvas().Focused(); got != tc.newest() {
					t.Fatalf("after %s on %q the keyboard is on %T, not in the new row", k.key, tc.button, got)
				}
				if got := tc.newest().Text; got != "" {
					t.Errorf("after %s on %q the new row holds %q, want it empty", k.key, tc.button, got)
				}
			}
		})
	}
}
