package mcp

import (
	"strings"
	"testing"

	"mcpbrowser/internal/oauthtest"
)

// TestSignInRefusedScopeIsSaid follows the conformance suite's
// auth/scope-retry-limit: the server wants a scope the authorization server
// never grants, and lets initialize through without it. server/discover
// steps up like any request; when the sign-in gives up, the connect fails
// with the refusal in plain words and nothing falls back to initialize
// (which once left the person with "Missing MCP-Protocol-Version header …
// Check the URL", or a server without tools, instead of the refusal).
func TestSignInRefusedScopeIsSaid(t *testing.T) {
	rig := newSignInRig(t, oauthtest.Config{ChallengeMetadata: true, ChallengeScope: "mcp:admin",
		RequiredScopes: []string{"mcp:admin"}, DenyScopes: []string{"mcp:admin"},
		ScopeFreeMethods: []string{"initialize", "notifications/initialized"}})
	run := rig.session(t, nil)
	err := run.s.Connect(t.Context())
	if err == nil {
		t.Fatalf("Connect worked (era %v, tools %v); want the sign-in refused\nlog:\n%s", run.s.Era(), run.s.Tools(), run.logText())
	}
	st := run.s.Status()
	want := "signing in to " + rig.bed.ServerURL() + ` failed: the permission the server needs (scope "mcp:admin") was not granted after 3 sign-ins, so MCP Browser stopped asking.`
	if st.State != StateFailed || !strings.HasPrefix(st.Reason, want) {
		t.Errorf("status %s %q\nwant the reason to start %q", st.State, st.Reason, want)
	}
	for _, noise := range []string{"Check the URL", "Protocol-Version", "rejected by transport", `calling "`} {
		if strings.Contains(st.Reason, noise) {
			t.Errorf("the reason %q carries %q", st.Reason, noise)
		}
	}
	if n := len(rig.bed.AuthorizeRequests()); n != 3 {
		t.Errorf("%d sign-ins, want 3 (the first and two step-ups)", n)
	}
	if n := strings.Count(strings.Join(run.wire(), "\n"), `"method":"initialize"`); n != 0 {
		t.Errorf("initialize was sent %d times after the sign-in was refused:\n%s", n, strings.Join(run.wire(), "\n"))
	}
}
