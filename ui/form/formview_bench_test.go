package form

import (
	"encoding/json"
	"fmt"
	"mcpbrowser/internal/uitest"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// wideSchema is a tool schema with n properties of mixed kinds, a few of
// them nested objects and arrays, every third one required.
func wideSchema(n int) json.RawMessage {
	kinds := []string{
		`{"type":"string","description":"Some text to send."}`,
		`{"type":"integer","minimum":0,"maximum":100,"default":5}`,
		`{"type":"number"}`,
		`{"type":"boolean"}`,
		`{"enum":["red","green","blue","cyan","magenta"],"default":"red"}`,
		`{"type":"string","format":"date-time"}`,
		`{"type":"array","items":{"enum":["a","b","c"]}}`,
		`{"type":["string","null"]}`,
		`{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"integer"}},"required":["x"]}`,
		`{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}},"minItems":1}`,
	}
	var props, required []string
	for i := range n {
		name := fmt.Sprintf("field_%03d", i)
		props = append(props, fmt.Sprintf("%q:%s", name, kinds[i%len(kinds)]))
		if i%3 == 0 {
			required = append(required, fmt.Sprintf("%q", name))
		}
	}
	return json.RawMessage(`{"type":"object","properties":{` + strings.Join(props, ",") +
		`},"required":[` + strings.Join(required, ",") + `]}`)
}

// BenchmarkFormViewBuild200 measures building the widgets of a FormView for
// a 200-property schema (the model is built too, as SetSchema does), shown in
// a window and laid out.
func BenchmarkFormViewBuild200(b *testing.B) {
	raw := wideSchema(200)
	test.NewTempApp(b)
	v := NewFormView(nil)
	win := test.NewTempWindow(b, v.Widget())
	win.Resize(fyne.NewSize(900, 900))
	b.ReportAllocs()
	for b.Loop() {
		v.SetSchema(raw)
	}
	if v.Form == nil || len(v.Form.Root.Children()) != 200 {
		b.Fatal("the schema did not build 200 fields")
	}
}

// BenchmarkFormViewKeystroke200 measures two keystrokes (a character and a
// backspace) in a 200-property form: each changes the model and brings every
// inline message up to date.
func BenchmarkFormViewKeystroke200(b *testing.B) {
	test.NewTempApp(b)
	v := NewFormView(nil)
	test.NewTempWindow(b, v.Widget())
	v.SetSchema(wideSchema(200))
	entry := uitest.FindAll[*FormEntry](v.views[v.Form.Lookup("field_000")].input)[0]
	b.ReportAllocs()
	backspace := &fyne.KeyEvent{Name: fyne.KeyBackspace}
	for b.Loop() {
		// Type and take back, so the text does not grow with b.N.
		test.Type(entry, "x")
		entry.TypedKey(backspace)
	}
}
