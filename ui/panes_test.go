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
