//go:build unix && !linux

package transport

import "syscall"

// No parent-death signal outside Linux: macOS and the BSDs have none a
// child can ask for, so a server outlives an app that is killed outright
// (the process group is signalled by every stop that runs).
func parentDeath(*syscall.SysProcAttr) {}

// Without /proc the tree is not walked: the process group is what stopping
// reaches.
func descendants(int) map[int]uint64 { return nil }

func sameProcess(int, uint64) bool { return false }
