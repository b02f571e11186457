package tap

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSaysWordTheRecordingsFailure: the two failures a person can act on
// are worded by the sentences given (the command line's translations), a
// path filled in; anything else goes through Explain, or stays as it is.
func TestSaysWordTheRecordingsFailure(t *testing.T) {
	zh := Says{Stopped: "录制停止了（{{.Reason}}）", DiskFull: "磁盘已满", NoPermission: "没有权限写入 {{.Path}}",
		Explain: strings.ToUpper}
	tests := []struct {
		name string
		says Says
		err  error
		want string
	}{
		{"disk full", zh, &fs.PathError{Op: "write", Path: "/s/f", Err: syscall.ENOSPC}, "mcpbrowser tap: 录制停止了（磁盘已满）"},
		{"no permission", zh, &fs.PathError{Op: "open", Path: "/s/f", Err: syscall.EACCES}, "mcpbrowser tap: 录制停止了（没有权限写入 /s/f）"},
		{"read-only", zh, &fs.PathError{Op: "open", Path: "/ro", Err: syscall.EROFS}, "mcpbrowser tap: 录制停止了（没有权限写入 /ro）"},
		{"other, explained", zh, errors.New("odd"), "mcpbrowser tap: 录制停止了（ODD）"},
		{"English, other as it is", EnglishSays(), errors.New("odd"), "mcpbrowser tap: the recording stopped (odd); the server keeps running and every message still passes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.says.RecordingStopped(tt.err); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLeanMainTakesLeanArgs: the sentences LeanArgs hands on are the ones
// the lean tap says, and a command line it does not take is exit code 2.
func TestLeanMainTakesLeanArgs(t *testing.T) {
	var stderr bytes.Buffer
	if code := LeanMain([]string{"--bogus"}, LeanOptions{Stderr: &stderr}); code != 2 || !strings.Contains(stderr.String(), "mcpbrowser tap") {
		t.Errorf("bad command line: code %d, said %q", code, stderr.String())
	}
	code := LeanMain(LeanArgs("n", EnglishSays(), []string{"/nonexistent/server"}), LeanOptions{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr, Root: t.TempDir()})
	if code != 127 || !strings.Contains(stderr.String(), `could not start the server "/nonexistent/server"`) {
		t.Errorf("a missing program: exit %d, said %q", code, stderr.String())
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to serve")
	}
	// The recordings folder is a file: the recording fails, in the words
	// handed on, and the server still runs and its exit code comes back.
	stderr.Reset()
	root := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(root, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := Says{Stopped: "S({{.Reason}})", DiskFull: "D", NoPermission: "P {{.Path}}"}
	code = LeanMain(LeanArgs("n", s, []string{"sh", "-c", "exit 4"}), LeanOptions{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr, Root: root})
	if code != 4 || !strings.HasPrefix(stderr.String(), "mcpbrowser tap: S(") {
		t.Errorf("exit %d, said %q; want 4 and the words handed on", code, stderr.String())
	}
}
