package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/lint"
	"mcpbrowser/ui/quality"
)

// lintLikeTheCLI is what `mcpbrowser lint NAME` reports for a server of
// the shell's servers file: its own connection, lint.SurfaceOf,
// lint.Run (cli/lint.go).
func (s *shell) lintLikeTheCLI(name string) lint.Report {
	s.t.Helper()
	cfg, err := config.Load(s.cfgPath)
	if err != nil {
		s.t.Fatal(err)
	}
	m := mcp.NewManager(cfg, mcp.ManagerOptions{})
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sess := m.Session(name)
	if err := sess.Connect(ctx); err != nil {
		s.t.Fatal(err)
	}
	return lint.Run(lint.SurfaceOf(ctx, sess))
}

// The window's quality badge counts what `mcpbrowser lint` counts: the
// demo's one note is about a resource, which the badge once missed (it
// linted the tools alone and said "no findings"). The report window, opened
// from the badge, lists that finding too.
func TestQualityBadgeCountsWhatLintCounts(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	want := s.lintLikeTheCLI("demo")
	beyondTools := 0
	for _, f := range want.Findings {
		if f.Kind != lint.KindTool {
			beyondTools++
		}
	}
	if beyondTools == 0 {
		t.Fatalf("the demo has no finding beyond its tools; this test needs one: %+v", want.Findings)
	}
	var wantText string
	onUI(func() { wantText = quality.ButtonText(&want) })
	s.pickTool("demo", "add")
	s.waitFor("the badge to say "+wantText, func() bool { return s.w.quality.Button.Text == wantText })

	before := len(s.app.Driver().AllWindows())
	onUI(func() { s.w.quality.Button.OnTapped() })
	s.waitFor("the report window", func() bool { return len(s.app.Driver().AllWindows()) > before })
	onUI(func() {
		wins := s.app.Driver().AllWindows()
		rep := wins[len(wins)-1]
		shown := shownText(rep.Content())
		for _, f := range want.Findings {
			if !strings.Contains(shown, f.Rule) {
				t.Errorf("the report window lacks %s (%s):\n%s", f.Rule, f.Target, shown)
			}
		}
		rep.Close()
	})
}

// A list that arrives (a tab's Refresh, or the server saying it changed)
// has the surface gathered again, so the badge follows the lists.
func TestQualityBadgeFollowsTheLists(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "add")
	gen := func() int { return s.w.quality.Gen("demo") }
	s.waitFor("the first lint", func() bool { return gen() == 0 })
	r := s.openResources("demo")
	s.waitFor("the resource list", func() bool { return len(r.Resources) > 0 })
	onUI(r.Refresh) // asks the server whatever the ttlMs says
	s.waitFor("the badge to lint the refreshed lists", func() bool { return gen() >= 1 })
	n := 0
	onUI(func() { n = gen() })
	onUI(func() { s.w.quality.ListsChanged("demo") }) // as notifications/resources/list_changed does
	s.waitFor("the badge to lint the changed lists", func() bool { return gen() > n })
	onUI(func() {
		if !strings.HasPrefix(s.w.quality.Button.Text, "Quality report: ") {
			t.Errorf("after the lists changed the badge says %q", s.w.quality.Button.Text)
		}
	})
}

// waitLinted waits until the quality badge has gathered server's surface:
// its lists are then asked for and kept (the Resources and Prompts tabs
// find them in the ttlMs cache).
func (s *shell) waitLinted(server string) {
	s.t.Helper()
	s.waitFor("the quality badge's lint of "+server, func() bool { return s.w.quality.Settled(server) })
}
