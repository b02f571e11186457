package oauth

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"mcpbrowser/mcp/store"
)

// A StoredToken is what MCP Browser keeps after signing in to one server: the
// token itself and what is needed to refresh it without the browser (the client
// identity and the token endpoint). It holds secrets; its String method does not
// print them.
type StoredToken struct {
	// ServerURL is the MCP endpoint the token was issued for. A token is never
	// sent to a different URL, even when the server entry keeps its name.
	ServerURL string `json:"server_url"`
	// Resource is the RFC 8707 resource the token was requested for.
	Resource string `json:"resource,omitempty"`
	// Issuer is the authorization server that issued the token.
	Issuer string `json:"issuer,omitempty"`
	// GrantType is one of GrantTypes.
	GrantType string `json:"grant_type"`

	ClientID     string           `json:"client_id"`
	ClientSecret string           `json:"client_secret,omitempty"`
	TokenURL     string           `json:"token_url"`
	AuthStyle    oauth2.AuthStyle `json:"auth_style,omitempty"`
	// Scopes are the scopes granted (or, when the server did not say, requested).
	Scopes []string `json:"scopes,omitempty"`

	AccessToken  string    `json:"access_token"`
	TokenType    string    `json:"token_type,omitempty"`
	RefreshToken string    `json:"refresh_token,omitempty"`
	Expiry       time.Time `json:"expiry,omitzero"`
	SavedAt      time.Time `json:"saved_at,omitzero"`
	// DPoPKey is the private key a DPoP-bound token is bound to (PKCS #8
	// PEM): without it the token is useless.
	DPoPKey string `json:"dpop_key,omitempty"`
}

// String describes the token for people without showing any secret.
func (t StoredToken) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "token for %s from %s (client %s", t.ServerURL, t.Issuer, t.ClientID)
	if len(t.Scopes) > 0 {
		fmt.Fprintf(&b, ", scopes %q", strings.Join(t.Scopes, " "))
	}
	if !t.Expiry.IsZero() {
		fmt.Fprintf(&b, ", expires %s", t.Expiry.Format(time.RFC3339))
	}
	if t.RefreshToken != "" {
		b.WriteString(", refreshable")
	}
	b.WriteString(")")
	return b.String()
}

// GoString keeps %#v from printing secrets too.
func (t StoredToken) GoString() string { return t.String() }

// oauth2Token is the token part as the oauth2 package wants it.
func (t *StoredToken) oauth2Token() *oauth2.Token {
	return &oauth2.Token{
		AccessToken:  t.AccessToken,
		TokenType:    t.TokenType,
		RefreshToken: t.RefreshToken,
		Expiry:       t.Expiry,
	}
}

// A TokenStore keeps one StoredToken per server name as a JSON file in a
// directory only the user can read (0700, files 0600), outside the servers
// file so that sharing a servers file never shares a sign-in.
type TokenStore struct {
	dir string
	// mu orders writes from several connections of the same app.
	mu sync.Mutex
}

// NewTokenStore returns a store that keeps its files in dir. The directory is
// created (0700) on the first Save.
func NewTokenStore(dir string) *TokenStore {
	return &TokenStore{dir: dir}
}

// Path is the file that holds serverName's token, for showing to people.
func (s *TokenStore) Path(serverName string) string {
	return filepath.Join(s.dir, tokenFileName(serverName))
}

// tokenFileName turns any server name into a safe file name that stays
// readable; the hash keeps "a/b" and "a_b" apart.
func tokenFileName(serverName string) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '.':
			return r
		}
		return '_'
	}, serverName)
	if len(safe) > 64 {
		safe = safe[:64]
	}
	sum := sha256.Sum256([]byte(serverName))
	return safe + "-" + hex.EncodeToString(sum[:4]) + ".json"
}

// Load returns serverName's stored token, or nil and no error when there is none.
func (s *TokenStore) Load(serverName string) (*StoredToken, error) {
	data, err := os.ReadFile(s.Path(serverName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the saved sign-in for %q: %w", serverName, err)
	}
	var t StoredToken
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("the saved sign-in for %q in %s is damaged (%v); sign out to remove it", serverName, s.Path(serverName), err)
	}
	return &t, nil
}

// Save writes serverName's token as package store saves every file
// (atomically, through a symbolic link, under the file's lock), always
// private (0600), so a crash never leaves half a token behind.
func (s *TokenStore) Save(serverName string, t *StoredToken) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("creating the token folder: %w", err)
	}
	// MkdirAll leaves an existing folder's mode alone; tokens need it private.
	if err := os.Chmod(s.dir, 0o700); err != nil {
		return fmt.Errorf("making the token folder private: %w", err)
	}
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the token: %w", err)
	}
	if err := store.WriteFile(s.Path(serverName), append(data, '\n'), store.Private); err != nil {
		return fmt.Errorf("saving the token: %w", err)
	}
	return nil
}

// Delete removes serverName's token: this is "sign out". Deleting a token that
// is not there is not an error.
func (s *TokenStore) Delete(serverName string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	err := os.Remove(s.Path(serverName))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("signing out of %q: %w", serverName, err)
	}
	return nil
}
