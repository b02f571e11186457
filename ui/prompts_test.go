package ui

import (
	"mcpbrowser/ui/tabs"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
)

// openPrompts selects server and the Prompts tab and waits for the list.
func (s *shell) openPrompts(server string) *tabs.PromptsTab {
	s.t.Helper()
	s.waitReady(server)
	onUI(func() { s.w.SelectServer(server) })
	s.selectTab(func(f *tabs.Frame) any { return f.PromptsItem })
	p := s.w.features.Prompts
	s.waitFor("the prompt list", func() bool { return p.Session != nil && p.Session.Name() == server && len(p.Prompts) > 0 })
	return p
}

func (s *shell) pickPrompt(p *tabs.PromptsTab, name string) {
	s.t.Helper()
	var ok bool
	onUI(func() { ok = p.SelectName(name) })
	if !ok {
		s.t.Fatalf("prompt %s is not listed", name)
	}
}

// waitPrompt taps Get and waits for the prompt's answer.
func (s *shell) getPrompt(p *tabs.PromptsTab) *mcp.PromptResult {
	s.t.Helper()
	onUI(func() {
		p.LastResult = nil
		test.Tap(p.GetBtn)
	})
	var r *mcp.PromptResult
	s.waitFor("the prompt's messages", func() bool {
		r = p.LastResult
		return r != nil && !p.GetBtn.Disabled()
	})
	return r
}

func TestPromptsTabGetsAPromptWithCompletedArguments(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	p := s.openPrompts("everything")

	// A required argument left empty is not sent.
	s.pickPrompt(p, "args-prompt")
	onUI(func() {
		test.Tap(p.GetBtn)
		if !strings.Contains(p.Note.Text, "fill in city") || p.LastResult != nil {
			t.Errorf("Get with an empty required argument: note %q", p.Note.Text)
		}
	})
	form := s.text(func() fyne.CanvasObject { return p.Form.Box })
	if !strings.Contains(form, "city *") || strings.Contains(form, "state *") {
		t.Errorf("required arguments are not marked (city required, state not):\n%s", form)
	}

	s.pickPrompt(p, "completable-prompt")
	var dept, name *tabs.ArgField
	onUI(func() {
		dept, name = p.Form.Field("department"), p.Form.Field("name")
		if dept == nil || name == nil || dept.Sel == nil {
			t.Fatal("the completable prompt's fields offer no completion")
		}
	})
	// Before anything is typed the server offers every department.
	s.waitFor("the departments", func() bool { return len(dept.Suggestions) == 4 })
	onUI(func() { test.Type(dept.Sel, "S") })
	s.waitFor("suggestions for S", func() bool { return slices.Equal(dept.Suggestions, []string{"Sales", "Support"}) })
	onUI(func() {
		chip := findButton(dept.Chips, "Sales")
		if chip == nil {
			t.Fatalf("no suggestion button for Sales:\n%s", shownText(dept.Chips))
		}
		test.Tap(chip)
		if dept.Entry.Text != "Sales" {
			t.Errorf("tapping the suggestion left %q", dept.Entry.Text)
		}
		test.Type(name.Sel, "E")
	})
	// The name's suggestions depend on the department already chosen.
	s.waitFor("the names in Sales", func() bool { return slices.Equal(name.Suggestions, []string{"Eve"}) })
	onUI(func() { name.Entry.SetText("Eve") })
	r := s.getPrompt(p)
	if !r.OK() {
		t.Fatalf("prompts/get: %s %s", r.Layer, r.Message)
	}
	shown := s.text(func() fyne.CanvasObject { return p.Result })
	for _, want := range []string{"user", "Please promote Eve to the head of the Sales team."} {
		if !strings.Contains(shown, want) {
			t.Errorf("the messages lack %q:\n%s", want, shown)
		}
	}

	// An embedded resource in a message is shown with its URI and text.
	s.pickPrompt(p, "resource-prompt")
	onUI(func() {
		p.Form.Field("resourceType").Entry.SetText("Text")
		p.Form.Field("resourceId").Entry.SetText("3")
	})
	if r := s.getPrompt(p); !r.OK() {
		t.Fatalf("resource-prompt: %s", r.Message)
	}
	shown = s.text(func() fyne.CanvasObject { return p.Result })
	for _, want := range []string{"Embedded resource demo://resource/dynamic/text/3", "Resource 3"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the resource prompt lacks %q:\n%s", want, shown)
		}
	}
}

func TestPromptWithoutCompletionsUsesPlainEntries(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	p := s.openPrompts("demo")
	s.pickPrompt(p, "summarize_file")
	onUI(func() {
		fd := p.Form.Field("path")
		if fd == nil || fd.Sel != nil {
			t.Fatal("the demo does not declare completions, yet the field asks for them")
		}
		fd.Entry.SetText("welcome.txt")
		// Enter in a field gets the prompt.
		fd.Entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	})
	var r *mcp.PromptResult
	s.waitFor("the prompt", func() bool { r = p.LastResult; return r != nil })
	if !r.OK() || len(r.Result.Messages) != 2 {
		t.Fatalf("summarize_file: %s %s", r.Layer, r.Message)
	}
	shown := s.text(func() fyne.CanvasObject { return p.Result })
	for _, want := range []string{"Please summarise the attached file welcome.txt", "Embedded resource demo://files/welcome.txt"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the messages lack %q:\n%s", want, shown)
		}
	}
}

// notifications/prompts/list_changed (and resources/list_changed) fetch the
// list again while its tab is shown.
func TestListChangedFetchesTheListAgain(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.openPrompts("demo")
	s.waitLinted("demo") // the quality badge lists them once (ui/quality/lint.go)
	wire := s.w.manager.Session("demo").Wire
	count := func(method string) int {
		entries, _ := wire.Since(0)
		n := 0
		for _, e := range entries {
			if e.Dir == transport.Sent && e.Method == method {
				n++
			}
		}
		return n
	}
	before := count("prompts/list")
	onUI(func() {
		s.w.features.Event(mcp.Event{Kind: mcp.EventListChanged, Server: "demo", List: "prompts"})
		s.w.features.Event(mcp.Event{Kind: mcp.EventListChanged, Server: "other", List: "prompts"})
	})
	s.waitFor("prompts/list sent again", func() bool { return count("prompts/list") == before+1 })

	// The resources tab is not shown: its list is fetched when it is.
	resBefore := count("resources/list")
	onUI(func() { s.w.features.Event(mcp.Event{Kind: mcp.EventListChanged, Server: "demo", List: "resources"}) })
	if n := count("resources/list"); n != resBefore {
		t.Errorf("resources/list sent for a tab nobody looks at (%d → %d)", resBefore, n)
	}
	s.openResources("demo")
}
