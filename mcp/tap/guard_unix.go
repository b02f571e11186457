//go:build unix

package tap

import (
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"

	"mcpbrowser/mcp/transport"
)

// The guard is a small process of its own that ends the server's process
// tree when the tap dies without doing it, even by SIGKILL: the parent-death
// signal reaches only the server itself, not what it started. It holds the
// read end of a pipe whose write end only the tap has; the tap writes one
// byte before it exits normally. End of file without that byte means the
// tap is gone, and the guard ends the server's process group (and the
// processes that carry its marker).

// guardGroupEnv tells the guard which group to watch: "PGID MARKER".
const guardGroupEnv = "MCPBROWSER_TAP_GROUP"

// startGuard starts guard (a command line) watching cmd's group. It
// returns the tap's end of the pipe, to be released with releaseGuard, or
// nil when there is no guard.
func startGuard(guard []string, cmd *exec.Cmd) *os.File {
	if len(guard) == 0 {
		return nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	defer r.Close()
	g := exec.Command(guard[0], guard[1:]...)
	g.Env = append(os.Environ(), guardGroupEnv+"="+strconv.Itoa(cmd.Process.Pid)+" "+transport.CommandMarker(cmd))
	g.Stdin = r
	// Its own process group: a host that kills the tap's group must not
	// take the guard with it.
	g.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := g.Start(); err != nil {
		w.Close()
		return nil
	}
	go g.Wait()
	return w
}

// releaseGuard tells the guard the tap ended the server itself.
func releaseGuard(w *os.File) {
	if w != nil {
		w.Write([]byte{'x'})
		w.Close()
	}
}

// IsGuard reports whether this process was started as a tap's guard.
func IsGuard() bool { return os.Getenv(guardGroupEnv) != "" }

// RunGuard is the guard's whole life: it waits on stdin, and ends the
// server's group unless the tap released it. It returns the exit code.
func RunGuard(stdin io.Reader) int {
	pgid, marker, _ := strings.Cut(os.Getenv(guardGroupEnv), " ")
	pid, err := strconv.Atoi(pgid)
	if err != nil || pid <= 1 {
		return 2
	}
	signal := make([]byte, 1)
	if n, _ := io.ReadFull(stdin, signal); n == 1 {
		return 0 // released: the tap ended the server itself
	}
	cmd := &exec.Cmd{Env: []string{marker}}
	cmd.Process, _ = os.FindProcess(pid)
	transport.NewProcessGroup(cmd).Terminate(graceTerm)
	return 0
}
