//go:build unix

package testservers

import (
	"errors"
	"syscall"
)

// ProcessAlive reports whether a process with this PID exists and is not a
// zombie. A zombie has ended but was not yet reaped by its parent; for a test
// asking whether a server survived a stop, it is dead.
func ProcessAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	// Signal 0 checks existence and permission without sending anything;
	// EPERM means the process exists but belongs to someone else.
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	return !isZombie(pid)
}
