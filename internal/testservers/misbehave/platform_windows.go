//go:build windows

package main

import (
	"os"
	"os/exec"
	"os/signal"
)

// stopHint says what ends an ignore-stdin-eof server here: Windows has no
// SIGTERM to send.
const stopHint = "killed"

// grandchildDescription says how the grandchild is started here: there is no
// sh, so this program starts itself in sleep mode.
const grandchildDescription = "misbehave -mode sleep"

// ignoreTerminationSignals catches Ctrl+C and Ctrl+Break and only reports
// them; the process then ends only when it is terminated.
func ignoreTerminationSignals(report func(os.Signal)) {
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, os.Interrupt)
	go func() {
		for sig := range signals {
			report(sig)
		}
	}()
}

// startGrandchild starts this program again in sleep mode. It inherits stdout
// and stderr, as the real grandchildren of npx or uv do.
func startGrandchild() (int, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(exe, "-mode", "sleep")
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	// Not waited for: the point is a process this one leaves behind.
	return cmd.Process.Pid, nil
}
