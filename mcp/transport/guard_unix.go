//go:build unix

package transport

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// The guard is a small process of its own that ends the servers' process
// trees when this process dies without doing it, even by SIGKILL (the OOM
// killer, `timeout -s KILL`): the parent-death signal (proc_start_linux.go)
// reaches only each server itself, not what it started, and macOS has no
// such signal. One guard serves the whole process: it is started with the
// first server, holds the read end of a pipe whose write end only this
// process has, and reads one line per server started ("+ PGID MARKER") and
// per server ended ("- PGID"). End of file means this process is gone, and
// the guard ends every group still on its list and the processes carrying
// its marker, as Terminate does. The guard is its own process group, so a
// signal to this process's group does not take it too.

// guardEnv marks a process started as the guard.
const guardEnv = "MCPBROWSER_GUARD"

// guardGrace is how long a server has after SIGTERM before SIGKILL, when the
// guard ends it.
const guardGrace = time.Second

var guard struct {
	mu      sync.Mutex
	program []string // the guard's command line; nil: no guard
	w       *os.File // the write end of the guard's stdin, once started
	failed  bool     // it could not be started: not tried again
}

// SetGuard names the program that runs as this process's guard (this
// program, which then calls RunGuard when IsGuard, or a smaller one that
// does). Without it no guard is started.
func SetGuard(program []string) {
	guard.mu.Lock()
	defer guard.mu.Unlock()
	guard.program = program
}

// IsGuard reports whether this process was started as a guard.
func IsGuard() bool { return os.Getenv(guardEnv) != "" }

// guardWatch puts a server's group on the guard's list, starting the guard
// if it is not running yet.
func guardWatch(pgid int, marker string) {
	guardSay(fmt.Sprintf("+ %d %s\n", pgid, marker))
}

// guardRelease takes a server's group off the list: it has ended.
func guardRelease(pgid int) { guardSay(fmt.Sprintf("- %d\n", pgid)) }

func guardSay(line string) {
	guard.mu.Lock()
	defer guard.mu.Unlock()
	if guard.w == nil && !guard.failed && len(guard.program) > 0 {
		guard.w = startGuard(guard.program)
		guard.failed = guard.w == nil
	}
	if guard.w != nil {
		guard.w.WriteString(line) // a guard that died takes nothing down with it
	}
}

func startGuard(program []string) *os.File {
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	defer r.Close()
	g := exec.Command(program[0], program[1:]...)
	g.Env = append(os.Environ(), guardEnv+"=1")
	g.Stdin = r
	g.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := g.Start(); err != nil {
		w.Close()
		return nil
	}
	go g.Wait()
	return w
}

// RunGuard is the guard's whole life: it keeps the list stdin gives it and,
// at end of file, ends every server still on it. It returns the exit code.
func RunGuard(stdin io.Reader) int {
	watched := map[int]string{} // pgid → marker
	sc := bufio.NewScanner(stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		pgid, err := strconv.Atoi(f[1])
		if err != nil || pgid <= 1 {
			continue
		}
		switch f[0] {
		case "+":
			watched[pgid] = strings.Join(f[2:], "") // no marker: the group alone
		case "-":
			delete(watched, pgid)
		}
	}
	var ended sync.WaitGroup
	for pgid, marker := range watched {
		ended.Add(1)
		go func() {
			defer ended.Done()
			processGroup{pgid: pgid, marker: marker}.Terminate(guardGrace)
		}()
	}
	ended.Wait()
	return 0
}
