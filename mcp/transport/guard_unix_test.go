//go:build unix

package transport

import (
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRunGuardEndsWhatIsStillWatched: at end of input (the guarded process
// died) the guard ends every group still on its list, and none that was
// taken off it; lines it cannot read change nothing.
func TestRunGuardEndsWhatIsStillWatched(t *testing.T) {
	start := func() *exec.Cmd {
		cmd := exec.Command("sleep", "300")
		ContainCommand(cmd)
		if err := StartCommand(cmd); err != nil {
			t.Skip("no sleep to run:", err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); syscall.Wait4(cmd.Process.Pid, nil, 0, nil) })
		return cmd
	}
	watched, released, bare := start(), start(), start()
	input := fmt.Sprintf("+ %d %s\n+ %d %s\n- %d\n+ %d\nnonsense\n+ x y\n- 1\n",
		watched.Process.Pid, CommandMarker(watched),
		released.Process.Pid, CommandMarker(released), released.Process.Pid,
		bare.Process.Pid)
	if code := RunGuard(strings.NewReader(input)); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	// What the guard ends was sent SIGTERM and, past the grace, SIGKILL:
	// wait for it to exit (this test is its parent), bounded only as a
	// failure. What it released must still run after that.
	for name, cmd := range map[string]*exec.Cmd{"watched": watched, "watched without a marker": bare} {
		exited := make(chan struct{})
		go func() { syscall.Wait4(cmd.Process.Pid, nil, 0, nil); close(exited) }()
		select {
		case <-exited:
		case <-time.After(time.Minute):
			t.Errorf("%s: still running a minute after the guard ended it", name)
		}
	}
	if pid, _ := syscall.Wait4(released.Process.Pid, nil, syscall.WNOHANG, nil); pid != 0 {
		t.Error("released: the guard ended a server taken off its list")
	}
}
