package testservers

import (
	"bytes"
	"fmt"
	"os"
)

// isZombie reads the process state from /proc/PID/stat: "PID (COMM) STATE ...",
// where COMM may itself hold spaces and parentheses, so the state is the field
// after the last ')'. Z is a zombie, X (or a vanished file) a process that is
// gone.
func isZombie(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	end := bytes.LastIndexByte(stat, ')')
	if end < 0 || end+2 >= len(stat) {
		return false
	}
	state := stat[end+2]
	return state == 'Z' || state == 'X'
}
