package transport

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync"
	"syscall"
)

// On Linux a server also gets a parent-death signal: the kernel sends it
// SIGKILL when the process that started it goes, however that happens
// (the OOM killer, kill -9), when no stop sequence can run.
//
// The signal is tied to the thread that started the child, not to the
// process: prctl(2) says it is sent "when the parent thread terminates".
// Go moves goroutines between threads and ends a thread whose goroutine
// exits while locked to it, so a server started from an ordinary goroutine
// could be killed the day that thread went. Every server is therefore
// started from one thread that is locked for good and never exits
// (startThread), and the signal then means what it should: this process
// is gone.
func parentDeath(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }

var startThread struct {
	once sync.Once
	reqs chan startRequest
}

type startRequest struct {
	cmd  *exec.Cmd
	done chan error
}

// StartCommand starts cmd (configured by ConfigureCommand) from the one
// thread that outlives every server it starts.
func StartCommand(cmd *exec.Cmd) error {
	startThread.once.Do(func() {
		startThread.reqs = make(chan startRequest)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread lives as long as the process
			for r := range startThread.reqs {
				r.done <- r.cmd.Start()
			}
		}()
	})
	done := make(chan error, 1)
	startThread.reqs <- startRequest{cmd, done}
	return <-done
}

// procStat is what /proc/PID/stat says of a process: its parent, its start
// time (with the pid, an identity no reuse of the pid can fake) and
// whether it is a zombie.
type procStat struct {
	ppid   int
	start  uint64
	zombie bool
}

func readProcStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	// "PID (COMM) STATE PPID ..."; COMM may hold spaces and parentheses.
	end := bytes.LastIndexByte(b, ')')
	if end < 0 {
		return procStat{}, false
	}
	f := bytes.Fields(b[end+1:])
	if len(f) < 20 {
		return procStat{}, false
	}
	ppid, _ := strconv.Atoi(string(f[1]))
	start, _ := strconv.ParseUint(string(f[19]), 10, 64) // field 22 of the whole line
	return procStat{ppid: ppid, start: start, zombie: f[0][0] == 'Z' || f[0][0] == 'X'}, true
}

// descendants returns root and every process below it by parent links,
// each with its start time: children that called setsid (left the group)
// and emptied their environment (lost the marker) are still found here
// while the tree holds together.
func descendants(root int) map[int]uint64 {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	stats := map[int]procStat{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readProcStat(pid); ok {
			stats[pid] = st
			children[st.ppid] = append(children[st.ppid], pid)
		}
	}
	out := map[int]uint64{}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		st, ok := stats[pid]
		if !ok || st.zombie {
			continue
		}
		if _, seen := out[pid]; seen {
			continue
		}
		out[pid] = st.start
		queue = append(queue, children[pid]...)
	}
	return out
}

// sameProcess reports whether pid is still the live process that started
// at start.
func sameProcess(pid int, start uint64) bool {
	st, ok := readProcStat(pid)
	return ok && !st.zombie && st.start == start
}
