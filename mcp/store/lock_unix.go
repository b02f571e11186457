//go:build unix

package store

import (
	"os"

	"golang.org/x/sys/unix"
)

// removesLockFiles: a lock file can be removed while held (see Lock).
const removesLockFiles = true

// lockFile takes an exclusive advisory lock on f, waiting for it. Every
// process of this app that writes the file takes the same lock.
func lockFile(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			return err
		}
	}
}

func unlockFile(f *os.File) error {
	return unix.Flock(int(f.Fd()), unix.LOCK_UN)
}
