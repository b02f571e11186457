package ui

import (
	"os"
	"path/filepath"
	"testing"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/internal/uitest"
)

// TestIdleWindowRunsNoAnimation: once servers are connected and a call has
// ended, nothing in the window animates. An animation left running (an
// infinite progress bar hidden without being stopped) redraws the whole
// window every frame: a third of a CPU and megabytes of garbage a second
// while the app sits idle.
func TestIdleWindowRunsNoAnimation(t *testing.T) {
	// The slow server starts serving only when the test opens its gate,
	// after seeing it start: a fixed start delay ran out under load before
	// the window had even selected it, so the bar was never seen.
	gate := filepath.Join(t.TempDir(), "gate")
	slow := map[string]any{"command": testservers.Build(t), "args": []string{"-mode", "echo", "-start-gate", gate}}
	s := newShell(t, map[string]map[string]any{"slow": slow, "demo": demoEntry()})
	drv := s.app.Driver().(*uitest.SerialDriver)

	onUI(func() { s.w.SelectServer("slow") })
	s.waitFor("the starting server's progress bar", func() bool { return s.w.servers.Status.Bar.Visible() })
	if n := drv.EndlessAnimations(); n == 0 {
		t.Fatal("the progress bar of a starting server does not animate; the check below would prove nothing")
	}
	if err := os.WriteFile(gate, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s.waitReady("slow")
	s.waitFor("the tools of slow", func() bool { return s.w.tools.Server() == "slow" && s.w.tools.Len() > 0 })
	if n := drv.EndlessAnimations(); n != 0 {
		t.Errorf("%d endless animations still run after the server became ready", n)
	}

	s.pickTool("demo", "slow_task")
	if r := s.run(`{"steps": 2, "delay_ms": 50}`); !r.OK() {
		t.Fatalf("slow_task: %s", r.Message)
	}
	if n := drv.EndlessAnimations(); n != 0 {
		t.Errorf("%d endless animations still run after a call ended", n)
	}
}
