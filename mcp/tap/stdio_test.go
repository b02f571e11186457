package tap

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hostInput is what the test's host writes: a request, a malformed line, a
// CRLF line, bytes that are not UTF-8, a long line, no final newline.
func hostInput() []byte {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"test-host","version":"1"}}}` + "\n")
	b.WriteString("not json at all\n")
	b.WriteString(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}` + "\r\n")
	b.Write([]byte{0xc3, 0x28, '\n'})
	b.WriteString(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{"x":"` + strings.Repeat("y", 2<<20) + `"}}}` + "\n")
	b.WriteString("trailing")
	return b.Bytes()
}

// run is a process's output, hashed.
type run struct {
	stdout, stderr string // sha256 and length
	errText        string
	code           int
}

func hashOf(b []byte) string {
	s := sha256.Sum256(b)
	return fmt.Sprintf("%s (%d bytes)", hex.EncodeToString(s[:8]), len(b))
}

type hashWriter struct {
	h interface {
		io.Writer
		Sum([]byte) []byte
	}
	n int
}

func newHashWriter() *hashWriter { return &hashWriter{h: sha256.New()} }
func (w *hashWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return w.h.Write(p)
}
func (w *hashWriter) String() string {
	return fmt.Sprintf("%s (%d bytes)", hex.EncodeToString(w.h.Sum(nil)[:8]), w.n)
}

func runHost(t *testing.T, cmd *exec.Cmd, input []byte) run {
	t.Helper()
	out := newHashWriter()
	var errBuf bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(input), out, &errBuf
	err := cmd.Run()
	code := 0
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return run{stdout: out.String(), stderr: hashOf(errBuf.Bytes()), errText: errBuf.String(), code: code}
}

// TestPassThroughIsByteForByte: what a host receives from a server that
// writes odd bytes (a malformed line, CRLF, invalid UTF-8, a 100 MB line,
// no final newline) and what the server receives from the host are the
// same direct and through the tap, and so are stderr and the exit code.
func TestPassThroughIsByteForByte(t *testing.T) {
	input := hostInput()
	direct := runHost(t, helperCmd("odd"), input)
	root := t.TempDir()
	tapped := runHost(t, tapCmd(t, root, "odd"), input)
	if direct != tapped {
		t.Errorf("direct and through the tap differ:\ndirect %+v\ntapped %+v", direct, tapped)
	}
	if want := 3; tapped.code != want {
		t.Errorf("exit code %d through the tap, want the server's %d", tapped.code, want)
	}
	// The echo part of stdout is the host's input: the server got it whole.
	sessions, err := List(root)
	if err != nil || len(sessions) != 1 {
		t.Fatalf("sessions %v (%v), want one", sessions, err)
	}
	s := sessions[0]
	if s.Live || !s.Finished() || s.ExitCode == nil || *s.ExitCode != 3 {
		t.Errorf("session state %q exit %v, want finished with 3", s.State(), s.ExitCode)
	}
	if s.Host == nil || s.Host.Name != "test-host" {
		t.Errorf("host %+v, want test-host from clientInfo", s.Host)
	}
	if s.Counts.Stderr != 2 {
		t.Errorf("counts %+v, want 2 stderr lines", s.Counts)
	}
	// A recorder that fell behind drops copies (counted), never the bytes
	// that pass; when it kept up, every request is there.
	if s.Counts.LostBytes == 0 && s.Counts.Requests != 3 {
		t.Errorf("counts %+v, want 3 requests", s.Counts)
	}
}

// TestRecordingFailureKeepsPassThrough: a recordings folder that cannot be
// written stops the recording, with one line on stderr, and nothing else.
func TestRecordingFailureKeepsPassThrough(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into a read-only folder")
	}
	input := hostInput()
	direct := runHost(t, helperCmd("odd"), input)
	root := t.TempDir()
	if err := os.Chmod(root, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(root, 0o700) })
	tapped := runHost(t, tapCmd(t, filepath.Join(root, "taps"), "odd"), input)
	if direct.stdout != tapped.stdout || direct.code != tapped.code {
		t.Errorf("with a failing recording the pass-through changed:\ndirect %+v\ntapped %+v", direct, tapped)
	}
	if n := strings.Count(tapped.errText, "the recording stopped"); n != 1 {
		t.Errorf("stderr says the recording failed %d times, want once:\n%s", n, tapped.errText)
	}
	if !strings.Contains(tapped.errText, "odd server done") {
		t.Errorf("the server's stderr did not pass:\n%s", tapped.errText)
	}
}
