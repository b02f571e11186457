package ui

// Sign-in as the window shows it: the editor's OAuth section, and the window
// against a protected server and its authorization server (internal/oauthtest)
// on loopback, with a browser double as ManagerOptions.OpenBrowser.

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/oauthtest"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/oauth"
)

// A signInShell is the window over one http entry "protected" that points at
// a test bed, with its own token folder and a browser double.
type signInShell struct {
	*shell
	bed     *oauthtest.Server
	browser *oauthtest.Browser
	tokens  *oauth.TokenStore
}

func newSignInShell(t *testing.T, cfg oauthtest.Config, entry map[string]any, openBrowser func(context.Context, string) error) *signInShell {
	t.Helper()
	bed := oauthtest.NewServer(t, cfg)
	browser := &oauthtest.Browser{}
	if openBrowser == nil {
		openBrowser = browser.Open
	}
	e := map[string]any{"type": "http", "url": bed.ServerURL()}
	for k, v := range entry {
		e[k] = v
	}
	tokens := oauth.NewTokenStore(filepath.Join(t.TempDir(), "tokens"))
	sh := newShellWith(t, map[string]map[string]any{"protected": e},
		mcp.ManagerOptions{Tokens: tokens, OpenBrowser: openBrowser})
	return &signInShell{shell: sh, bed: bed, browser: browser, tokens: tokens}
}

func (s *signInShell) tokenSaved() bool {
	_, err := os.Stat(s.tokens.Path("protected"))
	return err == nil
}

// leftColumn is what the server list column shows.
func (s *signInShell) leftColumn() string {
	return s.text(func() fyne.CanvasObject { return s.w.servers.List.Root })
}

func TestWindowSignsInListsToolsAndSignsOut(t *testing.T) {
	s := newSignInShell(t, oauthtest.Config{ChallengeScope: "mcp"}, nil, nil)
	s.waitReady("protected")
	s.waitFor("the tool list to show "+oauthtest.ToolName, func() bool {
		return s.w.tools.Server() == "protected" && s.w.tools.Len() == 1 &&
			s.w.tools.Names()[0] == oauthtest.ToolName
	})
	if n := s.browser.OpenCount(); n != 1 {
		t.Fatalf("the browser was opened %d times, want once", n)
	}
	if !s.tokenSaved() {
		t.Fatal("no token was saved after signing in")
	}
	s.waitFor("the signed-in line", func() bool { return strings.Contains(shownText(s.w.servers.List.Root), "Signed in at ") })
	if shown := s.leftColumn(); !strings.Contains(shown, "Signed in at "+s.bed.Issuer()+" (client ") || !strings.Contains(shown, "Sign out") {
		t.Errorf("the signed-in line does not name the issuer and client or offer Sign out:\n%s", shown)
	}
	onUI(func() {
		if !menuHas(s.w.mainMenu(), "Server", "Sign out…") {
			t.Error("the Server menu has no Sign out…")
		}
	})

	// Sign out from the "…" menu, and cancel: nothing changes.
	onUI(s.selectionMenuItem("Sign out…").Action)
	if shown := s.text(s.topOverlay); !strings.Contains(shown, `Sign out of "protected"?`) {
		t.Errorf("no confirmation before signing out:\n%s", shown)
	}
	s.tap(s.topOverlay, "Cancel")
	if !s.tokenSaved() {
		t.Fatal("Cancel signed out")
	}

	// Sign out with the button under the list, and confirm.
	s.tap(func() fyne.CanvasObject { return s.w.servers.List.Root }, "Sign out")
	s.tap(s.topOverlay, "Sign out")
	s.waitFor("the server to stop and its sign-in to go", func() bool {
		return s.w.manager.Session("protected").Status().State == mcp.StateStopped &&
			!s.w.servers.List.SignIn.Root.Visible() && s.w.lastNotice == "Signed out of protected"
	})
	if s.tokenSaved() {
		t.Error("the token file is still there after signing out")
	}
	if shown := s.leftColumn(); strings.Contains(shown, "Signed in") {
		t.Errorf("the left column still says signed in:\n%s", shown)
	}
	if !s.selectionMenuItem("Sign out…").Disabled {
		t.Error("Sign out… is offered for a server with no sign-in")
	}

	// Starting it again asks the person again.
	s.tap(func() fyne.CanvasObject { return s.w.servers.Status.Root }, "Start")
	s.waitReady("protected")
	if n := s.browser.OpenCount(); n != 2 {
		t.Errorf("the browser was opened %d times in all, want twice (once more after signing out)", n)
	}
	s.waitFor("the signed-in line again", func() bool { return s.w.servers.List.SignIn.Root.Visible() })
}

func TestWindowOffersTheAddressWhenNoBrowserOpens(t *testing.T) {
	noBrowser := func(context.Context, string) error { return errors.New("no display") }
	s := newSignInShell(t, oauthtest.Config{}, nil, noBrowser)
	s.waitFor("the Copy address button", func() bool { return s.w.servers.Status.CopyAddress.Visible() })
	reason := s.text(func() fyne.CanvasObject { return s.w.servers.Status.Reason })
	if !strings.Contains(reason, "Could not open a browser (") || !strings.Contains(reason, "no display") {
		t.Errorf("the status does not say the browser could not be opened, and why:\n%s", reason)
	}
	var copied string
	onUI(func() {
		test.Tap(s.w.servers.Status.CopyAddress)
		copied = s.app.Clipboard().Content()
	})
	if !strings.HasPrefix(copied, s.bed.Issuer()+"/authorize?") {
		t.Fatalf("copied %q, want the authorization address at %s", copied, s.bed.Issuer())
	}
	if !strings.Contains(reason, copied) {
		t.Errorf("the address copied is not the one shown:\nshown: %s\ncopied: %s", reason, copied)
	}
	// The person pastes it into a browser.
	if status, page, _, err := oauthtest.Follow(t.Context(), copied, false); err != nil || status != 200 {
		t.Fatalf("following the copied address: %d %v\n%s", status, err, page)
	}
	s.waitReady("protected")
	onUI(func() {
		if s.w.servers.Status.CopyAddress.Visible() {
			t.Error("Copy address is still offered after signing in")
		}
	})
}

func TestWindowSignInFailureThenClientIDFromTheEditor(t *testing.T) {
	// An authorization server without registration: MCP Browser cannot
	// identify itself until the person enters the client ID they were given.
	s := newSignInShell(t, oauthtest.Config{NoRegistration: true,
		Preregistered: map[string]string{"given-id": "given-secret"}}, nil, nil)
	s.waitFor("the sign-in to fail", func() bool {
		return s.w.manager.Session("protected").Status().State == mcp.StateFailed
	})
	page := s.text(func() fyne.CanvasObject { return s.w.servers.Status.Root })
	for _, want := range []string{"protected could not start", "Signing in to " + s.bed.ServerURL() + " failed", "client ID", "Retry"} {
		if !strings.Contains(page, want) {
			t.Errorf("the failure page does not say %q:\n%s", want, page)
		}
	}

	onUI(func() {
		s.w.servers.EditSelected()
		ed := s.w.servers.Editor
		if ed == nil {
			t.Fatal("Edit did not open the editor")
		}
		ed.Ed.OAuth.ClientID.SetText("given-id")
		ed.Ed.OAuth.ClientSecret.SetText("given-secret")
		ed.Ed.OAuth.Scopes.SetText("mcp")
		ed.Save()
	})
	s.waitReady("protected")
	cfg, err := config.Load(s.cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	want := &config.OAuthConfig{ClientID: "given-id", ClientSecret: "given-secret", Scopes: []string{"mcp"}}
	if got := cfg.Server("protected").OAuth; !reflect.DeepEqual(got, want) {
		t.Errorf("saved oauth = %+v, want %+v", got, want)
	}
	for _, q := range s.bed.AuthorizeRequests() {
		if q.Get("client_id") != "given-id" || q.Get("scope") != "mcp" {
			t.Errorf("authorization request for client %q and scope %q, want given-id and mcp", q.Get("client_id"), q.Get("scope"))
		}
	}
	var ok int
	for _, r := range s.bed.TokenRequests() {
		if r.ClientID != "given-id" {
			t.Errorf("token request from client %q, want given-id", r.ClientID)
		}
		if r.OK {
			ok++
		}
	}
	if ok != 1 {
		t.Errorf("%d tokens issued, want 1", ok)
	}
}

// tap taps the visible button labelled label in part, failing the test
// (on its own goroutine, not the UI's) when there is none.
func (s *shell) tap(part func() fyne.CanvasObject, label string) {
	s.t.Helper()
	var b *widget.Button
	var shown string
	onUI(func() {
		if b = findButton(part(), label); b == nil {
			shown = shownText(part())
		}
	})
	if b == nil {
		s.t.Fatalf("no button %q in:\n%s", label, shown)
	}
	onUI(func() { test.Tap(b) })
}

// topOverlay is the dialog on top of the window.
func (s *shell) topOverlay() fyne.CanvasObject { return s.w.win.Canvas().Overlays().Top() }

// selectionMenuItem is the "…" menu's item labelled label.
func (s *shell) selectionMenuItem(label string) *fyne.MenuItem {
	s.t.Helper()
	var items []*fyne.MenuItem
	onUI(func() { items = s.w.servers.Actions(true) })
	for _, it := range items {
		if it.Label == label {
			return it
		}
	}
	s.t.Fatalf("no menu item %q", label)
	return nil
}

func menuHas(mm *fyne.MainMenu, menu, label string) bool {
	for _, m := range mm.Items {
		if m.Label != menu {
			continue
		}
		for _, it := range m.Items {
			if it.Label == label {
				return true
			}
		}
	}
	return false
}
