package ui

import (
	"errors"
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

func (s *shell) tapSkill(p *skillsPane, name string) {
	s.t.Helper()
	onUI(func() {
		for i, sk := range p.skills {
			if sk.Name() == name {
				p.list.Select(i)
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
		onUI(func() { on = slices.Contains(s.w.features.tabs.Items, s.w.skills.tab) })
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
	p := s.w.skills
	if p.skills != nil || sentCount(sess, "skills/list") != 0 {
		t.Fatal("skills were listed before the tab was looked at")
	}
	s.selectTab(func(*featurePanes) any { return p.tab })
	s.waitFor("the skills", func() bool { return len(p.skills) == 2 })
	onUI(func() {
		if p.count.Text != "2 skills" {
			t.Errorf("count %q", p.count.Text)
		}
	})

	s.tapSkill(p, "try-the-demo")
	onUI(func() {
		if !strings.Contains(p.listing.Text, "skill://try-the-demo/references/TOOLS.md") || !strings.Contains(p.listing.Text, "sha256:") {
			t.Errorf("the listing shown: %q", p.listing.Text)
		}
	})
	var reading bool
	onUI(func() { reading = p.loadBtn.Disabled() || len(p.contents.Objects) > 0 })
	if reading {
		t.Fatal("selecting a skill started reading it")
	}
	if n := skillReads(sess); n != 0 {
		t.Fatalf("%d skill files read before Load was pressed", n)
	}
	onUI(func() { test.Tap(p.loadBtn) })
	s.waitFor("the skill to load", func() bool { return p.lastLoaded != nil && !p.loadBtn.Disabled() })
	if n := skillReads(sess); n != 2 {
		t.Errorf("%d skill files read for one load of a skill of 2 files", n)
	}
	shown := s.text(func() fyne.CanvasObject { return p.contents })
	for _, want := range []string{"Verified", "2 files match", "name: try-the-demo", "# The demo's tools"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the loaded skill does not show %q:\n%s", want, shown)
		}
	}

	s.tapSkill(p, "tampered-example")
	onUI(func() { test.Tap(p.loadBtn) })
	s.waitFor("the refusal", func() bool { return p.lastErr != nil && !p.loadBtn.Disabled() })
	var se *mcp.SkillError
	if !errors.As(p.lastErr, &se) {
		t.Fatalf("loading the tampered skill: %v", p.lastErr)
	}
	shown = s.text(func() fyne.CanvasObject { return p.contents })
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
