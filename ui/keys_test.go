package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"mcpbrowser/ui/filedialog"
	"mcpbrowser/ui/quality"
	"mcpbrowser/ui/widgets"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/lint"
)

// A dialogOpener opens one of the window's dialogs.
type dialogOpener struct {
	name string
	open func(s *shell)
	// fields is false for a dialog with no field to start in.
	fields bool
	// first is the field the keyboard must start in, when it is not the
	// first in reading order.
	first func(s *shell) fyne.Focusable
}

// windowDialogs are every dialog and pop-up the main window opens.
func windowDialogs() []dialogOpener {
	return []dialogOpener{
		{name: "add server", fields: true, open: func(s *shell) { s.w.servers.Add() },
			first: func(s *shell) fyne.Focusable { return s.w.servers.Editor.Ed.Name }}, // Name, after the preset choice
		{name: "edit server", fields: true, open: func(s *shell) { s.w.servers.EditSelected() }},
		{name: "edit http server (sign-in section)", fields: true, open: func(s *shell) {
			s.w.servers.ShowEditor(&config.ServerConfig{Name: "remote", Type: config.TypeHTTP, URL: "http://127.0.0.1:1/mcp"})
			s.w.servers.Editor.Ed.RevealSignIn()
		}},
		{name: "paste", fields: true, open: func(s *shell) { s.w.importing.PasteServers() }},
		{name: "export", fields: true, open: func(s *shell) { s.w.importing.ExportAll() }},
		{name: "preset parameters", fields: true, open: func(s *shell) {
			p, _ := config.PresetByID("memory")
			s.w.importing.AskPresetParameters(p, func(*config.ServerConfig) {}, func() {})
		}},
		{name: "save as check", fields: true, open: func(s *shell) { s.w.checks.SaveAsCheck(s.w.lastResult, nil) }},
		{name: "compare servers", fields: true, open: func(s *shell) { s.w.checks.Compare() }},
		{name: "go to server", fields: true, open: func(s *shell) { s.w.servers.GoTo() }},
		{name: "roots", open: func(s *shell) { s.w.servers.ShowRoots() }},
		{name: "find servers", open: func(s *shell) { s.w.importing.FindServers() }},
		{name: "about", open: func(s *shell) { ShowAbout(s.w.win, "1.2.3") }},
		{name: "error", open: func(s *shell) { s.w.showError("Testing", errTest) }},
		{name: "import report", open: func(s *shell) { s.w.servers.ReportImport("/tmp/x.json", nil) }},
		{name: "remove server", open: func(s *shell) { s.w.servers.RemoveSelected() }},
		{name: "clear history", open: func(s *shell) { s.w.features.History.ConfirmClear() }},
		{name: "destructive call", open: func(s *shell) {
			s.w.toolform.ConfirmDestructive(&sdk.Tool{Name: "delete_file"}, json.RawMessage(`{}`), func() {})
		}},
		{name: "input values", fields: true, open: func(s *shell) {
			s.w.servers.AskInputValues("demo", []config.VSCodeInput{{ID: "api_key", Password: true}, {ID: "region", Options: []string{"eu", "us"}}},
				func(map[string]string) { panic("Esc started the server") })
		}},
		{name: "import file chooser", fields: true, open: func(s *shell) { s.w.servers.ImportFile() },
			first: func(s *shell) fyne.Focusable { return chooserIn(s.w.win.Canvas().Overlays().Top()).List }},
		{name: "save file chooser", fields: true, open: func(s *shell) {
			filedialog.SaveFileDialog(s.w.win, "Save", "x.json", filedialog.JsonFiles, func(string) { panic("Esc saved") })
		}, first: func(s *shell) fyne.Focusable { return chooserIn(s.w.win.Canvas().Overlays().Top()).Name }},
		{name: "folder chooser", fields: true, open: func(s *shell) {
			filedialog.OpenFolderDialog(s.w.win, "Folder", func(string) { panic("Esc chose a folder") })
		}, first: func(s *shell) fyne.Focusable { return chooserIn(s.w.win.Canvas().Overlays().Top()).List }},
	}
}

// TestEscClosesEveryDialogFromEveryField opens each dialog of the window,
// checks that the keyboard starts in its first field, and presses Esc with
// nothing focused and then in each of its fields in turn: the dialog closes
// every time, as its cancel button would.
func TestEscClosesEveryDialogFromEveryField(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	s.run(`{"a": 1, "b": 2}`)
	s.openHistory(1)
	onUI(func() { s.w.features.SelectTab(s.w.features.ToolsItem) })

	for _, d := range windowDialogs() {
		c := s.w.win.Canvas()
		var fields []fyne.Focusable
		onUI(func() {
			closeAll(c)
			d.open(s)
			top := c.Overlays().Top()
			if top == nil {
				t.Errorf("%s: no dialog opened", d.name)
				return
			}
			fields = dialogFields(top)
			want := fyne.Focusable(nil)
			if len(fields) > 0 {
				want = fields[0]
			}
			if d.first != nil {
				want = d.first(s)
			}
			switch {
			case d.fields && len(fields) == 0:
				t.Errorf("%s: no field found", d.name)
			case d.fields && c.Focused() != want:
				t.Errorf("%s: the keyboard starts in %T, want the first field %T", d.name, c.Focused(), want)
			case !d.fields && c.Focused() != nil:
				// A confirmation starts on its safe choice (28.9), a kit
				// button, which hands Esc on to the dialog.
				b, ok := c.Focused().(*widgets.Button)
				if !ok {
					t.Errorf("%s: the keyboard starts in %T, which keeps Esc from the dialog", d.name, c.Focused())
					break
				}
				b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
				if c.Overlays().Top() != nil {
					t.Errorf("%s: Esc on %q, where the keyboard starts, left it open", d.name, b.Text)
				}
				closeAll(c)
				d.open(s)
			}
			c.Unfocus()
			c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
			if c.Overlays().Top() != nil {
				t.Errorf("%s: Esc with nothing focused left it open", d.name)
			}
		})
		for i := range fields {
			onUI(func() {
				closeAll(c)
				d.open(s)
				fs := dialogFields(c.Overlays().Top())
				if len(fs) != len(fields) {
					t.Errorf("%s: %d fields on reopening, want %d", d.name, len(fs), len(fields))
					return
				}
				f := fs[i]
				c.Focus(f)
				f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
				if c.Overlays().Top() != nil {
					t.Errorf("%s: Esc in field %d (%s) left it open", d.name, i+1, describeField(f))
				}
			})
		}
	}
}

// TestEscClosesTheWindowsOfTheirOwn presses Esc in the load panel's field
// and in the quality report: each window closes.
func TestEscClosesTheWindowsOfTheirOwn(t *testing.T) {
	a := newSerialApp(t)
	onUI(func() {
		p := quality.NewLoadPanel(a, context.Background(), quality.LoadTarget{Server: "demo", Tool: "add"})
		p.Win.Show()
		if p.Win.Canvas().Focused() != p.Concurrency {
			t.Errorf("the load panel starts in %T, want its first field", p.Win.Canvas().Focused())
		}
		p.Concurrency.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if slices.Contains(a.Driver().AllWindows(), p.Win) {
			t.Error("Esc in the load panel's field left it open")
		}
		rep := quality.NewLintReport(a, lint.Report{Server: "demo"}, func(string) {})
		rep.Show()
		if h := rep.Canvas().OnTypedKey(); h != nil {
			h(&fyne.KeyEvent{Name: fyne.KeyEscape})
		}
		if slices.Contains(a.Driver().AllWindows(), rep) {
			t.Error("Esc left the quality report open")
		}
	})
}

// TestCtrlNAddsAServer presses Ctrl+N: the Add dialog opens on Name.
func TestCtrlNAddsAServer(t *testing.T) {
	a := newSerialApp(t)
	onUI(func() {
		w := NewMainWindow(a, emptyManager(), "servers.json")
		w.win.Resize(fyne.NewSize(1024, 640))
		w.win.Canvas().(fyne.Shortcutable).TypedShortcut(shortcutAdd)
		if w.servers.Editor == nil || w.win.Canvas().Focused() != w.servers.Editor.Ed.Name {
			t.Fatalf("Ctrl+N did not open the Add dialog on Name (focused: %T)", w.win.Canvas().Focused())
		}
	})
}

// closeAll closes every overlay and takes the keyboard away.
func closeAll(c fyne.Canvas) {
	for c.Overlays().Top() != nil {
		c.Overlays().Remove(c.Overlays().Top())
	}
	c.Unfocus()
}

// dialogFields are the entries, drop-downs and file lists on show in o, in reading
// order (top to bottom, then left to right).
func dialogFields(o fyne.CanvasObject) []fyne.Focusable {
	var out []fyne.Focusable
	for _, f := range focusables(o) {
		switch f.(type) {
		case *widget.Entry, *widgets.Entry, *widget.Select, *widgets.Select, *widget.SelectEntry, *filedialog.ChooserList:
			out = append(out, f)
		}
	}
	return out
}

// focusables are the visible focusable objects in o, in reading order.
func focusables(o fyne.CanvasObject) []fyne.Focusable {
	var out []fyne.Focusable
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		if f, ok := o.(fyne.Focusable); ok {
			if d, ok := o.(fyne.Disableable); !ok || !d.Disabled() {
				out = append(out, f)
			}
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			if _, entry := o.(fyne.Focusable); entry {
				return // a field's insides (an entry's ✕) are its own
			}
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	d := fyne.CurrentApp().Driver()
	slices.SortStableFunc(out, func(a, b fyne.Focusable) int {
		pa, pb := d.AbsolutePositionForObject(a.(fyne.CanvasObject)), d.AbsolutePositionForObject(b.(fyne.CanvasObject))
		if pa.Y != pb.Y {
			return int(pa.Y - pb.Y)
		}
		return int(pa.X - pb.X)
	})
	return out
}

func describeField(f fyne.Focusable) string {
	switch x := f.(type) {
	case *widget.Entry:
		return fmt.Sprintf("a plain entry %q", x.PlaceHolder)
	case *widgets.Entry:
		return fmt.Sprintf("entry %q", x.PlaceHolder)
	case *widget.Select:
		return fmt.Sprintf("a plain drop-down %q", x.PlaceHolder)
	}
	return fmt.Sprintf("%T", f)
}
