package tap

import (
	"os/exec"
	"syscall"
)

// dieWithTap asks the kernel to kill the server when the tap dies, even by
// SIGKILL (a parent-death signal). Its own children are the process group's
// and the marker's (transport.ContainCommand); they also lose their stdin
// when the tap is gone.
func dieWithTap(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
