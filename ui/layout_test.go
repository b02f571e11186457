package ui

import (
	"encoding/json"
	"fmt"
	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/uitest"
	"mcpbrowser/ui/form"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/ui/widgets"
)

// The tests in this file hold the window to docs/window.md at the smallest
// size it is designed for.

var small = fyne.NewSize(1024, 640)

// rect is an object's place on the canvas.
type rect struct{ x, y, w, h float32 }

func placeOf(o fyne.CanvasObject) rect {
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	s := o.Size()
	return rect{p.X, p.Y, s.Width, s.Height}
}

func (r rect) inside(o rect) bool {
	return r.x >= o.x-0.5 && r.y >= o.y-0.5 && r.x+r.w <= o.x+o.w+0.5 && r.y+r.h <= o.y+o.h+0.5
}

func (r rect) overlaps(o rect) bool {
	return r.x < o.x+o.w && o.x < r.x+r.w && r.y < o.y+o.h && o.y < r.y+r.h
}

// formInputs lists the visible entries inside o.
func formInputs(o fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *form.FormEntry:
			out = append(out, x)
			return
		case *widget.Entry:
			out = append(out, x)
			return
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
			return
		case fyne.Widget:
			r := test.WidgetRenderer(x)
			for _, c := range r.Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

func longTool() *sdk.Tool {
	desc := strings.Repeat("Lists every file and folder under the given path, with sizes and dates. ", 9)[:600]
	destructive, open := true, true
	return &sdk.Tool{Name: "list_directory_with_a_rather_long_name", Description: desc,
		Annotations: &sdk.ToolAnnotations{DestructiveHint: &destructive, IdempotentHint: true, OpenWorldHint: &open}}
}

const pathSchema = `{"type":"object","properties":{"path":{"type":"string","description":"The folder to list."},"depth":{"type":"integer"}},"required":["path"]}`

// showTool puts a tool's header and form into an empty window at size, as
// selecting it would.
func showTool(t *testing.T, size fyne.Size, tool *sdk.Tool, schema string) *MainWindow {
	t.Helper()
	a := newSerialApp(t)
	var w *MainWindow
	onUI(func() {
		w = NewMainWindow(a, emptyManager(), t.TempDir()+"/servers.json")
		w.win.Resize(size)
		w.showMiddle(w.toolsArea)
		w.header.Show("filesystem", tool)
		w.form.SetSchema(json.RawMessage(schema))
	})
	t.Cleanup(w.Close)
	onUI(func() {}) // let the description's relayout run
	onUI(func() { w.win.Content().Refresh() })
	return w
}

func TestLongDescriptionLeavesTheFieldInView(t *testing.T) {
	w := showTool(t, small, longTool(), pathSchema)
	onUI(func() {
		if got := w.win.Canvas().Size(); got.Width > small.Width || got.Height > small.Height {
			t.Errorf("the window grew to %v from %v", got, small)
		}
		entries := formInputs(w.form.Widget())
		if len(entries) == 0 {
			t.Fatal("the form shows no entry")
		}
		field := placeOf(entries[0])
		view := placeOf(w.form.Scroll)
		if !field.inside(view) || field.h < 20 {
			t.Errorf("the Path field %+v is not inside the visible form %+v", field, view)
		}
		if field.w < 200 {
			t.Errorf("the Path field is %v px wide, want at least 200", field.w)
		}
		if !w.header.MoreBtn.Visible() {
			t.Error("a 600-character description shows no More")
		}
	})
}

func TestBadgesDoNotOverlapText(t *testing.T) {
	w := showTool(t, small, longTool(), pathSchema)
	onUI(func() {
		title := placeOf(w.header.Title)
		for _, o := range w.header.Badges.Objects {
			if !o.Visible() {
				continue
			}
			if b := placeOf(o); b.overlaps(title) {
				t.Errorf("a badge %+v lies over the title %+v", b, title)
			}
		}
	})
	// A tool list row at the list's width: ui/toolform's TestToolRowBadgesDoNotOverlapText.
}

func TestWindowMinimumAndNarrowColumns(t *testing.T) {
	w := showTool(t, small, longTool(), pathSchema)
	onUI(func() {
		min := w.win.Content().MinSize()
		if min.Width > 900 || min.Height > 600 {
			t.Errorf("the window cannot get smaller than %v, want at most 900×600", min)
		}
		if w.servers.List.Root.Visible() || !w.switcherRow.Visible() {
			t.Error("at 1024 px the servers column is not replaced by the switcher")
		}
		// A way to add a server shows at every width, not only in the column.
		add := uitest.FindButton(w.switcherRow, "Add")
		if add == nil || add.Disabled() {
			t.Fatal("at 1024 px no enabled Add button shows beside the server switcher")
		}
		test.Tap(add)
		if w.servers.Editor == nil {
			t.Error("the Add beside the switcher did not open the server editor")
		}
		w.servers.Editor.Ed.Name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		w.win.Resize(fyne.NewSize(1400, 900))
		if !w.servers.List.Root.Visible() || w.switcherRow.Visible() {
			t.Error("at 1400 px the servers column is not back")
		}
		side := w.side.Widget()
		w.toggleSide()
		if side.Visible() {
			t.Error("the side panel stays after hiding it")
		}
		w.toggleSide()
		if !side.Visible() {
			t.Error("the side panel does not come back")
		}
	})
}

func TestColumnWidthsDoNotFollowTheSelection(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.waitReady("demo")
	onUI(func() { s.w.win.Resize(small) })
	var names []string
	onUI(func() {
		s.w.SelectServer("demo")
		names = s.w.tools.Names()
	})
	var first []float32
	for i := 0; i < 20; i++ {
		name := names[i%len(names)]
		onUI(func() {
			if !s.w.SelectTool(name) {
				t.Fatalf("no tool %s", name)
			}
			widths := []float32{s.w.tools.Root.Size().Width, s.w.detail.Size().Width, s.w.side.Widget().Size().Width, s.w.win.Canvas().Size().Width}
			if first == nil {
				first = widths
			} else if !equalWidths(first, widths) {
				t.Errorf("after selecting %s the columns are %v, first %v", name, widths, first)
			}
		})
	}
}

func equalWidths(a, b []float32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// manyFields is a schema whose form is taller than the window.
func manyFields() string {
	var props []string
	for _, n := range []string{"path", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"} {
		props = append(props, `"`+n+`":{"type":"string","description":"One of many fields."}`)
	}
	return `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":["path"]}`
}

func TestResultGetsRoomAfterARun(t *testing.T) {
	w := showTool(t, small, longTool(), manyFields())
	var before float32
	onUI(func() {
		before = w.result.Widget().Size().Height
		w.result.ShowRunning("list_directory")
		w.form.RevealFirst()
	})
	onUI(func() {
		after := w.result.Widget().Size().Height
		if before > widgets.CollapsedResult+1 || after < 2*before {
			t.Errorf("the result region is %v px before a run and %v px during one", before, after)
		}
		entries := formInputs(w.form.Widget())
		if len(entries) == 0 || !placeOf(entries[0]).inside(placeOf(w.form.Scroll)) {
			t.Error("the result took the first field's room")
		}
	})
}

func TestTypedInputSurvivesSwitchingToolsAndServers(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry(), "other": demoEntry()})
	s.waitReady("other")
	s.pickTool("demo", "echo")
	typeInFirst := func(text string) {
		onUI(func() {
			e := formInputs(s.w.form.Widget())[0].(*form.FormEntry)
			test.Type(e, text)
		})
	}
	firstText := func() (got string) {
		onUI(func() { got = formInputs(s.w.form.Widget())[0].(*form.FormEntry).Text })
		return got
	}
	typeInFirst("kept across switches")
	r := s.run(`{"message": "kept across switches"}`)
	if !r.OK() {
		t.Fatalf("echo failed: %s", r.Message)
	}
	s.pickTool("demo", "add")
	s.pickTool("other", "echo")
	if got := firstText(); got != "" {
		t.Errorf("the other server's echo shows %q, want an empty form", got)
	}
	onUI(func() { s.w.SelectServer("demo") })
	onUI(func() {
		if s.w.currentTool == nil || s.w.currentTool.Name != "add" {
			t.Errorf("back on demo, the selected tool is %v, want add (the last one used there)", s.w.currentTool)
		}
		s.w.SelectTool("echo")
	})
	if got := firstText(); got != "kept across switches" {
		t.Errorf("back on demo's echo the message is %q", got)
	}
	onUI(func() {
		if !s.w.result.HasContent() || !strings.Contains(shownText(s.w.result.Widget()), "kept across switches") {
			t.Errorf("the last result is gone: %q", shownText(s.w.result.Widget()))
		}
	})
}

func TestKeyboardAddDialogStartsOnNameAndEscCloses(t *testing.T) {
	a := newSerialApp(t)
	var w *MainWindow
	onUI(func() {
		w = NewMainWindow(a, emptyManager(), t.TempDir()+"/servers.json")
		w.win.Resize(small)
		w.servers.Add()
	})
	t.Cleanup(w.Close)
	onUI(func() {
		if w.servers.Editor == nil || w.win.Canvas().Focused() != w.servers.Editor.Ed.Name {
			t.Fatalf("the Add dialog does not start on Name (focused: %T)", w.win.Canvas().Focused())
		}
		w.servers.Editor.Ed.Name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if w.servers.Editor != nil || w.win.Canvas().Overlays().Top() != nil {
			t.Error("Esc in the Add dialog did not close it")
		}
		w.showError("Testing", errTest)
		w.win.Canvas().Unfocus()
		w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if w.win.Canvas().Overlays().Top() != nil {
			t.Error("Esc did not close a message dialog")
		}
	})
}

var errTest = errorString("something went wrong")

type errorString string

func (e errorString) Error() string { return string(e) }

func TestFocusedFieldIsScrolledIntoView(t *testing.T) {
	w := showTool(t, small, longTool(), manyFields())
	onUI(func() {
		entries := formInputs(w.form.Widget())
		last := entries[len(entries)-1]
		if placeOf(last).inside(placeOf(w.form.Scroll)) {
			t.Fatal("the last field is in view already; the test proves nothing")
		}
		w.win.Canvas().Focus(last.(fyne.Focusable))
		if !placeOf(last).inside(placeOf(w.form.Scroll)) {
			t.Errorf("the focused last field %+v is not in the form's view %+v", placeOf(last), placeOf(w.form.Scroll))
		}
	})
}

// TestResultGetsMostOfTheColumnAfterARun runs the demo's echo at 1024×640
// with forty lines, in English and in Chinese (whose monospace face, Noto
// Sans Mono CJK, has taller lines): the result, not the tool's header and
// form, gets the column, and at least a dozen of its lines are on show
// without scrolling (server-memory's read_graph is such a result).
func TestResultGetsMostOfTheColumnAfterARun(t *testing.T) {
	for _, language := range []string{i18n.English, i18n.SimplifiedChinese} {
		t.Run(language, func(t *testing.T) {
			if _, err := i18n.Setup(language); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { i18n.Setup(i18n.English) })
			s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
			if language == i18n.SimplifiedChinese {
				if newChineseTheme() == nil {
					t.Skip("no Simplified Chinese face on this system (fonts-noto-cjk)")
				}
				onUI(func() { useChineseFont(s.app) })
			}
			onUI(func() { s.w.win.Resize(small) })
			s.pickTool("demo", "echo")
			var lines []string
			for i := 1; i <= 40; i++ {
				lines = append(lines, fmt.Sprintf("line %02d of the result", i))
			}
			msg, _ := json.Marshal(map[string]string{"message": strings.Join(lines, "\n")})
			if r := s.run(string(msg)); !r.OK() {
				t.Fatalf("echo failed: %s", r.Message)
			}
			onUI(func() { s.w.win.Content().Refresh() })
			onUI(func() {
				shown := 0
				for _, l := range lines {
					if o := findText(s.w.result.Widget(), l); o != nil {
						if ok, _ := shownWhole(s.w.win, o); ok {
							shown++
						}
					}
				}
				if shown < 12 {
					t.Errorf("at 1024×640 the result shows %d of its lines without scrolling, want at least 12 (form region %v px, result %v px)",
						shown, s.w.form.Widget().Size().Height, s.w.result.Widget().Size().Height)
				}
			})
		})
	}
}

// TestJSONEditorKeepsItsLinesAtTheSmallSize: in JSON mode at 1024×640 a
// long description scrolls away before the editor's lines do, before a run
// and after one.
func TestJSONEditorKeepsItsLinesAtTheSmallSize(t *testing.T) {
	w := showTool(t, small, longTool(), pathSchema)
	lines := func() float32 { return w.form.JsonEntry.Size().Height / (theme.TextSize() * 1.4) }
	onUI(func() { w.form.ShowMode(true) })
	onUI(func() { w.win.Content().Refresh() })
	onUI(func() {
		if n := lines(); n < 4.5 {
			t.Errorf("before a run the JSON editor shows %.1f lines, want at least 5", n)
		}
		w.result.ShowRunning("list_directory")
	})
	onUI(func() { w.win.Content().Refresh() })
	onUI(func() {
		if n := lines(); n < 4.5 {
			t.Errorf("after a run the JSON editor shows %.1f lines, want at least 5", n)
		}
	})
}

// TestNotSentLeavesNoStaleResult: a Run the form refuses ("Not sent: …")
// clears the last call's result, which would read as this one's.
func TestNotSentLeavesNoStaleResult(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "echo")
	if r := s.run(`{"message":"the first call"}`); !r.OK() {
		t.Fatalf("echo failed: %s", r.Message)
	}
	onUI(func() {
		if err := s.w.form.Load(json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		test.Tap(s.w.runner.RunBtn)
	})
	onUI(func() {
		if !strings.Contains(s.w.runner.Message.Text, "Not sent") {
			t.Fatalf("Run with the required message empty says %q", s.w.runner.Message.Text)
		}
		if strings.Contains(shownText(s.w.result.Widget()), "the first call") {
			t.Error("under \"Not sent\" the first call's result is still on show")
		}
	})
}

// TestRunLinesUpWithTheForm: the Run button's left edge is the form's left
// edge (where its labels' text begins), not the column's, 12 px to the left.
func TestRunLinesUpWithTheForm(t *testing.T) {
	w := showTool(t, small, longTool(), pathSchema)
	onUI(func() {
		label := findText(w.form.Widget(), "Path")
		if label == nil {
			t.Fatal("the form shows no Path label")
		}
		d := fyne.CurrentApp().Driver()
		run, text := d.AbsolutePositionForObject(w.runner.RunBtn).X, d.AbsolutePositionForObject(label).X
		if run < text-1 || run > text+1 {
			t.Errorf("Run starts at x %v, the form's text at x %v", run, text)
		}
	})
}
