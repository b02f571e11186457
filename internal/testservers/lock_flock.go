//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package testservers

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on the file at name (created if
// missing), waiting for it, and returns the way to release it.
func lockFile(name string) (unlock func(), err error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil // closing the file releases the lock
}
