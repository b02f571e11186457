package oauthtest

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The bed is only worth testing against if it refuses what a real
// authorization server refuses; these are its refusals, asked for by hand.

const verifier = "a-code-verifier-that-is-long-enough-0123456789"

func challengeOf(v string) string {
	sum := sha256.Sum256([]byte(v))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// authorizeQuery is a valid authorization request for client id.
func authorizeQuery(s *Server, id string) url.Values {
	return url.Values{
		"response_type": {"code"}, "client_id": {id}, "redirect_uri": {"http://127.0.0.1:9/callback"},
		"code_challenge": {challengeOf(verifier)}, "code_challenge_method": {"S256"},
		"resource": {s.Resource()}, "state": {"st"}, "scope": {"mcp"},
	}
}

// noRedirects is a client that shows redirects instead of following them.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// authorize sends an authorization request and returns the status and, on a
// redirect, the code.
func authorize(t *testing.T, s *Server, q url.Values) (int, string) {
	t.Helper()
	resp, err := noRedirects.Get(s.Issuer() + "/authorize?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		return resp.StatusCode, ""
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	if loc.Query().Get("state") != q.Get("state") {
		t.Errorf("state came back as %q, want %q", loc.Query().Get("state"), q.Get("state"))
	}
	return resp.StatusCode, loc.Query().Get("code")
}

// token posts form to the token endpoint, with HTTP Basic when basicSecret is
// not nil, and returns the status and the decoded answer.
func token(t *testing.T, s *Server, form url.Values, basicID string, basicSecret *string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.Issuer()+"/token", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if basicSecret != nil {
		req.SetBasicAuth(url.QueryEscape(basicID), url.QueryEscape(*basicSecret))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	json.NewDecoder(resp.Body).Decode(&body)
	return resp.StatusCode, body
}

func TestAuthorizeRefuses(t *testing.T) {
	s := NewServer(t, Config{Preregistered: map[string]string{"c": ""}})
	tests := []struct {
		name string
		edit func(url.Values)
		want int
	}{
		{"a valid request", func(url.Values) {}, http.StatusFound},
		{"unknown client", func(q url.Values) { q.Set("client_id", "nobody") }, http.StatusBadRequest},
		{"redirect not on loopback", func(q url.Values) { q.Set("redirect_uri", "http://example.com:9/callback") }, http.StatusBadRequest},
		{"redirect without a port", func(q url.Values) { q.Set("redirect_uri", "http://127.0.0.1/callback") }, http.StatusBadRequest},
		{"no PKCE", func(q url.Values) { q.Del("code_challenge") }, http.StatusBadRequest},
		{"plain PKCE", func(q url.Values) { q.Set("code_challenge_method", "plain") }, http.StatusBadRequest},
		{"another resource", func(q url.Values) { q.Set("resource", "https://other.example/mcp") }, http.StatusBadRequest},
		{"no resource", func(q url.Values) { q.Del("resource") }, http.StatusBadRequest},
		{"implicit grant", func(q url.Values) { q.Set("response_type", "token") }, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := authorizeQuery(s, "c")
			tt.edit(q)
			if got, _ := authorize(t, s, q); got != tt.want {
				t.Errorf("status %d, want %d", got, tt.want)
			}
		})
	}
}

func TestTokenEndpointRefuses(t *testing.T) {
	secret := "the-secret"
	wrong := "not-the-secret"
	tests := []struct {
		name        string
		cfg         Config
		edit        func(url.Values)
		basicSecret *string
		want        int
	}{
		{name: "a valid exchange, public client", cfg: Config{Preregistered: map[string]string{"c": ""}},
			want: http.StatusOK},
		{name: "wrong code_verifier", cfg: Config{Preregistered: map[string]string{"c": ""}},
			edit: func(f url.Values) { f.Set("code_verifier", verifier+"x") }, want: http.StatusBadRequest},
		{name: "other redirect_uri", cfg: Config{Preregistered: map[string]string{"c": ""}},
			edit: func(f url.Values) { f.Set("redirect_uri", "http://127.0.0.1:10/callback") }, want: http.StatusBadRequest},
		{name: "other resource", cfg: Config{Preregistered: map[string]string{"c": ""}},
			edit: func(f url.Values) { f.Set("resource", "https://other.example/mcp") }, want: http.StatusBadRequest},
		{name: "secret in the body where only Basic is allowed",
			cfg:  Config{AuthMethods: []string{"client_secret_basic"}, Preregistered: map[string]string{"c": secret}},
			edit: func(f url.Values) { f.Set("client_secret", secret) }, want: http.StatusUnauthorized},
		{name: "secret by Basic where it is allowed",
			cfg:         Config{AuthMethods: []string{"client_secret_basic"}, Preregistered: map[string]string{"c": secret}},
			edit:        func(f url.Values) { f.Del("client_id") },
			basicSecret: &secret, want: http.StatusOK},
		{name: "wrong secret", cfg: Config{Preregistered: map[string]string{"c": secret}},
			edit: func(f url.Values) { f.Del("client_id") }, basicSecret: &wrong, want: http.StatusUnauthorized},
		{name: "no secret from a confidential client", cfg: Config{Preregistered: map[string]string{"c": secret}},
			want: http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewServer(t, tt.cfg)
			q := authorizeQuery(s, "c")
			_, code := authorize(t, s, q)
			if code == "" {
				t.Fatal("no code")
			}
			form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "code_verifier": {verifier},
				"redirect_uri": {q.Get("redirect_uri")}, "resource": {s.Resource()}, "client_id": {"c"}}
			if tt.edit != nil {
				tt.edit(form)
			}
			got, body := token(t, s, form, "c", tt.basicSecret)
			if got != tt.want {
				t.Fatalf("status %d (%v), want %d", got, body, tt.want)
			}
			if got == http.StatusOK && body["access_token"] == "" {
				t.Errorf("no access token: %v", body)
			}
		})
	}
}

// A refresh token works once; the new one works next.
func TestRefreshTokenRotation(t *testing.T) {
	s := NewServer(t, Config{Preregistered: map[string]string{"c": ""}})
	q := authorizeQuery(s, "c")
	_, code := authorize(t, s, q)
	_, first := token(t, s, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "code_verifier": {verifier},
		"redirect_uri": {q.Get("redirect_uri")}, "resource": {s.Resource()}, "client_id": {"c"}}, "", nil)
	refresh, _ := first["refresh_token"].(string)
	if refresh == "" {
		t.Fatalf("no refresh token: %v", first)
	}
	use := func(rt string) (int, map[string]any) {
		return token(t, s, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "client_id": {"c"}}, "", nil)
	}
	status, second := use(refresh)
	if status != http.StatusOK || second["refresh_token"] == refresh {
		t.Fatalf("refresh: %d %v", status, second)
	}
	if status, _ := use(refresh); status != http.StatusBadRequest {
		t.Errorf("the used refresh token worked again (%d)", status)
	}
	if status, _ := use(second["refresh_token"].(string)); status != http.StatusOK {
		t.Errorf("the rotated refresh token was refused (%d)", status)
	}
}

// What an unauthenticated MCP request is told, and where metadata is.
func TestChallengeAndMetadata(t *testing.T) {
	tests := []struct {
		name          string
		cfg           Config
		wantChallenge string
		found         []string // paths that answer 200
		notFound      []string
	}{
		{name: "defaults", cfg: Config{},
			found:    []string{"/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-authorization-server"},
			notFound: []string{"/.well-known/oauth-protected-resource", "/.well-known/openid-configuration"}},
		{name: "metadata named in the challenge", cfg: Config{MetadataAt: MetadataAtChallenge, ChallengeMetadata: true, ChallengeScope: "a b"},
			wantChallenge: `resource_metadata="URL/meta/protected-resource.json", scope="a b"`,
			found:         []string{"/meta/protected-resource.json"},
			notFound:      []string{"/.well-known/oauth-protected-resource/mcp"}},
		{name: "2025-03-26, no metadata", cfg: Config{MetadataAt: MetadataNone, ASMetadata: ASMetaNone},
			notFound: []string{"/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource",
				"/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"}},
		{name: "path issuer, OpenID appended", cfg: Config{IssuerPath: "/t1", ASMetadata: ASMetaOIDCAppend},
			found:    []string{"/t1/.well-known/openid-configuration"},
			notFound: []string{"/.well-known/openid-configuration/t1", "/.well-known/oauth-authorization-server/t1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewServer(t, tt.cfg)
			resp, err := http.Post(s.ServerURL(), "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			want := ""
			if tt.wantChallenge != "" {
				want = "Bearer " + strings.ReplaceAll(tt.wantChallenge, "URL", s.URL())
			}
			if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("WWW-Authenticate") != want {
				t.Errorf("MCP without a token: %s, WWW-Authenticate %q; want 401, %q", resp.Status, resp.Header.Get("WWW-Authenticate"), want)
			}
			for _, p := range append(tt.found, tt.notFound...) {
				resp, err := http.Get(s.URL() + p)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if (resp.StatusCode == http.StatusOK) != slices.Contains(tt.found, p) {
					t.Errorf("GET %s: %s", p, resp.Status)
				}
			}
		})
	}
}

// callbackServer is a client's loopback listener: it records the query it
// is sent back with.
func callbackServer(t *testing.T) (redirectURI string, got <-chan url.Values) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ch := make(chan url.Values, 1)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case ch <- r.URL.Query():
		default:
		}
		io.WriteString(w, "signed in")
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/callback", ch
}

// The Browser follows the authorization URL back to the listener, and
// forges the state when told to.
func TestBrowser(t *testing.T) {
	for _, tamper := range []bool{false, true} {
		s := NewServer(t, Config{Preregistered: map[string]string{"c": ""}})
		redirect, got := callbackServer(t)
		q := authorizeQuery(s, "c")
		q.Set("redirect_uri", redirect)
		b := &Browser{TamperState: tamper}
		if err := b.Open(context.Background(), s.Issuer()+"/authorize?"+q.Encode()); err != nil {
			t.Fatal(err)
		}
		back := <-got
		if back.Get("code") == "" || (back.Get("state") == "st") == tamper {
			t.Errorf("tamper %v: came back with %v", tamper, back)
		}
		if status, page := b.LastPage(); status != 200 || page != "signed in" || b.OpenCount() != 1 || b.RedirectURI() != redirect {
			t.Errorf("tamper %v: last page %d %q, opened %d, redirect %q", tamper, status, page, b.OpenCount(), b.RedirectURI())
		}
	}
}

// The fakebrowser command does the same from $BROWSER, and records what it opened.
func TestFakeBrowserCommand(t *testing.T) {
	exe := BuildFakeBrowser(t)
	s := NewServer(t, Config{Preregistered: map[string]string{"c": ""}})
	redirect, got := callbackServer(t)
	q := authorizeQuery(s, "c")
	q.Set("redirect_uri", redirect)
	authURL := s.Issuer() + "/authorize?" + q.Encode()
	record := filepath.Join(t.TempDir(), "opened.txt")
	if out, err := exec.Command(exe, "-record", record, authURL).CombinedOutput(); err != nil {
		t.Fatalf("fakebrowser: %v\n%s", err, out)
	}
	if back := <-got; back.Get("code") == "" || back.Get("state") != "st" {
		t.Errorf("came back with %v", back)
	}
	if data, err := os.ReadFile(record); err != nil || strings.TrimSpace(string(data)) != authURL {
		t.Errorf("recorded %q (%v), want %q", data, err, authURL)
	}
	if err := exec.Command(exe, "-fail", authURL).Run(); err == nil {
		t.Error("fakebrowser -fail exited 0")
	}
}
