//go:build unix

package load

import "syscall"

func syscallKill0(pid int) error { return syscall.Kill(pid, 0) }
