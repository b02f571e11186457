//go:build windows

package testservers

import "syscall"

// processQueryLimitedInformation is PROCESS_QUERY_LIMITED_INFORMATION, which
// the syscall package does not name.
const processQueryLimitedInformation = 0x1000

// stillActive is STILL_ACTIVE, the exit code of a process still running.
const stillActive = 259

// ProcessAlive reports whether a process with this PID exists and has not
// exited. (A process that exits with code 259 looks alive; no test server does.)
func ProcessAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	h, err := syscall.OpenProcess(processQueryLimitedInformation, false, uint32(pid))
	if err != nil {
		return false
	}
	defer syscall.CloseHandle(h)
	var code uint32
	if err := syscall.GetExitCodeProcess(h, &code); err != nil {
		return false
	}
	return code == stillActive
}
