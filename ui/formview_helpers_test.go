package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mcpbrowser/ui/widgets"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// newTestFormView shows a FormView for schemaJSON in a test window.
func newTestFormView(t testing.TB, schemaJSON string) (*FormView, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	v := NewFormView(nil)
	win := test.NewTempWindow(t, v.Widget())
	v.win = win
	win.Resize(fyne.NewSize(900, 1400))
	v.SetSchema(json.RawMessage(schemaJSON))
	return v, win
}

// viewOf returns the widget of the field at path.
func viewOf(t testing.TB, v *FormView, path string) *fieldView {
	t.Helper()
	fd := v.form.Lookup(path)
	if fd == nil {
		t.Fatalf("no field at path %q", path)
	}
	w := v.views[fd]
	if w == nil {
		t.Fatalf("the field at %q has no widget", path)
	}
	return w
}

// findAll returns the objects of type T inside o, in display order,
// looking through containers (every wrapper the form uses is one).
func findAll[T any](o fyne.CanvasObject) []T {
	var out []T
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if t, ok := o.(T); ok {
			out = append(out, t)
		}
		if c, ok := o.(*fyne.Container); ok {
			for _, child := range c.Objects {
				walk(child)
			}
		}
	}
	walk(o)
	return out
}

// allButtons are the buttons in o, Fyne's and the app's (widgets.Button), in
// reading order.
func allButtons(o fyne.CanvasObject) []*widget.Button {
	var out []*widget.Button
	for _, w := range findAll[fyne.Widget](o) {
		switch b := w.(type) {
		case *widget.Button:
			out = append(out, b)
		case *widgets.Button:
			out = append(out, &b.Button)
		}
	}
	return out
}

// first returns the first object of type T in the input of the field at
// path, failing the test when there is none.
func first[T any](t testing.TB, v *FormView, path string) T {
	t.Helper()
	all := findAll[T](viewOf(t, v, path).input)
	if len(all) == 0 {
		var zero T
		t.Fatalf("the field at %q has no %T", path, zero)
	}
	return all[0]
}

// button returns the button labelled text in o.
func button(t testing.TB, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	for _, b := range allButtons(o) {
		if b.Text == text {
			return b
		}
	}
	t.Fatalf("no button %q", text)
	return nil
}

// argsOf calls Arguments and fails the test on problems.
func argsOf(t testing.TB, v *FormView) string {
	t.Helper()
	args, errs := v.Arguments()
	if len(errs) > 0 {
		t.Fatalf("Arguments: unexpected problems %v", errs)
	}
	return string(args)
}

// sameJSON compares two JSON texts ignoring white space but not key order.
func sameJSON(t testing.TB, got, want string) {
	t.Helper()
	var g, w bytes.Buffer
	if err := json.Compact(&g, []byte(got)); err != nil {
		t.Fatalf("got is not JSON: %v: %s", err, got)
	}
	if err := json.Compact(&w, []byte(want)); err != nil {
		t.Fatalf("want is not JSON: %v: %s", err, want)
	}
	if g.String() != w.String() {
		t.Errorf("arguments\n got %s\nwant %s", g.String(), w.String())
	}
}

// messageOf returns the visible inline message of the field at path, or "".
func messageOf(t testing.TB, v *FormView, path string) string {
	t.Helper()
	m := viewOf(t, v, path).message
	if !m.Visible() {
		return ""
	}
	return m.Text
}

// corpusTool is one real tool schema from mcp/schema/testdata/corpus.
type corpusTool struct {
	Name   string
	Schema json.RawMessage
	// Filled is the golden "arguments after filling the required fields".
	Filled json.RawMessage
}

func loadCorpus(t testing.TB) []corpusTool {
	t.Helper()
	dir := filepath.Join("..", "mcp", "schema", "testdata")
	files, err := filepath.Glob(filepath.Join(dir, "corpus", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus in %s: %v", dir, err)
	}
	var tools []corpusTool
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Schema json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		ct := corpusTool{Name: name, Schema: doc.Schema}
		if golden, err := os.ReadFile(filepath.Join(dir, "golden", name+".txt")); err == nil {
			ct.Filled = goldenFilled(golden)
		}
		tools = append(tools, ct)
	}
	return tools
}

func goldenFilled(golden []byte) json.RawMessage {
	lines := strings.Split(string(golden), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "arguments after filling") && i+1 < len(lines) {
			return json.RawMessage(strings.TrimSpace(lines[i+1]))
		}
	}
	return nil
}

// formState describes what every widget of the form shows, to compare a
// form before and after a round trip through the JSON editor.
func formState(v *FormView) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch w := o.(type) {
		case *formEntry:
			fmt.Fprintf(&b, "entry %q\n", w.Text)
		case *widget.Check:
			fmt.Fprintf(&b, "check %q %v\n", w.Text, w.Checked)
		case *widget.Select:
			fmt.Fprintf(&b, "select %q\n", w.Selected)
		case *widget.RadioGroup:
			fmt.Fprintf(&b, "radio %q\n", w.Selected)
		case *widget.CheckGroup:
			fmt.Fprintf(&b, "checks %q\n", w.Selected)
		case *widget.Label:
			fmt.Fprintf(&b, "label %q\n", w.Text)
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		}
	}
	walk(v.formBox)
	return b.String()
}
