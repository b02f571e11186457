//go:build unix

package load

import (
	"os/exec"
	"syscall"

	"mcpbrowser/mcp/transport"
)

// ownGroup puts the server in its own process group, so that what it starts
// (npx starts node) ends with it.
func ownGroup(cmd *exec.Cmd) {
	transport.ConfigureCommand(cmd) // its own group, and the parent-death signal on Linux
}

func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
