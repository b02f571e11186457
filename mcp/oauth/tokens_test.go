package oauth

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/oauthtest"
	"mcpbrowser/mcp/config"
)

// A token saved by one run is used by the next without the browser, and sign-out
// deletes it so that the next connection signs in again.
func TestTokenPersistedReusedAndSignedOut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tokens")
	store := NewTokenStore(dir)
	bed := oauthtest.NewServer(t, oauthtest.Config{})

	first := newSession(t, bed, store, nil)
	first.listTools(t)
	if first.browser.OpenCount() != 1 {
		t.Fatalf("first run opened the browser %d times, want 1", first.browser.OpenCount())
	}
	checkMode(t, dir, 0o700)
	checkMode(t, store.Path("test server"), 0o600)

	tokenRequests := len(bed.TokenRequests())
	second := newSession(t, bed, store, nil)
	second.listTools(t)
	if second.browser.OpenCount() != 0 {
		t.Error("the second run opened the browser although a token was saved")
	}
	if got := len(bed.TokenRequests()); got != tokenRequests {
		t.Errorf("the second run made %d token requests, want none", got-tokenRequests)
	}

	if err := second.handler.SignOut(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(store.Path("test server")); !os.IsNotExist(err) {
		t.Errorf("the token file is still there after sign-out (%v)", err)
	}
	third := newSession(t, bed, store, nil)
	third.listTools(t)
	if third.browser.OpenCount() != 1 {
		t.Errorf("after sign-out the browser opened %d times, want 1", third.browser.OpenCount())
	}
}

// A saved token is not sent to another URL, nor used with another client.
func TestSavedTokenMustFit(t *testing.T) {
	store := NewTokenStore(t.TempDir())
	bed := oauthtest.NewServer(t, oauthtest.Config{Preregistered: map[string]string{"a": "", "b": ""}})
	newSession(t, bed, store, func(o *Options) { o.ClientID = "a" }).listTools(t)

	tests := []struct {
		name string
		edit func(*Options)
	}{
		{"another URL", func(o *Options) { o.ClientID = "a"; o.ServerURL = "http://127.0.0.1:1/elsewhere" }},
		{"another client", func(o *Options) { o.ClientID = "b" }},
		{"another grant", func(o *Options) { o.ClientID, o.ClientSecret, o.GrantType = "a", "x", GrantClientCredentials }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, bed, store, tt.edit)
			ts, err := s.handler.TokenSource(context.Background())
			if err != nil || ts != nil {
				t.Errorf("TokenSource = %v, %v; want none", ts, err)
			}
		})
	}
}

// Tokens are refreshed before they expire, with the refresh token, and the
// new tokens (a rotated refresh token too) are saved.
func TestRefreshBeforeExpiry(t *testing.T) {
	store := NewTokenStore(t.TempDir())
	// expires_in 1 second is inside the oauth2 package's early-refresh window,
	// so every use of the token refreshes it first.
	bed := oauthtest.NewServer(t, oauthtest.Config{ExpiresIn: 1, ScopesSupported: []string{"mcp", "offline_access"}, ChallengeScope: "mcp"})
	s := newSession(t, bed, store, nil)
	s.listTools(t)

	refreshes := 0
	for _, tr := range bed.TokenRequests() {
		if tr.GrantType == "refresh_token" {
			refreshes++
			if !tr.OK {
				t.Errorf("refresh refused: %+v", tr)
			}
		}
	}
	if refreshes == 0 {
		t.Fatalf("no refresh: %+v", bed.TokenRequests())
	}
	saved, err := store.Load("test server")
	if err != nil || saved == nil {
		t.Fatalf("Load = %v, %v", saved, err)
	}
	seen := bed.TokensSeen()
	lastSeen := seen[len(seen)-1]
	if !bed.RefreshTokenLive(saved.RefreshToken) {
		t.Error("the saved refresh token is not the latest one (rotation lost)")
	}
	if saved.AccessToken != lastSeen {
		t.Error("the saved access token is not the one last used")
	}
}

// An expired saved token is refreshed on the next run, without the browser.
func TestExpiredSavedTokenRefreshed(t *testing.T) {
	store := NewTokenStore(t.TempDir())
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	newSession(t, bed, store, nil).listTools(t)

	saved, err := store.Load("test server")
	if err != nil || saved == nil || saved.RefreshToken == "" {
		t.Fatalf("Load = %v, %v; want a refreshable token", saved, err)
	}
	expiredToken := saved.AccessToken
	saved.Expiry = time.Now().Add(-time.Hour)
	if err := store.Save("test server", saved); err != nil {
		t.Fatal(err)
	}

	s := newSession(t, bed, store, nil)
	s.listTools(t)
	if s.browser.OpenCount() != 0 {
		t.Error("the browser was opened although the token could be refreshed")
	}
	reqs := bed.TokenRequests()
	if last := reqs[len(reqs)-1]; last.GrantType != "refresh_token" || !last.OK {
		t.Errorf("last token request %+v, want a refresh", last)
	}
	if seen := bed.TokensSeen(); seen[len(seen)-1] == expiredToken {
		t.Error("the expired token was sent")
	}
}

// A refresh token the server no longer accepts leads back to the browser.
func TestRevokedRefreshTokenSignsInAgain(t *testing.T) {
	store := NewTokenStore(t.TempDir())
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	newSession(t, bed, store, nil).listTools(t)
	saved, _ := store.Load("test server")
	saved.Expiry = time.Now().Add(-time.Hour)
	store.Save("test server", saved)
	bed.RevokeRefreshTokens()

	s := newSession(t, bed, store, nil)
	s.listTools(t)
	if s.browser.OpenCount() != 1 {
		t.Errorf("browser opened %d times, want 1", s.browser.OpenCount())
	}
}

func TestClientCredentials(t *testing.T) {
	store := NewTokenStore(t.TempDir())
	bed := oauthtest.NewServer(t, oauthtest.Config{Preregistered: map[string]string{"m2m": "m2m-s3cret"},
		GrantTypes: []string{"authorization_code", "client_credentials"}, ChallengeScope: "mcp"})
	edit := func(o *Options) {
		o.ClientID, o.ClientSecret, o.GrantType = "m2m", "m2m-s3cret", GrantClientCredentials
	}
	s := newSession(t, bed, store, edit)
	s.listTools(t)
	if s.browser.OpenCount() != 0 {
		t.Error("the browser was opened for a machine-to-machine entry")
	}
	reqs := bed.TokenRequests()
	if len(reqs) != 1 || reqs[0].GrantType != "client_credentials" || !reqs[0].OK {
		t.Fatalf("token requests %+v, want one client_credentials grant", reqs)
	}
	if reqs[0].Resource != bed.ServerURL() || reqs[0].Scope != "mcp" {
		t.Errorf("grant asked for resource %q scope %q", reqs[0].Resource, reqs[0].Scope)
	}

	// Saved and reused...
	newSession(t, bed, store, edit).listTools(t)
	if got := len(bed.TokenRequests()); got != 1 {
		t.Errorf("%d token requests after reuse, want still 1", got)
	}
	// ...and when expired, the grant runs again.
	saved, _ := store.Load("test server")
	saved.Expiry = time.Now().Add(-time.Hour)
	store.Save("test server", saved)
	newSession(t, bed, store, edit).listTools(t)
	reqs = bed.TokenRequests()
	if len(reqs) != 2 || reqs[1].GrantType != "client_credentials" || !reqs[1].OK {
		t.Errorf("token requests %+v, want a second client_credentials grant", reqs)
	}
}

func TestClientCredentialsNotOffered(t *testing.T) {
	bed := oauthtest.NewServer(t, oauthtest.Config{Preregistered: map[string]string{"m2m": "m2m-s3cret"},
		GrantTypes: []string{"authorization_code"}})
	s := newSession(t, bed, nil, func(o *Options) {
		o.ClientID, o.ClientSecret, o.GrantType = "m2m", "m2m-s3cret", GrantClientCredentials
	})
	_, err := s.connect(context.Background())
	if err == nil || !strings.Contains(err.Error(), "does not offer the client credentials grant") {
		t.Fatalf("connect error = %v", err)
	}
}

// Secrets never show in errors or progress steps.
func TestSecretsMasked(t *testing.T) {
	const secret = "very-secret-value-42"
	bed := oauthtest.NewServer(t, oauthtest.Config{EchoSecret: true, AuthMethods: []string{"client_secret_post"},
		Preregistered: map[string]string{"c": secret}})
	for _, grant := range []string{GrantAuthorizationCode, GrantClientCredentials} {
		t.Run(grant, func(t *testing.T) {
			s := newSession(t, bed, nil, func(o *Options) { o.ClientID, o.ClientSecret, o.GrantType = "c", secret, grant })
			_, err := s.connect(context.Background())
			if err == nil {
				t.Fatal("connect worked although the token endpoint refuses")
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error shows the secret: %v", err)
			}
			if !strings.Contains(err.Error(), config.Mask(secret)) {
				t.Errorf("the error %q does not show where the secret was", err)
			}
			for _, step := range s.progress.all() {
				if strings.Contains(step, secret) {
					t.Errorf("progress step shows the secret: %q", step)
				}
			}
		})
	}
}

func TestNewHandlerChecksOptions(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"no URL", Options{}, "ServerURL"},
		{"client credentials without secret", Options{ServerURL: "http://x/mcp", GrantType: GrantClientCredentials, ClientID: "a"}, "client secret"},
		{"secret without id", Options{ServerURL: "http://x/mcp", ClientSecret: "s"}, "client ID"},
		{"unknown grant", Options{ServerURL: "http://x/mcp", GrantType: "password"}, "unknown OAuth grant"},
		{"metadata document not https", Options{ServerURL: "http://x/mcp", ClientMetadataURL: "http://x/c.json"}, "https URL with a path"},
		{"metadata document at the root", Options{ServerURL: "http://x/mcp", ClientMetadataURL: "https://x/"}, "https URL with a path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewHandler(tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("NewHandler error = %v, want one mentioning %q", err, tt.want)
			}
		})
	}
}

func checkMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != want {
		t.Errorf("%s has mode %o, want %o", path, got, want)
	}
}

func mustQuery(t *testing.T, rawURL string) url.Values {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}

func get(t *testing.T, rawURL string) {
	t.Helper()
	resp, err := http.Get(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}
