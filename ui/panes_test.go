package ui

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
)

// syncWorker runs a pane's jobs where the test can wait for them.
type syncWorker struct{ wg sync.WaitGroup }

func (w *syncWorker) goWork(f func(ctx context.Context)) {
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
	store := history.NewHistory(t.TempDir(), history.HistoryOptions{})
	for _, name := range []string{"add", "echo"} {
		if err := store.Append("demo", history.HistoryEntry{Time: time.Now(), Kind: history.HistoryTool, Name: name, Arguments: json.RawMessage(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	var replayed []string
	ran := 0
	work := &syncWorker{}
	var h *historyTab
	onUI(func() {
		h = newHistoryTab(historyDeps{
			win: test.NewWindow(nil), store: func() *history.History { return store }, work: work,
			visible: func() bool { return true }, showError: func(string, error) {},
			replay: func(e history.HistoryEntry) (bool, string) { replayed = append(replayed, e.Name); return true, "" },
			run:    func() { ran++ },
		})
		h.setServer("demo", true)
	})
	work.wg.Wait()
	onUI(func() {}) // the list arrives through fyne.Do
	onUI(func() {
		if got := historyRows(h); !equalStrings(got, []string{"echo", "add"}) {
			t.Fatalf("rows %q, want echo, add (newest first)", got)
		}
		test.Type(h.filter, "add")
		if got := historyRows(h); !equalStrings(got, []string{"add"}) {
			t.Errorf("filtered rows %q, want add", got)
		}
		h.list.Select(0)
		test.Tap(h.runBtn)
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
		p := newPromptsTab(promptsDeps{win: test.NewWindow(nil), work: &syncWorker{},
			visible: func() bool { return true }, got: func(*mcp.PromptResult) {}, historyChanged: func(string) {}})
		p.setPrompts([]*sdk.Prompt{{Name: "greet"}, {Name: "review", Description: "Reviews code"}}, nil)
		test.Type(p.filter, "code")
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
	var r *resourcesTab
	onUI(func() {
		r = newResourcesTab(resourcesDeps{
			win: test.NewWindow(nil), work: work,
			visible: func() bool { return visible },
			got: func(res *mcp.ReadResult) {
				mu.Lock()
				got = append(got, res.URI)
				mu.Unlock()
			},
			historyChanged: func(server string) { changed = append(changed, server) },
		})
		r.setSession(s, false)
	})
	onUI(func() { r.listChanged("demo") })
	work.wg.Wait()
	onUI(func() {
		if !r.stale || len(r.resources) != 0 {
			t.Errorf("a list change while the tab is hidden fetched the list (stale %v, %d resources)", r.stale, len(r.resources))
		}
		visible = true
		r.shown()
	})
	work.wg.Wait()
	onUI(func() {}) // the lists arrive through fyne.Do
	onUI(func() {
		if len(r.resources) == 0 {
			t.Fatal("the tab on show listed no resources")
		}
		r.selectURI("demo://readme")
	})
	work.wg.Wait()
	onUI(func() {})
	mu.Lock()
	defer mu.Unlock()
	if !equalStrings(got, []string{"demo://readme"}) || !equalStrings(changed, []string{"demo"}) {
		t.Errorf("a read was handed to got as %q and changed the history of %q, want demo://readme and demo", got, changed)
	}
	if r.lastRead == nil || !r.lastRead.OK() {
		t.Errorf("the read did not come back: %+v", r.lastRead)
	}
}
