package servers

import (
	"context"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// TestServerStatusViewNeedsNoWindow builds the status view from its deps
// alone: each state's button takes that state's action, and Edit… edits.
func TestServerStatusViewNeedsNoWindow(t *testing.T) {
	test.NewTempApp(t)
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{
		{Name: "off", Type: config.TypeStdio, Command: demoServerPath, Disabled: true},
		{Name: "gated", Type: config.TypeStdio, Command: demoServerPath, Env: map[string]string{"KEY": "${input:key}"}},
	}}, mcp.ManagerOptions{})
	t.Cleanup(m.Close)
	if err := m.Session("gated").Connect(context.Background()); err == nil {
		t.Fatal("a server waiting for an input started")
	}
	var did []string
	approval := false
	act := func(name string) func() { return func() { did = append(did, name) } }
	var signIns []string
	v := NewStatus(StatusDeps{
		Restart: act("restart"), Stop: act("stop"), Approve: act("approve"), AskInputs: act("inputs"), Edit: act("edit"),
		NeedsApproval: func(*config.ServerConfig) bool { return approval },
		SignIn:        func(s *mcp.Session) { signIns = append(signIns, s.Name()) },
		CopyAddress:   func(string) { did = append(did, "copy") },
	})
	for _, c := range []struct {
		server   string
		approval bool
		button   string
		want     string
	}{
		{"off", false, "Enable", "restart"},
		{"gated", false, "Enter values…", "inputs"},
		{"gated", true, "Approve and start", "approve"},
	} {
		did, approval = nil, c.approval
		onUI(func() {
			if !v.Show(m.Session(c.server), true) {
				t.Fatalf("%s: the status view says the server is ready", c.server)
			}
			if v.Retry.Text != c.button {
				t.Errorf("%s: the button says %q, want %q", c.server, v.Retry.Text, c.button)
			}
			test.Tap(v.Retry)
			test.Tap(v.edit)
		})
		if !slices.Equal(did, []string{c.want, "edit"}) {
			t.Errorf("%s (approval %v): %s then Edit… did %q, want %s, edit", c.server, c.approval, c.button, did, c.want)
		}
	}
	if !slices.Equal(signIns, []string{"off", "gated", "gated"}) {
		t.Errorf("the sign-in bar was shown for %q, want each server shown", signIns)
	}
}

// TestServerListNeedsNoWindow builds the server list from its deps alone:
// a click on a row selects that server, each button takes its own action,
// and a servers file that cannot be written turns the editing off.
func TestServerListNeedsNoWindow(t *testing.T) {
	test.NewTempApp(t)
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{
		{Name: "alpha", Type: config.TypeStdio, Command: demoServerPath},
		{Name: "beta", Type: config.TypeHTTP, URL: "http://127.0.0.1:1/mcp"},
	}}, mcp.ManagerOptions{})
	t.Cleanup(m.Close)
	var did, asked []string
	editable := true
	act := func(name string) func() { return func() { did = append(did, name) } }
	onUI(func() {
		l := NewList(ListDeps{
			Win: test.NewWindow(nil), SelectServer: func(name string) { did = append(did, "select "+name) },
			Add: act("add"), Edit: act("edit"), Restart: act("restart"),
			ImportMenu: func() *fyne.Menu { return fyne.NewMenu("") }, Actions: func() []*fyne.MenuItem { return nil },
			Editable: func() bool { return editable },
			Session:  func(name string) *mcp.Session { asked = append(asked, name); return m.Session(name) },
			Hint:     container.NewVBox(), UpdateHint: func(bool) {},
		}, newSignInBar(act("sign out")))
		l.Reload(m.Sessions(), "alpha")
		if !slices.Equal(did, nil) || !slices.Equal(asked, []string{"alpha"}) {
			t.Errorf("reloading did %q and asked for the sessions %q, want nothing done and alpha's session", did, asked)
		}
		l.list.Select(1)
		test.Tap(l.AddBtn)
		test.Tap(l.editBtn)
		test.Tap(l.restart)
		if want := []string{"select beta", "add", "edit", "restart"}; !slices.Equal(did, want) {
			t.Errorf("a click on beta, then Add, Edit… and Restart did %q, want %q", did, want)
		}
		editable = false
		l.UpdateButtons("beta")
		if !l.AddBtn.Disabled() || !l.editBtn.Disabled() || l.restart.Disabled() {
			t.Errorf("with the file not editable: Add disabled %v, Edit… disabled %v, Restart disabled %v; want Add and Edit… off, Restart on",
				l.AddBtn.Disabled(), l.editBtn.Disabled(), l.restart.Disabled())
		}
	})
}
