//go:build linux

package mcp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
)

// TestStopReachesSetsidGrandchild: a descendant that left the server's
// process group with setsid is still stopped with its server.
func TestStopReachesSetsidGrandchild(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command")
	}
	exe := buildMisbehave(t)
	pidFile := filepath.Join(t.TempDir(), "gc.pid")
	script := `setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > "$1.tmp" && mv "$1.tmp" "$1"; exec "$2" -mode echo`
	cfg := &config.ServerConfig{Name: "s", Type: config.TypeStdio, Command: "sh", Args: []string{"-c", script, "sh", pidFile, exe}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Session("s").Connect(ctx); err != nil {
		t.Fatal(err)
	}
	pid, err := testservers.ReadPIDFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	// The shell writes the pid as soon as it forks; the child calls
	// setsid a moment later (long after, on a loaded machine).
	waitFor(t, func() bool { sid, _ := unixGetsid(pid); return sid == pid }, "the grandchild to leave the session")
	m.Close()
	waitFor(t, func() bool { return !testservers.ProcessAlive(pid) }, "the setsid grandchild to be stopped")
	if testservers.ProcessAlive(pid) {
		p, _ := os.FindProcess(pid)
		p.Kill()
	}
}

func unixGetsid(pid int) (int, error) { return unix.Getsid(pid) }

// TestStopReachesSetsidChildWithEmptyEnvironment: a child that leaves the
// server's process group with setsid and empties its environment (so the
// marker is gone too) is still stopped with its server, even though the
// server exits first and the child is orphaned.
func TestStopReachesSetsidChildWithEmptyEnvironment(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command")
	}
	for _, tool := range []string{"setsid", "env"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool + " command")
		}
	}
	exe := buildMisbehave(t)
	pidFile := filepath.Join(t.TempDir(), "child.pid")
	script := `setsid env -i "$3" 300 </dev/null >/dev/null 2>&1 & echo $! > "$1.tmp" && mv "$1.tmp" "$1"; exec "$2" -mode echo`
	cfg := &config.ServerConfig{Name: "s", Type: config.TypeStdio, Command: "sh", Args: []string{"-c", script, "sh", pidFile, exe, sleep}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Session("s").Connect(ctx); err != nil {
		t.Fatal(err)
	}
	pid, err := testservers.ReadPIDFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if p, err := os.FindProcess(pid); err == nil && testservers.ProcessAlive(pid) {
			p.Kill()
		}
	}()
	// setsid and env exec into sleep: wait until the child is sleep, in a
	// session of its own, with an empty environment.
	waitFor(t, func() bool {
		sid, _ := unixGetsid(pid)
		env, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "environ"))
		exe, _ := os.Readlink(filepath.Join("/proc", strconv.Itoa(pid), "exe"))
		return sid == pid && err == nil && len(env) == 0 && filepath.Base(exe) == "sleep"
	}, "the child to leave the session and empty its environment")
	m.Close()
	waitFor(t, func() bool { return !testservers.ProcessAlive(pid) }, "the setsid child with no environment to be stopped")
}
