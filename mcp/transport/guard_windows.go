package transport

import "io"

// On Windows each server's job object ends its whole tree when this
// process's handle closes, however it ends: no guard is needed.

// SetGuard does nothing on Windows.
func SetGuard([]string) {}

// IsGuard is false on Windows.
func IsGuard() bool { return false }

// RunGuard is never called on Windows.
func RunGuard(io.Reader) int { return 0 }

func guardWatch(int, string) {}
func guardRelease(int)       {}
