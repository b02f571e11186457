package tap

import (
	"runtime"
	"syscall"
)

// yieldToPassThrough runs the calling goroutine, for the rest of its life,
// on a thread of its own at the lowest priority (nice 19): the recorder's
// work (parsing, pairing, masking, writing) then takes a CPU only when the
// pass-through, the host and the server leave one, instead of competing
// with them on a busy machine. A recorder that falls behind drops copies,
// counted in the recording, never the bytes passing. Nice 19 rather than
// SCHED_IDLE: an idle-class thread can be starved outright, and Go's
// stop-the-world pauses (the collector's) wait for whatever thread holds a
// scheduler slot — a starved recorder would then stall the pass-through.
// Measured with BenchmarkThroughTap (demo, shared 2-core machine at load
// 30): tapped/direct calls/s 0.80 → 0.89–0.95 at concurrency 1.
func yieldToPassThrough() {
	runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
	syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
}
