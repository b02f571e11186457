package cli

// Sign-in from the command line, end to end: a protected server and its
// authorization server (internal/oauthtest) on loopback, $BROWSER set to the
// fakebrowser command (a real process that loads the URL and follows the
// redirects back to the CLI's loopback listener), and the XDG folders moved
// to a temporary directory so tokens land where the test can see them.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/adrg/xdg"

	"mcpbrowser/internal/oauthtest"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/oauth"
)

// isolateXDG points the XDG folders (tokens, approvals, config) at a
// temporary directory for the rest of the test, and back afterwards. The
// xdg package reads the environment once, so it is reloaded both ways.
func isolateXDG(t *testing.T) {
	t.Helper()
	t.Cleanup(xdg.Reload) // runs after t.Setenv has put the variables back
	home := t.TempDir()
	// Not XDG_CACHE_HOME: the go command keeps its build cache there.
	for _, v := range []string{"XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"} {
		t.Setenv(v, filepath.Join(home, strings.ToLower(strings.TrimPrefix(v, "XDG_"))))
	}
	xdg.Reload()
	if !strings.HasPrefix(mcp.TokenDir(), home) {
		t.Fatalf("tokens would go to %s, outside the test's folder", mcp.TokenDir())
	}
}

// A browserDouble is the fakebrowser command as $BROWSER, recording every
// URL it is asked to open.
type browserDouble struct {
	exe, record string
}

func newBrowserDouble(t *testing.T) *browserDouble {
	t.Helper()
	return &browserDouble{exe: oauthtest.BuildFakeBrowser(t), record: filepath.Join(t.TempDir(), "opened.txt")}
}

// use sets $BROWSER to the double with flags (such as -delay 2s or -fail).
func (b *browserDouble) use(t *testing.T, flags ...string) {
	t.Helper()
	cmd := append([]string{quoteForBrowser(b.exe), "-record", quoteForBrowser(b.record)}, flags...)
	t.Setenv("BROWSER", strings.Join(append(cmd, "%s"), " "))
}

func quoteForBrowser(s string) string { return `"` + s + `"` }

// opened is the URLs the double was given so far.
func (b *browserDouble) opened(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(b.record)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(data))
}

// runSignIn runs one command line in-process and returns its exit code,
// stdout and stderr.
func runSignIn(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(t.Context(), args, Env{Stdout: &out, Stderr: &errOut, Executable: demoBinary, Version: "test"})
	return code, out.String(), errOut.String()
}

// tokenFile is where the CLI keeps the sign-in of a --url target.
func tokenFile(bed *oauthtest.Server) string {
	return oauth.NewTokenStore(mcp.TokenDir()).Path(hostName(bed.ServerURL()))
}

// checkNoSecrets fails if stdout or stderr shows any secret the bed knows.
func checkNoSecrets(t *testing.T, bed *oauthtest.Server, texts ...string) {
	t.Helper()
	for _, text := range texts {
		for _, secret := range bed.Secrets() {
			if strings.Contains(text, secret) {
				t.Errorf("the output shows a secret:\n%s", text)
			}
		}
	}
}

// failureLines are stderr's lines that are not sign-in progress steps.
func failureLines(stderr string) []string {
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(stderr, "\n"), "\n") {
		if strings.HasPrefix(l, "mcpbrowser: could not connect") || !strings.HasPrefix(l, "mcpbrowser: ") {
			lines = append(lines, l)
		}
	}
	return lines
}

// `mcpbrowser tools --url URL` signs in through the browser, keeps the token
// for the next command, and `mcpbrowser sign-out --url URL` forgets it.
func TestSignInCLI(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the browser double is started through $BROWSER with Unix quoting")
	}
	browser := newBrowserDouble(t)
	isolateXDG(t)
	browser.use(t)
	bed := oauthtest.NewServer(t, oauthtest.Config{ChallengeScope: "mcp"})

	code, out, errOut := runSignIn(t, "tools", "--url", bed.ServerURL())
	if code != ExitOK {
		t.Fatalf("tools exited %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	var listed struct {
		Tools []struct{ Name string } `json:"tools"`
	}
	if err := json.Unmarshal([]byte(out), &listed); err != nil || len(listed.Tools) != 1 || listed.Tools[0].Name != oauthtest.ToolName {
		t.Errorf("stdout is not the tool list (%v):\n%s", err, out)
	}
	for _, step := range []string{"mcpbrowser: Discovering the authorization server…", "mcpbrowser: Opening the browser to sign in at ",
		"mcpbrowser: Waiting for you to sign in in the browser…", "mcpbrowser: Signed in to " + bed.ServerURL()} {
		if !strings.Contains(errOut, step) {
			t.Errorf("stderr lacks the step %q:\n%s", step, errOut)
		}
	}
	if n := len(browser.opened(t)); n != 1 {
		t.Errorf("the browser was opened %d times, want 1", n)
	}
	if fi, err := os.Stat(tokenFile(bed)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("token file %s: %v, %v; want mode 600", tokenFile(bed), fi, err)
	}
	checkNoSecrets(t, bed, out, errOut)

	// The next command finds the saved token: no browser, no sign-in steps.
	code, out, errOut = runSignIn(t, "call", "--url", bed.ServerURL(), oauthtest.ToolName)
	if code != ExitOK || !strings.Contains(out, `"text": "`+oauthtest.ToolAnswer+`"`) {
		t.Fatalf("call exited %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if n := len(browser.opened(t)); n != 1 || strings.Contains(errOut, "Opening the browser") {
		t.Errorf("the browser was opened again (%d in all) although a token was saved:\n%s", n, errOut)
	}

	code, out, errOut = runSignIn(t, "sign-out", "--url", bed.ServerURL())
	if code != ExitOK || !strings.Contains(out, `"signedOut": "`+hostName(bed.ServerURL())+`"`) {
		t.Fatalf("sign-out exited %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if _, err := os.Stat(tokenFile(bed)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the token file is still there after sign-out (%v)", err)
	}

	code, _, errOut = runSignIn(t, "tools", "--url", bed.ServerURL())
	if code != ExitOK || len(browser.opened(t)) != 2 {
		t.Errorf("after sign-out: exit %d, browser opened %d times in all, want 0 and 2\nstderr: %s", code, len(browser.opened(t)), errOut)
	}
}

// A configured server is signed out of by its name.
func TestSignOutConfiguredServerCLI(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the browser double is started through $BROWSER with Unix quoting")
	}
	browser := newBrowserDouble(t)
	isolateXDG(t)
	browser.use(t)
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	cfg := writeConfig(t, `{"mcpServers": {"prot": {"type": "http", "url": "`+bed.ServerURL()+`"}}}`)
	if code, out, errOut := runSignIn(t, "tools", "prot", "--config", cfg); code != ExitOK {
		t.Fatalf("tools exited %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	saved := oauth.NewTokenStore(mcp.TokenDir()).Path("prot")
	if _, err := os.Stat(saved); err != nil {
		t.Fatalf("no token saved for prot: %v", err)
	}
	if code, out, errOut := runSignIn(t, "sign-out", "prot", "--config", cfg); code != ExitOK || !strings.Contains(out, `"signedOut": "prot"`) {
		t.Fatalf("sign-out exited %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if _, err := os.Stat(saved); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the token file is still there after sign-out (%v)", err)
	}
}

// --client-id, --client-secret and --scope choose the client and the scopes;
// a connect timeout shorter than the person's sign-in does not cut it off.
func TestSignInCLIFlags(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the browser double is started through $BROWSER with Unix quoting")
	}
	browser := newBrowserDouble(t)
	isolateXDG(t)
	const secret = "cli-s3cret-value"
	tests := []struct {
		name         string
		cfg          oauthtest.Config
		flags        []string
		browserFlags []string
		wantClientID string // "dyn-" for a registered one
		wantScope    []string
		wantMethod   string
	}{
		{name: "pre-registered client with secret",
			cfg:   oauthtest.Config{AuthMethods: []string{"client_secret_basic"}, Preregistered: map[string]string{"cli-client": secret}},
			flags: []string{"--client-id", "cli-client", "--client-secret", secret}, wantClientID: "cli-client", wantMethod: "client_secret_basic"},
		{name: "pre-registered public client",
			cfg: oauthtest.Config{Preregistered: map[string]string{"cli-public": ""}},
			// No method checked: with no token_endpoint_auth_methods_supported
			// the SDK lets x/oauth2 try HTTP Basic with an empty secret first,
			// which this server accepts.
			flags: []string{"--client-id=cli-public"}, wantClientID: "cli-public"},
		{name: "scopes instead of the server's",
			cfg:   oauthtest.Config{ChallengeScope: "server-choice"},
			flags: []string{"--scope", "files:read mail", "--scope=calendar"}, wantClientID: "dyn-",
			wantScope: []string{"calendar", "files:read", "mail"}, wantMethod: "none"},
		{name: "client id and scope together",
			cfg:   oauthtest.Config{AuthMethods: []string{"client_secret_post"}, Preregistered: map[string]string{"cli-client": secret}},
			flags: []string{"--client-id", "cli-client", "--client-secret", secret, "--scope", "mcp"}, wantClientID: "cli-client",
			wantScope: []string{"mcp"}, wantMethod: "client_secret_post"},
		// --timeout bounds the sign-in as well (TestSignInRespectsTimeout); a
		// sign-in that takes 2 s fits in 10 s.
		{name: "sign-in within --timeout",
			cfg:   oauthtest.Config{},
			flags: []string{"--timeout", "10s"}, browserFlags: []string{"-delay", "2s"}, wantClientID: "dyn-", wantMethod: "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			browser.use(t, tt.browserFlags...)
			bed := oauthtest.NewServer(t, tt.cfg)
			args := append([]string{"tools", "--url", bed.ServerURL()}, tt.flags...)
			code, out, errOut := runSignIn(t, args...)
			if code != ExitOK {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
			}
			auths := bed.AuthorizeRequests()
			if len(auths) != 1 || !strings.HasPrefix(auths[0].Get("client_id"), tt.wantClientID) {
				t.Fatalf("authorization requests %v, want one by %s", auths, tt.wantClientID)
			}
			if registered := bed.Saw("POST /register"); registered != (tt.wantClientID == "dyn-") {
				t.Errorf("registered = %v with client ID %q", registered, tt.wantClientID)
			}
			if tt.wantScope != nil {
				got := strings.Fields(auths[0].Get("scope"))
				slices.Sort(got)
				if !slices.Equal(got, tt.wantScope) {
					t.Errorf("scope = %q, want %q", got, tt.wantScope)
				}
			}
			reqs := bed.TokenRequests()
			if last := reqs[len(reqs)-1]; !last.OK || (tt.wantMethod != "" && last.Method != tt.wantMethod) {
				t.Errorf("token requests %+v, want the last to work with %s", reqs, tt.wantMethod)
			}
			checkNoSecrets(t, bed, out, errOut)
		})
	}
}

// Failures exit 4 with one line that says what happened, and no secret.
func TestSignInCLIFailures(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the browser double is started through $BROWSER with Unix quoting")
	}
	browser := newBrowserDouble(t)
	isolateXDG(t)
	browser.use(t)
	const secret = "wrong-s3cret-value"
	tests := []struct {
		name  string
		cfg   oauthtest.Config
		flags []string
		want  []string // in the failure line
	}{
		{name: "resource mismatch", cfg: oauthtest.Config{MetadataResource: "https://other.example/mcp"},
			want: []string{"refusing to sign in", "other.example"}},
		{name: "token endpoint refuses the client",
			cfg:   oauthtest.Config{EchoSecret: true, AuthMethods: []string{"client_secret_post"}, Preregistered: map[string]string{"c": "right"}},
			flags: []string{"--client-id", "c", "--client-secret", secret},
			want:  []string{"refused to issue a token", "invalid_client"}},
		{name: "no way to identify the client", cfg: oauthtest.Config{NoRegistration: true},
			want: []string{"--client-id"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bed := oauthtest.NewServer(t, tt.cfg)
			code, out, errOut := runSignIn(t, append([]string{"tools", "--url", bed.ServerURL()}, tt.flags...)...)
			if code != ExitConnection {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, ExitConnection, out, errOut)
			}
			if out != "" {
				t.Errorf("stdout is not empty: %s", out)
			}
			t.Logf("stderr:\n%s", errOut)
			lines := failureLines(errOut)
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "mcpbrowser: could not connect to ") {
				t.Fatalf("want one failure line, got %q\nstderr: %s", lines, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(lines[0], w) {
					t.Errorf("the failure line lacks %q: %s", w, lines[0])
				}
			}
			if strings.Contains(errOut, secret) {
				t.Errorf("stderr shows the client secret:\n%s", errOut)
			}
			checkNoSecrets(t, bed, out, errOut)
		})
	}
}

// With no browser to open, the CLI prints the address for the person to
// open themselves, and waits for them.
func TestSignInCLIWithoutBrowser(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the browser double is started through $BROWSER with Unix quoting")
	}
	browser := newBrowserDouble(t)
	isolateXDG(t)
	browser.use(t, "-fail")
	t.Setenv("PATH", t.TempDir()) // no xdg-open either
	bed := oauthtest.NewServer(t, oauthtest.Config{})

	stderr := newLineTap()
	var out bytes.Buffer
	// A guard against a hang, not a speed check: the sign-in would otherwise
	// wait five minutes for a person.
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	done := make(chan int, 1)
	go func() {
		code := Run(ctx, []string{"tools", "--url", bed.ServerURL()}, Env{Stdout: &out, Stderr: stderr, Executable: demoBinary, Version: "test"})
		stderr.close() // ends the lines, so a missing address fails the test instead of hanging it
		done <- code
	}()
	const prefix = "open this address yourself: "
	var authURL string
	for line := range stderr.lines {
		if _, after, ok := strings.Cut(line, prefix); ok {
			authURL = after
			break
		}
	}
	if authURL == "" {
		t.Fatalf("the CLI (exit %d) never printed the address to open; stderr:\n%s", <-done, stderr.text())
	}
	// The person pastes the address into a browser.
	if status, page, _, err := oauthtest.Follow(ctx, authURL, false); err != nil || status != 200 || !strings.Contains(page, "signed in") {
		t.Fatalf("following %s: %d %q %v", authURL, status, page, err)
	}
	if code := <-done; code != ExitOK {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), stderr.text())
	}
	if !strings.Contains(out.String(), oauthtest.ToolName) {
		t.Errorf("stdout lacks the tool:\n%s", out.String())
	}
	if n := len(browser.opened(t)); n != 1 {
		t.Errorf("the browser command ran %d times, want 1 (and failed)", n)
	}
}

// A lineTap is a stderr the test can read line by line while the command runs.
type lineTap struct {
	mu      sync.Mutex
	all     bytes.Buffer
	w       *io.PipeWriter
	lines   chan string
	scanned sync.WaitGroup
}

func newLineTap() *lineTap {
	r, w := io.Pipe()
	lt := &lineTap{w: w, lines: make(chan string, 1000)}
	lt.scanned.Go(func() {
		defer close(lt.lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case lt.lines <- sc.Text():
			default: // nobody reads any more
			}
		}
	})
	return lt
}

func (lt *lineTap) Write(p []byte) (int, error) {
	lt.mu.Lock()
	lt.all.Write(p)
	lt.mu.Unlock()
	return lt.w.Write(p)
}

// close ends the stream; lines is closed once the last line is read.
func (lt *lineTap) close() {
	lt.w.Close()
	lt.scanned.Wait()
}

func (lt *lineTap) text() string {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	return lt.all.String()
}
