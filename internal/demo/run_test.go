package demo_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/demo"
)

// serveEnv, when set in the environment, makes this test binary act as
// `mcpbrowser demo-server`: the tests below start it as a real process and
// talk to it over stdin and stdout. Its value is the --root ("-" for none).
const serveEnv = "MCPBROWSER_DEMO_TEST_SERVE"

func TestMain(m *testing.M) {
	if root, ok := os.LookupEnv(serveEnv); ok {
		os.Exit(serve(root))
	}
	os.Exit(m.Run())
}

// serve does what main.go does for `mcpbrowser demo-server`.
func serve(root string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if root == "-" {
		root = ""
	}
	if err := demo.Run(ctx, demo.Options{Root: root}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// startServer starts this test binary as the demo server.
func startServer(t *testing.T, root string) (*exec.Cmd, *recorder) {
	t.Helper()
	stderr := newRecorder()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+root)
	cmd.Stderr = stderr
	return cmd, stderr
}

// sandboxFrom reads the sandbox path from the server's first stderr line.
func sandboxFrom(t *testing.T, stderr *recorder) string {
	t.Helper()
	pattern := regexp.MustCompile(`sandbox folder is (.+); talking MCP`)
	stderr.waitFor(t, "the server's first stderr line", func() bool { return pattern.MatchString(stderr.stderr.String()) })
	return pattern.FindStringSubmatch(stderr.stderrText())[1]
}

func TestRunOverStdioCreatesAndRemovesSandbox(t *testing.T) {
	cmd, stderr := startServer(t, "-")
	session, err := sdk.NewClient(&sdk.Implementation{Name: "demo-test", Version: "0"}, nil).
		Connect(t.Context(), &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connecting to the demo server process: %v\nstderr: %s", err, stderr.stderrText())
	}
	root := sandboxFrom(t, stderr)
	if _, err := os.Stat(filepath.Join(root, "welcome.txt")); err != nil {
		t.Fatalf("the fresh sandbox has no welcome.txt: %v", err)
	}

	res, err := session.CallTool(t.Context(), &sdk.CallToolParams{Name: "add", Arguments: map[string]any{"a": 2, "b": 3}})
	if err != nil || textOf(res) != "2 + 3 = 5" {
		t.Errorf("add over stdio = %v, %v", res, err)
	}
	res, err = session.CallTool(t.Context(), &sdk.CallToolParams{Name: "log_stderr", Arguments: map[string]any{"lines": 2}})
	if err != nil || res.IsError {
		t.Errorf("log_stderr over stdio = %v, %v", res, err)
	}
	stderr.waitFor(t, "log_stderr's lines", func() bool {
		return strings.Contains(stderr.stderr.String(), "log_stderr: line 2 of 2")
	})

	// Closing stdin is how a client says goodbye; the server exits cleanly
	// and removes the sandbox it made.
	if err := session.Close(); err != nil {
		t.Errorf("closing the session: %v", err)
	}
	if cmd.ProcessState == nil || !cmd.ProcessState.Success() {
		t.Errorf("the server did not exit cleanly: %v\nstderr: %s", cmd.ProcessState, stderr.stderrText())
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("the sandbox %s is still there after exit (%v)", root, err)
	}
}

func TestRunStopsOnInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to a child process on Windows")
	}
	root, err := demo.NewSandbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cmd, stderr := startServer(t, root)
	stdin, err := cmd.StdinPipe() // kept open: the server must stop on the signal alone
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if got := sandboxFrom(t, stderr); got != root {
		t.Errorf("server reports sandbox %s, want %s", got, root)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the server exited with %v after an interrupt, want success\nstderr: %s", err, stderr.stderrText())
		}
	case <-time.After(hangGuard):
		cmd.Process.Kill()
		t.Fatal("the server did not stop on an interrupt")
	}
	// A sandbox the user chose is theirs: it stays.
	if _, err := os.Stat(filepath.Join(root, "welcome.txt")); err != nil {
		t.Errorf("the chosen sandbox was touched: %v", err)
	}
}

func TestRunRefusesMissingRoot(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	cmd, stderr := startServer(t, missing)
	err := cmd.Run()
	if err == nil {
		t.Fatal("the server ran with a missing --root")
	}
	if !strings.Contains(stderr.stderrText(), "cannot be used") {
		t.Errorf("stderr %q does not explain the missing folder", stderr.stderrText())
	}
}
