package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

// TestLocaleFixRunsBeforeFyne builds the real binary (package init order is
// a property of the program, and a test binary's differs) and checks that,
// under LANG=C.UTF-8, Fyne logs no locale error into a CLI command's stderr.
func TestLocaleFixRunsBeforeFyne(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	cmd := exec.Command(testservers.MCPBrowser.Build(t), "--version")
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=", "LC_MESSAGES=", "LANGUAGE=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mcpbrowser --version: %v\n%s", err, stderr.String())
	}
	if !strings.HasPrefix(string(out), "mcpbrowser ") {
		t.Errorf("stdout %q", out)
	}
	if strings.Contains(stderr.String(), "locale") {
		t.Errorf("Fyne complained about the locale:\n%s", stderr.String())
	}
}

func TestWindowArgs(t *testing.T) {
	cases := []struct {
		args []string
		path string
		ok   bool
	}{
		{nil, "", true},
		{[]string{"--config", "/x.json"}, "/x.json", true},
		{[]string{"--config=/y.json"}, "/y.json", true},
		{[]string{"tools", "demo"}, "", false},
		{[]string{"--config", "/x.json", "servers"}, "", false},
	}
	for _, c := range cases {
		path, ok := windowArgs(c.args)
		if path != c.path || ok != c.ok {
			t.Errorf("windowArgs(%q) = %q, %v", c.args, path, ok)
		}
	}
}
