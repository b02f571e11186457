package testservers_test

import (
	"testing"

	"mcpbrowser/internal/testservers"
)

// TestProcessAliveSeesZombiesAsDead leaves an exited child unreaped: it is a
// zombie until Wait, and ProcessAlive must already call it dead.
func TestProcessAliveSeesZombiesAsDead(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	cmd := command(t, "-mode", testservers.ModeExitAtStart)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// stderr reaching EOF means the process has closed it by exiting.
	buf := make([]byte, 4096)
	for {
		if _, err := stderr.Read(buf); err != nil {
			break
		}
	}
	if err := testservers.WaitProcessGone(ctx, cmd.Process.Pid); err != nil {
		t.Errorf("the unreaped child: %v", err)
	}
	cmd.Wait()
}
