package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"mcpbrowser/ui/requests"
	"mcpbrowser/ui/tabs"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
)

// syncWorker runs a pane's jobs where the test can wait for them.
type syncWorker struct{ wg sync.WaitGroup }

func (w *syncWorker) GoWork(f func(ctx context.Context)) {
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		f(context.Background())
	}()
}

// TestHistoryTabNeedsNoWindow builds the History tab from its deps alone:
// it lists a store's entries, filters them, and Run again asks for the
// replay, then the run.
func TestHistoryTabNeedsNoWindow(t *testing.T) {
	newSerialApp(t)
	store := history.New(t.TempDir(), history.Options{})
	for _, name := range []string{"add", "echo"} {
		if err := store.Append("demo", history.Entry{Time: time.Now(), Kind: history.Tool, Name: name, Arguments: json.RawMessage(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	var replayed []string
	ran := 0
	work := &syncWorker{}
	var h *tabs.HistoryTab
	onUI(func() {
		h = tabs.NewHistoryTab(tabs.HistoryDeps{
			Win: test.NewWindow(nil), Store: func() *history.History { return store }, Work: work,
			Visible: func() bool { return true }, ShowError: func(string, error) {},
			Replay: func(e history.Entry) (bool, string) { replayed = append(replayed, e.Name); return true, "" },
			Run:    func() { ran++ },
		})
		h.SetServer("demo", true)
	})
	work.wg.Wait()
	onUI(func() {}) // the list arrives through fyne.Do
	onUI(func() {
		if got := historyRows(h); !equalStrings(got, []string{"echo", "add"}) {
			t.Fatalf("rows %q, want echo, add (newest first)", got)
		}
		test.Type(h.Filter, "add")
		if got := historyRows(h); !equalStrings(got, []string{"add"}) {
			t.Errorf("filtered rows %q, want add", got)
		}
		h.List.Select(0)
		test.Tap(h.RunBtn)
	})
	if !equalStrings(replayed, []string{"add"}) || ran != 1 {
		t.Errorf("Run again replayed %q and ran %d times, want add once", replayed, ran)
	}
}

// TestPromptsTabNeedsNoWindow builds the Prompts tab from its deps alone
// and filters a list it is given.
func TestPromptsTabNeedsNoWindow(t *testing.T) {
	newSerialApp(t)
	onUI(func() {
		p := tabs.NewPromptsTab(tabs.PromptsDeps{Win: test.NewWindow(nil), Work: &syncWorker{},
			Visible: func() bool { return true }, Got: func(*mcp.PromptResult) {}, HistoryChanged: func(string) {}})
		p.SetPrompts([]*sdk.Prompt{{Name: "greet"}, {Name: "review", Description: "Reviews code"}}, nil)
		test.Type(p.Filter, "code")
		if got := promptRows(p); !equalStrings(got, []string{"review"}) {
			t.Errorf("rows %q, want review", got)
		}
	})
}

// demoSession is a session of the demo server, connected, closed when the
// test ends: a pane's real peer without the window.
func demoSession(t *testing.T, opts mcp.ManagerOptions) *mcp.Session {
	t.Helper()
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{{Name: "demo", Type: config.TypeStdio, Command: demoServerPath}}}, opts)
	t.Cleanup(m.Close)
	s := m.Session("demo")
	if err := s.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestResourcesTabNeedsNoWindow builds the Resources tab from its deps
// alone: a read the person asks for is handed to got and marks the
// server's history; a change of the list is fetched only while the tab is
// on show.
func TestResourcesTabNeedsNoWindow(t *testing.T) {
	newSerialApp(t)
	s := demoSession(t, mcp.ManagerOptions{})
	work := &syncWorker{}
	var mu sync.Mutex
	var got []string
	var changed []string
	visible := false
	var r *tabs.ResourcesTab
	onUI(func() {
		r = tabs.NewResourcesTab(tabs.ResourcesDeps{
			Win: test.NewWindow(nil), Work: work,
			Visible: func() bool { return visible },
			Got: func(res *mcp.ReadResult) {
				mu.Lock()
				got = append(got, res.URI)
				mu.Unlock()
			},
			HistoryChanged: func(server string) { changed = append(changed, server) },
		})
		r.SetSession(s, false)
	})
	onUI(func() { r.ListChanged("demo") })
	work.wg.Wait()
	onUI(func() {
		if !r.Stale || len(r.Resources) != 0 {
			t.Errorf("a list change while the tab is hidden fetched the list (stale %v, %d resources)", r.Stale, len(r.Resources))
		}
		visible = true
		r.Shown()
	})
	work.wg.Wait()
	onUI(func() {}) // the lists arrive through fyne.Do
	onUI(func() {
		if len(r.Resources) == 0 {
			t.Fatal("the tab on show listed no resources")
		}
		r.SelectURI("demo://readme")
	})
	work.wg.Wait()
	onUI(func() {})
	mu.Lock()
	defer mu.Unlock()
	if !equalStrings(got, []string{"demo://readme"}) || !equalStrings(changed, []string{"demo"}) {
		t.Errorf("a read was handed to got as %q and changed the history of %q, want demo://readme and demo", got, changed)
	}
	if r.LastRead == nil || !r.LastRead.OK() {
		t.Errorf("the read did not come back: %+v", r.LastRead)
	}
}

// TestDiscoverDialogNeedsNoWindow builds the discovery dialog from its
// deps alone: it looks where env says, marks the servers known already,
// looks in a folder the person adds, and imports what was ticked.
func TestDiscoverDialogNeedsNoWindow(t *testing.T) {
	newSerialApp(t)
	home, project := t.TempDir(), t.TempDir()
	writeHomeFile(t, home, ".cursor/mcp.json", map[string]map[string]any{
		"mine": {"command": demoServerPath}, "new": {"command": demoServerPath, "args": []string{"--new"}}})
	writeHomeFile(t, project, ".cursor/mcp.json", map[string]map[string]any{"local": {"command": demoServerPath, "args": []string{"--local"}}})
	work := &syncWorker{}
	var imported []string
	asked := 0
	var d *discoverDialog
	onUI(func() {
		d = newDiscoverDialog(discoverDeps{
			win: test.NewWindow(nil), work: work,
			env:          func() (clients.DiscoverEnv, error) { return clients.DiscoverEnv{Home: home, OS: "linux"}, nil },
			chooseFolder: func(_ string, chosen func(string)) { asked++; chosen(project) },
			known: func() *config.Config {
				return &config.Config{Servers: []*config.ServerConfig{{Name: "mine", Type: config.TypeStdio, Command: demoServerPath}}}
			},
			importChosen: func(servers []*clients.ImportedServer) {
				for _, s := range servers {
					imported = append(imported, s.Server.Name)
				}
			},
		})
		d.look()
	})
	wait := func() {
		work.wg.Wait()
		onUI(func() {}) // what was found arrives through fyne.Do
	}
	wait()
	onUI(func() {
		if r := d.row(t, "mine"); r.importable() {
			t.Error("a server the list has already can be imported again")
		}
		test.Tap(d.addProject)
	})
	wait()
	onUI(func() {
		if asked != 1 {
			t.Errorf("Also look in a project folder… asked for %d folders, want 1", asked)
		}
		d.row(t, "local").check.SetChecked(true)
		d.row(t, "new").check.SetChecked(true)
		test.Tap(d.importSelected)
	})
	slices.Sort(imported)
	if !equalStrings(imported, []string{"local", "new"}) {
		t.Errorf("Import selected imported %q, want local and new", imported)
	}
}

// TestRequestPanelNeedsNoWindow builds the request panel from its deps
// alone: a request of a server not selected waits behind the banner; Open
// selects its server, brings the Tools tab up and shows the request in
// place of the result; the answer is reported and the result comes back.
func TestRequestPanelNeedsNoWindow(t *testing.T) {
	newSerialApp(t)
	var did []string
	var waiting []int
	selected := "other"
	var p *requests.RequestPanel
	src := requests.NewServerRequests()
	onUI(func() {
		p = requests.NewRequestPanel(requests.RequestDeps{
			Win: test.NewWindow(nil), OpenURL: func(*url.URL) error { did = append(did, "open link"); return nil },
			Selected:     func() string { return selected },
			SelectServer: func(name string) { selected = name; did = append(did, "select "+name) },
			ShowTools:    func() { did = append(did, "tools tab") },
			Place:        func(fyne.CanvasObject) { did = append(did, "place") },
			Show:         func(on bool) { did = append(did, fmt.Sprintf("show %v", on)) },
			Waiting:      func(pending []*mcp.PendingRequest) { waiting = append(waiting, len(pending)) },
			Session:      func(name string) *mcp.Session { did = append(did, "session "+name); return nil },
			Answered:     func(what string) { did = append(did, "answered "+what) },
		})
		p.Src = src
		src.SetNotify(func() { fyne.Do(p.Sync) })
	})
	done := make(chan error, 1)
	go func() {
		_, err := src.Handlers().Elicit(context.Background(), "srv", &sdk.ElicitRequest{Params: &sdk.ElicitParams{
			Message: "Your name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}}})
		done <- err
	}()
	deadline := time.Now().Add(30 * time.Second)
	for shown := false; !shown; time.Sleep(10 * time.Millisecond) {
		onUI(func() { shown = p.Banner.Visible() })
		if time.Now().After(deadline) {
			t.Fatal("the banner never showed the request")
		}
	}
	onUI(func() {
		if len(did) != 0 || len(waiting) == 0 || waiting[len(waiting)-1] != 1 {
			t.Errorf("a request of a server not selected did %q and said %v wait, want nothing done and 1 waiting", did, waiting)
		}
		test.Tap(p.OpenBtn)
		if want := []string{"place", "select srv", "tools tab", "show true", "session srv"}; !equalStrings(did, want) {
			t.Errorf("Open did %q, want %q", did, want)
		}
		did = nil
		test.Tap(p.DeclineBtn)
	})
	if err := <-done; err != nil {
		t.Fatalf("the server's request ended with %v", err)
	}
	onUI(func() {
		if want := []string{"answered srv asks you for information: declined", "show false"}; !equalStrings(did, want) {
			t.Errorf("Decline did %q, want %q", did, want)
		}
	})
}
