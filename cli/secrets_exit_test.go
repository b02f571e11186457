package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/transport"
)

// exitSecrets are hostile values, each where it typically arrives; none may
// leave the app in clear, by any exit.
var exitSecrets = []string{
	"EnvPgPass77",      // DATABASE_URL=postgres://u:EnvPgPass77@h/db (by shape)
	"patValue12345",    // GH_PAT (by name)
	"ArgKey0123456789", // the argument api_key (by name)
	"NestedBearer77",   // the argument auth.bearer (nested)
	"ArgPgPass55",      // an argument holding a URL with a password (by shape)
	"ghp_abcdefghijklmnopqrstuvwxyz0123456789", // a token printed on stderr (by prefix)
	"cliTokenValue9", // --token=X
	"pwArg123456",    // --password X
	"UrlSig12345",    // sig= in a URL
}

func assertNoSecret(t *testing.T, where, text string) {
	t.Helper()
	for _, s := range exitSecrets {
		if strings.Contains(text, s) {
			t.Errorf("%s shows %q in clear:\n%.2000s", where, s, text)
		}
	}
}

// TestSecretsMaskedAtEveryExit: one server that is handed secrets by its
// entry and its arguments, prints some on stderr and echoes its arguments
// back; none of them reaches history, the --record check file, the JUnit
// report, --stderr, the log files, `servers` or `export`.
func TestSecretsMaskedAtEveryExit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses sh")
	}
	misbehave := testservers.Build(t)
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(tools, []byte(`[{"name":"echo_args","inputSchema":{"type":"object","properties":{"api_key":{"type":"string"},"auth":{"type":"object"},"dsn":{"type":"string"}}}}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	histDir, logDir := filepath.Join(dir, "history"), filepath.Join(dir, "logs")
	t.Setenv(HistoryDirEnv, histDir)
	t.Setenv(transport.LogDirEnv, logDir)
	script := `echo "starting with token ghp_abcdefghijklmnopqrstuvwxyz0123456789 and $DATABASE_URL, PAT $GH_PAT" >&2; exec "$0" -mode raw -tools "$1"`
	entry := map[string]any{
		"command": "sh", "args": []string{"-c", script, misbehave, tools},
		"env": map[string]string{"DATABASE_URL": "postgres://u:EnvPgPass77@h/db", "GH_PAT": "patValue12345"},
	}
	listed := map[string]any{"command": "srv", "args": []string{"--token=cliTokenValue9", "--password", "pwArg123456"},
		"env": map[string]string{"DATABASE_URL": "postgres://u:EnvPgPass77@h/db", "GH_PAT": "patValue12345"}}
	remote := map[string]any{"url": "https://h.example/mcp?sig=UrlSig12345&page=2"}
	doc, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"echo": entry, "listed": listed, "remote": remote}})
	cfg := writeConfig(t, string(doc))

	args := `{"api_key":"ArgKey0123456789","auth":{"bearer":"NestedBearer77"},"dsn":"postgres://u:ArgPgPass55@h/db"}`
	rec := filepath.Join(dir, "rec.yaml")
	code, out, errOut := runCLI(t, "call", "echo", "echo_args", "--args", args, "--record", rec, "--stderr", "--config", cfg)
	if code != ExitOK {
		t.Fatalf("call: exit %d\n%s\n%s", code, out, errOut)
	}
	assertNoSecret(t, "--stderr", errOut)
	if !strings.Contains(errOut, "starting with token") {
		t.Errorf("--stderr did not show the server's line: %s", errOut)
	}

	// A hand-written check that carries the real secret and fails: the
	// report shows what the server answered, masked.
	failing := filepath.Join(dir, "failing.yaml")
	if err := os.WriteFile(failing, []byte(`checks:
  - name: echo secret
    server: echo
    tool: echo_args
    arguments: {"api_key": "ArgKey0123456789", "auth": {"bearer": "NestedBearer77"}}
    expect:
      text: {equals: "something else"}
`), 0o600); err != nil {
		t.Fatal(err)
	}
	junit := filepath.Join(dir, "report.xml")
	code, out, errOut = runCLI(t, "check", failing, "--junit", junit, "--config", cfg)
	if code != ExitToolError {
		t.Errorf("check: exit %d\n%s\n%s", code, out, errOut)
	}
	assertNoSecret(t, "check's summary", out+errOut)
	_, tap, _ := runCLI(t, "check", failing, "--tap", "--config", cfg)
	assertNoSecret(t, "check --tap", tap)

	for _, what := range [][]string{{"servers"}, {"export", "--format", "json"}, {"export", "--format", "claude-code"}} {
		_, out, errOut := runCLI(t, append(what, "--config", cfg)...)
		assertNoSecret(t, strings.Join(what, " "), out+errOut)
		if !strings.Contains(out, "page=2") && what[0] == "servers" {
			t.Errorf("servers masked too much: %s", out)
		}
	}

	files := map[string]string{"--record file": rec, "JUnit": junit}
	for _, d := range []string{histDir, logDir} {
		matches, _ := filepath.Glob(filepath.Join(d, "*"))
		if len(matches) == 0 {
			t.Errorf("nothing written in %s", d)
		}
		for _, m := range matches {
			files[m] = m
		}
	}
	for what, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		assertNoSecret(t, what, string(b))
	}
}

// TestURLCredentialsNotInName: a server given by --url with a password is
// named after its host alone, so the password is in no error, no [name]
// prefix, no JSON "server" field and no log file name.
func TestURLCredentialsNotInName(t *testing.T) {
	for raw, want := range map[string]string{
		"http://user:UrlPass99@127.0.0.1:9/mcp":    "127.0.0.1:9",
		"https://tok:UrlPass99@h.example?x=1":      "h.example",
		"https://h.example:8443/mcp":               "h.example:8443",
		"https://a@b:UrlPass99@h.example/mcp#frag": "h.example",
	} {
		if got := hostName(raw); got != want {
			t.Errorf("hostName(%q) = %q, want %q", raw, got, want)
		}
	}
	logDir := t.TempDir()
	t.Setenv(transport.LogDirEnv, logDir)
	code, out, errOut := runCLI(t, "tools", "--url", "http://user:UrlPass99@127.0.0.1:9/mcp", "--stderr", "--timeout", "5s")
	if code != ExitConnection || strings.Contains(out+errOut, "UrlPass99") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
	matches, _ := filepath.Glob(filepath.Join(logDir, "*"))
	for _, m := range matches {
		b, _ := os.ReadFile(m)
		if strings.Contains(m, "UrlPass99") || strings.Contains(string(b), "UrlPass99") {
			t.Errorf("log file %s shows the password", m)
		}
	}
}
