//go:build unix

package tap

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startTree starts the tap over a server that starts a grandchild and
// ignores both SIGTERM and the end of its stdin, and waits for it to say
// it is ready. It returns the tap, its stdin and the server's and
// grandchild's pids.
func startTree(t *testing.T, root string, wrap func(*exec.Cmd) *exec.Cmd, env ...string) (*exec.Cmd, io.WriteCloser, []int) {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "pids")
	cmd := wrap(tapCmd(t, root, "tree", append(env, "MCPTAP_PIDS="+pidFile)...))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.Contains(line, "ready") {
		t.Fatalf("the server did not say it was ready: %q %v", line, err)
	}
	go io.Copy(io.Discard, stdout)
	data, err := os.ReadFile(pidFile) // written before "ready"
	if err != nil {
		t.Fatal(err)
	}
	var a, b int
	if _, err := fmt.Sscan(string(data), &a, &b); err != nil {
		t.Fatal(err)
	}
	return cmd, stdin, []int{a, b}
}

// waitGone waits until none of pids runs. Processes end asynchronously
// after a kill, and there is no event to wait on for a process that is not
// one's child: it polls, and fails only if they are still there after a
// long while.
func waitGone(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var left []int
		for _, p := range pids {
			if alive(p) {
				left = append(left, p)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, p := range left {
				syscall.Kill(p, syscall.SIGKILL)
			}
			t.Fatalf("processes %v still run", left)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive is processAlive that counts a zombie as gone.
func alive(pid int) bool {
	if !processAlive(pid) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return processAlive(pid)
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(rest, "Z")
}

func TestNothingLeftRunning(t *testing.T) {
	cases := []struct {
		name string
		wrap func(*exec.Cmd) *exec.Cmd
		end  func(t *testing.T, tap *exec.Cmd, stdin io.WriteCloser)
	}{
		{"host closes stdin", same, func(t *testing.T, tap *exec.Cmd, stdin io.WriteCloser) {
			stdin.Close()
			tap.Wait()
		}},
		{"tap gets SIGTERM", same, func(t *testing.T, tap *exec.Cmd, _ io.WriteCloser) {
			tap.Process.Signal(syscall.SIGTERM)
			tap.Wait()
		}},
		{"kill -9 of the tap", same, func(t *testing.T, tap *exec.Cmd, _ io.WriteCloser) {
			tap.Process.Kill()
			tap.Wait()
		}},
		{"kill -9 of the host", asHost, func(t *testing.T, host *exec.Cmd, _ io.WriteCloser) {
			// The host (a shell that started the tap) dies; the tap sees its
			// stdin end and ends the server.
			syscall.Kill(-host.Process.Pid, syscall.SIGKILL)
			host.Wait()
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			tap, stdin, pids := startTree(t, root, c.wrap)
			c.end(t, tap, stdin)
			waitGone(t, pids)
			sessions, _ := List(root)
			for _, s := range sessions {
				waitGone(t, []int{s.TapPID})
			}
		})
	}
}

func same(cmd *exec.Cmd) *exec.Cmd { return cmd }

// asHost runs the tap under a shell in a process group of its own, as a
// host would have started it; the shell's group is killed.
func asHost(cmd *exec.Cmd) *exec.Cmd {
	argv := make([]string, len(cmd.Args))
	for i, a := range cmd.Args {
		argv[i] = "'" + a + "'"
	}
	sh := exec.Command("/bin/sh", "-c", strings.Join(argv, " ")+"; exit $?")
	sh.Env = cmd.Env
	sh.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return sh
}

// TestRestartsLeaveOneRecordingEach: a host that restarts the server many
// times leaves one finished recording per session and nothing running. The
// server exits when its stdin ends, leaving a child behind that the tap ends.
func TestRestartsLeaveOneRecordingEach(t *testing.T) {
	root := t.TempDir()
	const n = 8
	var pids []int
	for range n {
		tap, stdin, p := startTree(t, root, same, "MCPTAP_POLITE=1")
		pids = append(pids, p...)
		stdin.Close()
		if err := tap.Wait(); err != nil {
			t.Errorf("the tap exited with %v, want the server's 0", err)
		}
	}
	waitGone(t, pids)
	sessions, err := List(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(sessions) != n {
		t.Fatalf("%d recordings, want %d", len(sessions), n)
	}
	for _, s := range sessions {
		if s.State() != "finished" {
			t.Errorf("session %s is %s, want finished", s.ID, s.State())
		}
	}
}
