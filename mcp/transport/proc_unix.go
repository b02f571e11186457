//go:build unix

package transport

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// ConfigureCommand puts the server in a process group of its own, so that
// stopping it reaches everything it started (npx → node, sh -c → children),
// and on Linux asks for a parent-death signal (proc_start_linux.go); start
// it with StartCommand.
func ConfigureCommand(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	parentDeath(cmd.SysProcAttr)
}

// A processGroup is the server's process group (its pgid is the server's
// pid), and the descendants that left it: found by the marker in their
// environment (markedProcesses) or, on Linux, by walking the tree below
// the server (descendants), which finds one that also emptied its
// environment.
type processGroup struct {
	pgid   int
	marker string
	tree   *knownTree
}

// knownTree is every process seen below the server, with its start time.
// A child that the server leaves behind (setsid, then the server exits) is
// no longer below it once orphaned, so the tree is remembered whenever it
// is walked: before stdin closes, and at every signal.
type knownTree struct {
	mu    sync.Mutex
	root  map[int]uint64 // the server itself, when it could be read
	procs map[int]uint64
}

func NewProcessGroup(cmd *exec.Cmd) processGroup {
	pid := cmd.Process.Pid
	g := processGroup{pgid: pid, marker: markerOf(cmd), tree: &knownTree{root: descendants(pid), procs: map[int]uint64{}}}
	guardWatch(g.pgid, g.marker)
	return g
}

// Release takes the group off the guard's list (guard_unix.go), once it
// has ended.
func (g processGroup) Release() { guardRelease(g.pgid) }

// remember walks the tree below the server and keeps what it finds; only
// while the server itself still runs, so that a pid reused after it was
// reaped never leads to another program's processes.
func (g processGroup) remember() {
	if g.tree == nil {
		return
	}
	start, ok := g.tree.root[g.pgid]
	if !ok || !sameProcess(g.pgid, start) {
		return
	}
	found := descendants(g.pgid)
	g.tree.mu.Lock()
	defer g.tree.mu.Unlock()
	for pid, start := range found {
		g.tree.procs[pid] = start
	}
}

// known returns the remembered processes still running, forgetting the rest.
func (g processGroup) known() []int {
	if g.tree == nil {
		return nil
	}
	g.tree.mu.Lock()
	defer g.tree.mu.Unlock()
	var pids []int
	for pid, start := range g.tree.procs {
		if sameProcess(pid, start) {
			pids = append(pids, pid)
		} else {
			delete(g.tree.procs, pid)
		}
	}
	return pids
}

func (g processGroup) signal(sig syscall.Signal) {
	g.remember()
	syscall.Kill(-g.pgid, sig)
	for _, pid := range markedProcesses(g.marker) {
		syscall.Kill(pid, sig)
	}
	for _, pid := range g.known() {
		syscall.Kill(pid, sig)
	}
}

func (g processGroup) signalTerm() { g.signal(syscall.SIGTERM) }
func (g processGroup) kill()       { g.signal(syscall.SIGKILL) }
func (g processGroup) close()      {}

// alive reports whether any process of the group, or a marked one, is left.
func (g processGroup) alive() bool {
	err := syscall.Kill(-g.pgid, 0)
	if err == nil || errors.Is(err, syscall.EPERM) {
		return true
	}
	return len(markedProcesses(g.marker)) > 0 || len(g.known()) > 0 // a zombie's environment reads empty
}

// terminate ends what is left of the group: SIGTERM, up to grace to exit, SIGKILL.
func (g processGroup) Terminate(grace time.Duration) {
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

// pipePending is how many bytes wait to be read from the pipe (0 when unknown).
func pipePending(f *os.File) int64 {
	if f == nil {
		return 0
	}
	sc, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	n := 0
	sc.Control(func(fd uintptr) { n, err = unix.IoctlGetInt(int(fd), fionread) })
	if err != nil {
		return 0
	}
	return int64(n)
}

// readCounted reads from r (a pipe) and adds what it read to count, both
// under mu: it waits for the pipe to be readable without holding mu, then
// reads and counts in one step.
func readCounted(r io.Reader, b []byte, mu *sync.Mutex, count *atomic.Int64) (int, error) {
	f, ok := r.(*os.File)
	if !ok {
		return readCountedPlain(r, b, mu, count)
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return readCountedPlain(r, b, mu, count)
	}
	var n int
	var rerr error
	err = rc.Read(func(fd uintptr) bool {
		mu.Lock()
		defer mu.Unlock()
		n, rerr = syscall.Read(int(fd), b)
		if rerr == syscall.EAGAIN || rerr == syscall.EINTR {
			return false // not readable yet: the runtime waits, then calls again
		}
		if n > 0 {
			count.Add(int64(n))
		}
		return true
	})
	switch {
	case err != nil:
		return 0, err
	case rerr != nil:
		return 0, rerr
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

// markerOf is the marker in cmd's environment, or "".
func markerOf(cmd *exec.Cmd) string {
	for _, kv := range cmd.Env {
		if strings.HasPrefix(kv, serverMarkerEnv+"=") {
			return kv
		}
	}
	return ""
}
