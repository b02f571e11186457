//go:build windows

package store

import (
	"os"

	"golang.org/x/sys/windows"
)

// removesLockFiles: a file open in another process cannot be removed on
// Windows, so the lock file stays beside the file it guards.
const removesLockFiles = false

// lockFile takes an exclusive lock on f, waiting for it. Every process of
// this app that writes the file takes the same lock.
func lockFile(f *os.File) error {
	var ol windows.Overlapped
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, &ol)
}

func unlockFile(f *os.File) error {
	var ol windows.Overlapped
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}
