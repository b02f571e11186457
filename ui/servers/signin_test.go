package servers

// Sign-in as the editor and the status page show it: the editor's OAuth
// section, and the address to open by hand when no browser opens.

import (
	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestSignInRowsPerGrant: each grant type shows its own fields only.
func TestSignInRowsPerGrant(t *testing.T) {
	test.NewTempApp(t)
	f := newOAuthFields(nil)
	tests := []struct {
		label         string
		shown, hidden []fyne.CanvasObject
	}{
		{grantBrowserLabel, []fyne.CanvasObject{f.ClientID, f.ClientSecret, f.metadataURL, f.dpop},
			[]fyne.CanvasObject{f.privateKey, f.signingAlg, f.assertionFile, f.idpIssuer}},
		{grantMachineLabel, []fyne.CanvasObject{f.ClientID, f.ClientSecret, f.privateKey, f.signingAlg},
			[]fyne.CanvasObject{f.metadataURL, f.assertionFile, f.assertionEnv, f.idpIssuer}},
		{grantWorkloadLabel, []fyne.CanvasObject{f.assertionFile, f.assertionEnv, f.privateKey},
			[]fyne.CanvasObject{f.metadataURL, f.idpIssuer, f.idpClientID, f.idpClientSecret}},
		{grantEnterpriseLabel, []fyne.CanvasObject{f.idpIssuer, f.idpClientID, f.idpClientSecret, f.assertionFile, f.ClientSecret},
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
	if f.idpClientSecret.Password != true || f.ClientSecret.Password != true {
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
		fill    func(e *Editor)
		want    *config.OAuthConfig
		wantErr string
	}{
		{
			name: "every field of a new http entry",
			fill: func(e *Editor) {
				e.Name.SetText("n")
				e.transport.SetSelected(config.TypeHTTP)
				e.url.SetText("https://example.com/mcp")
				e.OAuth.ClientID.SetText(" my-app ")
				e.OAuth.ClientSecret.SetText("s3cret")
				e.OAuth.Scopes.SetText(" read  write ")
				e.OAuth.metadataURL.SetText("https://example.com/mcpbrowser.json")
				e.OAuth.grant.SetSelected(grantMachineLabel)
			},
			// The metadata document URL is a browser sign-in's field: hidden
			// for client credentials, so not saved with them.
			want: &config.OAuthConfig{ClientID: "my-app", ClientSecret: "s3cret", Scopes: []string{"read", "write"},
				GrantType: "client_credentials"},
		},
		{
			name: "client credentials with a private key file, RS256, DPoP always",
			fill: func(e *Editor) {
				e.Name.SetText("n")
				e.transport.SetSelected(config.TypeHTTP)
				e.url.SetText("https://example.com/mcp")
				e.OAuth.grant.SetSelected(grantMachineLabel)
				e.OAuth.ClientID.SetText("svc")
				e.OAuth.privateKey.SetText(" /keys/svc.pem ")
				e.OAuth.signingAlg.SetSelected("RS256")
				e.OAuth.dpop.SetSelected(dpopAlwaysLabel)
			},
			want: &config.OAuthConfig{ClientID: "svc", GrantType: "client_credentials", PrivateKeyFile: "/keys/svc.pem",
				SigningAlg: "RS256", DPoP: "always"},
		},
		{
			name: "workload identity from an environment variable",
			orig: remote(config.TypeHTTP, nil),
			fill: func(e *Editor) {
				e.OAuth.grant.SetSelected(grantWorkloadLabel)
				e.OAuth.assertionEnv.SetText("WORKLOAD_TOKEN")
				e.OAuth.dpop.SetSelected(dpopNeverLabel)
			},
			want: &config.OAuthConfig{GrantType: "jwt_bearer", AssertionEnv: "WORKLOAD_TOKEN", DPoP: "never"},
		},
		{
			name: "enterprise-managed, every field",
			orig: remote(config.TypeHTTP, nil),
			fill: func(e *Editor) {
				e.OAuth.grant.SetSelected(grantEnterpriseLabel)
				e.OAuth.ClientID.SetText("mcp-client")
				e.OAuth.ClientSecret.SetText("mcp-secret")
				e.OAuth.idpIssuer.SetText("https://idp.example.com")
				e.OAuth.idpClientID.SetText("idp-client")
				e.OAuth.idpClientSecret.SetText("idp-secret")
				e.OAuth.assertionFile.SetText("/run/id-token")
			},
			want: &config.OAuthConfig{GrantType: "enterprise", ClientID: "mcp-client", ClientSecret: "mcp-secret",
				IdPIssuer: "https://idp.example.com", IdPClientID: "idp-client", IdPClientSecret: "idp-secret", AssertionFile: "/run/id-token"},
		},
		{
			name: "fields of another grant type are not saved",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{GrantType: "jwt_bearer", AssertionFile: "/t", PrivateKeyFile: "/k", ClientID: "c"}),
			fill: func(e *Editor) { e.OAuth.grant.SetSelected(grantBrowserLabel) },
			want: &config.OAuthConfig{ClientID: "c"},
		},
		{
			name:    "a private key and a secret together",
			orig:    remote(config.TypeHTTP, &config.OAuthConfig{GrantType: "client_credentials", ClientID: "c", ClientSecret: "s"}),
			fill:    func(e *Editor) { e.OAuth.privateKey.SetText("/k.pem") },
			wantErr: "not both",
		},
		{
			name:    "enterprise without its identity provider",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *Editor) { e.OAuth.grant.SetSelected(grantEnterpriseLabel); e.OAuth.ClientID.SetText("c") },
			wantErr: "identity provider's issuer URL",
		},
		{
			name: "an entry's settings load and save unchanged",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{ClientID: "id", Scopes: []string{"mcp"}, GrantType: "authorization_code"}),
			fill: func(e *Editor) {},
			want: &config.OAuthConfig{ClientID: "id", Scopes: []string{"mcp"}, GrantType: "authorization_code"},
		},
		{
			name: "browser sign-in is the default and writes no grant type",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{ClientID: "id", ClientSecret: "x", GrantType: "client_credentials"}),
			fill: func(e *Editor) { e.OAuth.grant.SetSelected(grantBrowserLabel) },
			want: &config.OAuthConfig{ClientID: "id", ClientSecret: "x"},
		},
		{
			name: "emptied fields save no oauth at all",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{ClientID: "id", Scopes: []string{"a"}}),
			fill: func(e *Editor) {
				e.OAuth.ClientID.SetText("")
				e.OAuth.Scopes.SetText("  ")
			},
			want: nil,
		},
		{
			name: "switching to stdio drops the sign-in",
			orig: remote(config.TypeHTTP, &config.OAuthConfig{ClientID: "id"}),
			fill: func(e *Editor) {
				e.transport.SetSelected(config.TypeStdio)
				e.Command.SetText("server")
			},
			want: nil,
		},
		{
			name: "an sse entry keeps what its file says",
			orig: remote(config.TypeSSE, &config.OAuthConfig{ClientID: "id"}),
			fill: func(e *Editor) { e.OAuth.ClientID.SetText("ignored: not shown for sse") },
			want: &config.OAuthConfig{ClientID: "id"},
		},
		{
			name:    "client credentials without a secret",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *Editor) { e.OAuth.ClientID.SetText("id"); e.OAuth.grant.SetSelected(grantMachineLabel) },
			wantErr: "needs a client ID and a client secret",
		},
		{
			name:    "client credentials without an ID",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *Editor) { e.OAuth.grant.SetSelected(grantMachineLabel) },
			wantErr: "needs a client ID and a client secret",
		},
		{
			name:    "a secret without an ID",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *Editor) { e.OAuth.ClientSecret.SetText("x") },
			wantErr: "no client ID",
		},
		{
			name:    "a metadata document that is not https",
			orig:    remote(config.TypeHTTP, nil),
			fill:    func(e *Editor) { e.OAuth.metadataURL.SetText("http://example.com/app.json") },
			wantErr: "https address with a path",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var src *config.ServerConfig
			if tt.orig != nil {
				src = tt.orig.Clone()
			}
			e := NewEditor(src, free)
			tt.fill(e)
			sc, err := e.Build()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				if !e.OAuth.accordion.Items[0].Open {
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
	e := NewEditor(nil, func(string) bool { return false })
	for _, c := range []struct {
		transport string
		shown     bool
	}{{config.TypeStdio, false}, {config.TypeHTTP, true}, {config.TypeSSE, false}, {config.TypeHTTP, true}} {
		e.transport.SetSelected(c.transport)
		if got := e.OAuth.root.Visible(); got != c.shown {
			t.Errorf("%s: sign-in section visible %v, want %v", c.transport, got, c.shown)
		}
	}
	if e.OAuth.accordion.Items[0].Open {
		t.Error("a new entry's sign-in section is open; it should wait to be asked for")
	}
	e.OAuth.accordion.Open(0)
	e.OAuth.ClientSecret.SetText("hunter2")
	if shown := uitest.ShownText(e.Root); strings.Contains(shown, "hunter2") {
		t.Errorf("the client secret is shown in clear:\n%s", shown)
	}
	withOAuth := NewEditor(&config.ServerConfig{Name: "r", Type: config.TypeHTTP, URL: "https://x/mcp",
		OAuth: &config.OAuthConfig{ClientID: "id"}}, func(string) bool { return false })
	if !withOAuth.OAuth.accordion.Items[0].Open {
		t.Error("an entry with sign-in settings opens with its section closed")
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
