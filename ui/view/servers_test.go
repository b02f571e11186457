package view

import (
	"slices"
	"testing"
	"time"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

func TestStateColorsDiffer(t *testing.T) {
	states := []mcp.State{mcp.StateStopped, mcp.StateStarting, mcp.StateReady, mcp.StateFailed, mcp.StateExited}
	seen := map[[4]uint32]mcp.State{}
	for _, s := range states {
		r, g, b, a := StateColor(s).RGBA()
		key := [4]uint32{r, g, b, a}
		if other, ok := seen[key]; ok {
			t.Errorf("%v and %v have the same dot", s, other)
		}
		seen[key] = s
	}
}

func TestImportReport(t *testing.T) {
	tests := []struct {
		name      string
		results   []clients.ImportResult
		approvals bool
		want      string
		added     []string
	}{
		{"nothing", nil, true, "Imported 0 servers from /x.json.", nil},
		{"one added, approvals", []clients.ImportResult{{Name: "a", As: "a", Action: clients.ImportAdded}}, true,
			"Imported 1 server from /x.json: a.\nServers that run a command wait for your approval before they first start: select one to see what it runs.", []string{"a"}},
		{"every outcome, no approvals", []clients.ImportResult{
			{Name: "a", As: "a", Action: clients.ImportAdded},
			{Name: "b", As: "b-2", Action: clients.ImportRenamed},
			{Name: "c", As: "c", Action: clients.ImportReplaced},
			{Name: "d", Action: clients.ImportSkipped, Reason: "already in the list"},
			{Name: "e", Action: clients.ImportSkipped, Reason: "no command"},
		}, false,
			"Imported 3 servers from /x.json: a, b-2, c.\nRenamed because the name was taken: b → b-2.\nReplaced your entry: c.\nNot imported: d (already in the list); e (no command).",
			[]string{"a", "b-2", "c"}},
	}
	// English from the translation files: "1 server", "3 servers".
	if _, err := i18n.Setup(i18n.English); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, added := ImportReport("/x.json", tt.results, tt.approvals)
			if got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
			if !slices.Equal(added, tt.added) {
				t.Errorf("added %q, want %q", added, tt.added)
			}
		})
	}
}

func TestSignedInWords(t *testing.T) {
	const u = "https://mcp.example.com/mcp"
	s := func(desc string) func() string { return func() string { return SignedIn(u, desc) } }
	checkWordings(t, []wording{
		{"none", s(""), "", ""},
		{"from an issuer", s("token for " + u + " from https://auth.example.com, expires 12:00"),
			"Signed in at https://auth.example.com, expires 12:00", "已在 https://auth.example.com, expires 12:00 登录"},
		{"another server's words", s("token for https://other/mcp from x"), "Signed in: token for https://other/mcp from x", "已登录：token for https://other/mcp from x"},
	})
}

func TestAddressIn(t *testing.T) {
	tests := []struct{ text, want string }{
		{"", ""},
		{"open this address yourself: http://127.0.0.1:5/authorize?a=b", "http://127.0.0.1:5/authorize?a=b"},
		{"see https://a.example/x, or https://b.example/y.", "https://b.example/y"},
		{"(see https://a.example/z)", "https://a.example/z"},
		{"no address: http:// only", ""},
		{"ftp://a.example/x", ""},
	}
	for _, tt := range tests {
		if got := AddressIn(tt.text); got != tt.want {
			t.Errorf("AddressIn(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestWebAddresses(t *testing.T) {
	tests := []struct {
		raw           string
		web, withPath bool
	}{
		{"", false, false},
		{"example.com/mcp", false, false},
		{"http://", false, false},
		{"http://localhost:3000/mcp", true, false},
		{"https://example.com", true, false},
		{"https://example.com/", true, false},
		{"https://example.com/mcpbrowser.json", true, true},
		{"ftp://example.com/x", false, false},
	}
	for _, tt := range tests {
		if got := IsWebAddress(tt.raw); got != tt.web {
			t.Errorf("IsWebAddress(%q) = %v, want %v", tt.raw, got, tt.web)
		}
		if got := IsHTTPSWithPath(tt.raw); got != tt.withPath {
			t.Errorf("IsHTTPSWithPath(%q) = %v, want %v", tt.raw, got, tt.withPath)
		}
	}
}

func TestServerStatusPage(t *testing.T) {
	if _, err := i18n.Setup(i18n.English); err != nil {
		t.Fatal(err)
	}
	stdio := func(edit func(*config.ServerConfig)) *config.ServerConfig {
		c := &config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: "demo-server"}
		if edit != nil {
			edit(c)
		}
		return c
	}
	exited := time.Date(2026, 12, 3, 9, 8, 7, 0, time.UTC)
	firstError := func() string { return "First error: boom\n\n" }
	tests := []struct {
		name          string
		cfg           *config.ServerConfig
		st            mcp.Status
		needsApproval bool
		step          string
		ready         bool
		want          ServerStatusPage
	}{
		{"ready", stdio(nil), mcp.Status{State: mcp.StateReady}, false, "", true, ServerStatusPage{}},
		{"disabled, whatever its state", stdio(func(c *config.ServerConfig) { c.Disabled = true }), mcp.Status{State: mcp.StateReady}, false, "", false,
			ServerStatusPage{Title: "demo is disabled", Reason: "It is not started with the others. Enable it to start it.", Action: StatusEnable}},
		{"starting, with the sign-in step", stdio(nil), mcp.Status{State: mcp.StateStarting, Detail: "Waiting for you to sign in"}, false, "\n\nCould not open a browser", false,
			ServerStatusPage{Title: "Starting demo …", Reason: DescribeTarget(stdio(nil)) + "\n\nWaiting for you to sign in\n\nCould not open a browser", Action: StatusStop, Starting: true}},
		{"waits for approval", stdio(nil), mcp.Status{State: mcp.StateStopped, Waiting: true, Reason: "it runs demo-server"}, true, "", false,
			ServerStatusPage{Title: "demo waits for your approval", Reason: "It runs demo-server\n\nApprove it only if you trust this command: it runs with your permissions.", Action: StatusApprove}},
		{"waits for values", stdio(nil), mcp.Status{State: mcp.StateStopped, Waiting: true, Reason: "it needs api_key"}, false, "", false,
			ServerStatusPage{Title: "demo needs values before it can start", Reason: "It needs api_key. They are kept in memory only, never written to the servers file.", Action: StatusEnterValues}},
		{"failed", stdio(nil), mcp.Status{State: mcp.StateFailed, Reason: "the command was not found"}, false, "", false,
			ServerStatusPage{Title: "demo could not start", Reason: "First error: boom\n\nThe command was not found", Action: StatusRetry}},
		{"exited at a time", stdio(nil), mcp.Status{State: mcp.StateExited, Reason: "exit status 1", ExitedAt: exited}, false, "", false,
			ServerStatusPage{Title: "demo exited at " + exited.Format("15:04:05"), Reason: "First error: boom\n\nExit status 1", Action: StatusRetry}},
		{"exited", stdio(nil), mcp.Status{State: mcp.StateExited, Reason: "exit status 1"}, false, "", false,
			ServerStatusPage{Title: "demo exited", Reason: "First error: boom\n\nExit status 1", Action: StatusRetry}},
		{"stopped", stdio(nil), mcp.Status{State: mcp.StateStopped}, false, "", false,
			ServerStatusPage{Title: "demo is stopped", Reason: "It is not running.", Action: StatusStart}},
		{"stopped, cannot start", stdio(func(c *config.ServerConfig) { c.Problem = "no command" }), mcp.Status{State: mcp.StateStopped}, false, "", false,
			ServerStatusPage{Title: "demo is stopped", Reason: "It cannot be started: No command.", Action: StatusStart}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ready := ServerStatus(tt.cfg, tt.st, tt.needsApproval, tt.step, firstError)
			if ready != tt.ready || got != tt.want {
				t.Errorf("got %+v (ready %v)\nwant %+v (ready %v)", got, ready, tt.want, tt.ready)
			}
		})
	}
}
