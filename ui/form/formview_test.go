package form

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/demo"
	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp/schema"
	"mcpbrowser/ui/view"
)

// TestFormKinds types and taps into the widget of each kind and checks
// the arguments the view gives back.
func TestFormKinds(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		act    func(t *testing.T, v *FormView)
		want   string
	}{{
		name:   "string entry",
		schema: `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`,
		act:    func(t *testing.T, v *FormView) { test.Type(first[*FormEntry](t, v, "name"), "Ada") },
		want:   `{"name":"Ada"}`,
	}, {
		name:   "long text gets a multi-line entry",
		schema: `{"type":"object","properties":{"content":{"type":"string"}}}`,
		act: func(t *testing.T, v *FormView) {
			e := first[*FormEntry](t, v, "content")
			if !e.MultiLine {
				t.Error("content is not multi-line")
			}
			test.Type(e, "one")
			e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			test.Type(e, "two")
		},
		want: `{"content":"one\ntwo"}`,
	}, {
		name:   "number keeps its digits",
		schema: `{"type":"object","properties":{"x":{"type":"number"},"n":{"type":"integer"}}}`,
		act: func(t *testing.T, v *FormView) {
			test.Type(first[*FormEntry](t, v, "x"), "2.50")
			test.Type(first[*FormEntry](t, v, "n"), "123456789012345678901234567890")
		},
		want: `{"x":2.50,"n":123456789012345678901234567890}`,
	}, {
		name:   "required boolean is a check box",
		schema: `{"type":"object","properties":{"b":{"type":"boolean"}},"required":["b"]}`,
		act:    func(t *testing.T, v *FormView) { test.Tap(first[*widget.Check](t, v, "b")) },
		want:   `{"b":true}`,
	}, {
		name:   "optional boolean is a check box that can be false",
		schema: `{"type":"object","properties":{"b":{"type":"boolean"}}}`,
		act: func(t *testing.T, v *FormView) {
			c := first[*widget.Check](t, v, "b")
			test.Tap(c)
			test.Tap(c)
		},
		want: `{"b":false}`,
	}, {
		name:   "optional boolean can be left out again with Clear",
		schema: `{"type":"object","properties":{"b":{"type":"boolean"}}}`,
		act: func(t *testing.T, v *FormView) {
			test.Tap(first[*widget.Check](t, v, "b"))
			test.Tap(uitest.FindButton(v.Widget(), "Clear"))
		},
		want: `{}`,
	}, {
		name:   "a boolean with a default has no not-set state",
		schema: `{"type":"object","properties":{"b":{"type":"boolean","default":true}}}`,
		act: func(t *testing.T, v *FormView) {
			if uitest.FindButton(v.Widget(), "Clear") != nil {
				t.Error("a boolean with a default offers Clear")
			}
			test.Tap(first[*widget.Check](t, v, "b"))
		},
		want: `{"b":false}`,
	}, {
		name:   "enum of three is a radio group",
		schema: `{"type":"object","properties":{"c":{"enum":["red","green","blue"]}},"required":["c"]}`,
		act:    func(t *testing.T, v *FormView) { first[*widget.RadioGroup](t, v, "c").SetSelected("green") },
		want:   `{"c":"green"}`,
	}, {
		name: "titled choices are a drop-down of titles",
		schema: `{"type":"object","properties":{"size":{"oneOf":[{"const":"S","title":"Small"},{"const":"M","title":"Medium"},
			{"const":"L","title":"Large"},{"const":"XL","title":"Extra large"}]}},"required":["size"]}`,
		act:  func(t *testing.T, v *FormView) { first[*widget.Select](t, v, "size").SetSelected("Large") },
		want: `{"size":"L"}`,
	}, {
		name:   "enum of non-strings",
		schema: `{"type":"object","properties":{"level":{"enum":[1,2,null,true]}},"required":["level"]}`,
		act:    func(t *testing.T, v *FormView) { first[*widget.Select](t, v, "level").SetSelected("(null)") },
		want:   `{"level":null}`,
	}, {
		name:   "multi-enum is a check group, in the order ticked",
		schema: `{"type":"object","properties":{"tags":{"type":"array","items":{"enum":["a","b","c"]}}}}`,
		act: func(t *testing.T, v *FormView) {
			first[*widget.CheckGroup](t, v, "tags").SetSelected([]string{"c", "a"})
		},
		want: `{"tags":["c","a"]}`,
	}, {
		name:   "required const is fixed",
		schema: `{"type":"object","properties":{"kind":{"const":"fixed"}},"required":["kind"]}`,
		act: func(t *testing.T, v *FormView) {
			if l := first[*widget.Label](t, v, "kind"); !strings.Contains(l.Text, "fixed") {
				t.Errorf("const shows %q", l.Text)
			}
		},
		want: `{"kind":"fixed"}`,
	}, {
		name:   "optional const is sent when ticked",
		schema: `{"type":"object","properties":{"kind":{"const":"fixed"}}}`,
		act:    func(t *testing.T, v *FormView) { test.Tap(first[*widget.Check](t, v, "kind")) },
		want:   `{"kind":"fixed"}`,
	}, {
		name: "nested object",
		schema: `{"type":"object","properties":{"opts":{"type":"object","properties":{"depth":{"type":"integer"}},
			"required":["depth"]}},"required":["opts"]}`,
		act:  func(t *testing.T, v *FormView) { test.Type(first[*FormEntry](t, v, "opts.depth"), "2") },
		want: `{"opts":{"depth":2}}`,
	}, {
		name:   "null toggle",
		schema: `{"type":"object","properties":{"n":{"type":["string","null"]}}}`,
		act: func(t *testing.T, v *FormView) {
			w := viewOf(t, v, "n")
			if w.null == nil {
				t.Fatal("no null toggle")
			}
			test.Tap(w.null)
		},
		want: `{"n":null}`,
	}, {
		name:   "null toggle off again leaves it out",
		schema: `{"type":"object","properties":{"n":{"anyOf":[{"type":"integer"},{"type":"null"}]}}}`,
		act: func(t *testing.T, v *FormView) {
			test.Tap(viewOf(t, v, "n").null)
			test.Tap(viewOf(t, v, "n").null)
		},
		want: `{}`,
	}, {
		name:   "raw JSON for any value",
		schema: `{"type":"object","properties":{"r":{}},"required":["r"]}`,
		act:    func(t *testing.T, v *FormView) { test.Type(first[*FormEntry](t, v, "r"), `{"a":[1,2]}`) },
		want:   `{"r":{"a":[1,2]}}`,
	}, {
		name:   "key/value entries",
		schema: `{"type":"object","properties":{"env":{"type":"object","additionalProperties":{"type":"string"}}}}`,
		act: func(t *testing.T, v *FormView) {
			w := viewOf(t, v, "env")
			key := keyEntries(w)[0]
			if key.PlaceHolder != "new key" {
				t.Fatalf("first key input is %q", key.PlaceHolder)
			}
			test.Type(key, "HOME")
			test.Tap(button(t, w.input, "Add entry"))
			test.Type(first[*FormEntry](t, v, "env.HOME"), "/root")
		},
		want: `{"env":{"HOME":"/root"}}`,
	}, {
		name:   "key/value entry renamed",
		schema: `{"type":"object","properties":{"env":{"type":"object","additionalProperties":{"type":"integer"}}}}`,
		act: func(t *testing.T, v *FormView) {
			if err := v.Load(json.RawMessage(`{"env":{"A":1}}`)); err != nil {
				t.Fatal(err)
			}
			key := keyEntries(viewOf(t, v, "env"))[0]
			if key.Text != "A" {
				t.Fatalf("first entry of env is %q, want the key A", key.Text)
			}
			test.Type(key, "B") // typed at the cursor, which is at the start
		},
		want: `{"env":{"BA":1}}`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := newTestFormView(t, tt.schema)
			tt.act(t, v)
			sameJSON(t, argsOf(t, v), tt.want)
		})
	}
}

// TestFormRequiredMissing: a Run attempt with required fields empty shows
// the message under each of them, and nothing before it.
func TestFormRequiredMissing(t *testing.T) {
	v, _ := newTestFormView(t, `{"type":"object","properties":{
		"city":{"enum":["Amsterdam","Cairo","Lima","Reykjavik"]},
		"count":{"type":"integer","minimum":1,"maximum":10},
		"opts":{"type":"object","properties":{"depth":{"type":"integer"}},"required":["depth"]}},
		"required":["city","count","opts"]}`)
	for _, path := range []string{"city", "count", "opts.depth"} {
		if m := messageOf(t, v, path); m != "" {
			t.Errorf("%s shows %q before anything was done", path, m)
		}
	}
	args, errs := v.Arguments()
	if args != nil || len(errs) != 3 {
		t.Fatalf("Arguments = %s, %v; want 3 problems", args, errs)
	}
	for path, want := range map[string]string{
		"city":       "pick one of: Amsterdam, Cairo, Lima, Reykjavik",
		"count":      "this field is required",
		"opts.depth": "this field is required",
	} {
		if got := messageOf(t, v, path); got != want {
			t.Errorf("message under %s = %q, want %q", path, got, want)
		}
	}
	// Fixing a field takes its message away as the person types; a wrong
	// value shows its own.
	count := first[*FormEntry](t, v, "count")
	test.Type(count, "12")
	if got := messageOf(t, v, "count"); got != "must be at most 10" {
		t.Errorf("after typing 12: %q", got)
	}
	count.SetText("7")
	if got := messageOf(t, v, "count"); got != "" {
		t.Errorf("after typing 7: %q", got)
	}
}

// TestFormMessageWhileTyping: before a Run attempt, a field the person
// touched shows its problem; untouched ones stay quiet.
func TestFormMessageWhileTyping(t *testing.T) {
	v, _ := newTestFormView(t, `{"type":"object","properties":{
		"email":{"type":"string","format":"email"},"name":{"type":"string"}},"required":["name"]}`)
	test.Type(first[*FormEntry](t, v, "email"), "nobody")
	if got := messageOf(t, v, "email"); got != "must be an email address like name@example.com" {
		t.Errorf("email message %q", got)
	}
	if got := messageOf(t, v, "name"); got != "" {
		t.Errorf("untouched name shows %q", got)
	}
	if e := first[*FormEntry](t, v, "email"); e.PlaceHolder != "name@example.com" {
		t.Errorf("email placeholder %q", e.PlaceHolder)
	}
}

// TestFormOptionalEmptyOmitted: optional fields typed into and emptied
// again are not sent, neither are untouched optional objects.
func TestFormOptionalEmptyOmitted(t *testing.T) {
	v, _ := newTestFormView(t, `{"type":"object","properties":{
		"q":{"type":"string"},"n":{"type":"number"},"b":{"type":"boolean"},
		"opts":{"type":"object","properties":{"x":{"type":"string"}}}}}`)
	q := first[*FormEntry](t, v, "q")
	test.Type(q, "abc")
	q.SetText("")
	sameJSON(t, argsOf(t, v), `{}`)
	if !viewOf(t, v, "opts").folded {
		t.Error("an optional object that sends nothing starts open")
	}
}

// TestFormDefaultsShown: the demo server's draw_gradient fills in its
// defaults, and the view shows them.
func TestFormDefaultsShown(t *testing.T) {
	tool := corpusByName(t, "demo-draw_gradient")
	v, _ := newTestFormView(t, string(tool.Schema))
	if got := first[*FormEntry](t, v, "width").Text; got != "256" {
		t.Errorf("width shows %q, want the default 256", got)
	}
	if got := first[*widget.Select](t, v, "colour").Selected; got != "rainbow" {
		t.Errorf("colour shows %q, want the default rainbow", got)
	}
	model, _ := schema.NewForm(tool.Schema)
	want, _ := model.Arguments()
	sameJSON(t, argsOf(t, v), string(want))
}

// TestFormArray adds, fills, moves and removes items of the Go SDK memory
// server's create_entities (an array of objects with an array inside).
func TestFormArray(t *testing.T) {
	v, win := newTestFormView(t, string(corpusByName(t, "gosdk-memory-create_entities").Schema))
	list := viewOf(t, v, "entities")
	for range 3 {
		test.Tap(lastButton(t, list.input, "Add item"))
	}
	for i, name := range []string{"a", "b", "c"} {
		path := "entities[" + string(rune('0'+i)) + "]"
		test.Type(first[*FormEntry](t, v, path+".name"), name)
		test.Type(first[*FormEntry](t, v, path+".entityType"), "t")
		obs := viewOf(t, v, path+".observations")
		test.Tap(lastButton(t, obs.input, "Add item"))
		test.Type(first[*FormEntry](t, v, path+".observations[0]"), "o"+name)
	}
	names := func() string {
		args := argsOf(t, v)
		var got struct{ Entities []struct{ Name string } }
		if err := json.Unmarshal([]byte(args), &got); err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, e := range got.Entities {
			s = append(s, e.Name)
		}
		return strings.Join(s, ",")
	}
	if got, want := win.Canvas().Focused(), first[*FormEntry](t, v, "entities[2].observations[0]"); got != want {
		t.Errorf("after Add item the focus is on %v, want the new item's entry", got)
	}
	if got := names(); got != "a,b,c" {
		t.Fatalf("names %s", got)
	}
	rows := func() []*fyne.Container { return itemRows(viewOf(t, v, "entities")) }
	// Move "c" up, then "a" down: b, c ... wait for each step.
	tapIcon(t, rows()[2], 0) // up
	if got := names(); got != "a,c,b" {
		t.Errorf("after moving the third up: %s", got)
	}
	tapIcon(t, rows()[0], 1) // down
	if got := names(); got != "c,a,b" {
		t.Errorf("after moving the first down: %s", got)
	}
	tapIcon(t, rows()[1], 2) // remove
	if got := names(); got != "c,b" {
		t.Errorf("after removing the second: %s", got)
	}
	// Properties come in the schema's order.
	sameJSON(t, argsOf(t, v), `{"entities":[{"entityType":"t","name":"c","observations":["oc"]},
		{"entityType":"t","name":"b","observations":["ob"]}]}`)
}

// itemRows returns the item rows of an array's widget.
func itemRows(w *fieldView) []*fyne.Container {
	var rows []*fyne.Container
	n := len(w.fd.Children())
	for _, c := range uitest.FindAll[*fyne.Container](w.input) {
		// An item row is a Border whose right side holds the three
		// icon buttons.
		if len(c.Objects) == 3 {
			if bs := allButtons(c.Objects[2]); len(bs) == 3 && bs[0].Text == "" && !isInsideRow(rows, c) {
				rows = append(rows, c)
			}
		}
	}
	if len(rows) > n {
		rows = rows[:n]
	}
	return rows
}

func isInsideRow(rows []*fyne.Container, c *fyne.Container) bool {
	for _, r := range rows {
		for _, inner := range uitest.FindAll[*fyne.Container](r) {
			if inner == c {
				return true
			}
		}
	}
	return false
}

// tapIcon taps the i-th icon button (up, down, remove) of an item row.
func tapIcon(t *testing.T, row *fyne.Container, i int) {
	t.Helper()
	bs := allButtons(row.Objects[2])
	if bs[i].Disabled() {
		t.Fatalf("button %d of the row is disabled", i)
	}
	test.Tap(bs[i])
}

// TestFormArrayLimits: minItems and maxItems disable remove and add.
func TestFormArrayLimits(t *testing.T) {
	v, _ := newTestFormView(t, `{"type":"object","properties":{
		"xs":{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":2}},"required":["xs"]}`)
	w := viewOf(t, v, "xs")
	add := button(t, w.input, "Add item")
	test.Tap(add)
	row := itemRows(viewOf(t, v, "xs"))[0]
	if bs := allButtons(row.Objects[2]); !bs[2].Disabled() {
		t.Error("remove is enabled at minItems")
	}
	test.Tap(button(t, viewOf(t, v, "xs").input, "Add item"))
	if !button(t, viewOf(t, v, "xs").input, "Add item").Disabled() {
		t.Error("add is enabled at maxItems")
	}
	if _, errs := v.Arguments(); len(errs) != 2 {
		t.Errorf("two empty items give %v", errs)
	}
	if got := messageOf(t, v, "xs[1]"); got != "this field is required" {
		t.Errorf("empty item message %q", got)
	}
}

// TestFormVariant picks a shape, fills it, switches to another and back.
func TestFormVariant(t *testing.T) {
	v, _ := newTestFormView(t, `{"type":"object","properties":{"target":{"oneOf":[
		{"title":"By name","type":"object","properties":{"name":{"type":"string"}},"required":["name"]},
		{"title":"By id","type":"object","properties":{"id":{"type":"integer"}},"required":["id"]}]}},
		"required":["target"]}`)
	pick := first[*widget.Select](t, v, "target")
	if got := pick.Options; strings.Join(got, "|") != "By name|By id" {
		t.Fatalf("variant options %q", got)
	}
	_, errs := v.Arguments()
	if len(errs) != 1 || messageOf(t, v, "target") == "" {
		t.Fatalf("no choice: %v, message %q", errs, messageOf(t, v, "target"))
	}
	pick.SetSelected("By id")
	test.Type(first[*FormEntry](t, v, "target.id"), "42")
	sameJSON(t, argsOf(t, v), `{"target":{"id":42}}`)
	first[*widget.Select](t, v, "target").SetSelected("By name")
	test.Type(first[*FormEntry](t, v, "target.name"), "Ada")
	sameJSON(t, argsOf(t, v), `{"target":{"name":"Ada"}}`)
	first[*widget.Select](t, v, "target").SetSelected("By id")
	if got := first[*FormEntry](t, v, "target.id").Text; got != "42" {
		t.Errorf("back to By id shows %q, want the 42 typed before", got)
	}
}

// TestFormJSONRoundTrip: for every real tool schema, the filled form goes
// to the JSON editor and back unchanged.
func TestFormJSONRoundTrip(t *testing.T) {
	for _, tool := range loadCorpus(t) {
		t.Run(tool.Name, func(t *testing.T) {
			v, _ := newTestFormView(t, string(tool.Schema))
			if tool.Filled != nil {
				if err := v.Load(tool.Filled); err != nil {
					t.Fatalf("Load(%s): %v", tool.Filled, err)
				}
			}
			before, beforeState := argsOf(t, v), formState(v)
			v.modes.SetSelected(modeJSON())
			if !v.JsonMode {
				t.Fatalf("did not switch to JSON: %s", v.problems.Text)
			}
			if got := v.JsonEntry.Text; got != view.PrettyJSON([]byte(before)) {
				t.Errorf("editor shows\n%s\nwant\n%s", got, view.PrettyJSON([]byte(before)))
			}
			sameJSON(t, argsOf(t, v), before)
			v.modes.SetSelected(modeForm())
			if v.JsonMode {
				t.Fatalf("did not switch back: %s", v.problems.Text)
			}
			sameJSON(t, argsOf(t, v), before)
			if after := formState(v); after != beforeState {
				t.Errorf("form before\n%s\nafter\n%s", beforeState, after)
			}
		})
	}
}

// TestFormJSONInvalidKept: invalid JSON keeps the editor open, with the
// text and the reason; JSON that does not fit is kept raw on its field.
func TestFormJSONInvalidKept(t *testing.T) {
	v, _ := newTestFormView(t, string(corpusByName(t, "demo-draw_gradient").Schema))
	v.modes.SetSelected(modeJSON())
	v.JsonEntry.SetText(`{"width": 3,`)
	v.modes.SetSelected(modeForm())
	if !v.JsonMode || v.modes.Selected != modeJSON() {
		t.Fatal("invalid JSON switched to the form")
	}
	if v.JsonEntry.Text != `{"width": 3,` {
		t.Errorf("editor text changed to %q", v.JsonEntry.Text)
	}
	if !v.problems.Visible() || !strings.Contains(v.problems.Text, "not valid JSON") {
		t.Errorf("problem shown: %v %q", v.problems.Visible(), v.problems.Text)
	}
	args, errs := v.Arguments()
	if args != nil || len(errs) == 0 {
		t.Errorf("Arguments of invalid JSON = %s, %v", args, errs)
	}

	v.JsonEntry.SetText(`{"width": "wide", "height": 5}`)
	v.modes.SetSelected(modeForm())
	if v.JsonMode {
		t.Fatalf("JSON that parses stayed in the editor: %s", v.problems.Text)
	}
	w := viewOf(t, v, "width")
	if !w.fd.IsRaw() || !w.note.Visible() || !strings.Contains(w.note.Text, "raw JSON") {
		t.Errorf("width is not shown as kept raw (raw %v, note %q)", w.fd.IsRaw(), w.note.Text)
	}
	if !v.notes.Visible() || !strings.Contains(v.notes.Text, "width") {
		t.Errorf("top note %q", v.notes.Text)
	}
	if _, errs := v.Arguments(); len(errs) == 0 || messageOf(t, v, "width") == "" {
		t.Errorf("raw width passes: %v", errs)
	}
	// The person fixes it in the raw editor and goes back to the form.
	raw := first[*FormEntry](t, v, "width")
	raw.SetText("300")
	test.Tap(button(t, viewOf(t, v, "width").input, "Use the form"))
	if viewOf(t, v, "width").fd.IsRaw() {
		t.Fatal("still raw after Use the form")
	}
	sameJSON(t, argsOf(t, v), `{"height":5,"width":300}`) // in the schema's order
}

// TestFormJSONModeArguments: in the JSON editor Arguments checks the text
// against the schema and lists the problems at the top.
func TestFormJSONModeArguments(t *testing.T) {
	v, _ := newTestFormView(t, string(corpusByName(t, "demo-add").Schema))
	v.modes.SetSelected(modeJSON())
	v.JsonEntry.SetText(`{"a": 1}`)
	_, errs := v.Arguments()
	if len(errs) != 1 || errs[0].Path != "b" {
		t.Fatalf("problems %v", errs)
	}
	if !v.problems.Visible() || !strings.Contains(v.problems.Text, "b: this field is required") {
		t.Errorf("top problems %q", v.problems.Text)
	}
	v.JsonEntry.SetText(`{"a": 1, "b": 99999999999}`)
	sameJSON(t, argsOf(t, v), `{"a":1,"b":99999999999}`)
	if v.problems.Visible() {
		t.Errorf("problems still shown: %q", v.problems.Text)
	}
}

// TestFormUnfinishedNumberStaysInForm: a value that is not JSON yet cannot
// be shown in the editor; the view says so instead of dropping it.
func TestFormUnfinishedNumberStaysInForm(t *testing.T) {
	v, _ := newTestFormView(t, string(corpusByName(t, "demo-add").Schema))
	test.Type(first[*FormEntry](t, v, "a"), "1e")
	v.modes.SetSelected(modeJSON())
	if v.JsonMode || v.modes.Selected != modeForm() {
		t.Fatal("switched to JSON with an unfinished number")
	}
	if !v.problems.Visible() || messageOf(t, v, "a") == "" {
		t.Errorf("no reason shown: top %q, a %q", v.problems.Text, messageOf(t, v, "a"))
	}
}

// TestFormCtrlEnterSubmits: Ctrl+Enter in a single-line entry, a
// multi-line one and the JSON editor calls OnSubmit; other shortcuts still
// reach the entry.
func TestFormCtrlEnterSubmits(t *testing.T) {
	v, win := newTestFormView(t, `{"type":"object","properties":{"q":{"type":"string"},"body":{"type":"string"}}}`)
	submits := 0
	v.OnSubmit = func() { submits++ }
	press := func(s fyne.Shortcut) {
		// What the desktop driver does with a shortcut: the focused
		// object gets it when it takes shortcuts.
		focused, ok := win.Canvas().Focused().(fyne.Shortcutable)
		if !ok {
			t.Fatalf("focused object %T takes no shortcuts", win.Canvas().Focused())
		}
		focused.TypedShortcut(s)
	}
	ctrlEnter := &desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: fyne.KeyModifierControl}
	q := first[*FormEntry](t, v, "q")
	win.Canvas().Focus(q)
	test.Type(q, "hello")
	press(ctrlEnter)
	body := first[*FormEntry](t, v, "body")
	win.Canvas().Focus(body)
	test.Type(body, "text")
	press(&desktop.CustomShortcut{KeyName: fyne.KeyEnter, Modifier: fyne.KeyModifierControl})
	if body.Text != "text" {
		t.Errorf("Ctrl+Enter changed the multi-line text to %q", body.Text)
	}
	press(&fyne.ShortcutSelectAll{})
	if body.SelectedText() != "text" {
		t.Errorf("select-all did not reach the entry: %q", body.SelectedText())
	}
	v.modes.SetSelected(modeJSON())
	win.Canvas().Focus(v.JsonEntry)
	press(ctrlEnter)
	if submits != 3 {
		t.Errorf("OnSubmit called %d times, want 3", submits)
	}
}

// TestFormNoArguments: no schema, and a schema with no properties, say so.
func TestFormNoArguments(t *testing.T) {
	for s, want := range map[string]string{
		"":                                  "This tool takes no arguments.",
		`{"type":"object","properties":{}}`: "This tool takes no arguments.",
		// A bare object allows any keys: say so, and offer to add some.
		`{"type":"object"}`: "This tool declares no arguments; add any as key/value pairs.",
	} {
		v, _ := newTestFormView(t, s)
		sameJSON(t, argsOf(t, v), `{}`)
		var labels []*widget.Label
		for _, l := range uitest.FindAll[*widget.Label](v.FormBox) {
			if l.Visible() {
				labels = append(labels, l)
			}
		}
		if len(labels) == 0 || labels[0].Text != want {
			t.Errorf("schema %q: first label is not %q", s, want)
		}
	}
}

// TestFormUnreadableSchema: a schema that cannot be a form leaves the JSON
// editor, which still sends what is typed.
func TestFormUnreadableSchema(t *testing.T) {
	v, _ := newTestFormView(t, `[1,2]`)
	if !v.JsonMode || !v.notes.Visible() {
		t.Fatalf("json mode %v, note %q", v.JsonMode, v.notes.Text)
	}
	v.JsonEntry.SetText(`{"x": 1}`)
	sameJSON(t, argsOf(t, v), `{"x":1}`)
	v.JsonEntry.SetText(`[]`)
	if _, errs := v.Arguments(); len(errs) != 1 {
		t.Errorf("an array passes as arguments: %v", errs)
	}
}

// TestFormLoadRefusesNonObject: Load of something that is not an object
// changes nothing.
func TestFormLoadRefusesNonObject(t *testing.T) {
	v, _ := newTestFormView(t, string(corpusByName(t, "demo-add").Schema))
	test.Type(first[*FormEntry](t, v, "a"), "5")
	if err := v.Load(json.RawMessage(`[1]`)); err == nil {
		t.Fatal("Load of an array succeeded")
	}
	if got := first[*FormEntry](t, v, "a").Text; got != "5" {
		t.Errorf("a shows %q after a refused load", got)
	}
	err := v.Load(json.RawMessage(`{"a":1,"b":"two"}`))
	var le *schema.LoadError
	if !errors.As(err, &le) || len(le.Kept) != 1 {
		t.Fatalf("Load with a wrong value: %v", err)
	}
}

// TestFormRecursiveSchema: a recursive optional object starts collapsed
// and opens on request, one level at a time.
func TestFormRecursiveSchema(t *testing.T) {
	v, _ := newTestFormView(t, `{"type":"object","$defs":{"node":{"type":"object","properties":{
		"name":{"type":"string"},"child":{"$ref":"#/$defs/node"}}}},
		"properties":{"root":{"$ref":"#/$defs/node"}},"required":["root"]}`)
	child := viewOf(t, v, "root.child")
	if !child.folded {
		t.Fatal("a recursive child starts open")
	}
	test.Tap(child.foldBtn)
	test.Type(first[*FormEntry](t, v, "root.child.name"), "leaf")
	sameJSON(t, argsOf(t, v), `{"root":{"child":{"name":"leaf"}}}`)
}

// TestFormBadges: deprecated and read-only fields say so, required ones
// carry a star, descriptions are shown.
func TestFormBadges(t *testing.T) {
	v, _ := newTestFormView(t, `{"type":"object","properties":{
		"old":{"type":"string","deprecated":true,"description":"Use new instead."},
		"id":{"type":"string","readOnly":true}},"required":["old"]}`)
	texts := func(path string) string {
		var s []string
		for _, l := range uitest.FindAll[*widget.Label](viewOf(t, v, path).box) {
			if l.Visible() {
				s = append(s, l.Text)
			}
		}
		return strings.Join(s, "|")
	}
	if got := texts("old"); !strings.Contains(got, "Old *") || !strings.Contains(got, "deprecated") ||
		!strings.Contains(got, "Use new instead.") {
		t.Errorf("old shows %q", got)
	}
	if got := texts("id"); !strings.Contains(got, "read-only") || strings.Contains(got, "*") {
		t.Errorf("id shows %q", got)
	}
}

// TestFormDemoServerTools builds the form of every tool the demo server
// lists over the SDK's in-memory transport, as the SDK hands it over.
func TestFormDemoServerTools(t *testing.T) {
	ctx := context.Background()
	server, err := demo.NewServer(demo.Options{Root: t.TempDir(), Stderr: new(strings.Builder)})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	client := sdk.NewClient(&sdk.Implementation{Name: "formview-test", Version: "0"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Tools) == 0 {
		t.Fatal("the demo server lists no tools")
	}
	test.NewTempApp(t)
	v := NewFormView(nil)
	test.NewTempWindow(t, v.Widget())
	for _, tool := range list.Tools {
		v.SetSchemaValue(tool.InputSchema)
		if v.Form == nil {
			t.Errorf("%s: no form (notes %q)", tool.Name, v.notes.Text)
			continue
		}
		for _, c := range v.Form.Root.Children() {
			if v.views[c] == nil {
				t.Errorf("%s: property %s has no widget", tool.Name, c.Name)
			}
		}
	}
}

// keyEntries returns the key inputs of a key/value widget: each entry's,
// then the "new key" one.
func keyEntries(w *fieldView) []*FormEntry {
	var keys []*FormEntry
	for _, e := range uitest.FindAll[*FormEntry](w.input) {
		if e.PlaceHolder == "key" || e.PlaceHolder == "new key" {
			keys = append(keys, e)
		}
	}
	return keys
}

// lastButton returns the last button labelled text in o: a container's own
// button comes after those of the fields inside it.
func lastButton(t testing.TB, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	var found *widget.Button
	for _, b := range allButtons(o) {
		if b.Text == text {
			found = b
		}
	}
	if found == nil {
		t.Fatalf("no button %q", text)
	}
	return found
}

func corpusByName(t testing.TB, name string) corpusTool {
	t.Helper()
	for _, c := range loadCorpus(t) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no corpus schema %s", name)
	return corpusTool{}
}

func TestJSONModeStartsWithRequiredKeys(t *testing.T) {
	test.NewTempApp(t)
	v := NewFormView(test.NewWindow(nil))
	v.SetSchema(json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"depth":{"type":"integer"},
		"all":{"type":"boolean"},"mode":{"enum":["fast","slow"]}},"required":["path","depth","mode"]}`))
	v.modes.SetSelected(modeJSON())
	want := "{\n  \"path\": \"\",\n  \"depth\": 0,\n  \"mode\": \"fast\"\n}"
	if got := v.JsonEntry.Text; got != want {
		t.Errorf("the JSON editor starts with\n%s\nwant\n%s", got, want)
	}
}

// TestChoicesSideBySideOnlyWhenTheyFit: options that would be wider than the
// field column at 1024×640 (about 300 px) are stacked; side by side they
// pushed the whole form past its column (the demo's background_job).
func TestChoicesSideBySideOnlyWhenTheyFit(t *testing.T) {
	for _, tt := range []struct {
		name, schema string
		horizontal   bool
	}{
		{"short", `{"type":"object","properties":{"c":{"enum":["red","green","blue"]}},"required":["c"]}`, true},
		{"long", `{"type":"object","properties":{"c":{"enum":["nothing","a question","a model reply"]}},"required":["c"]}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := newTestFormView(t, tt.schema)
			r := first[*widget.RadioGroup](t, v, "c")
			if r.Horizontal != tt.horizontal {
				t.Errorf("side by side = %v, want %v", r.Horizontal, tt.horizontal)
			}
			if w := r.MinSize().Width; w > 280 {
				t.Errorf("the choices need %.0f px, more than the field column has at 1024×640", w)
			}
		})
	}
}

// TestLabelGoesAboveTheInputInANarrowForm: a one-line field keeps its label
// beside the input while the input has room, and puts it above once the
// form is narrower than that (a server's question at 900×600): the label is
// whole, the input as wide as the form, and neither overlaps the other.
func TestLabelGoesAboveTheInputInANarrowForm(t *testing.T) {
	for _, tc := range []struct {
		width   float32
		stacked bool
	}{
		{900, false},
		{labelWidth + 280 + 40, false},
		{380, true},
		{300, true},
	} {
		t.Run(fmt.Sprint(tc.width), func(t *testing.T) {
			v, win := newTestFormView(t, `{"type":"object","properties":{"name":{"type":"string","title":"Your full legal name"},"age":{"type":"integer"}}}`)
			win.Resize(fyne.NewSize(tc.width, 600))
			entry := first[*FormEntry](t, v, "name")
			var title *widget.Label
			for _, l := range uitest.FindAll[*widget.Label](viewOf(t, v, "name").box) {
				if l.Text == "Your full legal name" {
					title = l
				}
			}
			if title == nil {
				t.Fatal("no label for the field")
			}
			d := fyne.CurrentApp().Driver()
			ep, tp := d.AbsolutePositionForObject(entry), d.AbsolutePositionForObject(title)
			stacked := ep.Y >= tp.Y+title.Size().Height-1
			if stacked != tc.stacked {
				t.Errorf("at %v px the label is above the input: %v, want %v (label at %v, input at %v)", tc.width, stacked, tc.stacked, tp, ep)
			}
			if !stacked && ep.X < tp.X+title.Size().Width {
				t.Errorf("at %v px the input (x %v) overlaps its label (ends at %v)", tc.width, ep.X, tp.X+title.Size().Width)
			}
			if stacked && entry.Size().Width < tc.width-60 {
				t.Errorf("at %v px the input above which the label sits is %v px wide, want the form's width", tc.width, entry.Size().Width)
			}
		})
	}
}
