package oauth

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestTokenStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tokens")
	store := NewTokenStore(dir)
	if got, err := store.Load("nobody"); got != nil || err != nil {
		t.Errorf("Load of a missing token = %v, %v; want nil, nil", got, err)
	}
	if err := store.Delete("nobody"); err != nil {
		t.Errorf("Delete of a missing token: %v", err)
	}
	tok := &StoredToken{ServerURL: "https://a.example/mcp", ClientID: "c", ClientSecret: "cs-123456",
		AccessToken: "at-123456", RefreshToken: "rt-123456", Scopes: []string{"a", "b"},
		Expiry: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC), GrantType: GrantAuthorizationCode}
	if err := store.Save("a/b", tok); err != nil {
		t.Fatal(err)
	}
	if err := store.Save("a_b", &StoredToken{AccessToken: "other"}); err != nil {
		t.Fatal(err)
	}
	got, err := store.Load("a/b")
	if err != nil {
		t.Fatal(err)
	}
	if got.AccessToken != tok.AccessToken || got.RefreshToken != tok.RefreshToken || !got.Expiry.Equal(tok.Expiry) ||
		got.ClientSecret != tok.ClientSecret || strings.Join(got.Scopes, " ") != "a b" {
		t.Errorf("Load = %+v, want %+v", *got, *tok)
	}
	checkMode(t, dir, 0o700)
	checkMode(t, store.Path("a/b"), 0o600)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d files, want 2 (no temporary files left, names kept apart)", len(entries))
	}
	if err := store.Delete("a/b"); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.Load("a/b"); got != nil {
		t.Error("token still there after Delete")
	}
	if got, _ := store.Load("a_b"); got == nil || got.AccessToken != "other" {
		t.Error("Delete removed another server's token")
	}
}

func TestTokenStoreMakesFolderPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tokens")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := NewTokenStore(dir).Save("s", &StoredToken{AccessToken: "x"}); err != nil {
		t.Fatal(err)
	}
	checkMode(t, dir, 0o700)
}

func TestTokenStoreDamagedFile(t *testing.T) {
	store := NewTokenStore(t.TempDir())
	if err := os.WriteFile(store.Path("s"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := store.Load("s")
	if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), "sign out") {
		t.Errorf("Load error = %v, want one that says the file is damaged and what to do", err)
	}
}

func TestStoredTokenPrintsNoSecrets(t *testing.T) {
	tok := StoredToken{ServerURL: "https://a.example/mcp", ClientSecret: "cs-123456", AccessToken: "at-123456", RefreshToken: "rt-123456"}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
		out := fmt.Sprintf(verb, tok)
		for _, secret := range []string{"cs-123456", "at-123456", "rt-123456"} {
			if strings.Contains(out, secret) {
				t.Errorf("%s prints %q", verb, out)
			}
		}
	}
}

func TestTokenFileName(t *testing.T) {
	tests := []struct{ name, wantPrefix string }{
		{"github", "github-"},
		{"My Server/prod", "My_Server_prod-"},
		{"../../etc/passwd", ".._.._etc_passwd-"},
		{"", "-"},
	}
	for _, tt := range tests {
		got := tokenFileName(tt.name)
		if !strings.HasPrefix(got, tt.wantPrefix) || !strings.HasSuffix(got, ".json") || strings.ContainsAny(got, `/\`) {
			t.Errorf("tokenFileName(%q) = %q", tt.name, got)
		}
	}
}
