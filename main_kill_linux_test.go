package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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
	exe := testservers.MCPBrowser.Build(t)
	cli, pid := startHangingCall(t, exe, "server.pid", "-mode", "ignore-sigterm", "-pidfile")
	if err := cli.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cli.Wait()
	waitUntil(t, "the server to end with the CLI", func() bool { return !testservers.ProcessAlive(pid) })
}

// TestKilledCLILeavesNoGrandchild: the server's own children outlive the
// parent-death signal, which reaches the server alone; the guard (one per
// CLI or window, mcp/transport/guard_unix.go) ends them when the CLI is
// SIGKILLed, and then ends itself.
func TestKilledCLILeavesNoGrandchild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	exe := testservers.MCPBrowser.Build(t)
	cli, pid := startHangingCall(t, exe, "grandchild.pid", "-mode", "grandchild", "-grandchild-pidfile")
	guards := func() []int { return processesWithEnv(t, "MCPBROWSER_GUARD=1", exe) }
	waitUntil(t, "the CLI's guard", func() bool { return len(guards()) == 1 })
	if err := cli.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cli.Wait()
	waitUntil(t, "the grandchild to end with the CLI", func() bool { return !testservers.ProcessAlive(pid) })
	waitUntil(t, "the guard to end", func() bool { return len(guards()) == 0 })
}

// processesWithEnv lists the running processes of program exe whose
// environment holds kv.
func processesWithEnv(t *testing.T, kv, exe string) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if path, _ := os.Readlink(filepath.Join("/proc", e.Name(), "exe")); path != exe {
			continue
		}
		env, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if slices.Contains(strings.Split(string(env), "\x00"), kv) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// startHangingCall runs `mcpbrowser call hang` (the CLI at exe) on the
// misbehave server with serverArgs, the last of which is the flag that
// takes the pid file named pidName; it waits for that file and returns the
// CLI, still running with its stdin held open, and the pid in the file,
// which is SIGKILLed when the test ends if it is still there.
func startHangingCall(t *testing.T, exe, pidName string, serverArgs ...string) (*exec.Cmd, int) {
	t.Helper()
	dir := t.TempDir()
	pidFile := filepath.Join(dir, pidName)
	args := append([]string{"call", "hang", "--config", filepath.Join(dir, "servers.json"), "--timeout", "10m",
		"--", testservers.Build(t)}, serverArgs...)
	cli := exec.Command(exe, append(args, pidFile)...)
	cli.Env = append(os.Environ(), "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir)
	stdin, err := cli.StdinPipe() // held open: the CLI is not told to stop
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close() })
	if err := cli.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cli.Process.Kill(); cli.Wait() })
	var pid int
	waitUntil(t, "the pid file "+pidName, func() bool {
		pid, err = testservers.ReadPIDFile(pidFile)
		return err == nil
	})
	t.Cleanup(func() {
		if testservers.ProcessAlive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return cli, pid
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
