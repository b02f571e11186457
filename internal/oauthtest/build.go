package oauthtest

import (
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// fakeBrowserPackage is the fakebrowser command's import path.
const fakeBrowserPackage = "mcpbrowser/internal/oauthtest/fakebrowser"

// BuildFakeBrowser compiles the fakebrowser command into a temporary
// directory of tb and returns the executable's path, for $BROWSER.
func BuildFakeBrowser(tb testing.TB) string {
	tb.Helper()
	exe := filepath.Join(tb.TempDir(), "fakebrowser")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "build", "-o", exe, fakeBrowserPackage).CombinedOutput()
	if err != nil {
		tb.Fatalf("building the fake browser (go build %s): %v\n%s", fakeBrowserPackage, err, out)
	}
	return exe
}
