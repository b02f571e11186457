package testservers_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

func TestBuildCompilesOnce(t *testing.T) {
	first, second := testservers.Build(t), testservers.Build(t)
	if first != second {
		t.Errorf("Build returned %q, then %q", first, second)
	}
	if _, err := os.Stat(first); err != nil {
		t.Error(err)
	}
}

func TestProgramsBuildAndRun(t *testing.T) {
	if testing.Short() {
		t.Skip("links the programs")
	}
	for _, tt := range []struct {
		program testservers.Program
		args    []string
	}{
		{testservers.Misbehave, []string{"-list-modes"}},
		{testservers.Demo, []string{"-h"}},
	} {
		exe := tt.program.Build(t)
		if again := tt.program.Build(t); again != exe {
			t.Errorf("%s: Build returned %q, then %q", tt.program.Package, exe, again)
		}
		if err := exec.Command(exe, tt.args...).Run(); err != nil {
			t.Errorf("running %s %s: %v", exe, tt.args, err)
		}
	}
}

func TestReadPIDFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		content string // "" means no file
		want    int
		wantErr string
	}{
		{"pid and newline", "1234\n", 1234, ""},
		{"pid without newline", "42", 42, ""},
		{"missing", "", 0, "no such file"},
		{"garbage", "hello\n", 0, `holds "hello\n"`},
		{"zero", "0\n", 0, "not a process ID"},
		{"negative", "-5\n", 0, "not a process ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-"))
			if tt.content != "" {
				if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := testservers.ReadPIDFile(path)
			if tt.wantErr == "" {
				if err != nil || got != tt.want {
					t.Errorf("ReadPIDFile = %d, %v; want %d", got, err, tt.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ReadPIDFile error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestWaitPIDFileHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := testservers.WaitPIDFile(ctx, filepath.Join(t.TempDir(), "never.pid"))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("WaitPIDFile with a cancelled context: %v", err)
	}
}

func TestProcessAlive(t *testing.T) {
	if !testservers.ProcessAlive(os.Getpid()) {
		t.Error("ProcessAlive(own pid) = false")
	}
	for _, pid := range []int{0, -1} {
		if testservers.ProcessAlive(pid) {
			t.Errorf("ProcessAlive(%d) = true", pid)
		}
	}
	// A process that has exited and been reaped.
	cmd := command(t, "-list-modes")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if testservers.ProcessAlive(cmd.Process.Pid) {
		t.Errorf("ProcessAlive(%d) = true after it exited and was reaped", cmd.Process.Pid)
	}
}

func TestWaitPIDFileSeesTheServer(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	pidFile := pidPath(t, "wait")
	r := startRaw(t, "-mode", testservers.ModeNoInitialize, "-pidfile", pidFile)
	pid, err := testservers.WaitPIDFile(ctx, pidFile)
	if err != nil {
		t.Fatal(err)
	}
	if pid != r.cmd.Process.Pid {
		t.Errorf("pid file says %d, the process is %d", pid, r.cmd.Process.Pid)
	}
	r.closeStdin()
	r.wait(ctx)
	if testservers.ProcessAlive(pid) {
		t.Errorf("ProcessAlive(%d) = true after it was reaped", pid)
	}
}
