package config

import (
	"encoding/json"
	"strings"
	"testing"
)

// hostileSecrets are values that must never come out in clear, each inside
// the text it typically arrives in.
var hostileSecrets = []struct{ text, secret string }{
	{"DATABASE_URL=postgres://u:Pg5ecretPW@h/db", "Pg5ecretPW"},
	{"connecting to postgres://u:Pg5ecretPW@h/db?sslmode=off", "Pg5ecretPW"},
	{"mysql://root:r00tpass@10.0.0.1:3306/x", "r00tpass"},
	{"token ghp_abcdefghijklmnopqrstuvwxyz0123456789 used", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
	{"github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop"},
	{"OPENAI=sk-proj-abcdefghijklmnopqrstuvwx", "sk-proj-abcdefghijklmnopqrstuvwx"},
	{"slack xoxb-1234567890-abcdefghij", "xoxb-1234567890-abcdefghij"},
	{"aws AKIAIOSFODNN7EXAMPLE here", "AKIAIOSFODNN7EXAMPLE"},
	{"Authorization: Bearer abc.def-ghi_jkl", "abc.def-ghi_jkl"},
	{"authorization: bearer 0123456789abcdef", "0123456789abcdef"},
	{"GET https://blob.example/f?sv=2020&sig=SIGNATUREvalue123%3D&se=1", "SIGNATUREvalue123%3D"},
	{"https://h/x?X-Amz-Signature=deadbeefcafe0123&X-Amz-Date=1", "deadbeefcafe0123"},
	{"https://h/cb?access_token=AT0123456789&state=x", "AT0123456789"},
	{"https://h/cb?token=Tok3nValue", "Tok3nValue"},
	{"server --token=cliTokenValue --port 80", "cliTokenValue"},
	{"server --password hunter2hunter2 --port 80", "hunter2hunter2"},
	{"server --api-key=K3yValue99", "K3yValue99"},
	{"GH_PAT=patValue12345 ./run", "patValue12345"},
	{`{"password":"jsonPw123","user":"al"}`, "jsonPw123"},
	{`{"auth": {"bearer" : "nestedBearer99"}}`, "nestedBearer99"},
	{`{"clientSecret":"esc\"aped\\secret"}`, `esc\"aped\\secret`},
	{"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "eyJzdWIiOiIxMjM0NTY3ODkwIn0"},
}

// plainTexts must come out of the shape rule unchanged.
var plainTexts = []string{
	"2026-12-03 INFO listening on http://127.0.0.1:8080/mcp",
	"PATH=/usr/bin:/bin HOME=/home/al",
	`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":"abc"}}`,
	`{"progressToken":"p-1","author":"al","keys":3}`,
	"user@example.com wrote: see https://example.com/a?page=2&sort=asc",
	"the task-list has sk-short and ghp_short and Bearer x",
	"--verbose --port 8080 -x",
	"",
}

func TestMaskShapes(t *testing.T) {
	for _, c := range hostileSecrets {
		got := MaskShapes(c.text)
		if strings.Contains(got, c.secret) {
			t.Errorf("MaskShapes(%q) = %q: still shows %q", c.text, got, c.secret)
		}
		if !strings.Contains(got, "****") {
			t.Errorf("MaskShapes(%q) = %q: nothing masked", c.text, got)
		}
		if again := MaskShapes(got); again != got {
			t.Errorf("masking twice changed %q to %q", got, again)
		}
	}
	for _, text := range plainTexts {
		if got := MaskShapes(text); got != text {
			t.Errorf("MaskShapes(%q) = %q, want it unchanged", text, got)
		}
	}
}

func TestIsSecretNameWords(t *testing.T) {
	for name, want := range map[string]bool{
		"GH_PAT": true, "githubPat": true, "DB_PWD": true, "sig": true, "X-Amz-Signature": true,
		"bearer": true, "session_id": true, "X-Amz-Security-Token": true, "Cookie": true, "API_KEY": true,
		"PATH": false, "PATTERN": false, "SIGNAL": false, "progressToken": false, "HOME": false, "author": false,
	} {
		if got := IsSecretName(name); got != want {
			t.Errorf("IsSecretName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestMaskArgs(t *testing.T) {
	args := []string{"--token", "flagTokenValue", "--token=eqTokenValue", "--password", "pw12345678", "--db", "postgres://u:ArgPass99@h/db", "--port", "80", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"}
	got := strings.Join(MaskArgs(args), " ")
	for _, s := range []string{"flagTokenValue", "eqTokenValue", "pw12345678", "ArgPass99", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"} {
		if strings.Contains(got, s) {
			t.Errorf("MaskArgs shows %q: %s", s, got)
		}
	}
	if !strings.Contains(got, "--port 80") || !strings.Contains(got, "--db postgres://u:") {
		t.Errorf("MaskArgs masked too much: %s", got)
	}
}

// TestMaskArgumentsNested: a secret name covers everything under it
// (auth.bearer, credentials[0].value), and a plain name's value is masked
// by its shape; other values and numbers stay as written.
func TestMaskArgumentsNested(t *testing.T) {
	in := `{"auth":{"bearer":"nestedBearer99","kind":"x"},"credentials":[{"value":"credVal123"}],"dsn":"postgres://u:DsnPass77@h/db","q":"cats","n":1.50}`
	got := string(MaskArguments(json.RawMessage(in)))
	for _, s := range []string{"nestedBearer99", "credVal123", "DsnPass77"} {
		if strings.Contains(got, s) {
			t.Errorf("MaskArguments shows %q: %s", s, got)
		}
	}
	if !strings.Contains(got, `"q":"cats"`) || !strings.Contains(got, `1.50`) {
		t.Errorf("MaskArguments changed plain values: %s", got)
	}
	secrets := SecretArguments(json.RawMessage(in))
	if len(secrets) != 3 { // nestedBearer99, x (under auth), credVal123
		t.Errorf("SecretArguments = %q", secrets)
	}
}

// TestTextMaskerAddsEchoes: values added to a masker are masked as written
// and as JSON writes them; shapes are masked by a nil masker too.
func TestTextMaskerAddsEchoes(t *testing.T) {
	m := (*TextMasker)(nil).Add(`quo"ted-secret`, "ab")
	got := m.Mask(`echo: {"v":"quo\"ted-secret"} raw quo"ted-secret ab; Bearer abcdefgh12345`)
	if strings.Contains(got, "ted-secret") || strings.Contains(got, "abcdefgh12345") || !strings.Contains(got, " ab;") {
		t.Errorf("got %q", got)
	}
}

func TestMaskedForExportShapes(t *testing.T) {
	s := &ServerConfig{Name: "x", Command: "srv", Args: []string{"--token=cliTokenValue", "--password", "pw12345678"},
		Env: map[string]string{"DATABASE_URL": "postgres://u:EnvPass99@h/db", "GH_PAT": "patValue12345", "HOME": "/home/al"},
		URL: "https://h.example/mcp?sig=UrlSig12345&page=2"}
	out, masked := MaskedForExport([]*ServerConfig{s})
	b, _ := json.Marshal(out[0])
	for _, secret := range []string{"cliTokenValue", "pw12345678", "EnvPass99", "patValue12345", "UrlSig12345"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("export shows %q: %s", secret, b)
		}
	}
	if !masked || !strings.Contains(string(b), "/home/al") || !strings.Contains(string(b), "page=2") {
		t.Errorf("masked=%v %s", masked, b)
	}
	if s.Args[0] != "--token=cliTokenValue" {
		t.Error("the entry itself was changed")
	}
}
