//go:build windows

package transport

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/config"
)

// These tests run on Windows only: the job object that holds a server's
// process tree, and the flags that keep a console window from flashing up for
// every server the app starts. On other systems `GOOS=windows go vet` checks
// that they compile.

// winTestContext bounds a test that waits on processes. The bound guards
// against a hang; it is not a speed check.
func winTestContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// startGrandchildServer starts misbehave in grandchild mode the way startStdio
// does (configureCommand, then the job object) and returns the command, its
// group and the PIDs of the server and of the grandchild it started. Its stdin
// is a pipe held open, so the server keeps serving until the test ends it.
func startGrandchildServer(t *testing.T) (*exec.Cmd, processGroup, int, int) {
	t.Helper()
	exe := testservers.Build(t)
	dir := t.TempDir()
	pidFile, grandchildFile := filepath.Join(dir, "server.pid"), filepath.Join(dir, "grandchild.pid")
	cmd := exec.Command(exe, "-mode", testservers.ModeGrandchild, "-pidfile", pidFile, "-grandchild-pidfile", grandchildFile)
	ConfigureCommand(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close() })
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	g := NewProcessGroup(cmd)
	if g.job == 0 {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("newProcessGroup made no job object: a stopped server would leave its children running")
	}
	ctx := winTestContext(t)
	server, err := testservers.WaitPIDFile(ctx, pidFile)
	if err != nil {
		t.Fatal(err)
	}
	grandchild, err := testservers.WaitPIDFile(ctx, grandchildFile)
	if err != nil {
		t.Fatal(err)
	}
	return cmd, g, server, grandchild
}

// TestJobObjectEndsTheWholeTree starts a server that starts a grandchild and
// ends it each way the app does: TerminateJobObject on stop, and closing the
// last job handle (what happens when the app itself dies: the job was made
// with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE). Nothing may be left running.
func TestJobObjectEndsTheWholeTree(t *testing.T) {
	tests := []struct {
		name string
		end  func(g processGroup)
		// closes: end closed the job's handles, which must not be closed twice.
		closes bool
	}{
		{"kill (TerminateJobObject)", func(g processGroup) { g.kill() }, false},
		{"signalTerm (no SIGTERM on Windows: ends the job)", func(g processGroup) { g.signalTerm() }, false},
		{"terminate", func(g processGroup) { g.Terminate(time.Second) }, false},
		{"close: the last handle goes, as when the app crashes", func(g processGroup) { g.close() }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd, g, server, grandchild := startGrandchildServer(t)
			pids := []int{server, grandchild}
			// Whatever happens, nothing outlives the test.
			defer func() {
				for _, pid := range pids {
					killPID(pid)
				}
				cmd.Wait()
			}()
			for _, pid := range pids {
				if !testservers.ProcessAlive(pid) {
					t.Fatalf("process %d died before the test ended it", pid)
				}
				if !inJob(t, g, pid) {
					t.Errorf("process %d is not in the server's job object", pid)
				}
			}
			tc.end(g)
			ctx := winTestContext(t)
			for _, pid := range pids {
				if err := testservers.WaitProcessGone(ctx, pid); err != nil {
					t.Errorf("after %s: %v", tc.name, err)
				}
			}
			if !tc.closes {
				g.close()
			}
		})
	}
}

// killPID ends a process the test started, if it is still there.
func killPID(pid int) {
	h, err := windows.OpenProcess(windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return
	}
	windows.TerminateProcess(h, 1)
	windows.CloseHandle(h)
}

// inJob reports whether process pid belongs to g's job. Closing the job's
// handle ends the processes, so the test asks before it ends them.
func inJob(t *testing.T, g processGroup, pid int) bool {
	t.Helper()
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_INFORMATION, false, uint32(pid))
	if err != nil {
		t.Fatalf("opening process %d: %v", pid, err)
	}
	defer windows.CloseHandle(h)
	// x/sys/windows does not wrap IsProcessInJob.
	var in int32
	r, _, err := windows.NewLazySystemDLL("kernel32.dll").NewProc("IsProcessInJob").Call(
		uintptr(h), uintptr(g.job), uintptr(unsafe.Pointer(&in)))
	if r == 0 {
		t.Fatalf("IsProcessInJob(%d): %v", pid, err)
	}
	return in != 0
}

// TestStopEndsGrandchildren stops a server started by startStdio: the
// grandchild it left behind (which holds stdout open) must be gone after Stop.
func TestStopEndsGrandchildren(t *testing.T) {
	exe := testservers.Build(t)
	dir := t.TempDir()
	grandchildFile := filepath.Join(dir, "grandchild.pid")
	cfg := &config.ServerConfig{Command: exe, Args: []string{"-mode", testservers.ModeGrandchild, "-grandchild-pidfile", grandchildFile}}
	p, err := StartStdio(cfg, NewPathResolver(), NewServerLog(nil), NewWireLog(nil))
	if err != nil {
		t.Fatal(err)
	}
	ctx := winTestContext(t)
	grandchild, err := testservers.WaitPIDFile(ctx, grandchildFile)
	if err != nil {
		p.Stop()
		t.Fatal(err)
	}
	p.Stop()
	if err := testservers.WaitProcessGone(ctx, grandchild); err != nil {
		t.Error(err)
	}
	if err := testservers.WaitProcessGone(ctx, p.Pid()); err != nil {
		t.Error(err)
	}
}

// TestConfigureCommandHidesTheConsole checks that a server gets no console
// window: the flags, and what a real child process sees.
func TestConfigureCommandHidesTheConsole(t *testing.T) {
	cmd := exec.Command("unused")
	ConfigureCommand(cmd)
	attr := cmd.SysProcAttr
	if attr == nil {
		t.Fatal("configureCommand set no SysProcAttr")
	}
	if attr.CreationFlags&windows.CREATE_NO_WINDOW == 0 {
		t.Errorf("CreationFlags %#x lack CREATE_NO_WINDOW: every server would open a console window", attr.CreationFlags)
	}
	if attr.CreationFlags&windows.CREATE_NEW_CONSOLE != 0 || attr.CreationFlags&windows.DETACHED_PROCESS != 0 {
		t.Errorf("CreationFlags %#x ask for a new console or none at all; CREATE_NO_WINDOW alone keeps a hidden one that children share", attr.CreationFlags)
	}
	if !attr.HideWindow {
		t.Error("HideWindow is false: a server that opens a window would show it")
	}

	// The child reports whether it has a console window. With the flags it
	// has none; without them it shares ours, if the test runs in one.
	hidden := consoleWindowOfChild(t, true)
	if hidden != 0 {
		t.Errorf("a child started with configureCommand has console window %#x, want none", hidden)
	}
	if plain := consoleWindowOfChild(t, false); plain == 0 {
		t.Log("the test runs without a console window, so the check above cannot tell the flags from their absence")
	}
}

// consoleWindowOfChild runs this test binary as a child (see
// TestWindowsHelperProcess) and returns the console window handle it sees.
func consoleWindowOfChild(t *testing.T, configured bool) uintptr {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestWindowsHelperProcess$")
	cmd.Env = append(os.Environ(), "MCPBROWSER_WINDOWS_HELPER=console-window")
	if configured {
		ConfigureCommand(cmd)
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the helper: %v", err)
	}
	line := strings.TrimSpace(string(out))
	v, err := strconv.ParseUint(strings.TrimPrefix(line, "console-window="), 0, 64)
	if !strings.HasPrefix(line, "console-window=") || err != nil {
		t.Fatalf("the helper printed %q, want console-window=N", out)
	}
	return uintptr(v)
}

// TestWindowsHelperProcess is not a test: the tests above run this binary
// with MCPBROWSER_WINDOWS_HELPER set to have a child process report on itself.
func TestWindowsHelperProcess(t *testing.T) {
	switch os.Getenv("MCPBROWSER_WINDOWS_HELPER") {
	case "":
		t.Skip("helper for other tests")
	case "console-window":
		proc := windows.NewLazySystemDLL("kernel32.dll").NewProc("GetConsoleWindow")
		hwnd, _, _ := proc.Call()
		os.Stdout.WriteString("console-window=" + strconv.FormatUint(uint64(hwnd), 10) + "\n")
		os.Exit(0)
	}
}
