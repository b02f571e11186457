package servers

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp/config"
)

// (Cyclomatic complexity over 30: one check per field the editor offers, in
// the order the person sees them; split, the steps would lose their order.)
func TestServerEditorBuildsTheEntry(t *testing.T) {
	test.NewTempApp(t)
	taken := func(n string) bool { return n == "other" || n == "old" }
	five := 5.0
	orig := &config.ServerConfig{
		Name: "old", Type: config.TypeStdio, Command: "npx", Args: []string{"-y", "pkg"},
		Env: map[string]string{"GITHUB_TOKEN": "ghp_x", "DEBUG": "1"}, ConnectTimeout: &five,
		Extra: map[string]json.RawMessage{"note": json.RawMessage(`"kept"`)},
	}
	tests := []struct {
		name    string
		orig    *config.ServerConfig
		fill    func(e *Editor)
		check   func(t *testing.T, sc *config.ServerConfig)
		wantErr string
	}{
		{
			name: "new stdio server",
			fill: func(e *Editor) {
				e.Name.SetText(" fresh ")
				e.Command.SetText("uvx")
				e.args.add("mcp-server-time")
				e.args.add("") // empty rows are dropped
				e.Env.Add("TZ", "UTC")
				e.callTO.SetText("120")
			},
			check: func(t *testing.T, sc *config.ServerConfig) {
				if sc.Name != "fresh" || sc.Type != config.TypeStdio || sc.Command != "uvx" ||
					!slices.Equal(sc.Args, []string{"mcp-server-time"}) || sc.Env["TZ"] != "UTC" ||
					sc.CallTimeout == nil || *sc.CallTimeout != 120 || sc.ConnectTimeout != nil {
					t.Errorf("got %+v", sc)
				}
			},
		},
		{
			name: "openapi document with a base URL and a header",
			fill: func(e *Editor) {
				e.Name.SetText("pets")
				e.transport.SetSelected(config.TypeOpenAPI)
				e.spec.add("petstore.yaml")
				e.baseURL.SetText("https://api.example.com/v1")
				e.headers.Add("X-Api-Key", "k")
			},
			check: func(t *testing.T, sc *config.ServerConfig) {
				if sc.Type != config.TypeOpenAPI || !slices.Equal(sc.Spec, []string{"petstore.yaml"}) ||
					sc.BaseURL != "https://api.example.com/v1" || sc.Headers["X-Api-Key"] != "k" || sc.Command != "" {
					t.Errorf("got %+v", sc)
				}
			},
		},
		{
			name: "openapi without a document",
			fill: func(e *Editor) {
				e.Name.SetText("pets")
				e.transport.SetSelected(config.TypeOpenAPI)
			},
			wantErr: "needs its OpenAPI document",
		},
		{
			name: "edit keeps unknown fields and secrets",
			orig: orig,
			fill: func(e *Editor) { e.args.entries[1].SetText("pkg@2") },
			check: func(t *testing.T, sc *config.ServerConfig) {
				if sc.Name != "old" || !slices.Equal(sc.Args, []string{"-y", "pkg@2"}) ||
					!maps.Equal(sc.Env, orig.Env) || sc.ConnectTimeout == nil || *sc.ConnectTimeout != 5 ||
					string(sc.Extra["note"]) != `"kept"` {
					t.Errorf("got %+v", sc)
				}
				if orig.Args[1] != "pkg" {
					t.Error("editing changed the original entry")
				}
			},
		},
		{
			name: "switch to http drops the command",
			orig: orig,
			fill: func(e *Editor) {
				e.transport.SetSelected(config.TypeHTTP)
				e.url.SetText("https://example.com/mcp")
				e.headers.Add("Authorization", "Bearer abc")
				e.connectTO.SetText("-5")
			},
			check: func(t *testing.T, sc *config.ServerConfig) {
				if sc.Type != config.TypeHTTP || sc.Command != "" || sc.Args != nil || sc.Env != nil ||
					sc.Headers["Authorization"] != "Bearer abc" || *sc.ConnectTimeout != -1 {
					t.Errorf("got %+v", sc)
				}
			},
		},
		{name: "no name", fill: func(e *Editor) { e.Command.SetText("x") }, wantErr: "name"},
		{name: "name taken", fill: func(e *Editor) { e.Name.SetText("other"); e.Command.SetText("x") }, wantErr: "already exists"},
		{name: "no command", fill: func(e *Editor) { e.Name.SetText("n") }, wantErr: "command"},
		{name: "bad url", fill: func(e *Editor) {
			e.Name.SetText("n")
			e.transport.SetSelected(config.TypeSSE)
			e.url.SetText("example.com/sse")
		}, wantErr: "http://"},
		{name: "bad timeout", fill: func(e *Editor) {
			e.Name.SetText("n")
			e.Command.SetText("x")
			e.callTO.SetText("soon")
		}, wantErr: "number of seconds"},
		{name: "value without a name", fill: func(e *Editor) {
			e.Name.SetText("n")
			e.Command.SetText("x")
			e.Env.Add("", "v")
		}, wantErr: "no name"},
		{name: "same variable twice", fill: func(e *Editor) {
			e.Name.SetText("n")
			e.Command.SetText("x")
			e.Env.Add("A", "1")
			e.Env.Add("A", "2")
		}, wantErr: "set twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var src *config.ServerConfig
			if tt.orig != nil {
				src = tt.orig.Clone()
			}
			e := NewEditor(src, taken)
			tt.fill(e)
			sc, err := e.Build()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, sc)
		})
	}
}

func TestServerEditorMasksSecretValues(t *testing.T) {
	test.NewTempApp(t)
	e := NewEditor(&config.ServerConfig{
		Name: "s", Type: config.TypeStdio, Command: "x",
		Env: map[string]string{"API_KEY": "k", "LOG_LEVEL": "debug"},
	}, func(string) bool { return false })
	masked := map[string]bool{}
	for _, r := range e.Env.rows {
		masked[r.key.Text] = r.masked()
	}
	if !masked["API_KEY"] || masked["LOG_LEVEL"] {
		t.Errorf("masked: %v, want API_KEY only", masked)
	}
	// Renaming a variable to a secret-looking name masks its value, and back.
	r := e.Env.Add("NAME", "plain")
	r.key.SetText("MY_PASSWORD")
	if !r.masked() || r.value() != "plain" {
		t.Errorf("after renaming to MY_PASSWORD: masked %v, value %q", r.masked(), r.value())
	}
	r.key.SetText("MY_SETTING")
	if r.masked() || r.value() != "plain" {
		t.Errorf("after renaming to MY_SETTING: masked %v, value %q", r.masked(), r.value())
	}
	h := e.headers.Add("Authorization", "Bearer t")
	if !h.masked() {
		t.Error("the Authorization header is shown in clear")
	}
	if got := uitest.ShownText(e.Root); strings.Contains(got, "Bearer t") || strings.Contains(got, ">k<") {
		t.Errorf("a secret is visible:\n%s", got)
	}
}

func TestServerEditorShowsTheTransportsFields(t *testing.T) {
	test.NewTempApp(t)
	e := NewEditor(nil, func(string) bool { return false })
	if !e.Command.Visible() || e.url.Visible() {
		t.Errorf("stdio: command visible %v, url visible %v", e.Command.Visible(), e.url.Visible())
	}
	e.transport.SetSelected(config.TypeHTTP)
	if e.Command.Visible() || !e.url.Visible() || !e.headers.root.Visible() || e.spec.root.Visible() {
		t.Errorf("http: command visible %v, url visible %v", e.Command.Visible(), e.url.Visible())
	}
	e.transport.SetSelected(config.TypeOpenAPI)
	if e.url.Visible() || !e.spec.root.Visible() || !e.baseURL.Visible() || !e.headers.root.Visible() {
		t.Errorf("openapi: url visible %v, document visible %v", e.url.Visible(), e.spec.root.Visible())
	}
}

// TestEditorAddRowFocusesIt: "Add argument" and the environment's "Add" put
// the keyboard in the new row, so the person types straight into it.
func TestEditorAddRowFocusesIt(t *testing.T) {
	test.NewTempApp(t)
	e := NewEditor(nil, func(string) bool { return false })
	w := test.NewWindow(e.Root)
	defer w.Close()
	w.Resize(fyne.NewSize(700, 700))
	for _, tc := range []struct {
		button  string
		newest  func() fyne.Focusable
		section fyne.CanvasObject
	}{
		{"Add argument", func() fyne.Focusable { return e.args.entries[len(e.args.entries)-1] }, e.args.root},
		{"Add", func() fyne.Focusable { return e.Env.rows[len(e.Env.rows)-1].key }, e.Env.root},
	} {
		b := uitest.FindButton(tc.section, tc.button)
		if b == nil {
			t.Fatalf("no %q button", tc.button)
		}
		test.Tap(b)
		if got, want := w.Canvas().Focused(), tc.newest(); got != want {
			t.Errorf("after %q the focus is on %v, want the new row's entry", tc.button, got)
		}
	}
}

func TestArgumentWithSpacesOffersToSplit(t *testing.T) {
	test.NewTempApp(t)
	ed := NewEditor(&config.ServerConfig{Name: "fs", Type: config.TypeStdio, Command: "npx",
		Args: []string{"-y @modelcontextprotocol/server-filesystem /tmp", "--verbose"}}, func(string) bool { return false })
	btn := uitest.FindButton(ed.args.root, "Split")
	if btn == nil {
		t.Fatal("a row with spaces offers no Split")
	}
	test.Tap(btn)
	want := []string{"-y", "@modelcontextprotocol/server-filesystem", "/tmp", "--verbose"}
	if got := ed.args.values(); !slices.Equal(got, want) {
		t.Errorf("after Split the arguments are %q, want %q", got, want)
	}
	if uitest.FindButton(ed.args.root, "Split") != nil {
		t.Error("Split is still offered on rows without spaces")
	}
}
