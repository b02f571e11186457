package result

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// showResult renders r in a window the size of a real result area and returns the view.
func showResult(t testing.TB, r *mcp.CallResult, tool *sdk.Tool) (*ResultView, fyne.Window) {
	t.Helper()
	w := test.NewWindow(nil)
	v := NewResultView(w)
	w.SetContent(v.Widget())
	w.Resize(fyne.NewSize(800, 600))
	v.Show(r, tool)
	return v, w
}

func textResult(texts ...string) *sdk.CallToolResult {
	res := &sdk.CallToolResult{}
	for _, s := range texts {
		res.Content = append(res.Content, &sdk.TextContent{Text: s})
	}
	return res
}

func TestResultLayersLookDifferent(t *testing.T) {
	test.NewTempApp(t)
	cases := []struct {
		name       string
		result     *mcp.CallResult
		title      string
		sentence   string // a phrase the sentence must contain
		icon       string // the icon resource's name
		importance widget.Importance
	}{
		{
			name:   "success",
			result: &mcp.CallResult{Outcome: mcp.Outcome{Duration: 12 * time.Millisecond}, Tool: "add", Result: textResult("5")},
			title:  "Success", sentence: "The tool ran and returned its result", icon: "success_", importance: widget.SuccessImportance,
		},
		{
			name:   "tool error",
			result: &mcp.CallResult{Outcome: mcp.Outcome{Layer: mcp.LayerTool, Message: "the tool ran and reported an error: outside the sandbox"}, Tool: "read_file", Result: &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "outside the sandbox"}}}},
			title:  "Tool error", sentence: "The tool ran and said it failed", icon: "warning_", importance: widget.WarningImportance,
		},
		{
			name:   "protocol error",
			result: &mcp.CallResult{Outcome: mcp.Outcome{Layer: mcp.LayerProtocol, RPCError: &jsonrpc.Error{Code: -32602, Message: "missing a", Data: json.RawMessage(`{"field":"a"}`)}}, Tool: "add"},
			title:  "Protocol error", sentence: "The server refused the request (JSON-RPC error -32602 invalid params): missing a",
			icon: "error_", importance: widget.DangerImportance,
		},
		{
			name:   "connection",
			result: &mcp.CallResult{Outcome: mcp.Outcome{Layer: mcp.LayerConnection, Message: "the call failed: the server exited", Err: errors.New("EOF")}, Tool: "add"},
			title:  "Connection error", sentence: "Could not reach the server", icon: "error_", importance: widget.DangerImportance,
		},
		{
			name:   "timeout",
			result: &mcp.CallResult{Outcome: mcp.Outcome{Layer: mcp.LayerTimeout, Message: "no answer within 30s"}, Tool: "slow"},
			title:  "Timed out", sentence: "did not answer in time", icon: "error_", importance: widget.DangerImportance,
		},
		{
			name:   "cancelled",
			result: &mcp.CallResult{Outcome: mcp.Outcome{Layer: mcp.LayerCancelled, Message: "cancelled"}, Tool: "slow"},
			title:  "Cancelled", sentence: "cancelled before the server answered", icon: "warning_", importance: widget.WarningImportance,
		},
	}
	seen := map[string]string{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, _ := showResult(t, c.result, nil)
			if v.title.Text != c.title {
				t.Errorf("title = %q, want %q", v.title.Text, c.title)
			}
			if !strings.Contains(v.Sentence.Text, c.sentence) {
				t.Errorf("sentence = %q, want it to contain %q", v.Sentence.Text, c.sentence)
			}
			if name := v.icon.Resource.Name(); !strings.HasPrefix(name, c.icon) {
				t.Errorf("icon = %q, want the %s… colouring", name, c.icon)
			}
			if v.title.Importance != c.importance {
				t.Errorf("title importance = %v, want %v", v.title.Importance, c.importance)
			}
			seen[c.title] = v.icon.Resource.Name() + " / " + v.Sentence.Text
		})
	}
	// The three layers a person must tell apart never share icon and words.
	if seen["Success"] == seen["Tool error"] || seen["Tool error"] == seen["Protocol error"] || seen["Success"] == seen["Protocol error"] {
		t.Errorf("layers look alike: %v", seen)
	}
}

func TestProtocolErrorShowsCodeAndData(t *testing.T) {
	test.NewTempApp(t)
	v, _ := showResult(t, &mcp.CallResult{Outcome: mcp.Outcome{Layer: mcp.LayerProtocol, RPCError: &jsonrpc.Error{Code: -32601, Message: "unknown tool", Data: json.RawMessage(`{"tool":"nope"}`)}}}, nil)
	all := strings.Join(v.texts, "\n")
	if !strings.Contains(all, "unknown tool") || !strings.Contains(all, "\"tool\": \"nope\"") {
		t.Errorf("body texts = %q, want the message and the data pretty-printed", all)
	}
	if !strings.Contains(v.Sentence.Text, "-32601 method not found") {
		t.Errorf("sentence = %q", v.Sentence.Text)
	}
}

func TestResultTextAndJSON(t *testing.T) {
	test.NewTempApp(t)
	v, _ := showResult(t, &mcp.CallResult{Result: textResult("plain words", `{"a":1,"b":[true]}`)}, nil)
	if len(v.texts) != 2 || v.texts[0] != "plain words" {
		t.Fatalf("texts = %q", v.texts)
	}
	if want := "{\n  \"a\": 1,\n  \"b\": [\n    true\n  ]\n}"; v.texts[1] != want {
		t.Errorf("JSON text shown as %q, want it pretty-printed %q", v.texts[1], want)
	}
	if len(v.bigTexts) != 0 {
		t.Errorf("small texts went into %d line lists; they belong in labels", len(v.bigTexts))
	}
}

func pngBytes(t testing.TB, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, h/2, color.NRGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestResultImageShown(t *testing.T) {
	test.NewTempApp(t)
	cases := []struct {
		name         string
		w, h         int
		wantW, wantH float32
	}{
		{"small keeps its size", 64, 32, 64, 32},
		{"big is scaled to fit", 2000, 1000, maxImageWidth, maxImageWidth / 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := &sdk.CallToolResult{Content: []sdk.Content{&sdk.ImageContent{MIMEType: "image/png", Data: pngBytes(t, c.w, c.h)}}}
			v, w := showResult(t, &mcp.CallResult{Result: res}, nil)
			if len(v.Images) != 1 {
				t.Fatalf("%d images shown, want 1", len(v.Images))
			}
			if got := v.Images[0].MinSize(); got.Width != c.wantW || got.Height != c.wantH {
				t.Errorf("image size %v, want %vx%v", got, c.wantW, c.wantH)
			}
			if !onCanvas(w, v.Images[0]) {
				t.Error("the image is not in the laid-out window")
			}
		})
	}
}

func TestResultImageThatIsNotAnImage(t *testing.T) {
	test.NewTempApp(t)
	res := &sdk.CallToolResult{Content: []sdk.Content{&sdk.ImageContent{MIMEType: "image/png", Data: []byte("not a png")}}}
	v, w := showResult(t, &mcp.CallResult{Result: res}, nil)
	if len(v.Images) != 0 {
		t.Error("a broken image was put on screen")
	}
	if !labelOnCanvas(w, "cannot be shown") {
		t.Error("no words say the image could not be shown")
	}
}

func TestStructuredContentAgainstOutputSchema(t *testing.T) {
	test.NewTempApp(t)
	tool := &sdk.Tool{Name: "add", OutputSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"sum": map[string]any{"type": "number"}},
		"required":   []any{"sum"},
	}}
	cases := []struct {
		name       string
		structured any
		note       string
		importance widget.Importance
	}{
		{"matches", map[string]any{"sum": 5}, "Matches the tool's outputSchema", widget.SuccessImportance},
		{"wrong field", map[string]any{"total": 5}, "does not match the tool's outputSchema", widget.WarningImportance},
		{"wrong type", map[string]any{"sum": "five"}, "does not match the tool's outputSchema", widget.WarningImportance},
		{"missing", nil, "returned no structuredContent", widget.WarningImportance},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := textResult("5")
			res.StructuredContent = c.structured
			v, w := showResult(t, &mcp.CallResult{Result: res}, tool)
			if v.schemaNote == nil {
				t.Fatal("no schema note")
			}
			if !strings.Contains(v.schemaNote.Text, c.note) {
				t.Errorf("note = %q, want %q", v.schemaNote.Text, c.note)
			}
			if v.schemaNote.Importance != c.importance {
				t.Errorf("note importance = %v, want %v", v.schemaNote.Importance, c.importance)
			}
			if !onCanvas(w, v.schemaNote) {
				t.Error("the note is not on screen")
			}
			if c.structured != nil && !strings.Contains(strings.Join(v.texts, "\n"), "{\n  \"") {
				t.Errorf("structured content not shown as pretty JSON: %q", v.texts)
			}
		})
	}
}

func TestHugeResultShowsHeadAndShowAll(t *testing.T) {
	test.NewTempApp(t)
	text := hugeText(10 << 20)
	v, w := showResult(t, &mcp.CallResult{Tool: "dump", Result: textResult(text)}, nil)
	if len(v.bigTexts) != 1 {
		t.Fatalf("%d line lists, want the text in one", len(v.bigTexts))
	}
	tl := v.bigTexts[0]
	total := strings.Count(text, "\n")
	if len(tl.Lines) > widgets.HeadLines || len(tl.Lines) == 0 {
		t.Errorf("head has %d lines, want 1..%d", len(tl.Lines), widgets.HeadLines)
	}
	if tl.Total != total {
		t.Errorf("total = %d, want %d", tl.Total, total)
	}
	if !strings.Contains(tl.Note.Text, "Showing the first") || !strings.Contains(tl.Note.Text, view.Thousands(total)) {
		t.Errorf("note = %q", tl.Note.Text)
	}
	if !tl.ShowAllButton.Visible() || !onCanvas(w, tl.ShowAllButton) {
		t.Fatal("no Show all offer on screen")
	}
	if !buttonOnCanvas(w, "Save text") {
		t.Error("no Save text offer on screen")
	}
	test.Tap(tl.ShowAllButton)
	if len(tl.Lines) != total {
		t.Errorf("after Show all %d lines, want %d", len(tl.Lines), total)
	}
	if tl.ShowAllButton.Visible() {
		t.Error("Show all still offered after showing all")
	}
	if got, want := tl.Lines[total-1], text[strings.LastIndexByte(text[:len(text)-1], '\n')+1:len(text)-1]; got != want {
		t.Errorf("last line %q, want %q", got, want)
	}
}

func TestResultOtherContent(t *testing.T) {
	test.NewTempApp(t)
	size := int64(2048)
	res := &sdk.CallToolResult{Content: []sdk.Content{
		&sdk.AudioContent{MIMEType: "audio/wav", Data: make([]byte, 3000)},
		&sdk.ResourceLink{Name: "notes", URI: "file:///tmp/notes.txt", MIMEType: "text/plain", Size: &size},
		&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: "mem://blob.bin", MIMEType: "application/octet-stream", Blob: []byte{1, 2, 3}}},
		&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: "mem://readme", MIMEType: "text/plain", Text: "hello resource"}},
	}}
	v, w := showResult(t, &mcp.CallResult{Result: res}, nil)
	all := strings.Join(v.texts, "\n")
	for _, want := range []string{"Audio · audio/wav · 3.0 KB", "notes — file:///tmp/notes.txt · text/plain · 2.0 KB",
		"Embedded resource mem://blob.bin · application/octet-stream · 3 B", "hello resource"} {
		if !strings.Contains(all, want) {
			t.Errorf("body does not show %q; it shows %q", want, all)
		}
	}
	if n := countButtons(w, "Save…"); n != 2 {
		t.Errorf("%d Save… buttons, want one each for the audio and the blob", n)
	}
}

func TestResultCopy(t *testing.T) {
	app := test.NewTempApp(t)
	v, _ := showResult(t, &mcp.CallResult{Outcome: mcp.Outcome{Layer: mcp.LayerTool}, Result: &sdk.CallToolResult{IsError: true,
		Content: []sdk.Content{&sdk.TextContent{Text: "no such file"}}}}, nil)
	test.Tap(v.copyButton)
	got := app.Clipboard().Content()
	if !strings.Contains(got, "Tool error") || !strings.Contains(got, "no such file") {
		t.Errorf("clipboard = %q", got)
	}
}

func TestResultRunningAndClear(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	v := NewResultView(w)
	w.SetContent(v.Widget())
	v.ShowRunning("slow_task")
	if !labelOnCanvas(w, "Running slow_task") {
		t.Error("running state not shown")
	}
	v.Clear()
	if labelOnCanvas(w, "Running slow_task") || !labelOnCanvas(w, "Run a tool") {
		t.Error("clear did not empty the view")
	}
	v.Show(nil, nil)
	if !labelOnCanvas(w, "Run a tool") {
		t.Error("Show(nil) should clear")
	}
}

func TestDisplayLine(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain", "plain"},
		{"a\tb", "a    b"},
		{"\x1b[31mred\x1b[0m text\r", "red text"},
		{strings.Repeat("é", widgets.MaxRowRunes+5), strings.Repeat("é", widgets.MaxRowRunes) + " …"},
	}
	for _, c := range cases {
		if got := widgets.DisplayLine(c.in); got != c.want {
			t.Errorf("displayLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// hugeText is about size bytes of numbered lines, ending in a newline.
func hugeText(size int) string {
	var b strings.Builder
	b.Grow(size + 100)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "line %07d: the quick brown fox jumps over the lazy dog\n", i)
	}
	return b.String()
}

// onCanvas reports whether o is among the objects laid out in w.
func onCanvas(w fyne.Window, o fyne.CanvasObject) bool {
	for _, x := range test.LaidOutObjects(w.Content()) {
		if x == o {
			return x.Visible()
		}
	}
	return false
}

func labelOnCanvas(w fyne.Window, part string) bool {
	for _, x := range test.LaidOutObjects(w.Content()) {
		if l, ok := x.(*widget.Label); ok && l.Visible() && strings.Contains(l.Text, part) {
			return true
		}
	}
	return false
}

func countButtons(w fyne.Window, text string) int {
	n := 0
	for _, x := range test.LaidOutObjects(w.Content()) {
		if e, ok := x.(*widgets.Button); ok {
			x = &e.Button
		}
		if b, ok := x.(*widget.Button); ok && b.Visible() && b.Text == text {
			n++
		}
	}
	return n
}

func buttonOnCanvas(w fyne.Window, text string) bool { return countButtons(w, text) > 0 }

// BenchmarkResultView10MB renders a 10 MB text result: Show, lay out and
// paint the window once (software painter), as a person would see it.
func BenchmarkResultView10MB(b *testing.B) {
	test.NewTempApp(b)
	plain := hugeText(10 << 20)
	var js strings.Builder
	js.WriteString(`{"items":[`)
	for i := 0; js.Len() < 10<<20; i++ {
		if i > 0 {
			js.WriteByte(',')
		}
		fmt.Fprintf(&js, `{"id":%d,"name":"item %d","tags":["a","b"],"ok":true}`, i, i)
	}
	js.WriteString(`]}`)
	for _, c := range []struct{ name, text string }{{"text", plain}, {"json", js.String()}} {
		b.Run(c.name, func(b *testing.B) {
			w := test.NewWindow(nil)
			v := NewResultView(w)
			w.SetContent(v.Widget())
			w.Resize(fyne.NewSize(800, 600))
			r := &mcp.CallResult{Outcome: mcp.Outcome{Duration: time.Second}, Tool: "dump", Result: textResult(c.text)}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				v.Show(r, nil)
				w.Canvas().Capture()
			}
		})
	}
}

func TestHugeJSONResultIndentsHeadFirst(t *testing.T) {
	test.NewTempApp(t)
	items := make([]map[string]any, 60000)
	for i := range items {
		items[i] = map[string]any{"id": i, "name": fmt.Sprintf("item %d", i), "tags": []string{"a", "b"}}
	}
	raw, err := json.Marshal(map[string]any{"items": items})
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) <= lazyJSONBytes {
		t.Fatalf("test JSON is only %d bytes", len(raw))
	}
	var full bytes.Buffer
	if err := json.Indent(&full, raw, "", "  "); err != nil {
		t.Fatal(err)
	}
	fullLines := strings.Split(full.String(), "\n")

	v, w := showResult(t, &mcp.CallResult{Tool: "dump", Result: textResult(string(raw))}, nil)
	if len(v.bigTexts) != 1 {
		t.Fatalf("%d line lists", len(v.bigTexts))
	}
	tl := v.bigTexts[0]
	if len(tl.Lines) != widgets.HeadLines {
		t.Errorf("head has %d lines, want %d", len(tl.Lines), widgets.HeadLines)
	}
	if strings.Join(tl.Lines, "\n") != strings.Join(fullLines[:len(tl.Lines)], "\n") {
		t.Error("the head is not the start of the pretty-printed JSON")
	}
	if !onCanvas(w, tl.ShowAllButton) || !strings.Contains(tl.Note.Text, "Showing the first 2,000 lines of") {
		t.Errorf("no Show all offer; note %q", tl.Note.Text)
	}
	test.Tap(tl.ShowAllButton)
	if len(tl.Lines) != len(fullLines) || tl.Lines[len(tl.Lines)-1] != "}" {
		t.Errorf("after Show all %d lines, want %d", len(tl.Lines), len(fullLines))
	}
	if tl.ShowAllButton.Visible() {
		t.Error("Show all still offered")
	}
}

// TestResultHeaderNeverOverlaps shows a result with Save as check at the
// widths of the detail column from 900×600 up: the title, the duration and
// the buttons never overlap and stay inside the column (the buttons go on a
// line of their own when they do not fit beside the title).
func TestResultHeaderNeverOverlaps(t *testing.T) {
	test.NewTempApp(t)
	for _, width := range []float32{330, 372, 480, 800} {
		w := test.NewWindow(nil)
		v := NewResultView(w)
		v.OnSaveCheck = func(*mcp.CallResult) {}
		w.SetContent(v.Widget())
		w.Resize(fyne.NewSize(width, 400))
		v.Show(&mcp.CallResult{Outcome: mcp.Outcome{Duration: 62 * time.Millisecond}, Tool: "read_graph", Result: textResult("{}")}, nil)
		w.Content().Refresh()
		d := fyne.CurrentApp().Driver()
		type box struct {
			name string
			o    fyne.CanvasObject
		}
		parts := []box{{"the title", v.title}, {"the duration", v.Duration}, {"Copy", v.copyButton}, {"Save", v.saveButton}}
		rect := func(o fyne.CanvasObject) (fyne.Position, fyne.Size) {
			return d.AbsolutePositionForObject(o), o.Size()
		}
		for i, a := range parts {
			pa, sa := rect(a.o)
			if pa.X < 0 || pa.X+sa.Width > width+0.5 {
				t.Errorf("width %v: %s (x %v, %v wide) is outside the column", width, a.name, pa.X, sa.Width)
			}
			if a.o == v.title && sa.Width < v.title.MinSize().Width-0.5 {
				t.Errorf("width %v: the title has %v px of the %v it needs: it is drawn over what is beside it", width, sa.Width, v.title.MinSize().Width)
			}
			for _, b := range parts[i+1:] {
				pb, sb := rect(b.o)
				if pa.X < pb.X+sb.Width && pb.X < pa.X+sa.Width && pa.Y < pb.Y+sb.Height && pb.Y < pa.Y+sa.Height {
					t.Errorf("width %v: %s overlaps %s", width, a.name, b.name)
				}
			}
		}
		w.Close()
	}
}
