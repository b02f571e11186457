package tap

import (
	"fmt"
	"io"
	"mcpbrowser/mcp/transport"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary is also every process these tests need: a server that
// writes odd bytes, a server that starts a grandchild, and the tap itself,
// so that kill -9 and the process tree are tested on real processes without
// building the whole app.
const helperEnv = "MCPTAP_TEST_HELPER"

func TestMain(m *testing.M) {
	if transport.IsGuard() {
		os.Exit(transport.RunGuard(os.Stdin))
	}
	switch os.Getenv(helperEnv) {
	case "":
		os.Exit(m.Run())
	case "odd":
		oddServer()
	case "tree":
		treeServer()
	case "flood":
		floodServer()
	case "tap":
		tapProcess()
	}
	os.Exit(0)
}

// bigLine is the size of the long line the odd server writes.
var bigLine = func() int {
	if n, err := strconv.Atoi(os.Getenv("MCPTAP_BIG")); err == nil {
		return n
	}
	return 100 << 20
}()

// oddBytes is what the odd server writes before it echoes its stdin.
func oddBytes(w io.Writer) {
	io.WriteString(w, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}`+"\n")
	io.WriteString(w, "this is not json {\n")
	io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`+"\r\n")
	w.Write([]byte{0xff, 0xfe, 0x00, '\n'})
	io.WriteString(w, `{"jsonrpc":"2.0","id":2,"result":{"text":"`)
	chunk := []byte(strings.Repeat("abcdefghij", 6554)) // 65,540 bytes
	for left := bigLine; left > 0; left -= len(chunk) {
		w.Write(chunk[:min(len(chunk), left)])
	}
	io.WriteString(w, "\"}}\n")
	io.WriteString(w, "no newline at the end")
}

// oddServer writes odd bytes, echoes stdin, and writes to stderr.
func oddServer() {
	fmt.Fprintln(os.Stderr, "odd server starting")
	oddBytes(os.Stdout)
	io.Copy(os.Stdout, os.Stdin)
	fmt.Fprint(os.Stderr, "odd server done")
	os.Exit(3)
}

// treeServer starts a grandchild (itself, with the same mode one level
// down), writes both pids to the file MCPTAP_PIDS and waits, ignoring EOF
// and SIGTERM, so that only the group kill can end it.
func treeServer() {
	polite := os.Getenv("MCPTAP_POLITE") != "" // ends on EOF and SIGTERM
	if !polite {
		signal.Ignore(syscall.SIGTERM)
	}
	if os.Getenv("MCPTAP_CHILD") == "" {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "MCPTAP_CHILD=1")
		if err := cmd.Start(); err != nil {
			os.Exit(1)
		}
		pids := fmt.Sprintf("%d %d\n", os.Getpid(), cmd.Process.Pid)
		os.WriteFile(os.Getenv("MCPTAP_PIDS")+".tmp", []byte(pids), 0o600)
		os.Rename(os.Getenv("MCPTAP_PIDS")+".tmp", os.Getenv("MCPTAP_PIDS"))
		io.WriteString(os.Stdout, `{"jsonrpc":"2.0","method":"ready"}`+"\n")
	}
	io.Copy(io.Discard, os.Stdin)
	if polite && os.Getenv("MCPTAP_CHILD") == "" {
		os.Exit(0)
	}
	for {
		time.Sleep(time.Hour)
	}
}

// floodServer writes MCPTAP_FLOOD bytes of lines to stdout or stderr
// (MCPTAP_FLOOD_TO), then exits.
func floodServer() {
	n, _ := strconv.Atoi(os.Getenv("MCPTAP_FLOOD"))
	w := os.Stdout
	if os.Getenv("MCPTAP_FLOOD_TO") == "stderr" {
		w = os.Stderr
	}
	line := []byte(strings.Repeat("x", 1023) + "\n")
	for left := n; left > 0; left -= len(line) {
		w.Write(line[:min(len(line), left)])
	}
	io.Copy(io.Discard, os.Stdin) // until the host is done (it reads the tap's memory first)
}

// tapProcess is the tap as a process of its own: it runs the command in
// its arguments after "--", recording under MCPTAP_ROOT.
func tapProcess() {
	os.Exit(LeanMain(os.Args[1:], LeanOptions{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Root: os.Getenv("MCPTAP_ROOT"), Guard: []string{os.Args[0]}}))
}

// helperCmd is the test binary in a helper mode.
func helperCmd(mode string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), helperEnv+"="+mode)
	return cmd
}

// tapCmd is the tap process running the test binary in mode as its server.
func tapCmd(t *testing.T, root, mode string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "--", os.Args[0])
	cmd.Env = append(os.Environ(), helperEnv+"=tap", "MCPTAP_ROOT="+root)
	cmd.Env = append(cmd.Env, env...)
	// The server's mode: the tap passes its environment on, so the server
	// must learn its mode from a variable the tap does not read.
	cmd.Env = append(cmd.Env, "MCPTAP_SERVER_MODE="+mode)
	return cmd
}

func init() {
	// A process started by the tap has helperEnv=tap inherited; the server
	// mode variable turns it into the server.
	if os.Getenv(helperEnv) == "tap" && os.Getenv("MCPTAP_IS_SERVER") == "" && len(os.Args) == 1 {
		os.Setenv(helperEnv, os.Getenv("MCPTAP_SERVER_MODE"))
	}
}
