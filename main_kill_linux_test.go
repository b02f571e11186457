package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
)

// TestKilledCLILeavesNoServer builds the real binary, lets it start a
// server that ignores stdin EOF and every catchable signal, and kills the
// CLI with SIGKILL (as the OOM killer or `timeout -s KILL` would): no stop
// sequence runs, and the kernel's parent-death signal must end the server.
func TestKilledCLILeavesNoServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "mcpbrowser")
	build := exec.Command("go", "build", "-tags", "ci,no_emoji,no_animations", "-o", exe, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	server := testservers.Build(t)
	pidFile := filepath.Join(dir, "server.pid")
	cli := exec.Command(exe, "call", "hang", "--config", filepath.Join(dir, "servers.json"), "--timeout", "10m",
		"--", server, "-mode", "ignore-sigterm", "-pidfile", pidFile)
	cli.Env = append(os.Environ(), "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir)
	stdin, err := cli.StdinPipe() // held open: the CLI is not told to stop
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cli.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	waitUntil(t, "the server's pid file", func() bool {
		pid, err = testservers.ReadPIDFile(pidFile)
		return err == nil
	})
	defer func() {
		if testservers.ProcessAlive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}()
	if err := cli.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cli.Wait()
	waitUntil(t, "the server to end with the CLI", func() bool { return !testservers.ProcessAlive(pid) })
}

// waitUntil polls cond until it holds, failing after a minute: a bound on
// a wait for an event, not a measure of how long it takes.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}
