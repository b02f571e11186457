package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
)

func sentCount(s *mcp.Session, method string) int {
	entries, _ := s.Wire.Since(0)
	n := 0
	for _, e := range entries {
		if e.Dir == transport.Sent && e.Method == method {
			n++
		}
	}
	return n
}

// On the demo server (2026-07-28) Subscribe goes through
// subscriptions/listen and the updates it sends mark the resource and read
// it again, as with a resources/subscribe server.
func TestResourcesSubscribeThroughListen(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	r := s.openResources("demo")
	sess := s.w.manager.Session("demo")
	if v := sess.Era().Version; v != mcp.Version20260728 {
		t.Fatalf("the demo spoke %q", v)
	}
	const uri = "demo://sandbox"
	s.tapResource(r, uri)
	first := s.waitRead(r, uri)
	if !strings.Contains(first.Result.Contents[0].Text, "welcome.txt") {
		t.Fatalf("the sandbox listing: %q", first.Result.Contents[0].Text)
	}
	onUI(func() {
		if !r.SubBtn.Visible() {
			t.Fatal("no Subscribe button for the demo, which declares subscribe")
		}
		test.Tap(r.SubBtn)
	})
	s.waitFor("the subscription", func() bool { return r.Subscribed[uri] && r.SubBtn.Text == "Unsubscribe" })
	if sentCount(sess, "subscriptions/listen") == 0 || sentCount(sess, "resources/subscribe") != 0 {
		t.Fatal("the subscription did not go through subscriptions/listen")
	}
	if res := sess.CallTool(t.Context(), "delete_file", []byte(`{"path":"welcome.txt"}`), mcp.CallOptions{}); !res.OK() {
		t.Fatalf("delete_file: %s", res.Message)
	}
	s.waitFor("the update to mark the resource and read it again", func() bool {
		return r.Badge.Visible() && r.LastRead != first && r.LastRead.OK() &&
			!strings.Contains(r.LastRead.Result.Contents[0].Text, "welcome.txt")
	})
	onUI(func() { test.Tap(r.SubBtn) })
	s.waitFor("the unsubscription", func() bool { return !r.Subscribed[uri] && r.SubBtn.Text == "Subscribe" })
}

// The demo's lists are fresh for 30 s: the header says so, showing the tab
// again does not ask the server, and Refresh does.
func TestResourcesListFreshness(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry(), "everything": everythingEntry(t)})
	r := s.openResources("demo")
	sess := s.w.manager.Session("demo")
	// The quality badge listed them first (ui/quality/lint.go): Refresh asks again.
	s.waitLinted("demo")
	// The note may already say "fresh" from the tab's first load: blank it,
	// so that the wait below is for the Refresh's answer, not for that one.
	onUI(func() { r.ResFresh.SetText("") })
	onUI(r.Refresh)
	s.waitFor("the freshness note", func() bool {
		return r.ResFresh.Visible() && r.TmplFresh.Visible() && strings.HasPrefix(r.ResFresh.Text, "fresh for 30 s (until ")
	})
	onUI(func() {
		if !strings.HasPrefix(r.ResFresh.Text, "fresh for 30 s (until ") {
			t.Errorf("resources header: %q", r.ResFresh.Text)
		}
	})
	lists := sentCount(sess, "resources/list")

	// Another server and back: the lists come from the cache.
	s.openResources("everything")
	onUI(func() {
		if r.ResFresh.Visible() {
			t.Errorf("server-everything gives no ttlMs, but the header says %q", r.ResFresh.Text)
		}
	})
	s.openResources("demo")
	s.waitFor("the lists from the cache", func() bool { return strings.HasPrefix(r.ResFresh.Text, "not asked again: fresh until ") })
	if n := sentCount(sess, "resources/list"); n != lists {
		t.Errorf("resources/list sent again (%d, was %d) while the list was fresh", n, lists)
	}

	onUI(r.Refresh)
	s.waitFor("the refreshed lists", func() bool { return strings.HasPrefix(r.ResFresh.Text, "fresh for 30 s") })
	if n := sentCount(sess, "resources/list"); n != lists+1 {
		t.Errorf("Refresh sent resources/list %d times, want once", n-lists)
	}
}

// The Prompts tab honours the prompt list's ttlMs the same way.
func TestPromptsListFreshness(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	p := s.openPrompts("demo")
	sess := s.w.manager.Session("demo")
	// The quality badge listed them first (ui/quality/lint.go): Refresh asks again.
	s.waitLinted("demo")
	onUI(func() { p.Fresh.SetText("") }) // as in TestResourcesListFreshness
	onUI(func() { test.Tap(p.Reload) })
	s.waitFor("the freshness note", func() bool { return strings.HasPrefix(p.Fresh.Text, "fresh for 30 s (until ") })
	before := sentCount(sess, "prompts/list")
	onUI(p.Load) // shown again: the cache serves it
	s.waitFor("the list from the cache", func() bool { return strings.HasPrefix(p.Fresh.Text, "not asked again: ") })
	onUI(func() { test.Tap(p.Reload) })
	s.waitFor("the refreshed list", func() bool { return strings.HasPrefix(p.Fresh.Text, "fresh for 30 s") })
	if n := sentCount(sess, "prompts/list") - before; n != 1 {
		t.Errorf("prompts/list sent %d times for one load from the cache and one Refresh, want 1", n)
	}
}
