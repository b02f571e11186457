//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
)

// stopHint says what ends an ignore-stdin-eof server here.
const stopHint = "SIGTERM"

// grandchildDescription says how the grandchild is started here.
const grandchildDescription = "sh -c 'exec sleep 300'"

// ignoreTerminationSignals catches SIGTERM, SIGINT, SIGHUP and SIGPIPE and
// only reports them. Catching SIGPIPE also keeps a write to a stderr nobody
// reads any more from ending the process.
func ignoreTerminationSignals(report func(os.Signal)) {
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGPIPE)
	go func() {
		for sig := range signals {
			report(sig)
		}
	}()
}

// startGrandchild starts a sleeping process through sh -c, as npx or uv would
// start the real server. It inherits stdout and stderr, as such grandchildren
// do, so those pipes stay open after this process exits; it stays in this
// process's group. exec makes the sleep the process whose PID is returned.
func startGrandchild() (int, error) {
	cmd := exec.Command("sh", "-c", fmt.Sprintf("exec sleep %d", int(grandchildLifetime.Seconds())))
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	// Not waited for: the point is a process this one leaves behind.
	return cmd.Process.Pid, nil
}
