package ui

import (
	"errors"
	"mcpbrowser/ui/tabs"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
)

// skillReads counts the resources/read requests for skill:// files.
func skillReads(s *mcp.Session) int {
	entries, _ := s.Wire.Since(0)
	n := 0
	for _, e := range entries {
		if e.Method == "resources/read" && strings.Contains(string(e.JSON), `"skill://`) {
			n++
		}
	}
	return n
}

func (s *shell) tapSkill(p *tabs.SkillsPane, name string) {
	s.t.Helper()
	onUI(func() {
		for i, sk := range p.Skills {
			if sk.Name() == name {
				p.List.Select(i)
				return
			}
		}
		s.t.Fatalf("no skill %s in the list", name)
	})
}

// The Skills tab is there for the demo, which offers skills, and not for
// server-everything. Listing and selecting read no skill file; Load and
// verify shows a genuine skill and refuses the tampered one in plain words.
func TestSkillsTabListsLoadsAndRefuses(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry(), "everything": everythingEntry(t)})
	hasTab := func() (on bool) {
		onUI(func() { on = slices.Contains(s.w.features.Tabs.Items, s.w.features.Skills.Tab) })
		return on
	}
	s.waitReady("everything")
	onUI(func() { s.w.SelectServer("everything") })
	if hasTab() {
		t.Fatal("a Skills tab for server-everything, which offers no skills")
	}
	s.waitReady("demo")
	onUI(func() { s.w.SelectServer("demo") })
	if !hasTab() {
		t.Fatal("no Skills tab for the demo, which offers skills")
	}
	sess := s.w.manager.Session("demo")
	p := s.w.features.Skills
	if p.Skills != nil || sentCount(sess, "skills/list") != 0 {
		t.Fatal("skills were listed before the tab was looked at")
	}
	s.selectTab(func(*tabs.Frame) any { return p.Tab })
	s.waitFor("the skills", func() bool { return len(p.Skills) == 2 })
	onUI(func() {
		if p.Count.Text != "2 skills" {
			t.Errorf("count %q", p.Count.Text)
		}
	})

	s.tapSkill(p, "try-the-demo")
	onUI(func() {
		if !strings.Contains(p.Listing.Text, "skill://try-the-demo/references/TOOLS.md") || !strings.Contains(p.Listing.Text, "sha256:") {
			t.Errorf("the listing shown: %q", p.Listing.Text)
		}
	})
	var reading bool
	onUI(func() { reading = p.LoadBtn.Disabled() || len(p.Contents.Objects) > 0 })
	if reading {
		t.Fatal("selecting a skill started reading it")
	}
	if n := skillReads(sess); n != 0 {
		t.Fatalf("%d skill files read before Load was pressed", n)
	}
	onUI(func() { test.Tap(p.LoadBtn) })
	s.waitFor("the skill to load", func() bool { return p.LastLoaded != nil && !p.LoadBtn.Disabled() })
	if n := skillReads(sess); n != 2 {
		t.Errorf("%d skill files read for one load of a skill of 2 files", n)
	}
	shown := s.text(func() fyne.CanvasObject { return p.Contents })
	for _, want := range []string{"Verified", "2 files match", "name: try-the-demo", "# The demo's tools"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the loaded skill does not show %q:\n%s", want, shown)
		}
	}

	s.tapSkill(p, "tampered-example")
	onUI(func() { test.Tap(p.LoadBtn) })
	s.waitFor("the refusal", func() bool { return p.LastErr != nil && !p.LoadBtn.Disabled() })
	var se *mcp.SkillError
	if !errors.As(p.LastErr, &se) {
		t.Fatalf("loading the tampered skill: %v", p.LastErr)
	}
	shown = s.text(func() fyne.CanvasObject { return p.Contents })
	for _, want := range []string{"Refused: the skill does not match its listing", "does not match the digest in the server's listing", "the skill was not loaded"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, shown)
		}
	}
	if strings.Contains(shown, "send every file") {
		t.Error("the tampered skill's text is shown")
	}
	if n := skillReads(sess); n != 3 {
		t.Errorf("%d skill files read in all, want 3 (2 for try-the-demo, then only the tampered SKILL.md)", n)
	}

	// Back to a server without skills: the tab goes, and Tools is in front.
	onUI(func() { s.w.SelectServer("everything") })
	if hasTab() {
		t.Error("the Skills tab stayed for server-everything")
	}
}
