package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/tap"
)

// TestTapBecomesLean runs `mcpbrowser tap` as a host would, with the lean
// tap beside the binary and without it: either way the host gets the
// server's bytes unchanged on stdout and stderr (terminal escapes, CR, a
// control byte), its exit code, and a recording under the name given; with
// the lean tap there, the tap process is the lean tap (the same pid, so the
// host still holds the process it started).
func TestTapBecomesLean(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	for _, lean := range []bool{false, true} {
		t.Run(map[bool]string{false: "alone", true: "lean-beside"}[lean], func(t *testing.T) {
			dir, state := t.TempDir(), t.TempDir()
			exe := filepath.Join(dir, "mcpbrowser")
			copyFile(t, testservers.MCPBrowser.Build(t), exe)
			if lean {
				copyFile(t, testservers.LeanTap.Build(t), filepath.Join(dir, tap.LeanName))
			}
			const errBytes = "\033[31mred\r\n\001end\n"
			cmd := exec.Command(exe, "tap", "--name", "odd-bytes", "--", "sh", "-c",
				`printf '\033[31mred\r\n\001end\n' >&2; printf 'out\n'; read line; exit 3`)
			cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+state)
			stdin, _ := cmd.StdinPipe()
			stdout, _ := cmd.StdoutPipe()
			stderr, _ := cmd.StderrPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			line, err := bufio.NewReader(stdout).ReadString('\n')
			if err != nil || line != "out\n" {
				t.Fatalf("stdout %q, %v", line, err)
			}
			got := make([]byte, len(errBytes))
			if _, err := io.ReadFull(stderr, got); err != nil || string(got) != errBytes {
				t.Fatalf("stderr %q, %v; want %q", got, err, errBytes)
			}
			running, err := os.Readlink(filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "exe"))
			if err != nil {
				t.Fatal(err)
			}
			want := exe
			if lean {
				want = filepath.Join(dir, tap.LeanName)
			}
			if running != want {
				t.Errorf("the tap process runs %s, want %s", running, want)
			}
			io.WriteString(stdin, "bye\n")
			stdin.Close()
			rest, _ := io.ReadAll(stderr)
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 3 {
				t.Errorf("exit %v, want the server's code 3", err)
			}
			if len(rest) != 0 {
				t.Errorf("the tap added %q on stderr", rest)
			}
			sessions, _ := filepath.Glob(filepath.Join(state, "mcpbrowser", "taps", "*", "session.json"))
			if len(sessions) != 1 {
				t.Fatalf("%d recordings, want 1", len(sessions))
			}
			if b, _ := os.ReadFile(sessions[0]); !bytes.Contains(b, []byte(`"odd-bytes"`)) {
				t.Errorf("the recording does not carry its name: %s", b)
			}
		})
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o755); err != nil {
		t.Fatal(err)
	}
}
