package transport

import "os/exec"

// ContainCommand prepares cmd, not yet started, the way the app starts its
// own servers: a process group (job object on Windows) of its own, and the
// marker that finds its descendants when it stops. After cmd.Start,
// NewProcessGroup(cmd) is the handle that ends all of them. Other programs
// that start a server for someone else (mcpbrowser tap) call this instead
// of repeating it.
func ContainCommand(cmd *exec.Cmd) {
	if cmd.Env == nil {
		cmd.Env = cmd.Environ()
	}
	cmd.Env = append(cmd.Env, newServerMarker())
	ConfigureCommand(cmd)
}
