//go:build unix

package mcp

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// configureCommand puts the server in a process group of its own, so that
// stopping it reaches everything it started (npx → node, sh -c → children).
func configureCommand(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// A processGroup is the server's process group (its pgid is the server's pid).
type processGroup struct{ pgid int }

func newProcessGroup(cmd *exec.Cmd) processGroup { return processGroup{pgid: cmd.Process.Pid} }

func (g processGroup) signalTerm() { syscall.Kill(-g.pgid, syscall.SIGTERM) }
func (g processGroup) kill()       { syscall.Kill(-g.pgid, syscall.SIGKILL) }
func (g processGroup) close()      {}

// alive reports whether any process of the group is left.
func (g processGroup) alive() bool {
	err := syscall.Kill(-g.pgid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// terminate ends what is left of the group: SIGTERM, up to grace to exit, SIGKILL.
func (g processGroup) terminate(grace time.Duration) {
	if !g.alive() {
		return
	}
	g.signalTerm()
	deadline := time.Now().Add(grace)
	for time.Now().Before(deadline) {
		if !g.alive() {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	g.kill()
}

func envNameEqual(a, b string) bool { return a == b }

// pipeEmpty reports whether nothing is waiting to be read from the pipe.
func pipeEmpty(f *os.File) bool {
	if f == nil {
		return true
	}
	sc, err := f.SyscallConn()
	if err != nil {
		return true
	}
	n := 0
	sc.Control(func(fd uintptr) { n, err = unix.IoctlGetInt(int(fd), fionread) })
	return err != nil || n == 0
}
