//go:build !windows

package cli

import (
	"os"
	"syscall"
)

// becomeLean replaces this process with the lean tap, which keeps its pid,
// its stdin, stdout and stderr, its environment and working folder (the
// host sees one process, as it started it). It returns only if it could
// not, and the tap then runs here.
func becomeLean(lean string, args []string) {
	syscall.Exec(lean, append([]string{lean}, args...), os.Environ())
}
