package view

import (
	"slices"
	"testing"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
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
