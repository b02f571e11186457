package oauth

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeCommands puts small shell scripts on PATH that record how they were
// called, so the real process launching is tested without a real browser.
func fakeCommands(t *testing.T) (dir string) {
	t.Helper()
	dir = t.TempDir()
	recorder := "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"" + dir + "/${0##*/}.args\"\n"
	for _, name := range []string{"recorder", "xdg-open", "open", "rundll32"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(recorder), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "failing"), []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	return dir
}

func TestOpenBrowser(t *testing.T) {
	const u = "https://auth.example/authorize?client_id=a&state=b"
	tests := []struct {
		name     string
		browser  string
		goos     string
		wantCmd  string
		wantArgs []string
	}{
		{"BROWSER without %s gets the URL last", "recorder", "linux", "recorder", []string{u}},
		{"BROWSER with %s", "recorder --new-tab %s", "linux", "recorder", []string{"--new-tab", u}},
		{"%% is a percent sign", "recorder '100%%' %s", "linux", "recorder", []string{"100%", u}},
		{"quoted parts stay together", `recorder "two words" %s`, "linux", "recorder", []string{"two words", u}},
		{"first command missing, next one used", "no-such-browser:recorder", "linux", "recorder", []string{u}},
		{"first command fails, next one used", "failing %s:recorder", "linux", "recorder", []string{u}},
		{"Windows separates with semicolons", "no-such-browser;recorder", "windows", "recorder", []string{u}},
		{"all of BROWSER fails, system opener used", "failing", "linux", "xdg-open", []string{u}},
		{"Linux opener", "", "linux", "xdg-open", []string{u}},
		{"macOS opener", "", "darwin", "open", []string{u}},
		{"Windows opener", "", "windows", "rundll32", []string{"url.dll,FileProtocolHandler", u}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fakeCommands(t)
			if err := openBrowserWith(context.Background(), u, tt.browser, tt.goos); err != nil {
				t.Fatalf("openBrowserWith: %v", err)
			}
			got, err := os.ReadFile(filepath.Join(dir, tt.wantCmd+".args"))
			if err != nil {
				t.Fatalf("%s was not run: %v", tt.wantCmd, err)
			}
			if want := strings.Join(tt.wantArgs, "\n") + "\n"; string(got) != want {
				t.Errorf("%s got args %q, want %q", tt.wantCmd, got, want)
			}
		})
	}
}

func TestOpenBrowserRefuses(t *testing.T) {
	dir := fakeCommands(t)
	for _, u := range []string{"file:///etc/passwd", "--help", "javascript:alert(1)"} {
		if err := openBrowserWith(context.Background(), u, "recorder", "linux"); err == nil {
			t.Errorf("opened %q", u)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "recorder.args")); err == nil {
		t.Error("a browser command ran for a refused URL")
	}
	// Nothing works at all: the error says what to do.
	t.Setenv("PATH", t.TempDir())
	err := openBrowserWith(context.Background(), "https://a.example/", "no-such-browser", "linux")
	if err == nil || !strings.Contains(err.Error(), "set BROWSER") {
		t.Errorf("error = %v, want advice to set BROWSER", err)
	}
}
