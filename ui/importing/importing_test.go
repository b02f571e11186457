package importing

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

// syncWork runs a job right away, on the caller's goroutine.
type syncWork struct{}

func (syncWork) GoWork(f func(ctx context.Context)) { f(context.Background()) }

// fakeStore records what the screen puts in the list.
type fakeStore struct {
	put  []string
	fail string // the name whose save fails
}

func (s *fakeStore) PutServer(_ context.Context, oldName string, sc *config.ServerConfig, _ bool) error {
	if sc.Name == s.fail {
		return errors.New("disk full")
	}
	s.put = append(s.put, fmt.Sprintf("%s<-%s", sc.Name, oldName))
	return nil
}

// fakeEditor stands for the server editor the shell hands the Add dialog.
type fakeEditor struct {
	sc      *config.ServerConfig
	name    *widget.Entry
	problem string
}

func (e *fakeEditor) Widget() fyne.CanvasObject { return e.name }
func (e *fakeEditor) Build() (*config.ServerConfig, error) {
	if e.sc == nil {
		return nil, errors.New("name is empty")
	}
	return e.sc, nil
}
func (e *fakeEditor) ShowProblem(msg string) { e.problem = msg }
func (e *fakeEditor) First() fyne.Focusable  { return e.name }

// fakeShell is a screen with fakes for everything it asks of the window,
// and a record of what it asked.
type fakeShell struct {
	s       *Screen
	store   *fakeStore
	list    *config.Config
	did     []string
	editing *fakeEditor
	save    func()
}

func newFakeShell(t *testing.T) *fakeShell {
	test.NewTempApp(t)
	f := &fakeShell{store: &fakeStore{}, list: &config.Config{}}
	f.list.Put(&config.ServerConfig{Name: "alpha", Type: config.TypeStdio, Command: "mine"})
	f.s = New(Deps{
		Win: test.NewWindow(nil), App: fyne.CurrentApp(), Work: syncWork{},
		Editable: func() bool { return true },
		Servers: func() *config.Config {
			return &config.Config{Servers: slices.Clone(f.list.Servers)}
		},
		Store:    func() Store { return f.store },
		Selected: func() *config.ServerConfig { return f.list.Server("alpha") },
		Report: func(from string, results []clients.ImportResult) {
			var r []string
			for _, x := range results {
				r = append(r, string(x.Action)+" "+x.As)
			}
			f.did = append(f.did, "report from "+from+": "+strings.Join(r, ", "))
		},
		Notice:     func(s string) { f.did = append(f.did, "notice "+s) },
		ShowError:  func(title string, err error) { f.did = append(f.did, "error "+title) },
		ImportFile: func() { f.did = append(f.did, "import a file") },
		FreeName: func(name string) string {
			return config.FreeName(name, func(n string) bool { return f.list.Server(n) != nil })
		},
		NewEditor: func(sc *config.ServerConfig) Editor { return &fakeEditor{sc: sc, name: widget.NewEntry()} },
		Editing: func(ed Editor, save, cancel func()) {
			if ed == nil {
				f.editing, f.save = nil, nil
				f.did = append(f.did, "editor closed")
				return
			}
			f.editing, f.save = ed.(*fakeEditor), save
		},
		Add: func(sc *config.ServerConfig) { f.did = append(f.did, "add "+sc.Name+": "+sc.Command) },
	})
	return f
}

func pasted(name, command string) *clients.ImportedServer {
	s := &config.ServerConfig{Name: name, Type: config.TypeStdio, Command: command}
	s.Validate()
	return &clients.ImportedServer{Server: s, Source: config.ImportSource{Format: config.FormatJSON}}
}

// TestImportChosenAsksAboutEachClash builds the screen from fakes alone: a
// clash is asked about, each answer settles its server, the entries go to
// the store, and the report names the source; Cancel import adds nothing.
func TestImportChosenAsksAboutEachClash(t *testing.T) {
	tests := []struct {
		name   string
		answer clients.ClashPolicy // "" cancels
		put    []string
		did    []string
	}{
		{"rename", clients.ClashRename, []string{"alpha-2<-", "beta<-"},
			[]string{"report from the pasted text: renamed alpha-2, added beta"}},
		{"replace", clients.ClashReplace, []string{"alpha<-alpha", "beta<-"},
			[]string{"report from the pasted text: replaced alpha, added beta"}},
		{"skip", clients.ClashSkip, []string{"beta<-"},
			[]string{"report from the pasted text: skipped , added beta"}},
		{"cancel", "", nil, []string{"notice Import cancelled; nothing was added."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeShell(t)
			f.s.ImportChosen([]*clients.ImportedServer{pasted("alpha", "theirs"), pasted("beta", "b")}, "the pasted text")
			q := f.s.Clash
			if q == nil {
				t.Fatal("a clash with a different alpha was not asked about")
			}
			if tc.answer == "" {
				q.cancel()
			} else {
				q.Answer(tc.answer)
			}
			if f.s.Clash != nil {
				t.Error("the question stayed open")
			}
			if !slices.Equal(f.store.put, tc.put) {
				t.Errorf("put %q, want %q", f.store.put, tc.put)
			}
			if !slices.Equal(f.did, tc.did) {
				t.Errorf("did %q, want %q", f.did, tc.did)
			}
		})
	}
}

// TestAddServerFromAPreset: the Add dialog shows the editor the shell
// makes, hands it a preset's entry under a free name, and Save adds the
// entry the editor builds, then says the editor is gone.
func TestAddServerFromAPreset(t *testing.T) {
	f := newFakeShell(t)
	f.list.Put(&config.ServerConfig{Name: "playwright", Type: config.TypeStdio, Command: "old"})
	f.s.AddServer("playwright")
	if f.editing == nil || f.editing.sc == nil {
		t.Fatal("the preset's entry is not in the editor on show")
	}
	if sc := f.editing.sc; sc.Name != "playwright-2" || sc.Command != "npx" {
		t.Errorf("the editor holds %s: %s, want playwright-2: npx", sc.Name, sc.Command)
	}
	f.save()
	want := []string{"editor closed", "add playwright-2: npx"}
	if !slices.Equal(f.did, want) {
		t.Errorf("did %q, want %q", f.did, want)
	}

	// A blank entry that cannot be built says why and stays open.
	f = newFakeShell(t)
	f.s.AddServer("")
	f.save()
	if f.editing == nil || f.editing.problem != "Name is empty." || len(f.did) != 0 {
		t.Errorf("saving a blank entry: problem %q, did %q", f.editing.problem, f.did)
	}
}

// TestMenusAskTheShell: Import…'s last item and Export… go to what the
// shell gave; every preset has its item.
func TestMenusAskTheShell(t *testing.T) {
	f := newFakeShell(t)
	m := f.s.ImportMenu()
	m.Items[len(m.Items)-1].Action()
	if !slices.Equal(f.did, []string{"import a file"}) {
		t.Errorf("Import a config file… did %q", f.did)
	}
	if n, want := len(f.s.PresetsMenu().Items), len(config.Presets()); n != want {
		t.Errorf("%d preset items, want %d", n, want)
	}
	f.s.ExportSelected()
	if d := f.s.Export; d == nil || len(d.Servers) != 1 || d.Servers[0].Name != "alpha" {
		t.Errorf("Export… of the selected server: %+v", d)
	}
}

// TestClashQuestionTakesEnter: the question about a taken name opens with
// the keyboard on its default, Keep both (which loses nothing), so Enter
// answers it; before, nothing was focused and Enter did nothing.
func TestClashQuestionTakesEnter(t *testing.T) {
	f := newFakeShell(t)
	f.s.ImportChosen([]*clients.ImportedServer{pasted("alpha", "theirs")}, "the pasted text")
	if f.s.Clash == nil {
		t.Fatal("a clash with a different alpha was not asked about")
	}
	focused := f.s.deps.Win.Canvas().Focused()
	if focused == nil {
		t.Fatal("the question opened with nothing focused: Enter does nothing")
	}
	focused.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	want := []string{"report from the pasted text: renamed alpha-2"}
	if !slices.Equal(f.did, want) {
		t.Errorf("Enter did %q, want %q", f.did, want)
	}
}
