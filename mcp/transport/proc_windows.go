//go:build windows

package transport

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// configureCommand starts the server without a console window flashing up and
// in a new process group; the job object is attached right after start.
func ConfigureCommand(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{
		HideWindow:    true,
		CreationFlags: windows.CREATE_NO_WINDOW | windows.CREATE_NEW_PROCESS_GROUP,
	}
}

// A processGroup is a job object holding the server and everything it starts.
// The job kills its processes when its last handle closes, so even a crash of
// the app leaves nothing behind.
type processGroup struct {
	job  windows.Handle
	proc windows.Handle
}

func NewProcessGroup(cmd *exec.Cmd) processGroup {
	var g processGroup
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return g
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return g
	}
	proc, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE|windows.SYNCHRONIZE,
		false, uint32(cmd.Process.Pid))
	if err != nil {
		windows.CloseHandle(job)
		return g
	}
	if err := windows.AssignProcessToJobObject(job, proc); err != nil {
		windows.CloseHandle(job)
		windows.CloseHandle(proc)
		return g
	}
	return processGroup{job: job, proc: proc}
}

// signalTerm: Windows has no SIGTERM for console-less children; ending the job is the stop.
// remember has nothing to do: the job holds every descendant already.
func (g processGroup) remember() {}

func (g processGroup) signalTerm() { g.kill() }

func (g processGroup) kill() {
	if g.job != 0 {
		windows.TerminateJobObject(g.job, 1)
	}
}

func (g processGroup) Terminate(time.Duration) { g.kill() }

func (g processGroup) close() {
	if g.proc != 0 {
		windows.CloseHandle(g.proc)
	}
	if g.job != 0 {
		windows.CloseHandle(g.job)
	}
}

func envNameEqual(a, b string) bool { return strings.EqualFold(a, b) }

// pipePending is how many bytes wait to be read from the pipe (0 when unknown).
func pipePending(f *os.File) int64 {
	if f == nil {
		return 0
	}
	var avail uint32
	if r, _, _ := procPeekNamedPipe.Call(f.Fd(), 0, 0, 0, uintptr(unsafe.Pointer(&avail)), 0); r == 0 {
		return 0
	}
	return int64(avail)
}

// PeekNamedPipe (kernel32) is not wrapped by x/sys/windows.
var procPeekNamedPipe = windows.NewLazySystemDLL("kernel32.dll").NewProc("PeekNamedPipe")

// readCounted reads from r and counts what it read. (Windows pipes cannot be
// waited on without reading, so the count follows the read: settleStderr may
// then return a moment early.)
func readCounted(r io.Reader, b []byte, mu *sync.Mutex, count *atomic.Int64) (int, error) {
	return readCountedPlain(r, b, mu, count)
}

// Release does nothing on Windows: the job object needs no guard.
func (g processGroup) Release() {}
