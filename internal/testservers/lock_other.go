//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package testservers

import "errors"

// lockFile is not available here: each test binary builds on its own.
func lockFile(string) (func(), error) { return nil, errors.ErrUnsupported }
