package cli

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/oauthtest"
)

// TestSignInRespectsTimeout: --timeout bounds the wait for the browser
// sign-in too (it waited five minutes), and says what it waited for.
func TestSignInRespectsTimeout(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the browser double is started through $BROWSER with Unix quoting")
	}
	browser := newBrowserDouble(t)
	isolateXDG(t)
	browser.use(t, "-fail")
	t.Setenv("PATH", t.TempDir())
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	// A guard against a hang, not a speed check.
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	var out, errOut bytes.Buffer
	code := Run(ctx, []string{"tools", "--url", bed.ServerURL(), "--timeout", "2s"}, Env{Stdout: &out, Stderr: &errOut, Executable: demoBinary, Version: "test"})
	if ctx.Err() != nil {
		t.Fatalf("the sign-in outlived --timeout 2s by a minute and a half; stderr:\n%s", errOut.String())
	}
	if code != ExitConnection || !strings.Contains(errOut.String(), "2s") {
		t.Errorf("exit %d; stderr:\n%s", code, errOut.String())
	}
}

// TestSignInCtrlC: cancelling (Ctrl+C) ends the wait for the browser.
func TestSignInCtrlC(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the browser double is started through $BROWSER with Unix quoting")
	}
	browser := newBrowserDouble(t)
	isolateXDG(t)
	browser.use(t, "-fail")
	t.Setenv("PATH", t.TempDir())
	bed := oauthtest.NewServer(t, oauthtest.Config{})
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(2*time.Second, cancel) // the person presses Ctrl+C
	guard := time.AfterFunc(90*time.Second, func() { panic("Ctrl+C did not end the sign-in") })
	defer guard.Stop()
	var out, errOut bytes.Buffer
	code := Run(ctx, []string{"tools", "--url", bed.ServerURL()}, Env{Stdout: &out, Stderr: &errOut, Executable: demoBinary, Version: "test"})
	if code == ExitOK {
		t.Errorf("exit 0 after Ctrl+C; stderr:\n%s", errOut.String())
	}
}

// TestRefusedWithoutOAuth: a 401 from a server that offers no sign-in says
// the server refused the credentials, and attempts no registration.
func TestRefusedWithoutOAuth(t *testing.T) {
	isolateXDG(t)
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paths = append(paths, r.Method+" "+r.URL.Path)
		if r.URL.Path == "/mcp" {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			w.WriteHeader(401)
			return
		}
		w.WriteHeader(404)
	}))
	defer srv.Close()
	code, _, errOut := runSignIn(t, "tools", "--url", srv.URL+"/mcp", "--header", "Authorization: Bearer wrong-token-123", "--timeout", "10s")
	if code != ExitConnection || !strings.Contains(errOut, "refused the credentials") || !strings.Contains(errOut, "offers no sign-in") {
		t.Errorf("exit %d; stderr:\n%s", code, errOut)
	}
	for _, p := range paths {
		if strings.Contains(p, "POST /register") {
			t.Errorf("tried to register: %v", paths)
		}
	}
}
