package ui

import (
	"testing"

	"mcpbrowser/ui/widgets"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// pressLikeDriver types key on c as the desktop driver does: TypedKey to
// the focused widget, then the key's rune (0: none) to the widget focused
// after that, then the release to the widget focused then.
func pressLikeDriver(c fyne.Canvas, key fyne.KeyName, r rune) {
	ev := &fyne.KeyEvent{Name: key}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	}
	if f := c.Focused(); f != nil && r != 0 {
		f.TypedRune(r)
	}
	if f, ok := c.Focused().(interface{ KeyUp(*fyne.KeyEvent) }); ok {
		f.KeyUp(ev)
	}
}

// tabLikeDriver is Tab (Shift+Tab with back) as the desktop driver handles
// it: typed into a field that accepts tabs, else the focus moves.
func tabLikeDriver(c fyne.Canvas, back bool) {
	if tb, ok := c.Focused().(fyne.Tabbable); ok && tb.AcceptsTab() {
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
		return
	}
	if back {
		c.FocusPrevious()
	} else {
		c.FocusNext()
	}
}

// appButton is the app's button labelled text in o.
func appButton(t *testing.T, o fyne.CanvasObject, text string) *widgets.Button {
	t.Helper()
	for _, b := range findAll[*widgets.Button](o) {
		if b.Text == text {
			return b
		}
	}
	t.Fatalf("no %q button", text)
	return nil
}

// TestSpaceOnAddButtonTypesNoSpace: "+ Add argument" and the environment's
// "+ Add" in the server editor, and "+ Add item" in a form, pressed with
// Space or Enter as the driver delivers them, put the keyboard in a new,
// empty field: the key's rune does not reach it (" /path", " Alice").
func TestSpaceOnAddButtonTypesNoSpace(t *testing.T) {
	keys := []struct {
		key fyne.KeyName
		r   rune
	}{{fyne.KeySpace, ' '}, {fyne.KeyReturn, 0}}
	for _, k := range keys {
		t.Run("editor "+string(k.key), func(t *testing.T) {
			test.NewTempApp(t)
			e := newServerEditor(nil, func(string) bool { return false })
			w := test.NewTempWindow(t, e.root)
			w.Resize(fyne.NewSize(700, 700))
			for _, tc := range []struct {
				button  string
				section fyne.CanvasObject
				newest  func() *widgets.Entry
			}{
				{"Add argument", e.args.root, func() *widgets.Entry { return e.args.entries[len(e.args.entries)-1] }},
				{"Add", e.env.root, func() *widgets.Entry { return e.env.rows[len(e.env.rows)-1].key }},
			} {
				w.Canvas().Focus(appButton(t, tc.section, tc.button))
				pressLikeDriver(w.Canvas(), k.key, k.r)
				if got := w.Canvas().Focused(); got != tc.newest() {
					t.Fatalf("after %s on %q the keyboard is on %T, not in the new row", k.key, tc.button, got)
				}
				if got := tc.newest().Text; got != "" {
					t.Errorf("after %s on %q the new row holds %q, want it empty", k.key, tc.button, got)
				}
			}
		})
		t.Run("form "+string(k.key), func(t *testing.T) {
			v, win := newTestFormView(t, string(corpusByName(t, "gosdk-memory-create_entities").Schema))
			win.Canvas().Focus(appButton(t, viewOf(t, v, "entities").input, "Add item"))
			pressLikeDriver(win.Canvas(), k.key, k.r)
			got, ok := win.Canvas().Focused().(*formEntry)
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
	test.Tap(appButton(t, viewOf(t, v, "edits").input, "Add item"))
	fields := map[string]*formEntry{
		"content":          first[*formEntry](t, v, "content"),
		"edits[0].oldText": first[*formEntry](t, v, "edits[0].oldText"),
		"edits[0].newText": first[*formEntry](t, v, "edits[0].newText"),
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
			tabLikeDriver(c, back)
			if c.Focused() == fyne.Focusable(e) {
				t.Errorf("Tab (back=%v) in %s keeps the keyboard there", back, name)
			}
			if e.Text != "x" {
				t.Errorf("Tab (back=%v) in %s typed into it: %q", back, name, e.Text)
			}
		}
	}
}
