package form

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/uitest"
)

// TestSpaceOnAddItemTypesNoSpace: "+ Add item" in a form (server-memory's
// create_entities), pressed with Space or Enter as the driver delivers
// them, puts the keyboard in the new item's first field, empty: the key's
// rune does not reach it (" Alice").
func TestSpaceOnAddItemTypesNoSpace(t *testing.T) {
	keys := []struct {
		key fyne.KeyName
		r   rune
	}{{fyne.KeySpace, ' '}, {fyne.KeyReturn, 0}}
	for _, k := range keys {
		t.Run("form "+string(k.key), func(t *testing.T) {
			v, win := newTestFormView(t, string(corpusByName(t, "gosdk-memory-create_entities").Schema))
			win.Canvas().Focus(uitest.AppButton(t, viewOf(t, v, "entities").input, "Add item"))
			uitest.PressLikeDriver(win.Canvas(), k.key, k.r)
			got, ok := win.Canvas().Focused().(*FormEntry)
			if !ok || firstEntry(viewOf(t, v, "entities[0]").box) != got {
				t.Fatalf("after %s on Add item the keyboard is on %T, not in the new item's first field", k.key, win.Canvas().Focused())
			}
			if got.Text != "" {
				t.Errorf("after %s on Add item the new item's first field holds %q, want it empty", k.key, got.Text)
			}
		})
	}
}

// TestTabLeavesMultiLineFormFields: Tab and Shift+Tab leave a form's
// multi-line fields (write_file's content, edit_file's old and new text) as they leave every other field, and type nothing into them.
func TestTabLeavesMultiLineFormFields(t *testing.T) {
	v, win := newTestFormView(t, `{"type":"object","properties":{
		"path":{"type":"string"},
		"content":{"type":"string"},
		"edits":{"type":"array","items":{"type":"object","properties":{
			"oldText":{"type":"string"},"newText":{"type":"string"}}}},
		"dryRun":{"type":"boolean"}}}`)
	test.Tap(uitest.AppButton(t, viewOf(t, v, "edits").input, "Add item"))
	fields := map[string]*FormEntry{
		"content":          first[*FormEntry](t, v, "content"),
		"edits[0].oldText": first[*FormEntry](t, v, "edits[0].oldText"),
		"edits[0].newText": first[*FormEntry](t, v, "edits[0].newText"),
	}
	c := win.Canvas()
	for name, e := range fields {
		if !e.MultiLine {
			t.Errorf("%s is not multi-line: the test needs one", name)
			continue
		}
		for _, back := range []bool{false, true} {
			e.SetText("x")
			c.Focus(e)
			if c.Focused() != fyne.Focusable(e) {
				t.Fatalf("%s cannot take the keyboard", name)
			}
			uitest.TabLikeDriver(c, back)
			if c.Focused() == fyne.Focusable(e) {
				t.Errorf("Tab (back=%v) in %s keeps the keyboard there", back, name)
			}
			if e.Text != "x" {
				t.Errorf("Tab (back=%v) in %s typed into it: %q", back, name, e.Text)
			}
		}
	}
}
