//go:build unix

package transport

import "os/exec"

// CommandMarker is the KEY=VALUE marker ContainCommand gave cmd, which
// NewProcessGroup needs in an exec.Cmd's Env to find the server's
// descendants from another process (mcpbrowser tap's guard).
func CommandMarker(cmd *exec.Cmd) string { return markerOf(cmd) }
