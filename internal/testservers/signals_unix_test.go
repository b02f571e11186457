//go:build unix

package testservers_test

import (
	"syscall"
	"testing"

	"mcpbrowser/internal/testservers"
)

func TestIgnoreStdinEOFEndsOnSIGTERM(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	r := startRaw(t, "-mode", testservers.ModeIgnoreStdinEOF)
	r.handshake(ctx)
	r.closeStdin()
	if err := r.stderr.waitFor(ctx, "stdin closed"); err != nil {
		t.Fatal(err)
	}
	if !testservers.ProcessAlive(r.cmd.Process.Pid) {
		t.Fatal("the server ended when stdin closed")
	}
	if err := r.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	state := r.wait(ctx)
	if status := state.Sys().(syscall.WaitStatus); !status.Signaled() || status.Signal() != syscall.SIGTERM {
		t.Errorf("server ended with %v, want killed by SIGTERM", state)
	}
}

func TestIgnoreSIGTERMNeedsSIGKILL(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	r := startRaw(t, "-mode", testservers.ModeIgnoreSIGTERM)
	r.handshake(ctx)
	r.closeStdin()
	if err := r.stderr.waitFor(ctx, "stdin closed"); err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := r.stderr.waitFor(ctx, `ignoring signal "terminated"`); err != nil {
		t.Fatal(err)
	}
	if !testservers.ProcessAlive(r.cmd.Process.Pid) {
		t.Fatal("the server ended on SIGTERM")
	}
	if err := r.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	state := r.wait(ctx)
	if status := state.Sys().(syscall.WaitStatus); !status.Signaled() || status.Signal() != syscall.SIGKILL {
		t.Errorf("server ended with %v, want killed by SIGKILL", state)
	}
}
