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
	"mcpbrowser/mcp/transport"
)

// TestSignInRowsPerGrant: each grant type shows its own fields only.
func TestSignInRowsPerGrant(t *testing.T) {
	test.NewTempApp(t)
	f := newOAuthFields(nil)
	tests := []struct {
		label         string
		shown, hidden []fyne.CanvasObject
	}{
		{grantBrowserLabel, []fyne.CanvasObject{f.clientID, f.clientSecret, f.metadataURL, f.dpop},
			[]fyne.CanvasObject{f.privateKey, f.signingAlg, f.assertionFile, f.idpIssuer}},
		{grantMachineLabel, []fyne.CanvasObject{f.clientID, f.clientSecret, f.privateKey, f.signingAlg},
			[]fyne.CanvasObject{f.metadataURL, f.assertionFile, f.assertionEnv, f.idpIssuer}},
		{grantWorkloadLabel, []fyne.CanvasObject{f.assertionFile, f.assertionEnv, f.privateKey},
			[]fyne.CanvasObject{f.metadataURL, f.idpIssuer, f.idpClientID, f.idpClientSecret}},
		{grantEnterpriseLabel, []fyne.CanvasObject{f.idpIssuer, f.idpClientID, f.idpClientSecret, f.assertionFile, f.clientSecret},
			[]fyne.CanvasObject{f.metadataURL}},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			f.grant.SetSelected(tt.label)
			for _, o := range tt.shown {
				if !o.Visible() || !f.rows[o][0].Visible() {
					t.Errorf("%T %v is hidden, want shown", o, o)
				}
			}
			for _, o := range tt.hidden {
				if o.Visible() || f.rows[o][0].Visible() {
					t.Errorf("%T %v is shown, want hidden", o, o)
				}
			}
		})
	}
	if f.idpClientSecret.Password != true || f.clientSecret.Password != true {
		t.Error("a secret field shows what is typed")
	}
}

func TestEditorOAuthSection(t *testing.T) {
	test.NewTempApp(t)
	free := func(string) bool { return false }
	remote := func(typ string, o *config.OAuthConfig) *config.ServerConfig {
		return &config.ServerConfig{Name: "remote", Type: typ, URL: "https://example.com/mcp", OAuth: o}
	}
	tests := []struct {
		name    string
		orig    *config.ServerConfig
		fill    func(e *serverEditor)
		want    *config.OAuthConfig
		wantErr string
	}{
		{
			name: "every field of a new http entry",
			fill: func(e *serverEditor) {
				e.name.SetText("n")
				e.transport.SetSelected(config.TypeHTTP)
				e.url.SetText("https://example.com/mcp")
				e.oauth.clientID.SetText(" my-app ")
				e.oauth.clientSecret.SetText("s3cret")
				e.oauth.scopes.SetText(" read  write ")
				e.oauth.metadataURL.SetText("https://example.com/mcpbrowser.json")
				e.oauth.grant.SetSelected(grantMachineLabel)
			},
			// The metadata document URL is a browser sign-in's field: hidden
			// for client credentials, so not saved with them.
			want: &config.OAuthConfig{ClientID: "my-app", ClientSecret: "s3cret", Scopes: []string{"read", "write"},
				GrantType: "client_credentials"},
		},
		{
			name: "client credentials with a private key file, RS256, DPoP always",
			fill: func(e *serverEditor) {
				e.name.SetText("n")
				e.transport.SetSelected(config.TypeHTTP)
				e.url.SetText("https://example.com/mcp")
				e.oauth.grant.SetSelected(grantMachineLabel)
				e.oauth.clientID.SetText("svc")
				e.oauth.privateKey.SetText(" /keys/svc.pem ")
				e.oauth.signingAlg.SetSelected("RS256")
				e.oauth.dpop.SetSelected(dpopAlwaysLabel)
			},
			want: &config.OAuthConfig{ClientID: "svc", GrantType: "client_credentials", PrivateKeyFile: "/keys/svc.pem",
				SigningAlg: "RS256", DPoP: "always"},
		},
		{
			name: "workload identity from an environment variable",
			orig: remote(config.TypeHTTP, nil),
			fill: func(e *serverEditor) {
				e.oauth.grant.SetSelected(grantWorkloadLabel)
				e.oauth.assertionEnv.SetText("WORKLOAD_TOKEN")
				e.oauth.dpop.SetSelected(dpopNeverLabel)
			},
			want: &config.OAuthConfig{GrantType: "jwt_bearer", AssertionEnv: "WORKLOAD_TOKEN", DPoP: "never"},
		},
		{
			name: "enterprise-managed, every field",
			orig: remote(config.TypeHTTP, nil),
			fill: func(e *serverEditor) {
				e.oauth.grant.SetSelected(grantEnterpriseLabel)
				e.oauth.clientID.SetText("mcp-client")
				e.oauth.clientSecret.SetText("mcp-secret")
				e.oauth.idpIssuer.SetText("https://idp.example.com")
				e.oauth.idpClientID.SetText("idp-client")
				e.oauth.idpClientSecret.SetText("idp-secret")
				e.oauth.assertionFile.SetText("/run/id-token")
			},
			want: &config.OAuthConfig{GrantType: "enterprise", ClientID: "mcp-client", ClientSecret: "mcp-secret",
				IdPIssuer: "https://idp.example.com", IdPClientID: "idp-client", IdPClientSecret: "idp-secret", AssertionFile: "/run/id-token"},
		},
		{
			name: "fields of another grant type are not saved",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{GrantType: "jwt_bearer", AssertionFile: "/t", PrivateKeyFile: "/k", ClientID: "c"}),
			fill: func(e *serverEditor) { e.oauth.grant.SetSelected(grantBrowserLabel) },
			want: &config.OAuthConfig{ClientID: "c"},
		},
		{
			name:    "a private key and a secret together",
			orig:    remote(config.TypeHTTP, &config.OAuthConfig{GrantType: "client_credentials", ClientID: "c", ClientSecret: "s"}),
			fill:    func(e *serverEditor) { e.oauth.privateKey.SetText("/k.pem") },
			wantErr: "not both",
		},
		{
			name:    "enterprise without its identity provider",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *serverEditor) { e.oauth.grant.SetSelected(grantEnterpriseLabel); e.oauth.clientID.SetText("c") },
			wantErr: "identity provider's issuer URL",
		},
		{
			name: "an entry's settings load and save unchanged",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{ClientID: "id", Scopes: []string{"mcp"}, GrantType: "authorization_code"}),
			fill: func(e *serverEditor) {},
			want: &config.OAuthConfig{ClientID: "id", Scopes: []string{"mcp"}, GrantType: "authorization_code"},
		},
		{
			name: "browser sign-in is the default and writes no grant type",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{ClientID: "id", ClientSecret: "x", GrantType: "client_credentials"}),
			fill: func(e *serverEditor) { e.oauth.grant.SetSelected(grantBrowserLabel) },
			want: &config.OAuthConfig{ClientID: "id", ClientSecret: "x"},
		},
		{
			name: "emptied fields save no oauth at all",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{ClientID: "id", Scopes: []string{"a"}}),
			fill: func(e *serverEditor) {
				e.oauth.clientID.SetText("")
				e.oauth.scopes.SetText("  ")
			},
			want: nil,
		},
		{
			name: "switching to stdio drops the sign-in",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{ClientID: "id"}),
			fill: func(e *serverEditor) {
				e.transport.SetSelected(config.TypeStdio)
				e.command.SetText("server")
			},
			want: nil,
		},
		{
			name: "an sse entry keeps what its file says",
			orig: remote(config.TypeSSE, &config.OAuthConfig{ClientID: "id"}),
			fill: func(e *serverEditor) { e.oauth.clientID.SetText("ignored: not shown for sse") },
			want: &config.OAuthConfig{ClientID: "id"},
		},
		{
			name:    "client credentials without a secret",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *serverEditor) { e.oauth.clientID.SetText("id"); e.oauth.grant.SetSelected(grantMachineLabel) },
			wantErr: "needs a client ID and a client secret",
		},
		{
			name:    "client credentials without an ID",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *serverEditor) { e.oauth.grant.SetSelected(grantMachineLabel) },
			wantErr: "needs a client ID and a client secret",
		},
		{
			name:    "a secret without an ID",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *serverEditor) { e.oauth.clientSecret.SetText("x") },
			wantErr: "no client ID",
		},
		{
			name:    "a metadata document that is not https",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *serverEditor) { e.oauth.metadataURL.SetText("http://example.com/app.json") },
			wantErr: "https address with a path",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var src *config.ServerConfig
			if tt.orig != nil {
				src = tt.orig.Clone()
			}
			e := newServerEditor(src, free)
			tt.fill(e)
			sc, err := e.build()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				if !e.oauth.accordion.Items[0].Open {
					t.Error("the message is about the sign-in fields, but their section stays closed")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(sc.OAuth, tt.want) {
				t.Errorf("OAuth = %+v, want %+v", sc.OAuth, tt.want)
			}
		})
	}
}

func TestEditorOAuthSectionShowsForStreamableHTTPOnly(t *testing.T) {
	test.NewTempApp(t)
	e := newServerEditor(nil, func(string) bool { return false })
	for _, c := range []struct {
		transport string
		shown     bool
	}{{config.TypeStdio, false}, {config.TypeHTTP, true}, {config.TypeSSE, false}, {config.TypeHTTP, true}} {
		e.transport.SetSelected(c.transport)
		if got := e.oauth.root.Visible(); got != c.shown {
			t.Errorf("%s: sign-in section visible %v, want %v", c.transport, got, c.shown)
		}
	}
	if e.oauth.accordion.Items[0].Open {
		t.Error("a new entry's sign-in section is open; it should wait to be asked for")
	}
	e.oauth.accordion.Open(0)
	e.oauth.clientSecret.SetText("hunter2")
	if shown := shownText(e.root); strings.Contains(shown, "hunter2") {
		t.Errorf("the client secret is shown in clear:\n%s", shown)
	}
	withOAuth := newServerEditor(&config.ServerConfig{Name: "r", Type: config.TypeHTTP, URL: "https://x/mcp",
		OAuth: &config.OAuthConfig{ClientID: "id"}}, func(string) bool { return false })
	if !withOAuth.oauth.accordion.Items[0].Open {
		t.Error("an entry with sign-in settings opens with its section closed")
	}
}

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
	return s.text(func() fyne.CanvasObject { return s.w.servers.root })
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
	s.waitFor("the signed-in line", func() bool { return strings.Contains(shownText(s.w.servers.root), "Signed in at ") })
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
	s.tap(func() fyne.CanvasObject { return s.w.servers.root }, "Sign out")
	s.tap(s.topOverlay, "Sign out")
	s.waitFor("the server to stop and its sign-in to go", func() bool {
		return s.w.manager.Session("protected").Status().State == mcp.StateStopped &&
			!s.w.servers.signIn.root.Visible() && s.w.lastNotice == "Signed out of protected"
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
	s.tap(func() fyne.CanvasObject { return s.w.status.root }, "Start")
	s.waitReady("protected")
	if n := s.browser.OpenCount(); n != 2 {
		t.Errorf("the browser was opened %d times in all, want twice (once more after signing out)", n)
	}
	s.waitFor("the signed-in line again", func() bool { return s.w.servers.signIn.root.Visible() })
}

func TestWindowOffersTheAddressWhenNoBrowserOpens(t *testing.T) {
	noBrowser := func(context.Context, string) error { return errors.New("no display") }
	s := newSignInShell(t, oauthtest.Config{}, nil, noBrowser)
	s.waitFor("the Copy address button", func() bool { return s.w.status.copyAddress.Visible() })
	reason := s.text(func() fyne.CanvasObject { return s.w.status.reason })
	if !strings.Contains(reason, "Could not open a browser (") || !strings.Contains(reason, "no display") {
		t.Errorf("the status does not say the browser could not be opened, and why:\n%s", reason)
	}
	var copied string
	onUI(func() {
		test.Tap(s.w.status.copyAddress)
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
		if s.w.status.copyAddress.Visible() {
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
	page := s.text(func() fyne.CanvasObject { return s.w.status.root })
	for _, want := range []string{"protected could not start", "Signing in to " + s.bed.ServerURL() + " failed", "client ID", "Retry"} {
		if !strings.Contains(page, want) {
			t.Errorf("the failure page does not say %q:\n%s", want, page)
		}
	}

	onUI(func() {
		s.w.editSelectedServer()
		ed := s.w.editor
		if ed == nil {
			t.Fatal("Edit did not open the editor")
		}
		ed.ed.oauth.clientID.SetText("given-id")
		ed.ed.oauth.clientSecret.SetText("given-secret")
		ed.ed.oauth.scopes.SetText("mcp")
		ed.save()
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

func TestSignInAddressStep(t *testing.T) {
	const addr = "http://127.0.0.1:5/authorize?client_id=a&state=b"
	couldNot := "Could not open a browser (exec: \"xdg-open\": not found; set BROWSER to your browser's command). To sign in, open this address yourself: " + addr
	waiting := "Waiting for you to sign in in the browser…"
	tests := []struct {
		name   string
		log    []string
		status mcp.Status
		want   string
	}{
		{"the step is on the status line", nil, mcp.Status{State: mcp.StateStarting, Detail: couldNot}, addr},
		{"waiting after the step", []string{"sign-in: Opening the browser to sign in at x…", "sign-in: " + couldNot, "sign-in: " + waiting},
			mcp.Status{State: mcp.StateStarting, Detail: waiting}, addr},
		{"waiting after the browser opened", []string{"sign-in: " + couldNot, "sign-in: " + waiting, "sign-in: Discovering the authorization server…",
			"sign-in: Opening the browser to sign in at x…", "sign-in: " + waiting},
			mcp.Status{State: mcp.StateStarting, Detail: waiting}, ""},
		{"an earlier sign-in's step, this one still discovering", []string{"sign-in: " + couldNot, "sign-in: " + waiting, "sign-in: Sign-in to x failed.",
			"sign-in: Discovering the authorization server…"},
			mcp.Status{State: mcp.StateStarting, Detail: "Discovering the authorization server…"}, ""},
		{"signed in in the browser", []string{"sign-in: " + couldNot, "sign-in: " + waiting, "sign-in: Signed in in the browser; getting a token…"},
			mcp.Status{State: mcp.StateStarting, Detail: "Signed in in the browser; getting a token…"}, ""},
		{"no longer starting", []string{"sign-in: " + couldNot, "sign-in: " + waiting}, mcp.Status{State: mcp.StateFailed, Reason: "x"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{{Name: "r", Type: config.TypeHTTP, URL: "http://127.0.0.1:5/mcp"}}}, mcp.ManagerOptions{})
			t.Cleanup(m.Close)
			s := m.Session("r")
			for _, line := range tt.log {
				s.Log.Add(transport.LogInfo, line)
			}
			if _, got := signInAddressStep(s, tt.status); got != tt.want {
				t.Errorf("address %q, want %q", got, tt.want)
			}
		})
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
	onUI(func() { items = s.w.serverActions(true) })
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
