//go:build !unix

package tap

import "os"

// serverPipe is a pipe to or from the server (on Windows os.Pipe's ends
// already block; see pipe_unix.go).
func serverPipe() (r, w *os.File, err error) { return os.Pipe() }
