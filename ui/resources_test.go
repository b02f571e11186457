package ui

import (
	"mcpbrowser/ui/tabs"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
)

// openResources selects server and the Resources tab and waits for the lists.
func (s *shell) openResources(server string) *tabs.ResourcesTab {
	s.t.Helper()
	s.waitReady(server)
	onUI(func() { s.w.SelectServer(server) })
	s.selectTab(func(f *tabs.Frame) any { return f.ResourcesItem })
	r := s.w.features.Resources
	s.waitFor("the resource lists", func() bool { return r.Session != nil && r.Session.Name() == server && len(r.Resources) > 0 })
	return r
}

// waitRead waits for a read of uri to be shown.
func (s *shell) waitRead(r *tabs.ResourcesTab, uri string) *mcp.ReadResult {
	s.t.Helper()
	var got *mcp.ReadResult
	s.waitFor("the read of "+uri, func() bool {
		got = r.LastRead
		return got != nil && got.URI == uri && !r.ReadBtn.Disabled()
	})
	return got
}

func (s *shell) tapResource(r *tabs.ResourcesTab, uri string) {
	s.t.Helper()
	onUI(func() {
		for i, res := range r.Resources {
			if res.URI == uri {
				r.ResList.Select(i)
				return
			}
		}
		s.t.Fatalf("%s is not listed", uri)
	})
}

func (s *shell) tapTemplate(r *tabs.ResourcesTab, tmpl string) {
	s.t.Helper()
	onUI(func() {
		for i, tm := range r.Templates {
			if tm.URITemplate == tmpl {
				r.TmplList.Select(i)
				return
			}
		}
		s.t.Fatalf("template %s is not listed", tmpl)
	})
}

func TestResourcesTabReadsTextAndAnImageFromATemplate(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry()})
	r := s.openResources("demo")

	s.tapResource(r, "demo://readme")
	read := s.waitRead(r, "demo://readme")
	if !read.OK() {
		t.Fatalf("reading the readme: %s %s", read.Layer, read.Message)
	}
	shown := s.text(func() fyne.CanvasObject { return r.Root })
	for _, want := range []string{"About the demo server", "demo://readme", "text/markdown", "MCP Browser demo server", "Read again"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the resource view lacks %q:\n%s", want, shown)
		}
	}

	s.tapTemplate(r, "demo://files/{+path}")
	onUI(func() {
		fd := r.TmplForm.Field("path")
		if fd == nil || !fd.Spec.Required {
			t.Fatalf("the template form has no required path field: %+v", r.TmplForm.Fields)
		}
		test.Tap(r.ReadBtn) // nothing filled in
		if !strings.Contains(r.Note.Text, "fill in path") {
			t.Errorf("reading with an empty path: note %q", r.Note.Text)
		}
		fd.Entry.SetText("images/gradient.png")
		test.Tap(r.ReadBtn)
	})
	read = s.waitRead(r, "demo://files/images/gradient.png")
	if !read.OK() || len(read.Result.Contents) != 1 || len(read.Result.Contents[0].Blob) == 0 {
		t.Fatalf("the picture: %s %s", read.Layer, read.Message)
	}
	onUI(func() {
		if n := len(r.View.Images); n != 1 {
			t.Errorf("the picture is not shown as an image (%d images)", n)
		}
		if findButton(r.Contents, "Save") == nil {
			t.Error("the picture cannot be saved")
		}
	})

	// A read the server refuses shows its JSON-RPC error.
	onUI(func() {
		r.TmplForm.Field("path").Entry.SetText("no/such/file.txt")
		test.Tap(r.ReadBtn)
	})
	read = s.waitRead(r, "demo://files/no/such/file.txt")
	if read.Layer != mcp.LayerProtocol {
		t.Fatalf("a missing file: layer %s", read.Layer)
	}
	if shown := s.text(func() fyne.CanvasObject { return r.Contents }); !strings.Contains(shown, "JSON-RPC error -326") || !strings.Contains(shown, "sandbox") {
		t.Errorf("the refused read does not show its code:\n%s", shown)
	}

	// Every read went into the history.
	entries, err := s.w.history.List("demo")
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, e := range entries {
		if e.Kind == history.Resource {
			uris = append(uris, e.Name)
		}
	}
	if want := []string{"demo://files/no/such/file.txt", "demo://files/images/gradient.png", "demo://readme"}; !slices.Equal(uris, want) {
		t.Errorf("history has reads %q, want %q", uris, want)
	}
}

func TestResourceTemplateOffersCompletionsAndSubscriptionsUpdateLive(t *testing.T) {
	s := newFeatureShell(t, map[string]map[string]any{"everything": everythingEntry(t)})
	r := s.openResources("everything")
	const tmpl = "demo://resource/dynamic/text/{resourceId}"
	s.tapTemplate(r, tmpl)
	var fd *tabs.ArgField
	onUI(func() {
		fd = r.TmplForm.Field("resourceId")
		if fd == nil || fd.Sel == nil {
			t.Fatal("the template's variable offers no completion, though the server declares completions")
		}
		test.Type(fd.Sel, "12")
	})
	s.waitFor("the server's suggestion for 12", func() bool { return slices.Equal(fd.Suggestions, []string{"12"}) })
	onUI(func() { test.Tap(r.ReadBtn) })
	read := s.waitRead(r, "demo://resource/dynamic/text/12")
	if !read.OK() || !strings.Contains(read.Result.Contents[0].Text, "Resource 12") {
		t.Fatalf("read %s: %s %s", read.URI, read.Layer, read.Message)
	}

	// Subscribe to a listed resource; the updates the server sends mark it
	// and read it again while it is open.
	uri := r.Resources[0].URI
	s.tapResource(r, uri)
	s.waitRead(r, uri)
	onUI(func() {
		if !r.SubBtn.Visible() || r.SubBtn.Text != "Subscribe" {
			t.Fatalf("no Subscribe button for a server that declares subscribe (%q)", r.SubBtn.Text)
		}
		test.Tap(r.SubBtn)
	})
	s.waitFor("the subscription", func() bool { return r.Subscribed[uri] && r.SubBtn.Text == "Unsubscribe" })
	firstRead := r.LastRead
	sess := s.w.manager.Session("everything")
	if res := sess.CallTool(t.Context(), "toggle-subscriber-updates", []byte(`{}`), mcp.CallOptions{}); !res.OK() {
		t.Fatalf("toggle-subscriber-updates: %s", res.Message)
	}
	s.waitFor("an update to mark the resource and read it again", func() bool {
		return r.Badge.Visible() && strings.HasPrefix(r.Badge.Text, "updated ") && r.LastRead != firstRead && r.LastRead.URI == uri
	})
	sess.CallTool(t.Context(), "toggle-subscriber-updates", []byte(`{}`), mcp.CallOptions{})
	onUI(func() { test.Tap(r.SubBtn) })
	s.waitFor("the unsubscription", func() bool { return !r.Subscribed[uri] && r.SubBtn.Text == "Subscribe" })
}
