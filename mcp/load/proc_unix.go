//go:build unix

package load

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the server in its own process group, so that what it starts
// (npx starts node) ends with it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
