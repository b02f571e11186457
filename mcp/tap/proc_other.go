//go:build !linux

package tap

import "os/exec"

// dieWithTap: Windows ends the server with its job object when the tap's
// handle closes (transport's process group); other systems have no
// parent-death signal, and the server loses its stdin when the tap dies.
func dieWithTap(*exec.Cmd) {}
