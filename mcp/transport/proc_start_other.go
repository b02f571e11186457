//go:build !linux

package transport

import "os/exec"

// StartCommand starts cmd (configured by ConfigureCommand). Only Linux
// has a parent-death signal that needs a thread of its own (see
// proc_start_linux.go).
func StartCommand(cmd *exec.Cmd) error { return cmd.Start() }
